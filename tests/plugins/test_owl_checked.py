"""owl_attack's and owl_defend's moves, checked: the move the root reads first is checked
by the other side's question asked afresh after it; a refuted move, or one answered with
a ko, gives way to the next one the root reads that stands. When none stands, the first
move answered with a ko is the answer, with its ko code; failing that the first move's
refutation is checked in turn, and where its side answers that with a ko the first move
is a ko; failing that the first answer is kept (the check only chooses among the
reading's moves)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pytest

from core.board.board import Board
from core.board.boardcheck import snapshot
from core.board.coords import NO_POINT, parse_vertex
from core.board.diagram import board_from_diagram
from core.reading.results import KO_A, KO_B, WIN
from plugins.owl.service import OwlService
from tests.plugins.test_owl_confirm import LONE, OPEN_SIDE, scripted
from tests.plugins.test_owl_reading import owl


@dataclass
class RootReader:
    """A reader whose root finds the given moves in order, each winning, skipping those
    excluded, and offers firsts as its candidates; it records the exclusions it was
    asked with."""

    moves: list[int]
    asked: list[tuple[int, ...]] = field(default_factory=list)
    tree: object = None
    aborted: bool = False
    visited: int = 20  # nodes a read counts: enough for the persistent cache to keep the answer
    firsts: list[int] = field(default_factory=list)  # none: the aji check finds no threat
    hints: list[int | None] = field(default_factory=list)  # owl_defend's killing move to try first, as asked
    any_kills: list[bool] = field(default_factory=list)  # owl_attack's any_kill, as asked

    def _first(self, exclude: tuple[int, ...]) -> tuple[int, int]:
        self.asked.append(exclude)
        left = [m for m in self.moves if m not in exclude]
        return (WIN, left[0]) if left else (0, NO_POINT)

    def owl_attack(self, s: int, exclude: tuple[int, ...] = (), any_kill: bool = False,
                   goal: frozenset[int] | None = None) -> tuple[int, int]:
        self.any_kills.append(any_kill)
        return self._first(exclude)

    def owl_defend(self, s: int, first: int | None = None, exclude: tuple[int, ...] = (),
                   goal: frozenset[int] | None = None) -> tuple[int, int]:
        self.hints.append(first)
        return self._first(exclude)

    def candidates(self, s: int, attack: bool, goal: frozenset[int] | None = None) -> list[int]:
        return self.firsts

    def unwind(self) -> None:
        pass


class RootScripted(OwlService):
    """An owl service whose root moves and checks are given: after[move] is the code of
    the move for its side once the other side has answered it, None for a check that
    runs out of nodes."""

    def __init__(self, moves: list[int], after: dict[int, int | None], deeper: list[int] | None = None) -> None:
        super().__init__()
        self.configure({})
        self.root = RootReader(moves)
        self.deeper = RootReader(deeper or [])  # the other side's root one move down
        self.after = after
        self.checked: list[int] = []
        self.kill_read: list[bool] = []

    def reader(self, board: Board, node_limit: int | None = None) -> RootReader:  # type: ignore[override]
        return self.root if board.stackp == 0 else self.deeper

    def _after(self, board: Board, move: int, s: int, attack: bool, node_limit: int | None = None,
               read_kill: bool = True, checks: int | None = None, goal: frozenset[int] | None = None) -> int:
        if checks is not None:  # a refutation checked for a ko: the other side's own checks, scripted
            return super()._after(board, move, s, attack, node_limit, read_kill, checks, goal)
        self.checked.append(move)
        self.kill_read.append(read_kill)
        return scripted(self, self.after[move])


C3, D4, G7, F2 = (parse_vertex(v, 9) for v in ("C3", "D4", "G7", "F2"))


def _asked(moves: list[int], after: dict[int, int | None], attack: bool,
           deeper: list[int] | None = None) -> tuple[Board, int, RootScripted, Callable[..., tuple[int, int]]]:
    """The lone stone's board, its point, a scripted service and its question for the side."""
    board, _ = board_from_diagram(LONE)
    service = RootScripted(moves, after, deeper)
    return board, parse_vertex("E5", 9), service, service.owl_attack if attack else service.owl_defend


@pytest.mark.parametrize("attack", [True, False])
@pytest.mark.parametrize(("moves", "after", "answer", "checked"), [
    ([C3, D4], {C3: WIN}, (WIN, C3), [C3]),                   # the first move stands: one check
    ([C3, D4, G7], {C3: 0, D4: WIN}, (WIN, D4), [C3, D4]),    # refuted: the next that stands
    ([C3, D4], {C3: 0, D4: 0}, (WIN, C3), [C3, D4]),          # none stands: the first answer kept
    ([C3, D4], {C3: None, D4: WIN}, (WIN, C3), [C3]),         # a check that ran out refutes nothing
    ([C3, D4], {C3: KO_A, D4: WIN}, (WIN, D4), [C3, D4]),     # a ko gives way to a move that stands
    ([C3, D4, G7], {C3: 0, D4: KO_B, G7: 0}, (KO_B, D4), [C3, D4, G7]),  # none stands: the ko answered
    ([C3, D4, G7], {C3: KO_A, D4: KO_B, G7: 0}, (KO_A, C3), [C3, D4, G7]),  # the first ko found
    ([C3, D4, G7, F2], {C3: 0, D4: 0, G7: 0, F2: WIN}, (WIN, C3), [C3, D4, G7]),  # past owl_checks: kept
])
def test_the_root_move_is_checked(attack: bool, moves: list[int], after: dict[int, int | None],
                                  answer: tuple[int, int], checked: list[int]) -> None:
    board, e5, service, ask = _asked(moves, after, attack)
    service.checks = 3
    assert ask(board, e5) == answer
    assert service.checked == checked
    assert not any(service.kill_read)  # every reply is read at the check's root: no kill read first
    # each read after a refutation leaves out every move refuted so far
    assert service.root.asked == [tuple(checked[:i]) for i in range(len(service.root.asked))]


@pytest.mark.parametrize("attack", [True, False])
@pytest.mark.parametrize(("after", "answer"), [
    ({C3: 0, D4: 0, G7: KO_A}, (KO_B, C3)),  # the refutation G7 answered with a ko: C3 a ko
    ({C3: 0, D4: 0, G7: WIN}, (WIN, C3)),    # the refutation stands: the first answer kept
    ({C3: 0, D4: 0, G7: 0}, (WIN, C3)),      # refuted outright: kept as well, not searched further
])
def test_where_none_stands_the_first_refutation_is_checked(attack: bool, after: dict[int, int | None],
                                                          answer: tuple[int, int]) -> None:
    # after C3 the other side's root finds G7, checked once: no deeper ko is looked for
    board, e5, service, ask = _asked([C3, D4], after, attack, deeper=[G7, F2])
    before = snapshot(board)
    service.checks = 3
    assert ask(board, e5) == answer
    assert service.checked == [C3, D4, G7] and service.deeper.asked[0] == ()
    assert snapshot(board) == before and service.checks == 3


@pytest.mark.parametrize("attack", [True, False])
def test_no_refutation_is_checked_where_a_ko_was_found(attack: bool) -> None:
    board, e5, service, ask = _asked([C3, D4], {C3: 0, D4: KO_B, G7: KO_A}, attack, deeper=[G7])
    service.checks = 3
    assert ask(board, e5) == (KO_B, D4) and G7 not in service.checked and not service.deeper.asked


@pytest.mark.parametrize("attack", [True, False])
def test_the_debug_flag_owl_reports_each_check(attack: bool, capsys: pytest.CaptureFixture[str]) -> None:
    board, e5, service, ask = _asked([C3, D4, G7], {C3: 0, D4: KO_B, G7: 0}, attack)
    service.checks = 3
    assert ask(board, e5) == (KO_B, D4) and capsys.readouterr().err == ""  # silent without the flag
    board, e5, service, ask = _asked([C3, D4, G7], {C3: 0, D4: KO_B, G7: 0}, attack)
    service.configure({"debug_owl": 1})
    assert ask(board, e5) == (KO_B, D4)
    side = "attack" if attack else "defend"
    assert capsys.readouterr().err.splitlines() == [
        f"owl check: {side} E5: C3 refuted", f"owl check: {side} E5: D4 answered with a ko ({KO_B})",
        f"owl check: {side} E5: G7 refuted", f"owl check: {side} E5: none stands: {KO_B} D4 kept"]
    board, e5, service, ask = _asked([C3, D4], {C3: WIN}, attack)
    service.configure({"debug_owl": 1})
    assert ask(board, e5) == (WIN, C3)
    assert capsys.readouterr().err.splitlines() == [f"owl check: {side} E5: C3 stands"]


def test_no_move_is_checked_where_the_root_finds_none() -> None:
    board, _ = board_from_diagram(LONE)
    e5 = parse_vertex("E5", 9)
    service = RootScripted([], {})
    assert service.owl_attack(board, e5) == (0, NO_POINT) and not service.checked


@pytest.mark.parametrize("attack", [True, False])
def test_a_checked_answer_is_kept_while_the_board_is_unchanged(attack: bool) -> None:
    board, e5, service, ask = _asked([C3, D4], {C3: 0, D4: WIN}, attack)
    assert ask(board, e5) == ask(board, e5) == (WIN, D4)
    assert service.checked == [C3, D4] and len(service.root.asked) == 2  # read and checked once
    board.play(parse_vertex("A1", 9), 2)  # a move near nothing of the dragon's: still kept
    assert ask(board, e5) == (WIN, D4) and len(service.root.asked) == 2
    board.play(parse_vertex("E4", 9), 2)  # a stone against it: read again
    assert ask(board, e5) == (WIN, D4) and len(service.root.asked) == 4


@pytest.mark.parametrize("attack", [True, False])
def test_no_check_when_asked_for_none(attack: bool) -> None:
    # check=False (a caller that wants only the code) and owl_checks 0 read the root alone
    board, e5, service, ask = _asked([C3, D4], {C3: 0, D4: WIN}, attack)
    assert ask(board, e5, check=False) == (WIN, C3) and not service.checked
    service.configure({"owl_checks": 0})
    assert ask(board, e5) == (WIN, C3) and not service.checked
    assert service.checks == 0 and service.root.asked == [(), ()]


def test_the_checked_answer_on_the_board() -> None:
    # on a real position the answer's code is the reader's own, the board is as it was,
    # and a move that changed stands its own owl_does_attack
    board, _ = board_from_diagram(OPEN_SIDE)
    before = snapshot(board)
    f8 = parse_vertex("F8", 9)
    service = owl()
    first = service.ask(board, None, lambda r: r.owl_attack(f8), (0, NO_POINT))
    code, move = service.owl_attack(board, f8)
    assert code == first[0] == WIN
    assert move == first[1] or service.owl_does_attack(board, move, f8) == WIN
    assert snapshot(board) == before and board.stackp == 0


class GoalSpy(OwlService):
    """An owl service that records the goal each read is asked about, and reads nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.configure({})
        self.goals: list[frozenset[int] | None] = []

    def _read(self, board: Board, s: int, attack: bool, node_limit: int | None = None,
              tree: object = None, exclude: tuple[int, ...] = (), kill_first: bool = True,
              any_kill: bool = False, goal: frozenset[int] | None = None) -> tuple[int, int]:
        self.goals.append(goal)
        return 0, NO_POINT


def test_a_move_is_checked_against_the_dragon_as_it_stood() -> None:
    # white's D5 and E6 share two liberties, one dragon; black's D6 takes one of them and
    # leaves D5 a dragon of its own, but the question after it is still about both stones,
    # as owl's own lines read it (a cut that leaves the rest alive has killed nothing)
    board, _ = board_from_diagram("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . O . . . .
        . . . O . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    d5, e6 = parse_vertex("D5", 9), parse_vertex("E6", 9)
    service = GoalSpy()
    service.owl_does_attack(board, parse_vertex("D6", 9), d5)
    assert service.goals == [frozenset({d5, e6})]
    service.owl_does_defend(board, parse_vertex("E5", 9), d5)  # a save: the stone joins the goal
    assert service.goals[-1] == frozenset({d5, e6, parse_vertex("E5", 9)})
    service.goals.clear()  # two moves in a row: the second is read against both stones too
    assert service.owl_threaten_attack(board, d5)[0] == 0
    assert service.goals and all(goal is not None and {d5, e6} <= goal for goal in service.goals)
