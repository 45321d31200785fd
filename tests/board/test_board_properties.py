"""Property tests: random legal games keep strings, liberties and the hash exact, and
popgo/undo restore the earlier state exactly."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.board import Board
from core.board.boardcheck import board_errors, snapshot
from core.board.color import BLACK, EMPTY, WHITE
from core.board.coords import PASS
from core.board.hashing import hash_of
from core.board.playout import random_game

SIZES = st.sampled_from([1, 2, 3, 4, 5, 7, 9, 13, 19])


@settings(max_examples=60, deadline=None)
@given(size=SIZES, choices=st.lists(st.integers(0, 1 << 20), max_size=150), suicide=st.booleans())
def test_trymove_popgo_sequences_stay_exact(size: int, choices: list[int], suicide: bool) -> None:
    board = Board(size, allow_suicide=suicide)
    saved: list[tuple[object, ...]] = []
    for ch in choices:
        if saved and ch % 4 == 0:
            board.popgo()
            assert snapshot(board) == saved.pop()
        else:
            empties = board.empty_points() + [PASS]
            p = empties[(ch >> 3) % len(empties)]
            color = BLACK if ch & 2 else WHITE
            before = snapshot(board)
            pushed = board.tryko(p, color) if ch & 1 else board.trymove(p, color)
            if pushed:
                saved.append(before)
            else:
                assert snapshot(board) == before
        assert board.stackp == len(saved)
        assert board_errors(board) == []
    while saved:
        board.popgo()
        assert snapshot(board) == saved.pop()
    assert board.hash == 0 and board.captures == [0, 0, 0]


@settings(max_examples=40, deadline=None)
@given(size=SIZES, seed=st.integers(0, 1 << 30), moves=st.integers(0, 200))
def test_game_play_and_undo_restore_every_state(size: int, seed: int, moves: int) -> None:
    board = Board(size)
    rng = random.Random(seed)
    states = [snapshot(board)]
    color = BLACK
    from core.board.playout import random_move

    for _ in range(moves):
        p = random_move(board, color, rng)
        board.play(p, color)
        assert board_errors(board) == []
        states.append(snapshot(board))
        color = 3 - color
    while board.undo_depth:
        board.undo()
        states.pop()
        assert snapshot(board) == states[-1]
        assert board_errors(board) == []


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1 << 30), size=st.sampled_from([5, 9, 19]))
def test_hash_does_not_depend_on_move_order(seed: int, size: int) -> None:
    # Stones placed in two different orders (no captures possible: stones far apart on a
    # sparse lattice) reach the same position and must hash alike.
    rng = random.Random(seed)
    board = Board(size)
    lattice = [p for p in board.points if (p % board.stride) % 2 == 0 and (p // board.stride) % 2 == 1]
    chosen = rng.sample(lattice, min(len(lattice), 8))
    colors = [rng.choice((BLACK, WHITE)) for _ in chosen]
    first, second = Board(size), Board(size)
    for p, c in zip(chosen, colors):
        assert first.trymove(p, c)
    for p, c in reversed(list(zip(chosen, colors))):
        assert second.trymove(p, c)
    assert first.hash == second.hash == hash_of(size, first.board, first.ko)
    assert first.board == second.board


def test_hash_tables_are_the_same_in_every_process() -> None:
    import subprocess
    import sys

    code = "from core.board.board import Board; b = Board(9); b.play(40, 1); b.play(41, 2); print(b.hash)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    board = Board(9)
    board.play(40, BLACK)
    board.play(41, WHITE)
    assert int(out) == board.hash


def test_random_playouts_end_with_a_consistent_board() -> None:
    for size in (9, 19):
        board = Board(size)
        played = random_game(board, 2 * size * size, random.Random(size))
        assert played > size * size // 2
        assert board_errors(board) == []


def _libs_by_flood(board: Board, p: int, color: int) -> int:
    """The liberties a stone of color at empty p would have, captures aside, point by point."""
    stones, todo, libs = {p}, [p], set()
    while todo:
        for q in board.nbrs[todo.pop()]:
            c = board.board[q]
            if c == color and q not in stones:
                stones.add(q)
                todo.append(q)
            elif c == EMPTY and q != p:
                libs.add(q)
    return len(libs)


@settings(max_examples=60, deadline=None)
@given(size=SIZES, seed=st.integers(0, 1 << 30), moves=st.integers(0, 150))
def test_approxlib_counts_the_joined_strings_liberties(size: int, seed: int, moves: int) -> None:
    board = Board(size)
    rng = random.Random(seed)
    from core.board.playout import random_move

    color = BLACK
    for _ in range(moves):
        board.play(random_move(board, color, rng), color)
        color = 3 - color
    for p in board.empty_points():
        for c in (BLACK, WHITE):
            exact = _libs_by_flood(board, p, c)
            assert board.approxlib(p, c) == exact
            for cap in (1, 2, 3, 4, 5):
                assert board.approxlib(p, c, cap) == min(exact, cap)
