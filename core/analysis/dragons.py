"""Dragons: strings of one colour that live or die together, with a status and a safety.

Two worms of a colour join when the opponent cannot simply cut them: they share two
liberties (a double connection such as the bamboo joint), they touch diagonally with both
crossing points empty (cut one side, connect on the other), they are a one-point jump
apart with nothing of the enemy beside the gap, they share an eye, or the stones between
them are tactically dead. The status is a static judgement, refined by readers (owl) when
a plugin provides one: ALIVE with two eyes or enough room, DEAD when enclosed without an
eye, CRITICAL in between, UNKNOWN while the dragon can still run.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Callable

from core.analysis.eyes import EyeSpace
from core.analysis.influence import Influence
from core.analysis.worms import Worm
from core.board.board import Board
from core.board.color import EMPTY


class Status(IntEnum):
    """Life-and-death status of a dragon (or worm)."""

    UNKNOWN = 0
    ALIVE = 1
    DEAD = 2
    CRITICAL = 3


SAFETY = {Status.ALIVE: 1.0, Status.DEAD: 0.0, Status.CRITICAL: 0.35, Status.UNKNOWN: 0.6}


@dataclass
class Dragon:
    """A dragon: its worms, stones, eyes, room to run, status and safety (0 dead .. 1 alive)."""

    origin: int
    color: int
    worms: list[int]
    stones: int
    liberties: int = 0
    eyes: float = 0.0
    escape: int = 0
    territory: int = 0
    status: Status = Status.UNKNOWN
    safety: float = 0.6
    vital: list[int] = field(default_factory=list)  # eye vital points
    attack_point: int = 0  # set by readers that can kill it (owl)
    defense_point: int = 0  # set by readers that can save it


class _Union:
    def __init__(self, items: list[int]) -> None:
        self.parent = {x: x for x in items}

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def join(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def amalgamate(board: Board, worms: dict[int, Worm], spaces: list[EyeSpace]) -> dict[int, int]:
    """worm origin -> dragon origin (the smallest worm origin of the dragon)."""
    b = board.board
    w = board.stride
    live = {o for o, wm in worms.items() if not wm.tactically_dead}
    u = _Union(sorted(worms))
    for o in sorted(live):
        s = board.sref[o]
        color = s.color
        libs = s.libs
        for lib in libs:  # shared liberties and one-point jumps
            for q in board.nbrs[lib]:
                if b[q] == color and board.origin(q) != o:
                    other = board.origin(q)
                    if other in live and len(libs & board.sref[q].libs) >= 2:
                        u.join(o, other)
            # lib is the gap of a one-point jump along a line (step d) if stones of this
            # colour stand on both sides of it and no enemy stone is beside it (step side)
            for d, side in ((1, w), (w, 1)):
                a, c = lib - d, lib + d
                if b[a] == color and b[c] == color and b[lib - side] != 3 - color and b[lib + side] != 3 - color:
                    oa, oc = board.origin(a), board.origin(c)
                    if oa in live and oc in live:
                        u.join(oa, oc)
        for p in s.stones:  # diagonals with both crossing points empty
            for dq, x1, x2 in ((-w - 1, -w, -1), (-w + 1, -w, 1), (w - 1, w, -1), (w + 1, w, 1)):
                q = p + dq
                if b[q] == color and b[p + x1] == EMPTY and b[p + x2] == EMPTY:
                    oq = board.origin(q)
                    if oq in live:
                        u.join(o, oq)
    for space in spaces:  # worms around one eye live together
        owners = sorted(x for x in space.borders if x in live)
        for x in owners[1:]:
            u.join(owners[0], x)
    for o, wm in worms.items():  # a dead cutting stone connects what surrounds it
        if wm.tactically_dead:
            around = sorted({board.origin(q) for p in wm.stones for q in board.nbrs[p]
                             if b[q] == 3 - wm.color and board.origin(q) in live})
            for x in around[1:]:
                u.join(around[0], x)
    return {o: u.find(o) for o in worms}


def make_dragons(board: Board, worms: dict[int, Worm], spaces: list[EyeSpace], influence: Influence,
                 without: Callable[[list[int]], Influence] | None = None) -> dict[int, Dragon]:
    """Dragons with eyes, escape room, territory, status and safety.

    without(stones) gives the influence with those stones removed: a weak dragon's room
    to run is judged without its own stones, which would otherwise claim their own room.
    """
    of = amalgamate(board, worms, spaces)
    dragons: dict[int, Dragon] = {}
    for o, d in sorted(of.items()):
        wm = worms[o]
        if d not in dragons:
            dragons[d] = Dragon(d, wm.color, [], 0)
        dragons[d].worms.append(o)
        dragons[d].stones += wm.size
    for dragon in dragons.values():
        _judge(board, worms, dragon, spaces, influence, without)
    return dragons


SMALL_DRAGON = 8  # stones: larger dragons are judged against the full influence


def _judge(board: Board, worms: dict[int, Worm], dragon: Dragon, spaces: list[EyeSpace], influence: Influence,
           without: Callable[[list[int]], Influence] | None) -> None:
    members = set(dragon.worms)
    libs: set[int] = set()
    for o in dragon.worms:
        libs |= board.sref[o].libs
    dragon.liberties = len(libs)
    own = [sp for sp in spaces if sp.color == dragon.color and sp.borders & members]
    dragon.eyes = sum(sp.eyes for sp in own)
    dragon.vital = sorted(sp.vital for sp in own if sp.vital)
    sign = 1 if dragon.color == 1 else -1
    if without is not None and dragon.eyes < 2 and dragon.stones <= SMALL_DRAGON:
        influence = without([p for o in dragon.worms for p in worms[o].stones])
    dragon.escape = _escape(board, libs, influence, sign)
    dragon.territory = sum(len(sp.points) for sp in own)
    if all(worms[o].tactically_dead for o in dragon.worms):
        dragon.status = Status.DEAD
    elif dragon.eyes >= 2 or dragon.eyes + dragon.territory / 8 >= 2.5:
        dragon.status = Status.ALIVE
    elif dragon.escape >= 12 or dragon.eyes >= 1.5 and dragon.escape >= 5:
        dragon.status = Status.UNKNOWN if dragon.escape < 25 else Status.ALIVE
    elif dragon.eyes < 1 and dragon.escape < 4 and dragon.liberties < 6:
        # enclosed without an eye; but if reading says a worm of it can still be saved,
        # whoever moves first decides
        unstable = any(worms[o].unstable for o in dragon.worms)
        dragon.status = Status.CRITICAL if unstable else Status.DEAD
    else:
        dragon.status = Status.CRITICAL
    dragon.safety = SAFETY[dragon.status]
    if dragon.status == Status.UNKNOWN:
        dragon.safety = min(0.9, 0.4 + dragon.eyes / 5 + dragon.escape / 60)


def _escape(board: Board, libs: set[int], influence: Influence, sign: int, depth: int = 3) -> int:
    """Empty points within `depth` steps of the dragon's liberties that the enemy does not own."""
    seen = set(libs)
    frontier = deque((p, 0) for p in sorted(libs))
    count = 0
    while frontier:
        p, d = frontier.popleft()
        if influence.at(p) * sign <= -0.5:
            continue
        count += 1
        if d == depth:
            continue
        for q in board.nbrs[p]:
            if q not in seen and board.board[q] == EMPTY:
                seen.add(q)
                frontier.append((q, d + 1))
    return count
