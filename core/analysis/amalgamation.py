"""Which worms make one dragon: the ones the opponent cannot cut apart.

Shape settles the sure cases:

- two shared liberties (a bamboo joint, a diagonal with both crossing points empty): cut
  at one, connect at the other;
- worms around one eye space that no living enemy stone touches: the eye joins them;
- worms around dead cutting stones (a dead enemy worm of at most CUTTING_STONES stones,
  or one in atari): capturing them joins them.

A pair with one shared liberty (a tiger's mouth, a hanging connection, a one-point jump,
a diagonal whose other side is taken) is a candidate when the cut there fails at once:
the cutting stone would be captured (it has no liberty, or one and captures nothing, or
the tactical service reads it captured), or the pair meets diagonally around an enemy
stone that can be captured outright ("the cut through a stone in atari is no cut"). The
connection service then reads each candidate: it joins unless the opponent, moving
first, cuts it some other way (a candidate whose cutting stone would have one liberty at
most, between two strings of SAFE_LIBERTIES or more, needs no reading: there is no other
way). Where no service reads or the reading runs out of nodes, the shape decides. Wider
gaps (the knight's move, the two-point jump) and one-point jumps whose cutting stone
would live are left apart: they can be cut, and owl and the valuator weigh them as
separate dragons, as GNU Go does.
"""

from __future__ import annotations

from typing import Callable, Final, Mapping

from core.analysis.eyes import EyeSpace, eye_spaces
from core.analysis.halfeye import Capturable
from core.analysis.worms import Worm, make_worms
from core.board.board import Board
from core.reading.results import WIN

Connected = Callable[[int, int], bool | None]  # (stone, stone): cannot be cut / can / unknown
PAIRS_READ: Final = 48  # candidate pairs read per colour and position
CUTTING_STONES: Final = 2  # a dead enemy worm this small joins what surrounds it
SAFE_LIBERTIES: Final = 4  # strings with this many liberties need no reading beside a plain cut


class Union:
    """Disjoint sets of worm origins; a set's name is its smallest origin."""

    def __init__(self, items: list[int]) -> None:
        self.parent = {x: x for x in items}

    def find(self, x: int) -> int:
        """The name of x's set."""
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def join(self, a: int, b: int) -> None:
        """One set of a's and b's."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def amalgamate(board: Board, worms: Mapping[int, Worm], spaces: list[EyeSpace],
               connected: Connected | None = None, capturable: Capturable | None = None,
               pairs_read: int = PAIRS_READ) -> dict[int, int]:
    """worm origin -> dragon origin (the smallest worm origin of the dragon)."""
    live = {o for o, wm in worms.items() if not wm.tactically_dead}
    u = Union(sorted(worms))
    _by_shape(board, live, u)
    for space in spaces:  # worms around one closed eye space live together
        owners = sorted(x for x in space.borders if x in live)
        if not space.marginal:
            for x in owners[1:]:
                u.join(owners[0], x)
    for o, wm in worms.items():  # dead cutting stones connect what surrounds them
        if wm.tactically_dead and (wm.size <= CUTTING_STONES or len(board.sref[o].libs) == 1):
            around = sorted({board.origin(q) for p in wm.stones for q in board.nbrs[p]
                             if board.board[q] == 3 - wm.color and board.origin(q) in live})
            for x in around[1:]:
                u.join(around[0], x)
    for color in (1, 2):
        read = 0
        for a, b, g in one_liberty_pairs(board, live, color):
            if u.find(a) == u.find(b) or not _cut_fails(board, worms, a, b, g, capturable):
                continue
            answer = None
            if connected is not None and read < pairs_read and not _plainly_safe(board, a, b, g):
                read += 1
                answer = connected(a, b)
            if answer is None or answer:
                u.join(a, b)
    return {o: u.find(o) for o in worms}


def shape_dragon(board: Board, s: int) -> frozenset[int]:
    """The stones of the dragon through s, amalgamated by shape alone (no reading)."""
    worms = make_worms(board)
    of = amalgamate(board, worms, eye_spaces(board, worms))
    dragon = of[board.origin(s)]
    return frozenset(p for o, d in of.items() if d == dragon for p in worms[o].stones)


def _by_shape(board: Board, live: set[int], u: Union) -> None:
    """Join the pairs that share two liberties: no single cut separates them."""
    b = board.board
    for o in sorted(live):
        s = board.sref[o]
        for lib in s.libs:
            for q in board.nbrs[lib]:
                if b[q] == s.color:
                    other = board.origin(q)
                    if other != o and other in live and len(s.libs & board.sref[q].libs) >= 2:
                        u.join(o, other)


def one_liberty_pairs(board: Board, live: set[int], color: int) -> list[tuple[int, int, int]]:
    """(a, b, the shared liberty) for the living worms of color that share exactly one."""
    b = board.board
    out: list[tuple[int, int, int]] = []
    for o in sorted(live):
        s = board.sref[o]
        if s.color != color:
            continue
        seen: set[int] = set()
        for lib in sorted(s.libs):
            for q in board.nbrs[lib]:
                other = board.origin(q) if b[q] == color else 0
                if other > o and other in live and other not in seen:
                    seen.add(other)
                    shared = s.libs & board.sref[other].libs
                    if len(shared) == 1:
                        out.append((o, other, lib))
    return out


def _plainly_safe(board: Board, a: int, b: int, g: int) -> bool:
    """The cutting stone would have at most one liberty, and both strings have SAFE_LIBERTIES
    or more: no atari on either can start another cut, so there is nothing to read."""
    enemy = 3 - board.board[a]
    if not board.throws_away(g, enemy):  # the cutting stone dies at once
        return False
    return len(board.sref[a].libs) >= SAFE_LIBERTIES and len(board.sref[b].libs) >= SAFE_LIBERTIES


def _cut_fails(board: Board, worms: Mapping[int, Worm], a: int, b: int, g: int,
               capturable: Capturable | None) -> bool:
    """The opponent's cut at g fails at once: his stone there is captured, or a and b meet
    diagonally around an enemy stone that can be captured outright."""
    enemy = 3 - board.board[a]
    if board.throws_away(g, enemy):  # the cutting stone dies at once
        return True
    if capturable is not None and capturable(g, enemy):
        return True
    for p in board.nbrs[g]:
        if board.board[p] != 3 - enemy or board.origin(p) != a:
            continue
        for q in board.nbrs[g]:
            x = p + q - g
            if board.board[q] == 3 - enemy and board.origin(q) == b and x != g \
                    and board.board[x] == enemy and x in board.nbrs[p] and x in board.nbrs[q]:
                w = worms.get(board.origin(x))
                if w is not None and w.attack_code == WIN:
                    return True
    return False
