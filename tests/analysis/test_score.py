"""Scoring by the rules: area counting (stones and surrounded points) and territory
counting (surrounded points and prisoners), on positions of our own."""

from __future__ import annotations

from core.analysis.score import area_score, score, territory_score
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from tests.gtp_helpers import ask, server

# Black owns the left (columns A-B), white the right (D-E); a white stone dies at A3.
FINAL = """
. X O . .
. X O . .
O X O . .
. X O . .
. X O . .
"""


def test_area_and_territory_count_a_dead_stone_differently() -> None:
    board, _ = board_from_diagram(FINAL)
    dead = [parse_vertex("A3", 5)]
    # area: black 5 stones + 5 points (A3 is black's once its stone is off); white 5 + 10
    assert area_score(board, 0.5, dead) == 10 - 15 - 0.5
    # territory: black 5 points and 1 prisoner (the dead stone); white 10 points
    assert territory_score(board, 0.5, dead) == 6 - 10 - 0.5
    assert score(board, 0.5, dead, "Japanese") == territory_score(board, 0.5, dead)
    assert score(board, 0.5, dead, "chinese") == area_score(board, 0.5, dead)


def test_territory_counts_prisoners_taken_during_the_game() -> None:
    board, _ = board_from_diagram(FINAL)
    board.captures[BLACK] = 3
    board.captures[WHITE] = 1
    # the white stone at A3 left alive spoils black's points on the A line: none are territory
    assert territory_score(board, 0.0, []) == (0 + 3) - (10 + 1)


# Black's corner stones around A4 (passed as in seki below): the eye is black's by area,
# no one's by territory where they stand in seki.
EYE = """
X X O . .
. X O . .
X X O . .
O O O . .
. . . . .
"""


def test_the_eyes_of_stones_in_seki_are_no_ones_territory() -> None:
    board, _ = board_from_diagram(EYE)
    black = list(board.stones(BLACK))
    # territory: black's eye A4 (1) against white's 13 points (D5 to E2, and the first line)
    assert territory_score(board, 0.0) == 1 - 13
    assert territory_score(board, 0.0, seki=black) == 0 - 13
    assert score(board, 0.0, [], "japanese", black) == 0 - 13
    # a region with a stone around it not in seki (A5 here) is still its owner's
    assert territory_score(board, 0.0, seki=[p for p in black if p != parse_vertex("A5", 5)]) == 1 - 13
    # area counting keeps the eye: Japanese rules alone leave seki eyes uncounted
    assert score(board, 0.0, [], "chinese", black) == area_score(board, 0.0) == (5 + 1) - (6 + 13)


def test_kgs_rules_sets_the_counting_and_rejects_unknown_rules() -> None:
    srv = server(size=5, komi=0.5)
    assert srv.engine.game.rules == "chinese"
    assert ask(srv, "kgs-rules japanese") == (True, "")
    assert srv.engine.game.rules == "japanese"
    ok, message = ask(srv, "kgs-rules backgammon")
    assert not ok and "unknown rules" in message
    assert srv.engine.game.rules == "japanese"  # a rejected command changes nothing
