"""Random legal playouts: games of uniformly random legal moves that never fill their own eyes."""

from __future__ import annotations

import random

from core.board.board import Board
from core.board.color import BLACK, EMPTY
from core.board.coords import PASS


def is_own_eye(board: Board, p: int, color: int) -> bool:
    """True if empty p is a one-point eye of color: every neighbour is color or border,
    and the diagonals do not make it false (at most one enemy diagonal, none at the edge)."""
    b = board.board
    if b[p] != EMPTY:
        return False
    for q in board.nbrs[p]:
        if b[q] != color and b[q] != 3:
            return False
    w = board.stride
    bad = 0
    edge = False
    for q in (p - w - 1, p - w + 1, p + w - 1, p + w + 1):
        c = b[q] if 0 <= q < len(b) else 3
        if c == 3:
            edge = True
        elif c == 3 - color:
            bad += 1
    return bad == 0 or (bad == 1 and not edge)


def random_move(board: Board, color: int, rng: random.Random) -> int:
    """A uniformly random legal move for color that does not fill its own eye, or PASS."""
    candidates = board.empty_points()
    rng.shuffle(candidates)
    for p in candidates:
        if not is_own_eye(board, p, color) and board.is_legal(p, color):
            return p
    return PASS


def random_game(board: Board, moves: int, rng: random.Random, color: int = BLACK) -> int:
    """Play up to `moves` random game moves (stopping after two passes); returns moves played."""
    passes = 0
    played = 0
    for _ in range(moves):
        p = random_move(board, color, rng)
        board.play(p, color)
        played += 1
        passes = passes + 1 if p == PASS else 0
        if passes >= 2:
            break
        color = 3 - color
    return played
