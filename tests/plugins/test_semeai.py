"""Semeai (capturing races) on diagrams: an eye beats no eye whoever moves first, a capture
that leaves the capturer a dead shape does not win the race, the outside liberties filled
before the shared ones (a seki for the side short of them), the same answers and node
counts with and without the race's transposition table, and analyze_semeai through GTP
with its errors."""

from __future__ import annotations

import pytest

from core.analysis.amalgamation import shape_dragon
from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.boardcheck import snapshot
from core.board.coords import PASS, parse_vertex
from core.board.diagram import board_from_diagram
from core.reading.table import TranspositionTable
from plugins.owl.semeai import SemeaiReader
from tests.gtp_helpers import ask, play_diagram, server
from tests.plugins.test_owl_reading import owl

# White's four stones in the corner (A3, B3, B2, B1) have an eye (A1, A2); black's chain
# around them (A4-D4, D3-D1) has no eye, and all its liberties (C1-C3) are shared with
# them. White's outer wall is out of the race.
EYE_AGAINST_NO_EYE = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O . . . .
X X X X O . . . .
O O . X O . . . .
. O . X O . . . .
. O . X O . . . .
"""

# White's stone A2 is in atari inside black's corner group (A3-C3, B2, C2, B1, C1), whose
# only eye space is A1 and A2 inside white's wall. Black captures it at will, and the
# capture leaves one eye: a lunch that does not give life, so white wins the race
# whoever moves first.
LUNCH_IN_A_DEAD_SHAPE = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O . . . . .
X X X O . . . . .
O X X O . . . . .
. X X O . . . . .
"""

# White's chain (C1-C5, D5) has two liberties of its own inside black's living group (B2,
# B4) and four (D1-D4) shared with black's chain E1-E5, whose five outside liberties
# (F1-F5) lie against white's wall. Moving first, black fills B2 and B4 and wins; white,
# moving first, fills black's outside liberties first and leaves a seki, neither side
# able to fill the shared ones (GNU Go reads it so too).
OUTSIDE_LIBERTIES_FIRST = """
. . . . . . . . .
. . . . . . . . .
X X X X O . . . .
X . X X O O O O O
X X O O X . O . .
X . O . X . O . .
X X O . X . O . .
X . O . X . O . .
X X O . X . O . .
"""

# Black's chain (A4-E4, E3-E1) has three liberties (D1-D3) shared with white's corner group
# (A3-C3, C2, C1) and one of its own (F1); white's group has its own space (A1-B2) as well.
# Filling the shared liberties in different orders reaches the same positions.
SHARED_LIBERTIES = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O O . . .
X X X X X O . . .
O O O . X O . . .
. . O . X O . . .
. . O . X . . . .
"""


def test_an_eye_beats_no_eye_whoever_moves_first() -> None:
    board, _ = board_from_diagram(EYE_AGAINST_NO_EYE)
    before = snapshot(board)
    white, black = parse_vertex("A3", 9), parse_vertex("A4", 9)
    survives, dies, _ = owl().analyze_semeai(board, white, black)
    assert (survives, dies) == (1, 1)
    assert owl().analyze_semeai(board, black, white) == (0, 0, PASS)  # no move saves black
    assert snapshot(board) == before and board.stackp == 0


def test_a_capture_that_leaves_a_dead_shape_does_not_win() -> None:
    board, _ = board_from_diagram(LUNCH_IN_A_DEAD_SHAPE)
    black, white = parse_vertex("A3", 9), parse_vertex("A2", 9)
    assert owl().analyze_semeai(board, black, white) == (0, 0, PASS)  # taking A2 does not save black
    assert owl().analyze_semeai(board, white, black) == (1, 1, PASS)  # white need not move


def test_the_outside_liberties_are_filled_before_the_shared_ones() -> None:
    board, _ = board_from_diagram(OUTSIDE_LIBERTIES_FIRST)
    for line in ((), ("F5", "B4", "F4", "B2")):  # at the root, and deep in the race where one move is read
        for i, v in enumerate(line):
            assert board.trymove(parse_vertex(v, 9), WHITE if i % 2 == 0 else BLACK)
        reader = race(board, "C1", "E1")
        assert reader._settled(True) is None
        moves = reader._moves(True)
        shared = [i for i, (_, urgent) in enumerate(moves) if not urgent]
        assert shared and shared == list(range(shared[0], len(moves)))  # every liberty-losing move comes last
        assert moves[0][0] in {parse_vertex(v, 9) for v in ("F1", "F2", "F3", "F4", "F5")}
        for _ in line:
            board.popgo()


@pytest.mark.xfail(strict=True, reason="known failure: black's chain is judged alive by two eyes before white "
                   "fills its last outside liberty, white's chain taken for dead stones in black's eye space "
                   "(tactical reading does not see filling that liberty as its defence)")
def test_filling_the_outside_liberties_first_makes_a_seki() -> None:
    board, _ = board_from_diagram(OUTSIDE_LIBERTIES_FIRST)
    survives, dies, _ = owl().analyze_semeai(board, parse_vertex("C1", 9), parse_vertex("E1", 9))
    assert (survives, dies) == (1, 0)
    _, _, move = owl().analyze_semeai(board, parse_vertex("E1", 9), parse_vertex("C1", 9))
    assert move in (parse_vertex("B2", 9), parse_vertex("B4", 9))  # black must move to win


def test_black_wins_the_race_moving_first() -> None:
    board, _ = board_from_diagram(OUTSIDE_LIBERTIES_FIRST)
    survives, dies, _ = owl().analyze_semeai(board, parse_vertex("E1", 9), parse_vertex("C1", 9))
    assert (survives, dies) == (1, 1)


def test_analyze_semeai_through_gtp() -> None:
    srv = server(size=9)
    play_diagram(srv, EYE_AGAINST_NO_EYE)
    ok, answer = ask(srv, "analyze_semeai A3 A4")
    assert ok and answer.startswith("1 1 ")
    assert ask(srv, "analyze_semeai A4 A3") == (True, "0 0 PASS")
    ok, nodes = ask(srv, "get_owl_node_counter")
    assert ok and int(nodes) > 0  # the race's nodes are owl's
    ok, message = ask(srv, "analyze_semeai A3 B3")
    assert not ok and "opposite colours" in message
    assert not ask(srv, "analyze_semeai A3 H9")[0]  # an empty point
    assert not ask(srv, "analyze_semeai A3")[0]  # one dragon
    ok, board = ask(srv, "showboard")
    assert ok and board.count("X") + board.count("O") > 15  # the position is what it was


def race(board: Board, a: str, b: str) -> SemeaiReader:
    """A race reader between the dragons at a and b, owl's questions asked of a fresh service."""
    service = owl()
    return SemeaiReader(board, service.tactical, shape_dragon(board, parse_vertex(a, 9)),
                        shape_dragon(board, parse_vertex(b, 9)), service.owl_attack, service.owl_defend)


def test_the_race_reads_alike_with_and_without_its_transposition_table() -> None:
    # a hit counts the nodes its reading cost, so the node limit bites at the same place
    board, _ = board_from_diagram(SHARED_LIBERTIES)
    for a, b in (("A4", "A3"), ("A3", "A4")):
        answers, hits = [], 0
        for megabytes in (32.0, 0.0):
            reader = race(board, a, b)
            reader.table = TranspositionTable(megabytes)
            found = reader.analyze()
            assert not found.uncertain  # read to the end, so its node count is compared too
            answers.append((found.a_survives, found.b_dies, found.move, reader.nodes))
            hits += reader.table.hits
        assert hits > 0  # lines transpose in this race
        assert answers[0] == answers[1]
