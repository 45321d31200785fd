"""Zobrist hashing: 62-bit keys for stones and the ko point, the same in every process.

The tables come from a fixed seed, so a worker process and the engine hash a position
alike. The hash of a position is the XOR of the keys of its stones and of its ko point
(if any); it does not depend on the order of the moves that reached it. The side to move
is not part of the hash: callers that care (reading caches) key on it separately.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Final, Sequence

from core.board.color import BLACK, WHITE
from core.board.coords import array_length

SEED: Final = 0x4B1A1_5EED
# 62 bits: compiled (mypyc) code keeps integers below 2**62 unboxed, so hashing a move
# allocates nothing; two positions still collide once in 4.6e18.
KEY_BITS: Final = 62


@dataclass(frozen=True)
class ZobristTable:
    """Random keys for one board size: stone[color][p] and ko[p]; index 0 keys are zero."""

    stone: tuple[list[int], list[int], list[int]]
    ko: list[int]


@functools.cache
def zobrist_table(size: int) -> ZobristTable:
    """The Zobrist keys of a board size, generated from the fixed seed."""
    rng = random.Random(SEED * 31 + size)
    n = array_length(size)
    black = [rng.getrandbits(KEY_BITS) for _ in range(n)]
    white = [rng.getrandbits(KEY_BITS) for _ in range(n)]
    ko = [rng.getrandbits(KEY_BITS) for _ in range(n)]
    black[0] = white[0] = ko[0] = 0
    return ZobristTable(stone=([0] * n, black, white), ko=ko)


def hash_of(size: int, colors: Sequence[int], ko: int) -> int:
    """The Zobrist hash of a point array and ko point, computed from scratch."""
    table = zobrist_table(size)
    h = table.ko[ko]
    black, white = table.stone[BLACK], table.stone[WHITE]
    for p, c in enumerate(colors):
        if c == BLACK:
            h ^= black[p]
        elif c == WHITE:
            h ^= white[p]
    return h
