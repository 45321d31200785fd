"""Regions: the connected areas a colour's strings enclose, as eye spaces and Benson's
algorithm both see them."""

from __future__ import annotations

from core.board.board import Board
from core.board.color import BORDER, EMPTY


def flood(board: Board, start: int, owner: int, seen: set[int], passable_color: int = EMPTY,
          through: set[int] | None = None) -> tuple[list[int], set[int], bool]:
    """The region through start: its points (empty, of passable_color, or in through,
    reached from start), the origins of owner's strings beside it, and whether any other
    stone touches it. The points are added to seen."""
    found = small_region(board, start, owner, seen, passable_color, through)
    assert found is not None
    return found


def small_region(board: Board, start: int, owner: int, seen: set[int], passable_color: int = EMPTY,
                 through: set[int] | None = None, limit: int = 0,
                 big: set[int] | None = None) -> tuple[list[int], set[int], bool] | None:
    """flood's region, or None once it holds more than limit points (0: no limit), or
    reaches a point of big: the caller wants small regions only, and open ground is not
    flooded to its end at every node of owl's reading. The points of a region given up
    are added to big (and seen), so that a later start inside it is given up as well."""
    b = board.board
    points: list[int] = []
    borders: set[int] = set()
    touches = False
    seen.add(start)
    todo = [start]
    given_up = False
    while todo and not given_up:
        p = todo.pop()
        points.append(p)
        if limit and len(points) > limit:
            given_up = True
            break
        for q in board.nbrs[p]:
            c = b[q]
            if c == BORDER:
                continue
            if c == EMPTY or c == passable_color or (through is not None and q in through):
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
                elif big is not None and q in big:
                    given_up = True  # part of a region already given up
                    break
            elif c == owner:
                borders.add(board.origin(q))
            else:
                touches = True
    if not given_up:
        return points, borders, touches
    if big is not None:
        big.update(points)
        big.update(todo)
    return None
