"""Regions: the connected areas a colour's strings enclose, as eye spaces and Benson's
algorithm both see them."""

from __future__ import annotations

from typing import Callable

from core.board.board import Board
from core.board.color import BORDER


def flood(board: Board, start: int, passable: Callable[[int], bool], owner: int,
          seen: set[int]) -> tuple[list[int], set[int], bool]:
    """The region through start: its points (those passable, reached from start), the
    origins of owner's strings beside it, and whether any other stone touches it. The
    points are added to seen."""
    b = board.board
    points: list[int] = []
    borders: set[int] = set()
    touches = False
    seen.add(start)
    todo = [start]
    while todo:
        p = todo.pop()
        points.append(p)
        for q in board.nbrs[p]:
            c = b[q]
            if c == BORDER:
                continue
            if passable(q):
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
            elif c == owner:
                borders.add(board.origin(q))
            else:
                touches = True
    return points, borders, touches
