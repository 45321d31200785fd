"""The board's eight symmetries: points, games and GTP text turned and turned back."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.color import BLACK, WHITE
from core.board.coords import PASS, all_points, parse_vertex, vertex
from core.board.sgf import parse_sgf
from core.board.symmetry import SYMMETRIES, turn_point, turn_record, turn_vertices, unturn_point
from core.errors import KiaiError

# A ko on a 9x9 board: white's C6 (move 8) takes black's D6, and before move 9 black may
# not retake at D6 at once.
#   B C D E
# 7 . X O .
# 6 X O . O
# 5 . X O .
GAME = b"(;FF[4]SZ[9]KM[6.5];B[cc];W[dc];B[bd];W[ed];B[ce];W[de];B[dd];W[cd];B[gh])"


def test_the_identity_leaves_every_point_alone() -> None:
    assert all(turn_point(9, p, 0) == p for p in all_points(9))


@pytest.mark.parametrize("k", range(SYMMETRIES))
def test_each_symmetry_is_a_permutation_that_its_inverse_undoes(k: int) -> None:
    points = all_points(9)
    assert sorted(turn_point(9, p, k) for p in points) == sorted(points)
    assert all(unturn_point(9, turn_point(9, p, k), k) == p for p in points)
    assert turn_point(9, PASS, k) == PASS


def test_the_eight_symmetries_are_distinct() -> None:
    c2 = parse_vertex("C2", 9)  # off every axis and diagonal: eight different images
    assert len({turn_point(9, c2, k) for k in range(SYMMETRIES)}) == 8
    assert [vertex(9, turn_point(9, c2, k)) for k in (1, 2, 4)] == ["G2", "C8", "H7"]


@settings(max_examples=60)
@given(st.integers(0, SYMMETRIES - 1), st.integers(0, 17))
def test_a_turned_game_replays_to_the_turned_position(k: int, until: int) -> None:
    record = parse_sgf(GAME)
    board, to_move = record.replay(until or None)
    turned, turned_to_move = turn_record(record, k).replay(until or None)
    assert turned_to_move == to_move
    for p in all_points(9):
        q = turn_point(9, p, k)
        assert turned.board[q] == board.board[p]
        if board.board[p] in (BLACK, WHITE):
            assert turned.countlib(q) == board.countlib(p)  # the same strings, the same liberties
    assert turned.ko == (turn_point(9, board.ko, k) if board.ko else board.ko)


def test_the_ko_is_turned_with_the_game() -> None:
    board, _ = parse_sgf(GAME).replay(9)
    assert vertex(9, board.ko) == "D6"
    board, _ = turn_record(parse_sgf(GAME), 1).replay(9)
    assert vertex(9, board.ko) == "F6"
    board, _ = turn_record(parse_sgf(GAME), 2).replay(9)
    assert vertex(9, board.ko) == "D4"


def test_turning_keeps_the_game_information() -> None:
    turned = parse_sgf(turn_record(parse_sgf(GAME), 3).to_sgf())
    assert (turned.size, turned.komi, len(turned.moves)) == (9, 6.5, 9)


def test_gtp_text_turned_and_back() -> None:
    text = "1 owl_attack C2 E5 PASS pass 12 I9 Z3 ALIVE"
    turned = turn_vertices(text, 9, 1)
    assert turned == "1 owl_attack G2 E5 PASS pass 12 I9 Z3 ALIVE"  # I9 and Z3 are not 9x9 vertices
    assert turn_vertices(turned, 9, 1, back=True) == text
    assert turn_vertices("c2", 9, 4) == "H7"  # GTP vertices are case-blind; answers come back upper case


def test_a_symmetry_out_of_range_is_a_clear_error() -> None:
    with pytest.raises(KiaiError, match="from 0 to 7"):
        turn_point(9, parse_vertex("C2", 9), 8)
