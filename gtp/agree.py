"""`kiai agree-owl`: how often Kiai's owl gives a reference engine's result code on
dragons no owl test was written for, a measure held out from owl.tst.

The positions are every `loadsgf` of the suites given (any GNU Go-format suite: their
tests are not run). In each, the reference engine (GNU Go 3.8 by default) lists its
dragons (`dragon_status` without a stone); each dragon it calls critical is asked both
owl_attack and owl_defend, each it calls dead owl_defend, of the reference and of Kiai;
with --alive, each it calls alive is asked owl_attack too (a kill owl finds on a living
dragon is a wasted defence in a game, and the critical and dead questions never see it).
An answer agrees when its first word (the result code) is the reference's. Agreement is
counted over every question and over the distinct ones (the first question per game
file and dragon, since a suite may load one game at many move numbers). With --follow,
each distinct disagreement where one engine names a move the other denies is followed one
move: the move is played and both engines are asked the opposite question, which tells a
move the other engine's own reading confirms (its search missed it) from one it refutes.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from core.board.color import color_name, other, parse_color
from core.errors import KiaiError
from gtp.arguments import amount
from gtp.client import EngineFailure, GtpSession, InProcessSession, ProcessSession
from gtp.regress import RegressTest, parse_suite

REFERENCE = "/usr/games/gnugo --mode gtp"
_DRAGON = re.compile(r"^(?P<stone>[A-Za-z]\d+): (?P<status>\w+)")


@dataclass
class Question:
    """One owl question on one position, with both engines' answers."""

    load: str  # the loadsgf command, with an absolute path
    command: str  # owl_attack V or owl_defend V
    reference: str = ""
    kiai: str = ""
    after: str = ""  # with --moves: the reference's opposite question after Kiai's move

    @property
    def agrees(self) -> bool:
        """The result codes (first words) are the same."""
        return _code(self.kiai) == _code(self.reference)

    @property
    def ident(self) -> tuple[str, str]:
        """The position and the question, to match a question across runs."""
        return self.load, self.command

    @property
    def key(self) -> tuple[str, str]:
        """The game file and the question, for counting distinct questions."""
        return self.load.split()[1], self.command


def _code(answer: str) -> str:
    return answer.split()[0] if answer.split() else "?"


def positions(suites: list[Path]) -> list[str]:
    """The distinct loadsgf commands of the suites, paths made absolute, in order."""
    seen: list[str] = []
    for path in suites:
        try:
            items = parse_suite(path.read_text(encoding="utf-8", errors="replace"))
        except OSError as e:
            raise KiaiError(f"cannot read suite {str(path)!r}: {e.strerror}") from None
        for item in items:
            if isinstance(item, RegressTest) or not item.startswith("loadsgf "):
                continue
            words = item.split()
            words[1] = str((path.resolve().parent / words[1]).resolve())
            load = " ".join(words)
            if load not in seen:
                seen.append(load)
    return seen


def questions(session: GtpSession, loads: list[str], timeout: float | None,
              alive: bool = False) -> list[Question]:
    """The owl questions of each position: both for the session's critical dragons,
    owl_defend for its dead ones, and with alive owl_attack for its living ones."""
    asks = {"critical": ("owl_attack", "owl_defend"), "dead": ("owl_defend",)}
    if alive:
        asks["alive"] = ("owl_attack",)
    out: list[Question] = []
    for load in loads:
        ok, _ = session.send(load, timeout)
        if not ok:
            continue
        ok, text = session.send("dragon_status", timeout)
        if not ok:
            raise KiaiError(f"the reference engine cannot list its dragons: {text}")
        for line in text.splitlines():
            m = _DRAGON.match(line.strip())
            if m is not None and m.group("status") in asks:
                out.extend(Question(load, f"{c} {m.group('stone')}") for c in asks[m.group("status")])
    return out


def ask(session: GtpSession, qs: list[Question], field: str, timeout: float | None) -> None:
    """Put the session's answer to each question into field ('reference' or 'kiai')."""
    loaded, refused = "", ""
    for q in qs:
        try:
            if q.load != loaded:
                ok, text = session.send(q.load, timeout)
                loaded, refused = q.load, "" if ok else text or "refused"
            if refused:  # an answer would be about the position before
                raise EngineFailure(f"cannot load the position: {refused}")
            ok, answer = session.send(q.command, timeout)
        except EngineFailure as e:
            ok, answer = False, str(e)
        setattr(q, field, answer if ok else f"? {answer}")


def distinct(qs: list[Question]) -> dict[tuple[str, str], Question]:
    """The first question per game file and dragon (Question.key)."""
    first: dict[tuple[str, str], Question] = {}
    for q in qs:
        first.setdefault(q.key, q)
    return first


def report(qs: list[Question], listing: bool) -> str:
    """Agreement over every question and over the distinct ones, the disagreements by
    (question, Kiai's code, the reference's code), and with listing each of them."""
    first = distinct(qs)
    lines = [f"agreement: {sum(q.agrees for q in qs)} of {len(qs)} questions; "
             f"{sum(q.agrees for q in first.values())} of {len(first)} distinct (by game and dragon)"]
    kinds = Counter((q.command.split()[0], _code(q.kiai), _code(q.reference)) for q in qs if not q.agrees)
    for (command, mine, theirs), n in kinds.most_common():
        lines.append(f"  {command}: Kiai {mine}, reference {theirs}: {n}")
    if listing:
        for q in qs:
            if not q.agrees:
                lines.append(f"{q.load} | {q.command}: Kiai [{q.kiai}], reference [{q.reference}]")
    return "\n".join(lines)


OPPOSITE = {"owl_attack": "owl_defend", "owl_defend": "owl_attack"}


@dataclass
class Followed:
    """A disagreement followed one move: the move of the engine that found one, and both
    engines' answers to the opposite question after it."""

    question: Question
    mover: str  # 'reference' or 'kiai': whose move was played
    move: str
    reference: str = ""
    kiai: str = ""

    @property
    def verdict(self) -> str:
        """Whether the move stands (the opposite question fails after it) by each engine's reading."""
        stands = {name: _code(getattr(self, name)) == "0" for name in ("reference", "kiai")}
        if all(stands.values()):
            return "stands by both"
        if not any(stands.values()):
            return "refuted by both"
        return "refuted by Kiai alone" if stands["reference"] else "refuted by the reference alone"


def follow(reference: GtpSession, kiai: GtpSession, qs: list[Question], timeout: float | None) -> list[Followed]:
    """Each distinct disagreement where one engine names a move (a kill or a save) that
    the other denies: the move is played and both engines are asked the opposite
    question, to tell a move the other engine's own reading confirms (its search missed
    it) from one it can refute."""
    answered = [q for q in qs if not q.agrees and "?" not in (_code(q.kiai), _code(q.reference))]
    out: list[Followed] = []
    for q in distinct(answered).values():
        mover, answer = ("reference", q.reference) if _code(q.kiai) == "0" else ("kiai", q.kiai)
        move = _named_move(answer)
        side = _mover(reference, q, timeout) if move else None
        if not move or side is None:
            continue
        f = Followed(q, mover, move)
        command, stone = q.command.split()
        opposite = f"{OPPOSITE[command]} {stone}"
        f.reference = _after(reference, side, f.move, opposite, stone, timeout)  # (the position is loaded)
        f.kiai = _after(kiai, side, f.move, opposite, stone, timeout, load=q.load)
        out.append(f)
    return out


def _named_move(answer: str) -> str:
    """The move of an answer that names one on the board (a kill or a save), else ''."""
    words = answer.split()
    if len(words) < 2 or words[0] in ("0", "?") or words[1].upper() == "PASS":
        return ""
    return words[1]


def _mover(reference: GtpSession, q: Question, timeout: float | None) -> str | None:
    """The colour (a GTP name) that moves first in q's question, from the reference engine
    with q's position loaded: the dragon's owner for owl_defend, its opponent for
    owl_attack; None when the reference cannot say."""
    command, stone = q.command.split()
    try:
        ok, _ = reference.send(q.load, timeout)
        ok, color = reference.send(f"color {stone}", timeout) if ok else (False, "")
    except EngineFailure:
        return None
    if not ok or color not in ("black", "white"):
        return None
    owner = parse_color(color)
    return color_name(owner if command == "owl_defend" else other(owner))


def check_moves(reference: GtpSession, qs: list[Question], timeout: float | None) -> None:
    """For each question Kiai answers with a move, the reference's answer to the opposite
    question after that move (into Question.after): 0 there means the move stands by the
    reference's own reading."""
    for q in qs:
        move = _named_move(q.kiai)
        side = _mover(reference, q, timeout) if move else None
        if move and side is not None:
            command, stone = q.command.split()
            q.after = _after(reference, side, move, f"{OPPOSITE[command]} {stone}", stone, timeout)


def moves_report(qs: list[Question]) -> str:
    """How many of Kiai's kills and saves stand by the reference's reading, per command,
    over every question and over the distinct ones."""
    lines = []
    for command in ("owl_attack", "owl_defend"):
        for label, group in (("all", qs), ("distinct", list(distinct(qs).values()))):
            named = [q for q in group if q.command.startswith(command) and q.after]
            stand = sum(1 for q in named if _code(q.after) == "0")
            share = f" ({100.0 * stand / len(named):.1f}%)" if named else ""
            lines.append(f"{command} ({label}): {stand} of Kiai's {len(named)} moves stand by the reference's "
                         f"reading{share}")
    return "\n".join(lines)


def _after(session: GtpSession, side: str, move: str, question: str, stone: str, timeout: float | None,
           load: str = "") -> str:
    """The session's answer to question after side plays move (on the position load, if
    given, else the one loaded); a question about a stone the move captured is answered 0."""
    try:
        if (load and not session.send(load, timeout)[0]) or not session.send(f"play {side} {move}", timeout)[0]:
            return "?"
        ok, text = session.send(question, timeout)
        if not ok and session.send(f"color {stone}", timeout) == (True, "empty"):
            return "0 (captured)"  # the kill took the stone: no defence is left to find
        return text if ok else f"? {text}"
    except EngineFailure as e:
        return f"? {e}"


def follow_report(followed: list[Followed]) -> str:
    """The followed disagreements by whose move and verdict, then each of them."""
    kinds = Counter((f.mover, f.verdict) for f in followed)
    lines = [f"followed: {len(followed)} distinct disagreements, one move each"]
    for (mover, verdict), n in sorted(kinds.items()):
        lines.append(f"  {'the reference' if mover == 'reference' else 'Kiai'}'s move {verdict}: {n}")
    for f in followed:
        opposite = OPPOSITE[f.question.command.split()[0]]
        lines.append(f"{f.question.load} | {f.question.command}: after {f.mover}'s {f.move}, {opposite}: "
                     f"Kiai [{f.kiai}], reference [{f.reference}]: {f.verdict}")
    return "\n".join(lines)


def load_answers(path: Path) -> dict[tuple[str, str], Question]:
    """The questions of an earlier run's --json file, by position and question."""
    try:
        return {q.ident: q for q in (Question(**d) for d in json.loads(path.read_text()))}
    except (OSError, ValueError, TypeError, KeyError) as e:
        raise KiaiError(f"cannot read the baseline {str(path)!r}: {e}") from None


def compare(qs: list[Question], before: dict[tuple[str, str], Question], name: str) -> str:
    """The questions whose agreement changed against an earlier run's."""
    changed = [(q, before[q.ident]) for q in qs if q.ident in before]
    gained = [q for q, old in changed if q.agrees and not old.agrees]
    lost = [q for q, old in changed if not q.agrees and old.agrees]
    was = sum(q.agrees for q in before.values())
    lines = [f"against {name}: {was} -> {sum(q.agrees for q in qs)} agreeing (+{len(gained)} -{len(lost)})"]
    for label, group in (("gained", gained), ("lost", lost)):
        for q in group:
            lines.append(f"  {label}: {q.load} | {q.command}: Kiai [{q.kiai}], reference [{q.reference}]")
    return "\n".join(lines)


def add_common_options(p: Any) -> None:
    """The options every agreement tool takes: the suites, the reference, the timeout and Kiai's options."""
    p.add_argument("suites", nargs="+", type=Path, help="regression files whose loadsgf positions are used")
    p.add_argument("--reference", default=REFERENCE, help=f"the reference GTP engine (default: {REFERENCE!r})")
    p.add_argument("--timeout", type=amount(0.0, above=True), default=None, help="seconds allowed per command")
    p.add_argument("--kiai-args", default="", help="options for the Kiai engine, e.g. '--owl-nodes 3000'")


def add_parser(sub: Any) -> None:
    """Register the `agree-owl` subcommand."""
    p = sub.add_parser("agree-owl", help="owl result codes against a reference engine's on every critical or dead "
                       "dragon of the suites' positions (a measure held out from owl.tst)")
    add_common_options(p)
    p.add_argument("--json", type=Path, help="also write the questions and answers as JSON to this file")
    p.add_argument("--baseline", type=Path, help="an earlier run's --json file: list the questions gained and lost")
    p.add_argument("--list", action="store_true", help="list every disagreement")
    p.add_argument("--follow", action="store_true", help="play the move of each distinct disagreement and ask both "
                   "engines the opposite question: does the move stand by each one's own reading?")
    p.add_argument("--moves", action="store_true", help="play each move Kiai names (a kill or a save) and ask "
                   "the reference the opposite question: how many of Kiai's moves stand by its reading?")
    p.add_argument("--alive", action="store_true", help="also ask owl_attack of every dragon the reference "
                   "calls alive (a kill found there is a false alarm)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Ask the reference, then Kiai, and print the agreement; 2 if a suite, the baseline or
    the reference engine cannot be used, else 0."""
    from gtp.cli import build_parser, engine_flags, engine_from

    try:
        before = load_answers(args.baseline) if args.baseline else None  # read first: a long run is not wasted
        loads = positions(args.suites)
        reference = ProcessSession(args.reference)  # (the positions' paths are absolute)
        try:
            qs = questions(reference, loads, args.timeout, args.alive)
            ask(reference, qs, "reference", args.timeout)
            flags = engine_flags(args) + shlex.split(args.kiai_args)
            parsed = build_parser(flags).parse_args(flags)
            kiai = InProcessSession(engine_from(parsed, workers=0 if parsed.workers is None else None))
            start = time.monotonic()
            ask(kiai, qs, "kiai", args.timeout)
            seconds = time.monotonic() - start
            print(report(qs, args.list))
            print(f"{len(loads)} positions, {len(qs)} questions; Kiai answered in {seconds:.1f} s")
            if before is not None:
                print(compare(qs, before, str(args.baseline)))
            if args.follow:
                print(follow_report(follow(reference, kiai, qs, args.timeout)))
            if args.moves:
                check_moves(reference, qs, args.timeout)
                print(moves_report(qs))
        finally:
            reference.close()
    except KiaiError as e:
        print(f"kiai agree-owl: {e}", file=sys.stderr)
        return 2
    if args.json:
        args.json.write_text(json.dumps([asdict(q) for q in qs], indent=1))
    return 0
