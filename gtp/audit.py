"""`kiai audit-owl`: owl's own reading tree walked beside a reference engine, to find
where an owl answer goes wrong.

Kiai's owl question is read once as GTP answers it (its move checked), with the first
read's variations recorded (as `decide-owl --sgf` records them; the checks' re-reads of
the root are not): every node's answer and the moves it read, keyed by the line of moves
that reaches it, and by position for the lines that transpose into a node read
elsewhere. The reference engine (GNU Go by default) then follows the line down from the
root, asked the owl question afresh at each node:

- where Kiai says the side to move wins with M, the reference is asked about M; if it
  refutes M with R, the walk goes on after M R, provided Kiai read R there;
- where Kiai says the side to move loses, the reference is asked for a winning move W; the
  walk goes on after W, provided Kiai read W there.

The walk ends where the two agree, at a move the reference plays that Kiai's tree never
read there ("unread": the move ordering or the width lost it), at a node Kiai judged
without reading its moves ("judged": the static status, the depth limit, or a table hit
from outside the recorded tree), or where the reference refuses a move of the line (a
ko capture Kiai read as a conditional one).
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.analysis.amalgamation import shape_dragon
from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import NO_POINT, PASS, is_number, parse_vertex, vertex
from core.board.sgf import LETTER, board_point
from core.errors import KiaiError
from core.host.services import OWL
from core.reading.variations import VariationTree
from gtp.arguments import amount
from gtp.client import EngineFailure, GtpSession, InProcessSession, ProcessSession
from gtp.regress import RegressTest, in_folder, parse_suite

REFERENCE = "/usr/games/gnugo --mode gtp"  # GNU Go 3.8, the yardstick
MAX_PLIES = 40  # a walk longer than this is cut (owl reads 12 plies deep by default)
_RESULT = re.compile(r"owl (attack|defend): (\d)(?: (\S+))?$")
OWL_QUESTION = re.compile(r"^(?:\d+\s+)?(owl_attack|owl_defend)\s+(\S+)\s*$")
_RESETS = ("loadsgf", "clear_board", "boardsize")


@dataclass
class OwlNode:
    """One node of Kiai's recorded tree: its answer for the side to move, and the moves read."""

    code: int | None  # None: the node read moves but its answer was not recorded (the read gave up)
    move: int
    read: list[int] = field(default_factory=list)


@dataclass
class Step:
    """One step of a walk: the line so far, who moves, and what each engine says."""

    line: list[tuple[int, int]]
    attacker_to_move: bool
    text: str


@dataclass
class Audit:
    """A walked question: the root answers, the steps, and how the walk ended."""

    label: str
    question: str
    kiai: str
    reference: str
    passed: bool | None  # against the suite's expectation, where there is one
    steps: list[Step] = field(default_factory=list)
    ending: str = ""
    size: int = 19  # the board's
    first: str = ""  # the reading's own answer (the tree walked), where the move checks changed it


class OwlTree:
    """Kiai's recorded owl tree, by line of moves and by position (for transpositions)."""

    def __init__(self, board: Board, tree: VariationTree) -> None:
        self.size = board.size
        self.by_line: dict[tuple[int, ...], OwlNode] = {}
        self.by_position: dict[tuple[int, bool], OwlNode] = {}
        self._walk(board, tree.root(), ())

    def _walk(self, board: Board, sgf_node: Any, line: tuple[int, ...]) -> None:
        """Record the node reached by line and, below it, every child read."""
        node = self.by_line.get(line)
        if node is None:
            node = OwlNode(None, NO_POINT)
            self.by_line[line] = node
        attacker = None
        if sgf_node.has_property("C"):
            for text in str(sgf_node.get("C")).splitlines():
                m = _RESULT.search(text.strip())
                if m:
                    attacker = m.group(1) == "attack"
                    node.code = int(m.group(2))
                    node.move = parse_vertex(m.group(3), self.size) if m.group(3) else NO_POINT
        for child in sgf_node:
            color, where = child.get_move()
            if color is None:
                continue
            c = BLACK if color == "b" else WHITE
            p = PASS if where is None else board_point(self.size, where)
            if p not in node.read:
                node.read.append(p)
            if p == PASS or not board.tryko(p, c):
                continue
            try:
                self._walk(board, child, line + (p,))
            finally:
                board.popgo()
        if attacker is not None and node.code is not None:
            self.by_position.setdefault((board.hash, attacker), node)

    def node(self, board: Board, line: tuple[int, ...], attacker_to_move: bool) -> OwlNode | None:
        """The node of this line, else one read at the same position with the same side to
        move (a transposition); None where Kiai read no moves there."""
        node = self.by_line.get(line)
        if node is not None and (node.code is not None or node.read):
            return node
        return self.by_position.get((board.hash, attacker_to_move))


class Walker:
    """The walk of one question down Kiai's tree, the reference engine asked at each node."""

    def __init__(self, board: Board, tree: OwlTree, reference: GtpSession, dragon: list[int],
                 timeout: float | None, owl: Any = None) -> None:
        self.board = board
        self.tree = tree
        self.ref = reference
        self.dragon = dragon
        self.owner = board.board[dragon[0]]
        self.timeout = timeout
        self.owl = owl  # the owl service, where it can say how it judges a node (judgment)
        self.line: list[tuple[int, int]] = []

    def _v(self, p: int) -> str:
        return vertex(self.board.size, p)

    def _ask(self, attack: bool) -> tuple[int, int]:
        """The reference's (code, move) for owl_attack or owl_defend on the dragon now; a
        dragon with no stone left is dead."""
        left = [p for p in self.dragon if self.board.board[p] == self.owner]
        if not left:
            return (1, NO_POINT) if attack else (0, NO_POINT)
        ok, answer = self.ref.send(f"{'owl_attack' if attack else 'owl_defend'} {self._v(left[0])}", self.timeout)
        if not ok:
            raise KiaiError(f"the reference engine refused the owl question: {answer}")
        return _parse_answer(answer, self.board.size)

    def _play(self, p: int, color: int) -> bool:
        """Play p on both boards; False (neither changed) where either refuses it."""
        if not self.board.tryko(p, color):
            return False
        ok, _ = self.ref.send(f"play {LETTER[color].upper()} {self._v(p)}", self.timeout)
        if not ok:
            self.board.popgo()
            return False
        self.line.append((color, p))
        return True

    def _unplay(self) -> None:
        self.line.pop()
        self.board.popgo()
        self.ref.send("undo", self.timeout)

    def walk(self, attack: bool, audit: Audit) -> None:
        """Follow the question from the root until the two engines part or agree."""
        attacker_to_move = attack
        while len(self.line) < MAX_PLIES:
            ending, passes = self._step(attacker_to_move, audit)
            if ending:
                audit.ending = ending
                return
            attacker_to_move = attacker_to_move != passes
        audit.ending = f"cut after {MAX_PLIES} plies"

    def _step(self, attacker_to_move: bool, audit: Audit) -> tuple[str, bool]:
        """One node of the walk: the ending, or "" with the line advanced two plies (Kiai's
        move and the reference's refutation: the same side to move, False) or one (the
        reference's winning move: the other side to move, True)."""
        mover = 3 - self.owner if attacker_to_move else self.owner
        side = "attacker" if attacker_to_move else "defender"
        at = self._where()
        node = self._node(attacker_to_move)
        if node is None or node.code is None:
            return self._unread_node(node, attacker_to_move, side, at), False
        read = " ".join(self._v(p) for p in node.read) or "none"
        if node.code:
            audit.steps.append(Step(list(self.line), attacker_to_move,
                                    f"{at}, {side} to move: Kiai wins with {self._v(node.move)} (read {read})"))
            if not self._play(node.move, mover):
                return f"refused {at}: the reference will not play {self._v(node.move)}", False
            code, reply = self._ask(not attacker_to_move)
            if not code:
                return f"agree {at}: the reference also finds {self._v(node.move)} works for the {side}", False
            if reply in (NO_POINT, PASS):
                return (f"judged {self._where()}: the reference calls it settled for the other side "
                        "without a move"), False
            replies = self._node(not attacker_to_move)
            if replies is None:
                return (f"judged {self._where()}: {self._judgment(not attacker_to_move)}; the reference "
                        f"refutes {self._v(node.move)} with {self._v(reply)}"), False
            if reply not in replies.read:
                seen = " ".join(self._v(p) for p in replies.read) or "none"
                rank = self._rank(reply, not attacker_to_move)
                return (f"unread {self._where()}: the reference refutes {self._v(node.move)} with "
                        f"{self._v(reply)}, which Kiai never read there (read {seen}"
                        f"{'; ' + rank if rank else ''})"), False
            if not self._play(reply, 3 - mover):
                return f"refused {self._where()}: the reference will not play {self._v(reply)}", False
            return "", False
        code, move = self._ask(attacker_to_move)
        if not code:
            return f"agree {at}: neither engine finds a move for the {side}", False
        audit.steps.append(Step(list(self.line), attacker_to_move,
                                f"{at}, {side} to move: Kiai finds nothing (read {read}); "
                                f"the reference wins with {self._v(move)}"))
        if move in (NO_POINT, PASS):
            return f"judged {at}: the reference calls it settled for the {side} without a move", False
        if move not in node.read:
            return (f"unread {at}: the reference's {self._v(move)} was never read there by Kiai"
                    f" ({self._rank(move, attacker_to_move) or 'read ' + read})"), False
        if not self._play(move, mover):
            return f"refused {at}: the reference will not play {self._v(move)}", False
        return "", True

    def _node(self, attacker_to_move: bool) -> OwlNode | None:
        return self.tree.node(self.board, tuple(p for _, p in self.line), attacker_to_move)

    def _unread_node(self, node: OwlNode | None, attacker_to_move: bool, side: str, at: str) -> str:
        """The ending at a node Kiai did not read to an answer."""
        code, move = self._ask(attacker_to_move)
        verdict = _says(code, move, self.board.size)
        if node is not None and node.read:
            return f"unfinished {at}: Kiai's read of the {side}'s moves gave up (the reference {verdict})"
        return f"judged {at}, {side} to move: {self._judgment(attacker_to_move)} (the reference {verdict})"

    def _view(self, attacker_to_move: bool) -> tuple[str, list[int]] | None:
        """Kiai's owl's judgment of the node in words and the moves it offers there, where
        its service can say (OwlService.judgment)."""
        judge = getattr(self.owl, "judgment", None)
        if judge is None:
            return None
        words, offered = judge(self.board, frozenset(self.dragon), self.owner, len(self.line), attacker_to_move)
        return str(words), list(offered)

    def _judgment(self, attacker_to_move: bool) -> str:
        """What Kiai's owl makes of the node without reading."""
        view = self._view(attacker_to_move)
        return "Kiai read no moves" if view is None else f"Kiai judges it {view[0]}"

    def _rank(self, move: int, attacker_to_move: bool) -> str:
        """Where the move stands among those Kiai's owl offers at the node: the ordering
        (offered, past the width) or the move generation (not offered) lost it."""
        view = self._view(attacker_to_move)
        if view is None:
            return ""
        offered = view[1]
        if move not in offered:
            return f"not among the {len(offered)} moves offered"
        return f"offered {offered.index(move) + 1} of {len(offered)}"

    def _where(self) -> str:
        return "after " + _line(self.line, self.board.size) if self.line else "at the root"


def _line(line: list[tuple[int, int]], size: int) -> str:
    """A line of moves as "W:B9 B:C9"."""
    return " ".join(f"{LETTER[c].upper()}:{vertex(size, p)}" for c, p in line)


def _as_text(code: int, move: int, size: int) -> str:
    """An owl answer as GTP writes it: "0" or "CODE VERTEX"."""
    return f"{code} {vertex(size, move)}" if code and move else str(code)


def _says(code: int, move: int, size: int) -> str:
    if not code:
        return "says the side to move fails"
    return f"says {code}" + (f" {vertex(size, move)}" if move not in (NO_POINT, PASS) else "")


def _parse_answer(answer: str, size: int) -> tuple[int, int]:
    """A GTP owl answer, "0" or "CODE VERTEX", as (code, point)."""
    words = answer.split()
    if not words or not is_number(words[0]):
        raise KiaiError(f"not an owl answer: {answer!r}")
    code = int(words[0])
    move = parse_vertex(words[1], size) if code and len(words) > 1 else NO_POINT
    return code, move


@dataclass
class Question:
    """An owl question to audit: the setup commands before it, and the test's expectation."""

    label: str
    setup: list[str]
    command: str
    test: RegressTest | None = None


def suite_questions(path: Path, numbers: list[int]) -> list[Question]:
    """The owl questions of a suite (those numbered, or every one), each with the setup
    commands since the position was last loaded."""
    try:
        items = parse_suite(path.read_text(encoding="utf-8", errors="replace"))
    except OSError as e:
        raise KiaiError(f"cannot read suite {str(path)!r}: {e.strerror}") from None
    out: list[Question] = []
    setup: list[str] = []
    for item in items:
        if isinstance(item, str):
            if item.split()[0] in _RESETS:
                setup = []
            setup.append(item)
            continue
        command = item.command.split(None, 1)[1]
        if OWL_QUESTION.match(command) and (not numbers or item.number in numbers):
            out.append(Question(f"{path.name} {item.number}", list(setup), command, item))
    missing = sorted(set(numbers) - {int(q.label.split()[-1]) for q in out})
    if missing:
        raise KiaiError(f"no owl_attack or owl_defend test numbered {', '.join(map(str, missing))} in {path}")
    return out


def set_up(question: Question, sessions: list[GtpSession], timeout: float | None) -> re.Match[str]:
    """Play the question's setup commands on every session (from an empty board); the
    question's match (owl_attack or owl_defend, and the stone)."""
    for command in ["clear_board"] + question.setup:
        for session in sessions:
            ok, answer = session.send(command, timeout)
            if not ok:
                raise KiaiError(f"{question.label}: {command!r} failed: {answer}")
    m = OWL_QUESTION.match(question.command)
    if m is None:
        raise KiaiError(f"{question.label}: not an owl question: {question.command}")
    return m


def fresh_owl(engine: Any) -> Any:
    """The engine's owl service with its caches emptied, so that a question is read afresh."""
    owl = engine.services.get(OWL)
    caches = getattr(owl, "caches", None)
    if caches is not None:
        caches.clear()
    return owl


def audit(question: Question, engine: Any, reference: GtpSession, timeout: float | None,
          every: bool) -> Audit:
    """Read the question with Kiai, recording its tree, and walk it beside the reference."""
    m = set_up(question, [InProcessSession(engine), reference], timeout)
    attack = m.group(1) == "owl_attack"
    board: Board = engine.game.board
    s = parse_vertex(m.group(2), board.size)
    if board.board[s] not in (BLACK, WHITE):
        raise KiaiError(f"{question.label}: no stone at {m.group(2)}")
    tree = VariationTree(board)
    owl = fresh_owl(engine)  # a node the table answered from an earlier question would have no subtree
    code, move = (owl.owl_attack if attack else owl.owl_defend)(board, s, tree=tree)
    kiai_answer = _as_text(code, move, board.size)  # GTP's answer, the root's move checked
    owl_tree = OwlTree(board, tree)
    root = owl_tree.by_line.get(())  # the first read's, which the tree holds
    first = kiai_answer if root is None or root.code is None else _as_text(root.code, root.move, board.size)
    ok, ref_answer = reference.send(f"{m.group(1)} {m.group(2)}", timeout)
    if not ok:
        raise KiaiError(f"{question.label}: the reference engine refused the owl question: {ref_answer}")
    test = question.test
    passed = None if test is None else test.check(kiai_answer)
    result = Audit(question.label, f"{m.group(1)} {m.group(2)}", kiai_answer, ref_answer.strip(), passed,
                   size=board.size, first="" if first == kiai_answer else first)
    if passed and not every:
        result.ending = "passes"
        return result
    walker = Walker(board, owl_tree, reference, sorted(shape_dragon(board, s)), timeout, owl)
    try:
        walker.walk(attack, result)
    finally:
        while walker.line:
            walker._unplay()
    return result


def report(audits: list[Audit]) -> str:
    """Each walk (the questions Kiai passes, unless walked, left out), then how many ended
    each way."""
    lines: list[str] = []
    kinds: dict[str, int] = {}
    for a in audits:
        if a.ending == "passes":
            continue
        mark = "" if a.passed is None else (" (passes)" if a.passed else " (fails)")
        before = f" (before the move checks {a.first}: the tree walked)" if a.first else ""
        lines.append(f"{a.label}: {a.question}: Kiai {a.kiai}{before}, reference {a.reference}{mark}")
        lines.extend(f"  {step.text}" for step in a.steps)
        lines.append(f"  => {a.ending}")
        kind = a.ending.split()[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    passing = sum(a.ending == "passes" for a in audits)
    endings = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"
    lines.append(f"{len(audits)} questions, {passing} passing and not walked; walks ended: {endings}")
    return "\n".join(lines)


def _as_json(a: Audit) -> dict[str, Any]:
    """An audit as --json writes it."""
    steps = [{"line": _line(st.line, a.size), "attacker_to_move": st.attacker_to_move, "text": st.text}
             for st in a.steps]
    return {"label": a.label, "question": a.question, "kiai": a.kiai, "first": a.first, "reference": a.reference,
            "passed": a.passed, "steps": steps, "ending": a.ending, "kind": a.ending.split()[0]}


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the `audit-owl` subcommand; its parser, for engine options."""
    p = sub.add_parser("audit-owl", help="walk owl's own reading tree beside a reference engine, "
                       "to where the two part")
    p.add_argument("suite", type=Path, nargs="?", help="a regression suite (.tst) with owl_attack/owl_defend tests")
    p.add_argument("tests", nargs="*", type=int, help="test numbers (default: every owl test of the suite)")
    p.add_argument("--load", type=Path, help="instead of a suite: an SGF file with the position")
    p.add_argument("--until", default=None, help="with --load: load up to this move number or vertex")
    p.add_argument("--attack", metavar="VERTEX", help="with --load: audit owl_attack on the dragon at VERTEX")
    p.add_argument("--defend", metavar="VERTEX", help="with --load: audit owl_defend on the dragon at VERTEX")
    p.add_argument("--engine", default=REFERENCE, help=f"the reference GTP engine (default: {REFERENCE!r})")
    p.add_argument("--every", action="store_true", help="walk the tests Kiai passes too")
    p.add_argument("--timeout", type=amount(0.0, above=True), default=60.0, help="seconds allowed per reference command")
    p.add_argument("--json", type=Path, help="also write the walks as JSON to this file (to compare two builds)")
    p.set_defaults(run=run)
    parser: argparse.ArgumentParser = p
    return parser


def _questions(args: argparse.Namespace) -> tuple[Path, list[Question]]:
    """The folder to run in, and the questions the arguments ask."""
    if args.load is not None:
        if args.suite is not None or (args.attack is None) == (args.defend is None):
            raise KiaiError("with --load, give exactly one of --attack VERTEX or --defend VERTEX, and no suite")
        name, where = ("owl_attack", args.attack) if args.attack else ("owl_defend", args.defend)
        path = args.load.resolve()
        load = f"loadsgf {shlex.quote(str(path))}" + (f" {args.until}" if args.until else "")
        return path.parent, [Question(f"{args.load.name}", [load], f"{name} {where.upper()}")]
    if args.suite is None:
        raise KiaiError("give a suite (and test numbers), or --load FILE with --attack or --defend")
    return args.suite.resolve().parent, suite_questions(args.suite, args.tests)


def run(args: argparse.Namespace) -> int:
    """Audit each question and print the walks; 2 where the input or an engine fails."""
    from gtp.cli import build_parser, engine_flags, engine_from

    folder, questions = _questions(args)
    flags = engine_flags(args)
    engine = engine_from(build_parser(flags).parse_args(flags), workers=0)
    audits: list[Audit] = []
    with in_folder(folder):
        try:
            reference: GtpSession = ProcessSession(args.engine, cwd=folder)
        except (OSError, EngineFailure) as e:
            raise KiaiError(f"cannot start the reference engine {args.engine!r}: {e}") from None
        try:
            for q in questions:
                a = audit(q, engine, reference, args.timeout, args.every)
                audits.append(a)
                if a.ending != "passes":
                    print(report([a]).rsplit("\n", 1)[0], flush=True)  # as it comes: a suite takes minutes
        except EngineFailure as e:
            raise KiaiError(f"the reference engine failed: {e}") from None
        finally:
            reference.close()
            engine.close()
    print(report(audits).rsplit("\n", 1)[-1])
    if args.json:
        args.json.write_text(json.dumps([_as_json(a) for a in audits], indent=1))
    return 0
