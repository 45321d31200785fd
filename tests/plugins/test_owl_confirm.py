"""owl_confirm, as the examine step asks it after owl_status: a critical dragon's kill is
checked by owl_defend asked afresh after it, and its save by owl_attack after it. A kill
the defender answers leaves the dragon alive, a save the attacker answers leaves it dead,
and a check that runs out of nodes changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from core.board.board import Board
from core.board.boardcheck import snapshot
from core.board.coords import NO_POINT, parse_vertex
from core.board.diagram import board_from_diagram
from core.reading.results import KO_A, WIN
from plugins.owl.service import OwlService
from tests.plugins.test_owl_reading import owl

# White's four stones (F8, G8, G7, G6) with the whole right side and the top open, and a
# friend at G3: black to move, from a 9x9 game Kiai lost. Owl's own reading once killed
# them with H5, the defender's five replies at the first ply all on the edge; asked
# afresh after H5, owl_defend finds the save that those five missed.
OPEN_SIDE = """
. . . . . . . . .
. . . . X O O . .
. . . X X X O . .
. . . . . . O . .
. . . . . . . . .
. . . . . . . . .
. . X . . . O . .
. . . . . . . . .
. . . . . . . . .
"""


def test_a_kill_the_defender_answers_leaves_the_dragon_alive() -> None:
    board, _ = board_from_diagram(OPEN_SIDE)
    before = snapshot(board)
    f8 = parse_vertex("F8", 9)
    raw = owl().owl_status(board, f8)
    assert raw is not None
    # owl alone calls it critical (so the check is exercised: if owl learns to read this
    # group alive by itself, the test needs another position), and its kill is one a
    # fresh defence answers
    assert raw[0] and raw[2]
    assert owl().owl_does_attack(board, raw[1], f8) == 0
    assert owl().owl_confirm(board, f8, raw) == (0, NO_POINT, WIN, NO_POINT)
    assert snapshot(board) == before and board.stackp == 0


@dataclass
class FakeReader:
    """What owl_status asks of a reader: two answers and the bookkeeping."""

    attack: tuple[int, int]
    defend: tuple[int, int]
    aborted: bool = False
    visited: int = 1

    def owl_attack(self, s: int) -> tuple[int, int]:
        return self.attack

    def owl_defend(self, s: int, first: int = 0) -> tuple[int, int]:
        return self.defend


class Scripted(OwlService):
    """An owl service whose root answers and checks are given: after[attack] is the code
    of the checked move for its side, None for a check that runs out of nodes."""

    def __init__(self, attack: tuple[int, int], defend: tuple[int, int], after: dict[bool, int | None]) -> None:
        super().__init__()
        self.answers = FakeReader(attack, defend)
        self.after = after
        self.checked: list[bool] = []

    def reader(self, board: Board, node_limit: int | None = None) -> FakeReader:  # type: ignore[override]
        return self.answers

    def _after(self, board: Board, move: int, s: int, attack: bool, node_limit: int | None = None,
               read_kill: bool = True, checks: int | None = None, goal: frozenset[int] | None = None) -> int:
        self.checked.append(attack)
        return scripted(self, self.after[attack])


def scripted(service: OwlService, code: int | None) -> int:
    """A scripted check's code; None stands for a check that ran out of nodes."""
    if code is None:
        service.gave_up += 1
        return 0
    return code


# a lone black stone at E5, for the scripted answers
LONE = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . X . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


@pytest.mark.parametrize(("after", "expected", "checked"), [
    ({True: 0, False: WIN}, "alive", [True]),            # the kill is answered
    ({True: WIN, False: 0}, "dead", [True, False]),      # the kill stands, the save is answered
    ({True: WIN, False: WIN}, "critical", [True, False]),  # both stand
    ({True: KO_A, False: WIN}, "critical", [True, False]),  # a kill by ko is no refutation
    ({True: None, False: None}, "critical", [True, False]),  # checks that ran out prove nothing
])
def test_the_checks_of_a_critical_dragon(after: dict[bool, int | None], expected: str, checked: list[bool]) -> None:
    board, _ = board_from_diagram(LONE)
    e5, c3, g7 = (parse_vertex(v, 9) for v in ("E5", "C3", "G7"))
    service = Scripted((WIN, c3), (WIN, g7), after)
    status = service.owl_status(board, e5)
    assert status == (WIN, c3, WIN, g7) and not service.checked  # owl_status alone checks nothing
    assert service.owl_confirm(board, e5, status) == {"alive": (0, NO_POINT, WIN, NO_POINT), "dead": (WIN, c3, 0, NO_POINT),
                      "critical": (WIN, c3, WIN, g7)}[expected]
    assert service.checked == checked


def test_a_dead_or_living_dragon_is_not_checked() -> None:
    board, _ = board_from_diagram(LONE)
    e5, c3 = parse_vertex("E5", 9), parse_vertex("C3", 9)
    for status in ((WIN, c3, 0, NO_POINT), (0, NO_POINT, WIN, NO_POINT)):
        service = Scripted((0, NO_POINT), (0, NO_POINT), {True: 0, False: 0})
        assert service.owl_confirm(board, e5, status) == status and not service.checked


def test_owl_status_with_check_reads_the_kill_check_before_the_save() -> None:
    # the examine step's first round asks this, so that a short clock cannot leave the
    # kill unchecked: the open-sided group is alive, and the board is as it was
    board, _ = board_from_diagram(OPEN_SIDE)
    before = snapshot(board)
    f8 = parse_vertex("F8", 9)
    service = owl()
    assert service.owl_status(board, f8, check=service.node_limit) == (0, NO_POINT, WIN, NO_POINT)
    assert snapshot(board) == before and board.stackp == 0


@pytest.mark.parametrize(("after", "expected"), [
    (0, (0, NO_POINT, WIN, NO_POINT)),   # the kill is answered: alive, no save read
    (WIN, "critical"),                    # the kill stands: the save is read as before
    (KO_A, "critical"),                   # a kill by ko is no refutation
    (None, "critical"),                   # a check that ran out proves nothing
])
def test_owl_status_checks_a_kill_only_when_asked(after: int | None, expected: object) -> None:
    board, _ = board_from_diagram(LONE)
    e5, c3, g7 = (parse_vertex(v, 9) for v in ("E5", "C3", "G7"))
    service = Scripted((WIN, c3), (WIN, g7), {True: after, False: WIN})
    status = service.owl_status(board, e5, check=100)
    assert status == ((WIN, c3, WIN, g7) if expected == "critical" else expected)
    assert service.checked == [True]
    alive = Scripted((0, NO_POINT), (WIN, g7), {True: 0, False: 0})
    assert alive.owl_status(board, e5, check=100) == (0, NO_POINT, WIN, NO_POINT) and not alive.checked
