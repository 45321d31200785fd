"""`kiai roots-owl`: each owl question's root candidates, every one asked as its own
does-question, to tell a wrong choice among moves that work from a wrong reading.

For every owl_attack and owl_defend test of a suite, Kiai answers the question, then its
owl lists the moves it offers at the root (in the order it reads them) and each of the
first `--candidates` is asked as owl_does_attack or owl_does_defend: the other side's
question read afresh after the move. The reference engine (GNU Go 3.8 by default) is asked
the same does-questions. Each failing test gets a kind:

- choice: Kiai's own does-question gives one of the suite's moves the suite's code (the
  reading accepts it; the root chose another);
- refuted: the suite's move is among the candidates but Kiai's does-question does not give
  it the suite's code (a misreading, or a ko code off);
- unoffered: no suite move among the first candidates (move generation or ordering);
- no move: the suite expects 0, or is a negation.

The summary counts the kinds, the does-questions whose result code is the reference's
(split by question and by which engine says the move works), and how often two other
rules for choosing among the candidates would pass: the first candidate that works, and
the one whose does-question cost the fewest owl nodes (each with Kiai's own answer where
none works). The caches are cleared before each question, so a question's answers do not
depend on the ones before it and --jobs gives the same answers. With --baseline, an
earlier run's --json, the tests and does-questions that changed are listed against it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from core.analysis.amalgamation import shape_dragon
from core.board.coords import parse_vertex, vertex
from core.errors import KiaiError
from gtp.arguments import amount, count
from gtp.audit import REFERENCE, Question, fresh_owl, set_up, suite_questions
from gtp.client import EngineFailure, GtpSession, InProcessSession, ProcessSession
from gtp.regress import RegressTest

KINDS = ("choice", "refuted", "unoffered", "no move")


@dataclass
class Candidate:
    """One root candidate: Kiai's and the reference's code for it, and Kiai's owl nodes."""

    move: str
    kiai: str
    nodes: int
    reference: str = ""  # "" where no reference was asked


@dataclass
class Root:
    """One owl question: the answers, the candidates and the failure's kind."""

    label: str
    question: str
    expected: str
    kiai: str
    passed: bool
    kind: str = ""  # "" for a passing test, else one of KINDS
    candidates: list[Candidate] = field(default_factory=list)
    first_works: bool = False  # the first candidate that works (Kiai's check) passes
    cheapest_works: bool = False  # the one whose check cost the fewest owl nodes passes


def _send(session: GtpSession, command: str, timeout: float | None, label: str) -> str:
    ok, answer = session.send(command, timeout)
    if not ok:
        raise KiaiError(f"{label}: {command!r} failed: {answer}")
    return answer.strip()


def _owl_nodes(session: GtpSession) -> int:
    text = _send(session, "get_owl_node_counter", None, "owl node counter")
    return int(text) if text.isdigit() else 0


def read_root(question: Question, engine: Any, reference: GtpSession | None, count: int,
              timeout: float | None) -> Root:
    """Kiai's answer to the question, its first `count` root candidates with both engines'
    does-codes, and the kind of the failure (if it fails)."""
    test = question.test
    if test is None:
        raise KiaiError(f"{question.label}: not an owl_attack or owl_defend test")
    kiai = InProcessSession(engine)
    m = set_up(question, [kiai] + ([reference] if reference is not None else []), timeout)
    owl = fresh_owl(engine)  # each question read afresh: the answers do not hang on the order
    attack = m.group(1) == "owl_attack"
    answer = _send(kiai, question.command, None, question.label)
    board = engine.game.board
    s = parse_vertex(m.group(2), board.size)
    _, offered = owl.judgment(board, frozenset(shape_dragon(board, s)), board.board[s], 0, attack)
    does = "owl_does_attack" if attack else "owl_does_defend"
    root = Root(question.label, question.command, test.regex, answer, test.check(answer))
    for p in offered[:count]:
        move = vertex(board.size, p)
        _send(kiai, "reset_owl_node_counter", None, question.label)
        code = _send(kiai, f"{does} {move} {m.group(2)}", None, question.label)
        nodes = _owl_nodes(kiai)
        ref = "" if reference is None else _refer(reference, f"{does} {move} {m.group(2)}", timeout)
        root.candidates.append(Candidate(move, code, nodes, ref))
    _classify(root, test)
    return root


def _refer(reference: GtpSession, command: str, timeout: float | None) -> str:
    """The reference's answer to a does-question; "?" where it refuses one (the run goes on)."""
    ok, answer = reference.send(command, timeout)
    return (answer.strip() or "?") if ok else "?"


def _code(answer: str) -> str:
    """An answer's result code, its first word ("?" for none)."""
    words = answer.split()
    return words[0] if words else "?"


def _answer(c: Candidate) -> str:
    return f"{c.kiai} {c.move}"


def _classify(root: Root, test: RegressTest) -> None:
    """Set the failure's kind and what the two other choosing rules would answer."""
    works = [c for c in root.candidates if c.kiai != "0"]
    root.first_works = test.check(_answer(works[0])) if works else root.passed
    root.cheapest_works = test.check(_answer(min(works, key=lambda c: c.nodes))) if works else root.passed
    if root.passed:
        return
    if test.negate or test.check("0"):
        root.kind = "no move"
        return
    suite = [c for c in root.candidates if any(test.check(f"{k} {c.move}") for k in (1, 2, 3))]
    if not suite:
        root.kind = "unoffered"
    elif any(test.check(_answer(c)) for c in suite):
        root.kind = "choice"
    else:
        root.kind = "refuted"


def line(root: Root) -> str:
    """One question as a line: the answers, the kind, and each candidate's codes."""
    mark = "passes" if root.passed else f"fails ({root.kind})"
    cands = " ".join(f"{c.move}:{c.kiai}" + (f"/{c.reference}" if c.reference else "") for c in root.candidates)
    return f"{root.label}: {root.question}: expected [{root.expected}], Kiai [{root.kiai}] {mark}; {cands}"


def summary(roots: list[Root]) -> str:
    """The kinds of failure, the rules' pass counts and the does-codes' agreement."""
    out = [f"{len(roots)} questions, {sum(r.passed for r in roots)} pass"]
    for kind in KINDS:
        tests = [r.label.split()[-1] for r in roots if r.kind == kind]
        out.append(f"  {kind}: {len(tests)}" + (f" ({', '.join(tests)})" if tests else ""))
    for name in ("owl_attack", "owl_defend"):
        mine = [r for r in roots if r.question.startswith(name)]
        if mine:
            out.append(f"  {name}: Kiai's answer passes {sum(r.passed for r in mine)} of {len(mine)}, the first "
                       f"candidate that works {sum(r.first_works for r in mine)}, the cheapest that works "
                       f"{sum(r.cheapest_works for r in mine)}")
    asked = [(r.question.split()[0], c) for r in roots for c in r.candidates if c.reference]
    if asked:
        agree = sum(_agrees(c) for _, c in asked)
        out.append(f"  does-questions: {len(asked)}, Kiai's code is the reference's in {agree}")
        split = Counter((q, _code(c.kiai) != "0", _code(c.reference) != "0") for q, c in asked
                        if (_code(c.kiai) == "0") != (_code(c.reference) == "0"))
        for q in ("owl_attack", "owl_defend"):
            does = "owl_does_attack" if q == "owl_attack" else "owl_does_defend"
            out.append(f"    {does}: works for Kiai alone {split[(q, True, False)]}, "
                       f"for the reference alone {split[(q, False, True)]}")
    return "\n".join(out)


def load_roots(path: Path) -> dict[str, Root]:
    """The questions of an earlier run's --json file, by label."""
    try:
        roots = [Root(**{**d, "candidates": [Candidate(**c) for c in d["candidates"]]})
                 for d in json.loads(path.read_text())]
    except (OSError, ValueError, TypeError, KeyError) as e:
        raise KiaiError(f"cannot read the baseline {str(path)!r}: {e}") from None
    return {r.label: r for r in roots}


def _agrees(c: Candidate) -> bool:
    return bool(c.reference) and _code(c.kiai) == _code(c.reference)


def compare(roots: list[Root], before: dict[str, Root], name: str) -> str:
    """What changed against an earlier run: tests gained and lost, failures whose kind
    changed, and the does-questions (matched by question and move) that came to agree with
    the reference or stopped agreeing."""
    pairs = [(r, before[r.label]) for r in roots if r.label in before]
    lines = [f"against {name}: {sum(old.passed for _, old in pairs)} -> {sum(r.passed for r, _ in pairs)} passing "
             f"of {len(pairs)} questions in both"]
    for r, old in pairs:
        if r.passed != old.passed or r.kind != old.kind:
            lines.append(f"  {r.label}: {old.kind or 'passes'} -> {r.kind or 'passes'} "
                         f"(Kiai [{old.kiai}] -> [{r.kiai}], expected [{r.expected}])")
    gained = lost = both = 0
    for r, old in pairs:
        earlier = {c.move: c for c in old.candidates}
        for c in r.candidates:
            o = earlier.get(c.move)
            if o is None or not c.reference or not o.reference:
                continue
            both += 1
            gained += _agrees(c) and not _agrees(o)
            lost += _agrees(o) and not _agrees(c)
    if both:
        lines.append(f"  does-questions in both: {both}, {gained} came to agree with the reference, {lost} stopped")
    return "\n".join(lines)


_worker: dict[str, Any] = {}


def _start_worker(flags: list[str], engine_cmd: str | None, folder: Path) -> None:
    """A --jobs process: its own Kiai engine and reference engine, in the suite's folder."""
    import os

    from gtp.cli import build_parser, engine_from

    try:  # an initializer that raises makes the pool start workers forever: the first question reports it
        os.chdir(folder)
        _worker["engine"] = engine_from(build_parser(flags).parse_args(flags), workers=0)
        _worker["reference"] = None if engine_cmd is None else ProcessSession(engine_cmd, cwd=folder)
    except (OSError, EngineFailure, KiaiError) as e:
        _worker["error"] = f"cannot start the engines: {e}"


def _read_in_worker(job: tuple[Question, int, float | None]) -> Root:
    if "error" in _worker:
        raise KiaiError(_worker["error"])
    question, count, timeout = job
    return read_root(question, _worker["engine"], _worker["reference"], count, timeout)


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the `roots-owl` subcommand; its parser, for engine options."""
    p = sub.add_parser("roots-owl", help="each owl test's root candidates asked as does-questions of Kiai "
                       "and a reference engine: why a failing answer fails")
    p.add_argument("suite", type=Path, help="a regression suite (.tst) with owl_attack/owl_defend tests")
    p.add_argument("tests", nargs="*", type=int, help="test numbers (default: every owl test of the suite)")
    p.add_argument("--candidates", type=count(1), default=14, metavar="N", help="root candidates asked (default 14)")
    p.add_argument("--engine", default=REFERENCE, help=f"the reference GTP engine (default: {REFERENCE!r})")
    p.add_argument("--no-reference", action="store_true", help="ask Kiai alone (no reference engine)")
    p.add_argument("--jobs", type=count(1), default=1, metavar="N", help="questions read in N processes at once")
    p.add_argument("--timeout", type=amount(0.0, above=True), default=60.0, help="seconds allowed per reference command")
    p.add_argument("--json", type=Path, help="also write every question as JSON to this file")
    p.add_argument("--baseline", type=Path, help="an earlier run's --json file: what changed against it")
    p.set_defaults(run=run)
    parser: argparse.ArgumentParser = p
    return parser


def run(args: argparse.Namespace) -> int:
    """Read every question's root and print the lines and the summary."""
    from gtp.cli import engine_flags

    before = load_roots(args.baseline) if args.baseline else None  # read first: a long run is not wasted
    folder = args.suite.resolve().parent
    questions = [q for q in suite_questions(args.suite, args.tests) if q.test is not None]
    flags = engine_flags(args)
    engine_cmd = None if args.no_reference else args.engine
    jobs = [(q, args.candidates, args.timeout) for q in questions]
    roots: list[Root] = []
    try:
        with get_context("fork").Pool(min(args.jobs, max(1, len(jobs))), _start_worker,
                                      (flags, engine_cmd, folder)) as pool:
            for root in pool.imap(_read_in_worker, jobs):
                roots.append(root)
                print(line(root), flush=True)
    except (OSError, EngineFailure) as e:
        raise KiaiError(f"the reference engine {args.engine!r} failed: {e}") from None
    print(summary(roots))
    if before is not None:
        print(compare(roots, before, str(args.baseline)))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in roots], indent=1))
    return 0
