"""Board rules and queries on hand-made positions (X = black, O = white, letters = marks)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.board.board import Board, sorted_points
from core.board.boardcheck import board_errors, snapshot
from core.board.color import BLACK, EMPTY, WHITE
from core.board.coords import NO_POINT, PASS, parse_vertex
from core.board.diagram import board_from_diagram
from core.errors import BoardSizeError, IllegalMove, InvalidVertex, UndoError


def test_capture_of_several_strings_at_once() -> None:
    board, m = board_from_diagram(
        """
        . X O a O X .
        . X O X O X .
        . . X . X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    before = snapshot(board)
    board.play(m["a"], BLACK)
    # both white strings (two stones each) are gone; a joins D6 and gains their points
    assert board.captures[BLACK] == 4
    assert board.countlib(m["a"]) == 5
    assert board.color(parse_vertex("C7", 7)) == EMPTY and board.color(parse_vertex("E6", 7)) == EMPTY
    assert board_errors(board) == []
    board.undo()
    assert snapshot(board) == before


def test_snapback() -> None:
    board, m = board_from_diagram(
        """
        . . . . .
        . . . . .
        X X X X .
        O O O X .
        O a b X .
        """
    )
    board.play(m["a"], BLACK)  # the throw-in: black's stone and the white string share b
    assert board.countlib(m["a"]) == 1 and board.countlib(parse_vertex("A1", 5)) == 1
    board.play(m["b"], WHITE)  # white takes the stone ...
    assert board.color(m["a"]) == EMPTY and board.captures[WHITE] == 1
    assert board.findlib(m["b"]) == [m["a"]]  # ... and is left in atari
    assert board.ko == NO_POINT  # not a ko: the capturing string has several stones
    board.play(m["a"], BLACK)  # snapback: five white stones come off
    assert board.captures[BLACK] == 5
    assert board.stones(WHITE) == []
    assert board_errors(board) == []


def test_ko_and_its_recapture_ban() -> None:
    board, m = board_from_diagram(
        """
        . . . . .
        . X O . .
        X a X O .
        . X O . .
        . . . . .
        """
    )
    c3 = parse_vertex("C3", 5)
    board.play(m["a"], WHITE)  # white captures the black stone at C3
    assert board.color(c3) == EMPTY
    assert board.ko == c3 and board.ko_color == BLACK
    assert not board.is_legal(c3, BLACK)
    with pytest.raises(IllegalMove, match="ko"):
        board.play(c3, BLACK)
    assert board.is_ko(c3, BLACK) == m["a"]
    # a ko threat elsewhere lifts the ban
    board.play(parse_vertex("E1", 5), BLACK)
    board.play(parse_vertex("E5", 5), WHITE)
    assert board.is_legal(c3, BLACK)
    board.play(c3, BLACK)
    assert board.color(m["a"]) == EMPTY and board.ko == m["a"]
    assert board_errors(board) == []


def test_tryko_makes_a_conditional_ko_capture() -> None:
    board, m = board_from_diagram(
        """
        . . . . .
        . X O . .
        X a X O .
        . X O . .
        . . . . .
        """
    )
    c3 = parse_vertex("C3", 5)
    board.play(m["a"], WHITE)
    assert not board.trymove(c3, BLACK)
    assert board.tryko(c3, BLACK)
    assert board.stackp == 1 and board.color(m["a"]) == EMPTY
    board.popgo()
    assert board.color(m["a"]) == WHITE and board.ko == c3


def test_suicide_is_illegal_by_default_and_optional() -> None:
    diagram = """
        . X . . .
        X X . . .
        . . . . .
        . . O O .
        . . O a O
        """
    board, m = board_from_diagram(diagram)
    before = snapshot(board)
    assert not board.is_legal(m["a"], BLACK)
    with pytest.raises(IllegalMove, match="suicide"):
        board.play(m["a"], BLACK)
    assert snapshot(board) == before
    # A5 is black's eye: white may not play there either
    assert not board.is_legal(parse_vertex("A5", 5), WHITE)
    # multi-stone suicide where the rules allow it
    board, m = board_from_diagram(
        """
        . . . . .
        . . . . .
        O O O . .
        X X O . .
        a X O . .
        """,
        allow_suicide=True,
    )
    before = snapshot(board)
    assert board.trymove(m["a"], BLACK)
    assert board.stones(BLACK) == [] and board.captures[WHITE] == 4
    assert board_errors(board) == []
    board.popgo()
    assert snapshot(board) == before


def test_one_by_one_board() -> None:
    board = Board(1)
    a1 = parse_vertex("A1", 1)
    assert not board.is_legal(a1, BLACK)  # no liberty, nothing to capture
    board.play(PASS, BLACK)
    board.play(PASS, WHITE)
    assert board.history == [(BLACK, PASS), (WHITE, PASS)]


def test_two_by_two_board() -> None:
    board = Board(2)
    a1, b1, a2, b2 = (parse_vertex(v, 2) for v in ("A1", "B1", "A2", "B2"))
    board.play(a1, BLACK)
    board.play(b2, WHITE)
    assert board.countlib(a1) == 2 and board.countlib(b2) == 2
    board.play(b1, BLACK)  # both strings now share the single liberty A2
    assert board.findlib(a1) == [a2] and board.findlib(b2) == [a2]
    board.play(a2, WHITE)  # white fills it and captures first
    assert board.stones(BLACK) == [] and board.captures[WHITE] == 2
    assert board.countlib(a2) == 2
    assert board.is_legal(a1, BLACK) and board.accuratelib(a1, BLACK) == 1
    assert board_errors(board) == []


def test_edge_and_corner_liberties() -> None:
    board, m = board_from_diagram(
        """
        X . . . X
        . . . . .
        . . O . .
        . . . . .
        X . . X .
        """
    )
    assert board.countlib(parse_vertex("A5", 5)) == 2  # corner
    assert board.countlib(parse_vertex("D1", 5)) == 3  # edge
    assert board.countlib(parse_vertex("C3", 5)) == 4  # centre


def test_queries_do_not_change_the_board() -> None:
    board, m = board_from_diagram(
        """
        . . . . . . .
        . O O O . . .
        . O X X O . .
        . O X a O . .
        . . O O . . .
        . . . . . b .
        . . . . . . .
        """
    )
    before = snapshot(board)
    x = parse_vertex("C5", 7)
    assert board.countlib(x) == 1
    assert board.findlib(x) == [m["a"]]
    assert board.approxlib(m["a"], BLACK) == 0
    assert board.accuratelib(m["a"], BLACK) == 0
    assert board.is_self_atari(m["a"], BLACK)
    assert board.approxlib(m["b"], WHITE) == 4
    assert board.chainlinks(x) == sorted({board.origin(parse_vertex(v, 7)) for v in ("B6", "C3", "E5")})
    assert board.chainlinks(x, 1) == []
    assert board.same_string(x, parse_vertex("D5", 7)) and not board.same_string(x, parse_vertex("B6", 7))
    assert board.is_suicide(m["a"], BLACK)
    assert snapshot(board) == before


def test_accuratelib_counts_captures() -> None:
    board, m = board_from_diagram(
        """
        . . . . .
        . . . . .
        . X O . .
        X O a O .
        . X O . .
        """
    )
    b2 = parse_vertex("B2", 5)
    assert board.approxlib(m["a"], BLACK) == 0  # no empty neighbour, no friend
    assert board.accuratelib(m["a"], BLACK) == 1  # but it captures B2 and gets its point
    assert board.is_self_atari(m["a"], BLACK)
    assert board.is_ko(m["a"], BLACK) == b2
    assert not board.is_suicide(m["a"], BLACK)
    board.play(m["a"], BLACK)
    assert board.ko == b2 and not board.is_legal(b2, WHITE)


def test_a_stone_thrown_away_stands_in_atari_and_captures_nothing() -> None:
    board, m = board_from_diagram(
        """
        . . . . . . .
        . . . . . . .
        X . . . . . .
        O X . . . . .
        b O . . . . .
        O . . . . . O
        a . . . . O c
        """
    )
    # a: one liberty, nothing taken. b: one liberty, but it takes A4's stone (a ko at
    # worst). c: no liberty, nothing taken (suicide). E5: four liberties.
    assert board.throws_away(m["a"], BLACK) and not board.is_suicide(m["a"], BLACK)
    assert not board.throws_away(m["b"], BLACK) and board.is_self_atari(m["b"], BLACK)
    assert board.throws_away(m["c"], BLACK) and board.is_suicide(m["c"], BLACK)
    assert not board.throws_away(parse_vertex("E5", 7), BLACK)


def test_illegal_moves_leave_the_state_exactly_as_it_was() -> None:
    board, m = board_from_diagram(
        """
        . X . .
        X . . .
        . . O .
        . . . .
        """
    )
    board.play(parse_vertex("D1", 4), BLACK)
    before = (snapshot(board), list(board.history), board.undo_depth)
    cases: list[tuple[int, int, type[Exception], str]] = [
        (parse_vertex("B4", 4), WHITE, IllegalMove, "occupied"),
        (parse_vertex("A4", 4), WHITE, IllegalMove, "suicide"),
        (10_000, BLACK, InvalidVertex, "off the 4x4 board"),
        (-5, BLACK, InvalidVertex, "off the 4x4 board"),
        (parse_vertex("A1", 4), 7, IllegalMove, "colour"),
    ]
    for p, c, error, message in cases:
        with pytest.raises(error, match=message):
            board.play(p, c)
        assert (snapshot(board), list(board.history), board.undo_depth) == before
    with pytest.raises(BoardSizeError):
        Board(26)
    with pytest.raises(BoardSizeError):
        Board(0)


def test_game_undo_and_reading_stack_are_separate() -> None:
    board = Board(9)
    board.play(parse_vertex("E5", 9), BLACK)
    assert board.stackp == 0 and board.undo_depth == 1
    assert board.trymove(parse_vertex("D5", 9), WHITE)
    assert board.stackp == 1
    with pytest.raises(IllegalMove):
        board.play(parse_vertex("A1", 9), BLACK)
    with pytest.raises(UndoError):
        board.undo()
    board.popgo()
    with pytest.raises(UndoError):
        board.popgo()
    assert board.undo() == (BLACK, parse_vertex("E5", 9))
    with pytest.raises(UndoError):
        board.undo()
    assert board.hash == 0


def test_pass_clears_ko_and_is_undone() -> None:
    board, m = board_from_diagram(
        """
        . . . . .
        . X O . .
        X a X O .
        . X O . .
        . . . . .
        """
    )
    board.play(m["a"], WHITE)
    ko_hash = board.hash
    board.play(PASS, BLACK)
    assert board.ko == NO_POINT and board.hash != ko_hash
    board.undo()
    assert board.ko == parse_vertex("C3", 5) and board.hash == ko_hash


def test_positional_superko_when_enabled() -> None:
    # White takes the ko; after two passes simple ko allows black to retake, but that
    # recreates the starting position, which positional superko forbids.
    diagram = """
        . . . . .
        . X O . .
        X a X O .
        . X O . .
        . . . . .
        """
    board, m = board_from_diagram(diagram, superko=True)
    c3 = parse_vertex("C3", 5)
    board.play(m["a"], WHITE)  # white takes
    board.play(PASS, BLACK)
    board.play(PASS, WHITE)  # ko ban lifted by the passes
    assert not board.is_legal(c3, BLACK)
    with pytest.raises(IllegalMove, match="superko"):
        board.play(c3, BLACK)
    plain, m2 = board_from_diagram(diagram)
    plain.play(m2["a"], WHITE)
    plain.play(PASS, BLACK)
    plain.play(PASS, WHITE)
    assert plain.is_legal(c3, BLACK)


def test_setup_removes_strings_without_liberties() -> None:
    board = Board(3)
    board.setup(black=[parse_vertex("A1", 3)], white=[parse_vertex("A2", 3), parse_vertex("B1", 3)])
    assert board.color(parse_vertex("A1", 3)) == EMPTY
    assert board_errors(board) == []


def test_edge_distance_of_every_point() -> None:
    board = Board(19)
    assert board.edge[parse_vertex("A1", 19)] == 0 and board.edge[parse_vertex("T19", 19)] == 0
    assert board.edge[parse_vertex("B3", 19)] == 1 and board.edge[parse_vertex("C17", 19)] == 2
    assert board.edge[parse_vertex("K10", 19)] == 9 and board.edge[parse_vertex("R10", 19)] == 2
    assert board.edge[0] == -1 and max(board.edge) == 9
    small = Board(5)
    assert sorted(small.edge[p] for p in small.points) == [0] * 16 + [1] * 8 + [2]


@given(st.sets(st.integers(min_value=0, max_value=1023), max_size=6))
def test_sorted_points_orders_a_set_as_sorted_does(points: set[int]) -> None:
    assert sorted_points(points) == sorted(points)
