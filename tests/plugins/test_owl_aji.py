"""A checked move of owl_attack or owl_defend that stands is tested for aji: after it,
the other side's first candidate and then a move of its own question that stands (two
moves in a row) make a threat; where one exists, the threat's own moves are tried, and
the first that stands and leaves no threat replaces the move ("the opponent's vital
point is my vital point"). Where none does, the move is kept."""

from __future__ import annotations

import pytest

from core.board.board import Board
from core.board.boardcheck import snapshot
from core.board.coords import NO_POINT, parse_vertex
from core.board.diagram import board_from_diagram
from core.reading.results import WIN
from tests.plugins.test_owl_checked import RootReader, RootScripted
from tests.plugins.test_owl_confirm import LONE

C3, D4, G7, F2, H2, B8, E4, A1 = (parse_vertex(v, 9) for v in ("C3", "D4", "G7", "F2", "H2", "B8", "E4", "A1"))
E5 = parse_vertex("E5", 9)

# the black stone at E5 has one liberty left, E4: white's first move there captures it
IN_ATARI = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . O . . . .
. . . O X O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


class AjiScripted(RootScripted):
    """RootScripted with the lines below the root scripted as well: lines[line] lists the
    moves the side to move finds after the reading line, its candidates and its winning
    root moves alike (none where the line is not scripted); a read after a line in
    giving_up runs out of nodes. It records the node limit each read below the root was
    asked with, and keeps those readers."""

    def __init__(self, moves: list[int], after: dict[int, int | None],
                 lines: dict[tuple[int, ...], list[int]], giving_up: frozenset[tuple[int, ...]]) -> None:
        super().__init__(moves, after)
        self.lines = lines
        self.giving_up = giving_up
        self.limits_asked: list[int | None] = []
        self.below: list[RootReader] = []

    def reader(self, board: Board, node_limit: int | None = None) -> RootReader:  # type: ignore[override]
        if board.stackp == 0:
            return self.root
        self.limits_asked.append(node_limit)
        line = tuple(p for _, p in board.reading_line())
        found = self.lines.get(line, [])
        self.below.append(RootReader(found, firsts=found, aborted=line in self.giving_up))
        return self.below[-1]


def _service(moves: list[int], after: dict[int, int | None], lines: dict[tuple[int, ...], list[int]],
             diagram: str = LONE, giving_up: frozenset[tuple[int, ...]] = frozenset()) -> tuple[Board, AjiScripted]:
    board, _ = board_from_diagram(diagram)
    return board, AjiScripted(moves, after, lines, giving_up)


@pytest.mark.parametrize("attack", [True, False])
@pytest.mark.parametrize(("moves", "after", "lines", "answer", "checked"), [
    # no first move for the other side after C3: no threat, C3 kept
    ([C3], {C3: WIN}, {}, C3, [C3]),
    # G7 then nothing the other side's question finds: no threat
    ([C3], {C3: WIN}, {(C3,): [G7]}, C3, [C3]),
    # G7 then F2, but F2 refuted by the first side's question: no threat
    ([C3], {C3: WIN, F2: 0}, {(C3,): [G7], (C3, G7): [F2]}, C3, [C3, F2]),
    # the threat G7, F2 stands: G7 stands and leaves none, and is the answer
    ([C3], {C3: WIN, F2: WIN, G7: WIN}, {(C3,): [G7], (C3, G7): [F2]}, G7, [C3, F2, G7]),
    # only the other side's first candidate starts a threat: G7 does, H2 is not read
    ([C3], {C3: WIN, F2: WIN, G7: WIN}, {(C3,): [G7, H2], (C3, G7): [F2]}, G7, [C3, F2, G7]),
    ([C3], {C3: WIN, F2: WIN, H2: WIN}, {(C3,): [G7, H2], (C3, H2): [F2]}, C3, [C3]),
    # G7 is refuted: the threat's second move F2 is tried next
    ([C3], {C3: WIN, F2: WIN, G7: 0}, {(C3,): [G7], (C3, G7): [F2]}, F2, [C3, F2, G7, F2]),
    # G7 stands but leaves a threat of its own (H2, then B8): F2 tried next
    ([C3], {C3: WIN, F2: WIN, G7: WIN, B8: WIN},
     {(C3,): [G7], (C3, G7): [F2], (G7,): [H2], (G7, H2): [B8]}, F2, [C3, F2, G7, B8, F2]),
    # both of the threat's moves leave threats: C3 kept
    ([C3], {C3: WIN, F2: WIN, G7: WIN, B8: WIN},
     {(C3,): [G7], (C3, G7): [F2], (G7,): [H2], (G7, H2): [B8], (F2,): [H2], (F2, H2): [B8]},
     C3, [C3, F2, G7, B8, F2, B8]),
    # D4 was refuted before C3 stood: the threat's first move D4 is not tried again
    ([D4, C3], {D4: 0, C3: WIN, F2: WIN}, {(C3,): [D4], (C3, D4): [F2]}, F2, [D4, C3, F2, F2]),
])
def test_a_move_that_leaves_a_threat_gives_way_to_the_threats_own_move(
        attack: bool, moves: list[int], after: dict[int, int | None], lines: dict[tuple[int, ...], list[int]],
        answer: int, checked: list[int]) -> None:
    board, service = _service(moves, after, lines)
    before = snapshot(board)
    ask = service.owl_attack if attack else service.owl_defend
    assert ask(board, E5) == (WIN, answer)
    assert service.checked == checked
    assert snapshot(board) == before and board.stackp == 0


@pytest.mark.parametrize("attack", [True, False])
def test_the_threat_reads_spend_owl_aji_nodes(attack: bool) -> None:
    board, service = _service([C3], {C3: WIN, F2: 0}, {(C3,): [G7], (C3, G7): [F2]})
    service.configure({"owl_aji_nodes": 700})
    (service.owl_attack if attack else service.owl_defend)(board, E5)
    # the candidates after C3 at the question's own limit, the other side's read at 700
    assert service.limits_asked == [None, 700]


@pytest.mark.parametrize("attack, recorded, below, top", [
    # after white's kill C3 and black's G7, black's own question reads his candidates
    # (owl_defend told NO_POINT), not white's killing move first (None: a read of its own);
    # the question asked at the top still reads the kill first
    (True, "hints", [NO_POINT], [None]),
    # after black's save C3 and white's G7, white's own question needs a kill that
    # stands, not the most forcing one: owl_attack is asked with any_kill; the question
    # asked at the top still keeps the most forcing kill
    (False, "any_kills", [True], [False]),
])
def test_the_threat_read_asks_the_other_sides_question_its_own_way(attack: bool, recorded: str,
                                                                   below: list[object], top: list[object]) -> None:
    board, service = _service([C3], {C3: WIN, F2: 0}, {(C3,): [G7], (C3, G7): [F2]})
    (service.owl_attack if attack else service.owl_defend)(board, E5)
    assert [getattr(r, recorded) for r in service.below] == [[], below]
    board, service = _service([C3], {C3: WIN}, {})
    (service.owl_defend if attack else service.owl_attack)(board, E5)
    assert getattr(service.root, recorded) == top


@pytest.mark.parametrize("attack", [True, False])
def test_a_threat_read_that_gives_up_is_no_threat(attack: bool) -> None:
    # after C3, G7 the other side's read finds F2, which would stand, but ran out of nodes
    board, service = _service([C3], {C3: WIN, F2: WIN, G7: WIN}, {(C3,): [G7], (C3, G7): [F2]},
                              giving_up=frozenset({(C3, G7)}))
    assert (service.owl_attack if attack else service.owl_defend)(board, E5) == (WIN, C3)
    assert service.checked == [C3]  # F2 not even checked


@pytest.mark.parametrize("attack", [True, False])
def test_owl_aji_nodes_zero_reads_no_threat(attack: bool) -> None:
    board, service = _service([C3], {C3: WIN, F2: WIN, G7: WIN}, {(C3,): [G7], (C3, G7): [F2]})
    service.configure({"owl_aji_nodes": 0})
    assert (service.owl_attack if attack else service.owl_defend)(board, E5) == (WIN, C3)
    assert service.limits_asked == [] and service.checked == [C3]


def test_an_attacker_whose_first_move_captures_threatens() -> None:
    # owl_defend's A1 stands, but white's E4 then captures the stone: black answers at E4
    board, service = _service([A1], {A1: WIN, E4: WIN}, {(A1,): [E4]}, IN_ATARI)
    assert service.owl_defend(board, E5) == (WIN, E4)
    assert service.checked == [A1, E4]
    # white's kill A1, then black's E4 and nothing more black finds: no threat
    board, service = _service([A1], {A1: WIN}, {(A1,): [E4]}, IN_ATARI)
    assert service.owl_attack(board, E5) == (WIN, A1) and service.checked == [A1]


@pytest.mark.parametrize("attack", [True, False])
def test_the_debug_flag_owl_reports_the_threat(attack: bool, capsys: pytest.CaptureFixture[str]) -> None:
    board, service = _service([C3], {C3: WIN, F2: WIN, G7: WIN}, {(C3,): [G7], (C3, G7): [F2]})
    service.configure({"debug_owl": 1})
    assert (service.owl_attack if attack else service.owl_defend)(board, E5) == (WIN, G7)
    side = "attack" if attack else "defend"
    assert capsys.readouterr().err.splitlines() == [
        f"owl check: {side} E5: C3 stands", f"owl check: {side} E5: C3 leaves a threat: G7 F2",
        f"owl check: {side} E5: G7 stands and leaves none"]

