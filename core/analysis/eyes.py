"""Eye spaces: empty regions (and the points of dead enemy stones in them) enclosed by one
colour, and a static count of the eyes they are worth.

This is the terminal-position view (GNU Go's optics before owl reads it): a region of
one or two points is one eye unless the point is a false eye; a long enough region is
two; in between depends on shape and who moves first, so it counts as one and a half.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.board.board import Board
from core.board.color import BORDER, EMPTY


@dataclass
class EyeSpace:
    """A region enclosed by stones of `color` (maybe holding dead enemy stones)."""

    color: int
    points: list[int]
    borders: set[int]  # origins of the enclosing strings
    eyes: float  # 0, 1, 1.5 or 2
    vital: int  # a point that decides the count in the 1.5 case, else 0


def eye_spaces(board: Board, dead: set[int], max_size: int = 12) -> list[EyeSpace]:
    """Every region of at most max_size points enclosed by a single colour.

    `dead` holds stones judged dead; they count as part of the space of their captor.
    """
    b = board.board
    seen: set[int] = set()
    out: list[EyeSpace] = []
    for p in board.points:
        if p in seen or (b[p] != EMPTY and p not in dead):
            continue
        region: list[int] = []
        todo = [p]
        seen.add(p)
        colors: set[int] = set()
        borders: set[int] = set()
        while todo:
            q = todo.pop()
            region.append(q)
            for r in board.nbrs[q]:
                c = b[r]
                if c == BORDER:
                    continue
                if c == EMPTY or r in dead:
                    if r not in seen:
                        seen.add(r)
                        todo.append(r)
                else:
                    colors.add(c)
                    borders.add(board.origin(r))
        # colors holds only live stones; dead stones inside must be the other colour's
        if len(colors) == 1 and len(region) <= max_size:
            color = next(iter(colors))
            if all(b[x] == 3 - color for x in region if b[x] != EMPTY):
                eyes, vital = _count(board, sorted(region), color)
                out.append(EyeSpace(color, sorted(region), borders, eyes, vital))
    return out


def _count(board: Board, region: list[int], color: int) -> tuple[float, int]:
    n = len(region)
    if n <= 2:
        if n == 1 and is_false_eye(board, region[0], color):
            return 0.5, region[0]
        return 1.0, 0
    inside = set(region)
    degree = {p: sum(1 for q in board.nbrs[p] if q in inside) for p in region}
    centre = max(region, key=lambda p: (degree[p], -p))
    if n == 3:
        return (1.5, centre) if degree[centre] == 2 else (1.0, 0)
    if n in (4, 5, 6):
        # a straight or bent line of 4 lives; a square four, a pyramid four and the
        # bulky five/rabbity six have one vital point (nakade shapes)
        if degree[centre] >= 3 or n == 4 and all(d == 2 for d in degree.values()):
            return 1.5, centre if degree[centre] >= 3 else 0
        return 2.0, 0
    return 2.0, 0


def is_false_eye(board: Board, p: int, color: int) -> bool:
    """True if the one-point eye at p is false: too many diagonals are the opponent's."""
    b = board.board
    w = board.stride
    enemy = 0
    edge = False
    for q in (p - w - 1, p - w + 1, p + w - 1, p + w + 1):
        c = b[q] if 0 <= q < len(b) else BORDER
        if c == BORDER:
            edge = True
        elif c == 3 - color:
            enemy += 1
    return enemy >= 2 or (edge and enemy >= 1)
