"""Positions on the wire: Position <-> msgpack bytes, exact and versioned."""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.board import Board
from core.board.boardcheck import board_errors, snapshot
from core.board.color import BLACK, WHITE
from core.board.diagram import board_from_diagram
from core.board.playout import random_game
from core.board.position import FORMAT_VERSION, Position
from core.errors import PositionFormatError


@settings(max_examples=30, deadline=None)
@given(size=st.sampled_from([1, 2, 5, 9, 13, 19, 25]), seed=st.integers(0, 1 << 30), moves=st.integers(0, 150))
def test_pack_unpack_round_trip(size: int, seed: int, moves: int) -> None:
    board = Board(size)
    random_game(board, moves, random.Random(seed))
    pos = Position.from_board(board, to_move=WHITE, komi=6.5)
    again = Position.unpack(pos.pack())
    assert again == pos
    rebuilt = again.to_board()
    assert board_errors(rebuilt) == []
    assert rebuilt.board == board.board and rebuilt.hash == board.hash
    assert rebuilt.captures == board.captures and again.move_points() == board.history
    assert snapshot(rebuilt) == snapshot(board)


def test_ko_survives_the_wire() -> None:
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
    rebuilt = Position.unpack(Position.from_board(board, BLACK).pack()).to_board()
    assert rebuilt.ko == board.ko and rebuilt.ko_color == BLACK
    assert not rebuilt.is_legal(board.ko, BLACK)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xc1",
        msgpack.packb([FORMAT_VERSION + 1, 9]),
        msgpack.packb({"v": 1}),
        msgpack.packb([FORMAT_VERSION, 9, b"\x00" * 80, 1, 0.0, -1, 0, [0, 0], []]),
        msgpack.packb([FORMAT_VERSION, 30, b"\x00" * 900, 1, 0.0, -1, 0, [0, 0], []]),
        msgpack.packb([FORMAT_VERSION, 9, b"\x05" * 81, 1, 0.0, -1, 0, [0, 0], []]),
    ],
)
def test_bad_bytes_raise_position_format_error(data: bytes) -> None:
    with pytest.raises(PositionFormatError):
        Position.unpack(data)
