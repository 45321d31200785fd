"""Combinations of ataris on diagrams: a double atari on two white stones that tactical
reading cannot capture one at a time, the moves that stop it, a first atari that the
combination does not need, and the GTP commands with their errors."""

from __future__ import annotations

from core.board.boardcheck import snapshot
from core.board.color import BLACK, WHITE
from core.board.coords import PASS, parse_vertex
from core.board.diagram import board_from_diagram
from plugins.combination.atari_atari import AtariAtari, combination_attack, combination_defend
from plugins.tactical.service import TacticalService
from tests.gtp_helpers import ask, play_diagram, server

# White's C5 and E5 each have two liberties and escape to white's wall (C3-E3) when
# attacked alone; black D5 puts both in atari, and white saves only one.
DOUBLE_ATARI = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . X X X . . . .
. X O . O X . . .
. . . . . . . . .
. . O O O . . . .
. . . . . . . . .
. . . . . . . . .
"""

# The same on 13x13, with a white stone at K10 that black can put in atari (K9 or L10,
# from J10 and K11) first: it runs out either way (M11 and M9 break the ladders), and that
# atari, read first, is no part of the combination and must not be named.
WITH_AN_IRRELEVANT_ATARI = """
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . X . O .
. . . . . . . . X O . . .
. . . . . . . . . . . O .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . X X X . . . . . . . .
. X O . O X . . . . . . .
. . . . . . . . . . . . .
. . O O O . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
"""


def v(name: str) -> int:
    return parse_vertex(name, 9)


def test_a_double_atari_is_a_combination() -> None:
    board, _ = board_from_diagram(DOUBLE_ATARI)
    before = snapshot(board)
    tactical = TacticalService()
    assert tactical.attack(board, v("C5"))[0] == 0 and tactical.attack(board, v("E5"))[0] == 0
    assert combination_attack(board, BLACK, tactical) == v("D5")
    assert combination_attack(board, WHITE, tactical) == PASS
    assert combination_defend(board, BLACK, tactical) == sorted([v("D5"), v("C4"), v("E4")])
    assert combination_defend(board, WHITE, tactical) == []
    assert snapshot(board) == before and board.stackp == 0


def test_a_first_atari_the_combination_does_not_need_is_not_named() -> None:
    board, _ = board_from_diagram(WITH_AN_IRRELEVANT_ATARI)
    search = AtariAtari(board, BLACK, TacticalService())
    first = search._first()  # read first, the atari on K10 starts a line that wins all the same
    assert first in (parse_vertex("K9", 13), parse_vertex("L10", 13))
    assert search.find() == parse_vertex("D5", 13)
    assert search.victim in (parse_vertex("C5", 13), parse_vertex("E5", 13))


def test_combination_commands_through_gtp() -> None:
    srv = server(size=9)
    play_diagram(srv, DOUBLE_ATARI)
    assert ask(srv, "combination_attack black") == (True, "D5")
    assert ask(srv, "combination_attack white") == (True, "PASS")
    assert ask(srv, "combination_defend black") == (True, "D5 C4 E4")
    assert ask(srv, "combination_defend white") == (True, "PASS")
    assert not ask(srv, "combination_attack")[0]
    assert not ask(srv, "combination_attack purple")[0]
