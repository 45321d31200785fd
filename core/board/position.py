"""Positions on the wire: an immutable Position that packs to and from msgpack bytes.

This is what crosses a process boundary (never a pickle). Points are row-major indices
on the N x N square (0 = top left, row by row), independent of the board's padded
layout; -1 means "no point" (no ko, or a pass in the move history).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

import msgpack

from core.board.board import Board
from core.board.color import BLACK, EMPTY, WHITE
from core.board.coords import NO_POINT, PASS, check_size, point, row_col
from core.errors import PositionFormatError

FORMAT_VERSION: Final = 1


@dataclass(frozen=True)
class Position:
    """A game position: stones, ko, side to move, komi, captures and move history."""

    size: int
    stones: bytes  # size*size bytes, row-major, values EMPTY / BLACK / WHITE
    to_move: int = BLACK
    komi: float = 0.0
    ko: int = -1  # row-major index of the point the side to move may not retake
    ko_color: int = EMPTY
    captures: tuple[int, int] = (0, 0)  # stones captured by black, by white
    moves: tuple[tuple[int, int], ...] = field(default_factory=tuple)  # (color, index or -1)

    @staticmethod
    def from_board(board: Board, to_move: int = BLACK, komi: float = 0.0) -> Position:
        """The Position of a board at stackp 0 (or the current reading position)."""
        n = board.size
        w = n + 1
        raw = bytes(board.board)
        stones = b"".join(raw[(r + 1) * w : (r + 1) * w + n] for r in range(n))
        return Position(
            size=n,
            stones=stones,
            to_move=to_move,
            komi=komi,
            ko=_index(n, board.ko),
            ko_color=board.ko_color,
            captures=(board.captures[BLACK], board.captures[WHITE]),
            moves=tuple((c, _index(n, p)) for c, p in board.history),
        )

    def to_board(self, **options: bool) -> Board:
        """A new Board holding this position; the move history stays in the Position (no undo)."""
        n = self.size
        board = Board(n, **options)
        colors = list(board.board)
        w = n + 1
        for r in range(n):
            colors[(r + 1) * w : (r + 1) * w + n] = self.stones[r * n : (r + 1) * n]
        board._load(colors, _point(n, self.ko), self.ko_color)
        board.captures = [0, self.captures[0], self.captures[1]]
        return board

    def move_points(self) -> list[tuple[int, int]]:
        """The move history as (color, board point) for a board of this size."""
        return [(c, _point(self.size, i)) for c, i in self.moves]

    def pack(self) -> bytes:
        """The msgpack bytes of this position, with the format version."""
        return msgpack.packb(  # type: ignore[no-any-return]
            [FORMAT_VERSION, self.size, self.stones, self.to_move, self.komi, self.ko,
             self.ko_color, self.captures, self.moves]
        )

    @staticmethod
    def unpack(data: bytes) -> Position:
        """The Position packed in data; PositionFormatError if it is not one."""
        try:
            obj: Any = msgpack.unpackb(data, use_list=False)
        except Exception as e:  # msgpack raises several unrelated types
            raise PositionFormatError(f"not a packed position: {e}") from None
        if not isinstance(obj, tuple) or not obj or obj[0] != FORMAT_VERSION:
            version = obj[0] if isinstance(obj, tuple) and obj else None
            raise PositionFormatError(f"unsupported position format (version {version!r}, expected {FORMAT_VERSION})")
        try:
            _, size, stones, to_move, komi, ko, ko_color, captures, moves = obj
            check_size(size)
            pos = Position(size, stones, to_move, float(komi), ko, ko_color, (captures[0], captures[1]), moves)
        except Exception as e:
            raise PositionFormatError(f"malformed packed position: {e}") from None
        if (not isinstance(stones, bytes) or len(stones) != size * size or max(stones, default=0) > WHITE
                or to_move not in (BLACK, WHITE) or not -1 <= ko < size * size):
            raise PositionFormatError("malformed packed position: fields out of range")
        return pos


def _index(size: int, p: int) -> int:
    if p == NO_POINT or p == PASS:
        return -1
    r, c = row_col(size, p)
    return r * size + c


def _point(size: int, index: int) -> int:
    return NO_POINT if index < 0 else point(size, index // size, index % size)
