"""Connection distance: how many stones a colour needs to join a string to a goal.

A 0-1 search from the string over the board: an empty point costs one stone, a stone of
our colour costs nothing (we pass through it), an enemy string with one or two liberties
costs as many stones as it has liberties, or one if tactical reading says one move
captures it (we capture it, then pass through); other enemy stones block. The points where the two
searches (from the string and from the goal) meet with the smallest sum are the
connecting points: for the connector they are where to play, for the cutter where to
cut ("the opponent's key point is my key point").
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable

from core.board import Board
from core.color import EMPTY

FAR = 99  # farther than any connection worth reading


Capture = Callable[[int], int]  # enemy string origin -> a move that captures it (0 if none)


def _no_capture(origin: int) -> int:
    return 0


def distances(board: Board, seeds: dict[int, int], color: int, limit: int,
              capture: Capture = _no_capture) -> dict[int, int]:
    """Stones of color needed to reach each point from the seeds (point -> starting cost)."""
    b, sref = board.board, board.sref
    dist = dict(seeds)
    heap = [(d, p) for p, d in seeds.items()]
    heapq.heapify(heap)
    while heap:
        d, p = heapq.heappop(heap)
        if d > dist[p]:
            continue
        for q in board.nbrs[p]:
            c = b[q]
            if c == color:
                step = 0
            elif c == EMPTY:
                step = 1
            elif c == 3 - color and b[p] == c and sref[p] is sref[q]:
                step = 0  # inside an enemy string we are capturing, walking is free
            elif c == 3 - color and capture(sref[q].origin):  # type: ignore[union-attr]
                step = 1  # reading says one move captures it
            elif c == 3 - color and len(sref[q].libs) <= 2:  # type: ignore[union-attr]
                step = len(sref[q].libs)  # type: ignore[union-attr]  # a move per liberty
            else:
                continue
            nd = d + step
            if nd <= limit and dist.get(q, FAR) > nd:
                dist[q] = nd
                heapq.heappush(heap, (nd, q))
    return dist


def string_seeds(board: Board, s: int) -> dict[int, int]:
    """The stones of the string at s, at cost 0."""
    return {p: 0 for p in board.sref[s].stones}  # type: ignore[union-attr]


def area_seeds(board: Board, area: frozenset[int], color: int) -> dict[int, int]:
    """The points of an area: our stones there cost nothing, empty points one stone."""
    b = board.board
    seeds: dict[int, int] = {}
    for p in area:
        if b[p] == color:
            for q in board.sref[p].stones:  # type: ignore[union-attr]
                seeds[q] = 0
        elif b[p] == EMPTY:
            seeds.setdefault(p, 1)
    return seeds


@dataclass
class Gap:
    """The connecting points between a string and a goal, by the stones each needs."""

    total: int  # fewest stones that join them (FAR if none within the limit)
    points: dict[int, int]  # empty point -> stones needed for a path through it

    def within(self, slack: int) -> list[int]:
        """Empty points on paths at most slack stones longer than the shortest, best first."""
        return sorted((p for p, t in self.points.items() if t <= self.total + slack),
                      key=lambda p: (self.points[p], p))

    def direct(self) -> list[int]:
        """Points where one stone joins them (common liberties, captures of a cutting stone)."""
        return sorted(p for p, t in self.points.items() if t == 1)


def gap(board: Board, a: int, goal_seeds: dict[int, int], color: int, limit: int,
        capture: Capture = _no_capture) -> Gap:
    """The connecting points between the string at a and the goal, up to limit stones."""
    known: dict[int, int] = {}

    def captured_by(origin: int) -> int:
        if origin not in known:
            known[origin] = capture(origin)
        return known[origin]

    from_a = distances(board, string_seeds(board, a), color, limit, captured_by)
    from_goal = distances(board, goal_seeds, color, limit, captured_by)
    b = board.board
    points: dict[int, int] = {}
    for p, da in from_a.items():
        if b[p] == EMPTY and p in from_goal:
            t = da + from_goal[p] - 1  # the stone at p is counted from both sides
            if t <= limit:
                points[p] = t
    for p, da in from_a.items():  # an enemy string to capture on the path: play on its liberties
        if b[p] == 3 - color and p in from_goal:
            libs = board.sref[p].libs  # type: ignore[union-attr]
            move = captured_by(board.sref[p].origin)  # type: ignore[union-attr]
            cost = 1 if move else len(libs)
            t = da + from_goal[p] - cost  # its capture is counted from both sides
            for lib in [move] if move else libs:
                if t <= limit and points.get(lib, FAR) > t:
                    points[lib] = t
    return Gap(min(points.values(), default=FAR), points)
