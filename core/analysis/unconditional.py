"""Unconditional life (Benson's algorithm): strings that live even if the opponent plays
every move and their owner only passes, and the territory that follows.

A *region* of a colour is a connected set of points holding no stone of that colour (empty
points and enemy stones), enclosed by its strings and the edge. A region is *vital* to
a string that touches it if every empty point of the region is a liberty of that string:
the opponent can never fill the region without first taking the string's last liberty
there. Strings with two vital regions, among regions enclosed only by such strings,
live; the rest are struck out until nothing changes. A vital region of the living strings
is their territory: every empty point in it is a liberty of a living string, so the
opponent can make no eye there, and his stones in it are dead.

Owl reading and scoring take this as a certainty: no reading can change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.analysis.regions import flood
from core.board.board import Board
from core.board.color import BLACK, EMPTY, WHITE


@dataclass
class Unconditional:
    """For each colour: the origins of its unconditionally alive strings, and its
    unconditional territory (empty points and the enemy's dead stones)."""

    alive: dict[int, set[int]] = field(default_factory=dict)  # colour -> string origins
    territory: dict[int, set[int]] = field(default_factory=dict)  # colour -> points

    def status(self, board: Board, p: int) -> str:
        """GNU Go's unconditional_status of a point: alive, dead, black_territory,
        white_territory or undecided."""
        c = board.board[p]
        if c in (BLACK, WHITE):
            if board.origin(p) in self.alive.get(c, set()):
                return "alive"
            if p in self.territory.get(3 - c, set()):
                return "dead"
            return "undecided"
        for color, name in ((BLACK, "black_territory"), (WHITE, "white_territory")):
            if p in self.territory.get(color, set()):
                return name
        return "undecided"

    def dead_stones(self, board: Board) -> set[int]:
        """Stones standing in the other colour's unconditional territory."""
        return {p for color in (BLACK, WHITE) for p in self.territory.get(color, set()) if board.board[p] == 3 - color}


def unconditional(board: Board) -> Unconditional:
    """Unconditional life and territory of both colours."""
    out = Unconditional()
    for color in (BLACK, WHITE):
        out.alive[color], out.territory[color] = _benson(board, color)
    return out


def _regions(board: Board, color: int) -> list[tuple[list[int], set[int]]]:
    """Each region of color: its points and the origins of the strings enclosing it."""
    b = board.board
    seen: set[int] = set()
    out: list[tuple[list[int], set[int]]] = []
    for start in board.points:
        if b[start] == color or start in seen:
            continue
        points, borders, _ = flood(board, start, color, seen, passable_color=3 - color)
        out.append((points, borders))
    return out


def _benson(board: Board, color: int) -> tuple[set[int], set[int]]:
    """The alive strings of color and their territory."""
    b = board.board
    regions = _regions(board, color)
    strings = {s.origin: s for s in board.strings() if s.color == color}
    # vital[i]: the strings region i is vital to
    vital: list[set[int]] = []
    for points, borders in regions:
        empties = [p for p in points if b[p] == EMPTY]
        vital.append({o for o in borders if all(p in strings[o].libs for p in empties)})
    alive = set(strings)
    live_regions = set(range(len(regions)))
    while True:
        live_regions = {i for i in live_regions if regions[i][1] <= alive}
        struck = {o for o in alive if sum(1 for i in live_regions if o in vital[i]) < 2}
        if not struck:
            break
        alive -= struck
    territory = {p for i in live_regions if vital[i] & alive for p in regions[i][0]}
    return alive, territory
