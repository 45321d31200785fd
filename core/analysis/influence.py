"""Influence: territory, moyo and area for both colours, estimated with numpy.

The method is Bouzy's: living stones start at +128 (black) or -128 (white), scaled by
the safety of their dragon; dilations spread a colour into points no enemy value
touches, erosions wear it away where the other side is near. Five dilations then
twenty-one erosions leave solid territory; five and ten leave moyo; four and none give
the area of general influence. Dead stones are removed and count for their captor.

`owner` is the expected ownership of every point in [-1, 1] (positive: Black): 1 for
territory and living stones, 0.5 for moyo, 0.15 for area. Its sum is a score estimate.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Iterable, Mapping

import numpy as np
import numpy.typing as npt

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import point

IntGrid = npt.NDArray[np.int32]
FloatGrid = npt.NDArray[np.float64]

TERRITORY = (5, 21)
MOYO = (5, 10)
AREA = (4, 0)
WEIGHTS = {"territory": 1.0, "moyo": 0.5, "area": 0.15}


@dataclass
class Influence:
    """Bouzy values at the three strengths and the ownership estimate, as N x N grids (row 0 = top)."""

    size: int
    territory: IntGrid
    moyo: IntGrid
    area: IntGrid
    owner: FloatGrid

    def at(self, p: int) -> float:
        """Expected ownership of a board point (positive: Black)."""
        w = self.size + 1
        return float(self.owner[p // w - 1, p % w])

    def score(self, komi: float) -> float:
        """Black's expected area minus White's, minus komi."""
        return float(self.owner.sum()) - komi

    def points(self, kind: str, color: int) -> list[int]:
        """Board points in this colour's territory, moyo or area (kind), stones excluded."""
        grid = {"territory": self.territory, "moyo": self.moyo, "area": self.area}[kind]
        sign = 1 if color == BLACK else -1
        rows, cols = np.nonzero(grid * sign > 0)
        return sorted(point(self.size, int(r), int(c)) for r, c in zip(rows, cols))


@functools.cache
def _onboard_neighbours(size: int) -> IntGrid:
    ones = np.pad(np.ones((size, size), dtype=np.int32), 1)
    return (ones[:-2, 1:-1] + ones[2:, 1:-1] + ones[1:-1, :-2] + ones[1:-1, 2:]).astype(np.int32)


def _counts(v: IntGrid) -> tuple[IntGrid, IntGrid]:
    """Per point: number of neighbours with positive value, with negative value."""
    s = np.pad(np.sign(v), 1)
    pos = (s > 0).view(np.int8)
    neg = (s < 0).view(np.int8)
    npos = (pos[:-2, 1:-1] + pos[2:, 1:-1] + pos[1:-1, :-2] + pos[1:-1, 2:]).astype(np.int32)
    nneg = (neg[:-2, 1:-1] + neg[2:, 1:-1] + neg[1:-1, :-2] + neg[1:-1, 2:]).astype(np.int32)
    return npos, nneg


def _dilate(v: IntGrid) -> IntGrid:
    npos, nneg = _counts(v)
    return v + np.where((v >= 0) & (nneg == 0), npos, 0) - np.where((v <= 0) & (npos == 0), nneg, 0)


def _erode(v: IntGrid, around: IntGrid) -> IntGrid:
    npos, nneg = _counts(v)
    zero = around - npos - nneg
    return np.where(v > 0, np.maximum(v - nneg - zero, 0), np.where(v < 0, np.minimum(v + npos + zero, 0), 0))


def bouzy(start: IntGrid, dilations: int, erosions: int) -> IntGrid:
    """Bouzy's dilation/erosion of signed start values."""
    v = start.copy()
    around = _onboard_neighbours(v.shape[0])
    for _ in range(dilations):
        v = _dilate(v)
    for _ in range(erosions):
        v = _erode(v, around)
    return v.astype(np.int32)


def bouzy_all(start: IntGrid) -> tuple[IntGrid, IntGrid, IntGrid]:
    """Territory (5/21), moyo (5/10) and area (4/0) in one pass: they share their dilations."""
    around = _onboard_neighbours(start.shape[0])
    v = start.copy()
    for _ in range(AREA[0]):
        v = _dilate(v)
    area = v
    for _ in range(MOYO[0] - AREA[0]):
        v = _dilate(v)
    for _ in range(MOYO[1]):
        v = _erode(v, around)
    moyo = v
    for _ in range(TERRITORY[1] - MOYO[1]):
        v = _erode(v, around)
    return v.astype(np.int32), moyo.astype(np.int32), area.astype(np.int32)


def grid(board: Board) -> IntGrid:
    """The board's colours as an N x N grid (row 0 = top)."""
    n = board.size
    full = np.asarray(board.board[: (n + 2) * (n + 1)], dtype=np.int32).reshape(n + 2, n + 1)
    return full[1 : n + 1, :n].copy()


def compute_influence(board: Board, dead: Iterable[int] = (), safety: Mapping[int, float] | None = None) -> Influence:
    """Influence of the position with `dead` stones removed and stones scaled by safety (point -> 0..1)."""
    n = board.size
    colors = grid(board)
    sign = np.where(colors == BLACK, 1, np.where(colors == WHITE, -1, 0)).astype(np.int32)
    strength = np.ones((n, n), dtype=np.float64)
    w = n + 1
    dead_mask = np.zeros((n, n), dtype=bool)
    for p in dead:
        dead_mask[p // w - 1, p % w] = True
    if safety:
        for p, s in safety.items():
            strength[p // w - 1, p % w] = max(0.25, min(1.0, s))
    start = np.where(dead_mask, 0, np.rint(sign * 128 * strength)).astype(np.int32)
    territory, moyo, area = bouzy_all(start)
    owner = (WEIGHTS["territory"] * np.sign(territory)
             + np.where(territory == 0, WEIGHTS["moyo"] * np.sign(moyo), 0.0)
             + np.where((territory == 0) & (moyo == 0), WEIGHTS["area"] * np.sign(area), 0.0))
    stones = sign != 0
    owner = np.where(stones & ~dead_mask, sign.astype(np.float64), owner)
    owner = np.where(dead_mask, -sign.astype(np.float64), owner)
    return Influence(n, territory, moyo, area, owner.astype(np.float64))
