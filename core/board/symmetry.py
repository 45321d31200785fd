"""The eight symmetries of the square board (rotations and reflections): a Go position
means the same in each, so an engine's answer to a turned position, turned back, should
be its answer to the original. `kiai regress --orient K` uses them to measure how much of
a suite's score depends on which corner the positions stand in.

Symmetry k (0 to 7) is built from three bits, applied in this order: bit 4 swaps rows and
columns (the diagonal reflection), bit 1 mirrors left and right, bit 2 mirrors top and
bottom. 0 is the identity.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from core.board.coords import PASS, parse_vertex, point, row_col, vertex
from core.board.sgf import GameRecord
from core.errors import KiaiError

SYMMETRIES: Final = 8
_VERTEX: Final = re.compile(r"\b[A-HJ-Za-hj-z][0-9]{1,2}\b")


def _check(k: int) -> None:
    if not 0 <= k < SYMMETRIES:
        raise KiaiError(f"a symmetry is a number from 0 to {SYMMETRIES - 1}, got {k}")


def turn_point(size: int, p: int, k: int) -> int:
    """The point p lands on under symmetry k (PASS stays PASS)."""
    _check(k)
    if p == PASS:
        return p
    r, c = row_col(size, p)
    if k & 4:
        r, c = c, r
    if k & 1:
        c = size - 1 - c
    if k & 2:
        r = size - 1 - r
    return point(size, r, c)


def inverse(k: int) -> int:
    """The symmetry that undoes k: without the diagonal swap k undoes itself (the two
    mirrors commute); with it, the mirrors trade places."""
    _check(k)
    return k if not k & 4 else 4 | (k & 1) << 1 | (k & 2) >> 1


def unturn_point(size: int, p: int, k: int) -> int:
    """The point that symmetry k takes to p."""
    return turn_point(size, p, inverse(k))


def turn_record(record: GameRecord, k: int) -> GameRecord:
    """The game with every stone, move and setup point turned by symmetry k."""
    _check(k)
    size = record.size

    def pts(points: list[int]) -> list[int]:
        return [turn_point(size, p, k) for p in points]

    steps = [replace(s, black=pts(s.black), white=pts(s.white), empty=pts(s.empty),
                     move=None if s.move is None else (s.move[0], turn_point(size, s.move[1], k)))
             for s in record.steps]
    return replace(record, steps=steps)


def turn_vertices(text: str, size: int, k: int, back: bool = False) -> str:
    """GTP text with every vertex of a size x size board turned by symmetry k (with back,
    by its inverse); other words, and vertices off this board, are left as they are."""
    _check(k)

    def sub(m: re.Match[str]) -> str:
        try:
            p = parse_vertex(m.group(0), size)
        except KiaiError:
            return m.group(0)
        q = unturn_point(size, p, k) if back else turn_point(size, p, k)
        return vertex(size, q)

    return _VERTEX.sub(sub, text)
