"""Connection distance: how many stones a colour needs to join a string to a goal.

Measured in hundredths of a stone (STONE = 100), a shortest-path search from the string:
- a stone of our colour costs nothing (we pass through it);
- an empty point costs a stone, less where the opponent cannot use it: nothing where his
  stone would be suicide, a little where it would be self-atari (a tiger's mouth: "do not
  cut where you will be captured");
- a diagonal step whose two shared points are both empty costs only a little more than
  the stone it lands on: the opponent cannot cut both sides of a diagonal link;
- an enemy string that tactical reading captures in one move costs that move (we capture
  it and pass through); one with up to three liberties costs a move per liberty (a
  cutting string short of liberties is a road, "capture the cutting stones"), less the
  liberty our stone stepping next to it already fills; other enemy stones block.
The points where the searches from the string and from the goal meet with the smallest
sum are the connecting points: for the connector they are where to play, for the cutter
where to cut ("the opponent's key point is my key point").
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Callable, Final

from core.board.board import Board
from core.board.color import EMPTY

STONE: Final = 100  # the unit: one stone
FAR: Final = 99 * STONE  # farther than any connection worth reading
TIGER: Final = 30  # an empty point where the opponent's stone would be captured at once
DIAGONAL: Final = 15  # what a diagonal link costs beyond its stone (a peep forces an answer)
PASSABLE_LIBS: Final = 3  # enemy strings with at most this many liberties can be captured on the road


Capture = Callable[[int], int]  # enemy string origin -> a move that captures it (0 if none)


def _no_capture(origin: int) -> int:
    return 0


def point_cost(board: Board, p: int, color: int) -> int:
    """What the empty point p costs color on a path: a stone, less if the opponent cannot use it."""
    other = 3 - color
    libs = board.accuratelib(p, other, 2)
    if libs == 0:
        return 0  # the opponent cannot play there at all
    if libs == 1 and not board.is_ko(p, other) and not any(
            board.board[q] == color and len(board.sref[q].libs) == 1
            for q in board.nbrs[p]):
        return TIGER  # his stone there would be captured at once, and captures nothing
    return STONE


def distances(board: Board, seeds: dict[int, int], color: int, limit: int,
              capture: Capture = _no_capture, costs: dict[int, int] | None = None) -> dict[int, int]:
    """Cost for color to reach each point from the seeds (point -> starting cost)."""
    b, sref, w = board.board, board.sref, board.stride
    other = 3 - color
    costs = {} if costs is None else costs

    def cost(q: int) -> int:
        c = costs.get(q)
        if c is None:
            c = costs[q] = point_cost(board, q, color)
        return c

    dist = dict(seeds)
    heap = [(d, p) for p, d in seeds.items()]
    heapq.heapify(heap)
    while heap:
        d, p = heapq.heappop(heap)
        if d > dist[p]:
            continue
        steps: list[tuple[int, int]] = []
        for q in board.nbrs[p]:
            c = b[q]
            if c == color:
                steps.append((q, 0))
            elif c == EMPTY:
                steps.append((q, cost(q)))
            elif c == other and b[p] == c and sref[p] is sref[q]:
                steps.append((q, 0))  # inside an enemy string we are capturing, walking is free
            elif c == other and capture(sref[q].origin):
                steps.append((q, STONE))  # reading says one move captures it
            elif c == other and len(sref[q].libs) <= PASSABLE_LIBS:
                n = len(sref[q].libs) - (b[p] == EMPTY)  # our stone at p fills one
                steps.append((q, STONE * n))  # a move per liberty
        if b[p] in (color, EMPTY):
            for dy in (-w, w):
                for dx in (-1, 1):
                    q = p + dy + dx
                    if b[q] in (color, EMPTY) and b[p + dy] == EMPTY and b[p + dx] == EMPTY:
                        steps.append((q, (cost(q) if b[q] == EMPTY else 0) + DIAGONAL))
        for q, step in steps:
            nd = d + step
            if nd <= limit and dist.get(q, FAR) > nd:
                dist[q] = nd
                heapq.heappush(heap, (nd, q))
    return dist


def string_seeds(board: Board, s: int) -> dict[int, int]:
    """The stones of the string at s, at cost 0."""
    return {p: 0 for p in board.sref[s].stones}


def area_seeds(board: Board, area: frozenset[int], color: int) -> dict[int, int]:
    """The points of an area: our stones there cost nothing, empty points one stone."""
    b = board.board
    seeds: dict[int, int] = {}
    for p in area:
        if b[p] == color:
            for q in board.sref[p].stones:
                seeds[q] = 0
        elif b[p] == EMPTY:
            seeds.setdefault(p, STONE)
    return seeds


@dataclass
class Gap:
    """The connecting points between a string and a goal, by what a path through each costs."""

    total: int  # the cheapest join, in hundredths of a stone (FAR if none within the limit)
    points: dict[int, int]  # empty point -> cost of the cheapest path through it
    spoilers: dict[int, frozenset[int]] = field(default_factory=dict)  # capture link -> cutting moves that spoil it
    kos: set[int] = field(default_factory=set)  # links that capture as a ko: the cutter may retake
    bridges: list[int] = field(default_factory=list)  # origins of our strings the road passes through

    def near(self, p: int, slack: int) -> bool:
        """True if p lies on a path at most slack more than the cheapest."""
        return self.points.get(p, FAR) <= self.total + slack

    def within(self, slack: int) -> list[int]:
        """Empty points on paths at most slack more than the cheapest, best first."""
        return sorted((p for p in self.points if self.near(p, slack)), key=lambda p: (self.points[p], p))

    def direct(self) -> list[int]:
        """Points where one stone joins them (common liberties, captures of a cutting stone)."""
        return sorted(p for p, t in self.points.items() if t <= STONE)

    def double_link(self) -> bool:
        """True if two direct points join them and no one cutting move spoils both: a stone
        on one, or beside a liberty of a string the other captures, which may then escape."""
        direct = [p for p in self.direct() if p not in self.kos]
        spoiled = [self.spoilers.get(p, frozenset()) | {p} for p in direct]
        return any(not (spoiled[i] & spoiled[j]) for i in range(len(direct)) for j in range(i))


def gap(board: Board, a: int, goal_seeds: dict[int, int], color: int, limit: int,
        capture: Capture = _no_capture) -> Gap:
    """The connecting points between the string at a and the goal, up to limit (hundredths)."""
    known: dict[int, int] = {}
    costs: dict[int, int] = {}

    def captured_by(origin: int) -> int:
        if origin not in known:
            known[origin] = capture(origin)
        return known[origin]

    from_a = distances(board, string_seeds(board, a), color, limit, captured_by, costs)
    from_goal = distances(board, goal_seeds, color, limit, captured_by, costs)
    b = board.board
    points: dict[int, int] = {}
    spoilers: dict[int, frozenset[int]] = {}
    kos: set[int] = set()
    for p, da in from_a.items():
        if b[p] == EMPTY and p in from_goal and costs[p]:  # no one needs a point he cannot use
            t = da + from_goal[p] - costs[p]  # the point is counted from both sides
            if t <= limit:
                points[p] = t
    seen: set[int] = set()
    for p, da in from_a.items():  # an enemy string to capture on the path: play on its liberties
        s = board.sref[p]
        if b[p] != 3 - color or p not in from_goal or s.origin in seen:
            continue
        seen.add(s.origin)  # walking inside it is free: every stone has the same sum
        libs = s.libs
        move = captured_by(s.origin)
        cost = STONE if move else STONE * len(libs)
        t = da + from_goal[p] - cost  # its capture is counted from both sides
        if t > limit:
            continue
        room = frozenset(q for lib in libs for q in (lib, *board.nbrs[lib])) if len(libs) > 1 else frozenset()
        for lib in [move] if move else libs:
            if points.get(lib, FAR) > t:
                points[lib] = t
                spoilers[lib] = room  # where the cutter gives a string not in atari room to escape
                if board.is_ko(lib, color):
                    kos.add(lib)
    total = min(points.values(), default=FAR)
    for p, da in from_a.items():  # a goal stone reached straight by diagonals
        if b[p] == color and from_goal.get(p) == 0:
            total = min(total, da)
    bridges = {board.sref[p].origin for p, da in from_a.items()
               if b[p] == color and da and from_goal.get(p) and da + from_goal[p] <= total + STONE}
    return Gap(total, points, spoilers, kos, sorted(bridges))
