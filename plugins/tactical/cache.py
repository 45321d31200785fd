"""Reading caches: the transposition table and the persistent reading cache.

The transposition table remembers the result of every reading node, keyed by the
Zobrist hash (ko point included) with the routine, the target string, the komaster
state and the stack depth. The depth is part of the key because reading cuts off by
depth: keyed this way a cached result is exactly what the search would compute again,
so reading with and without the table agrees. It has a fixed budget of entries (set
in megabytes) and is cleared at each new move, or when full.

The persistent cache keeps the most expensive top-level results from move to move.
Each entry remembers its active area (the reading shadow — every point played or tried
— expanded by one step, plus the strings it touches and their liberties) and the colours
there; it is used only while the board is unchanged in that area, and dropped when a
stone lands in it. When full, the least useful entry goes: usefulness is the nodes the
reading cost, times one plus the times it was used.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from core.board.board import Board
from core.board.color import EMPTY

ENTRY_BYTES = 160  # what one table entry costs in CPython, measured with tracemalloc


class TranspositionTable:
    """Reading results by (hash, routine, target, komaster, kom_pos, stackp)."""

    def __init__(self, megabytes: float = 32.0) -> None:
        self.capacity = int(megabytes * 1_000_000 / ENTRY_BYTES)
        self.table: dict[tuple[int, int, int, int, int, int], tuple[int, int, int]] = {}  # code, move, nodes
        self.hits = self.stores = self.clears = 0

    def get(self, key: tuple[int, int, int, int, int, int]) -> tuple[int, int, int] | None:
        """The cached (code, move, nodes the search cost), if any."""
        found = self.table.get(key)
        if found is not None:
            self.hits += 1
        return found

    def put(self, key: tuple[int, int, int, int, int, int], value: tuple[int, int, int]) -> None:
        """Remember a result; a full table is cleared first."""
        if not self.capacity:
            return
        if len(self.table) >= self.capacity:
            self.table.clear()
            self.clears += 1
        self.table[key] = value
        self.stores += 1

    def clear(self) -> None:
        """Forget everything (at each new move)."""
        self.table.clear()


@dataclass
class PersistentEntry:
    """One cached top-level result and where it is valid."""

    routine: int
    target: int
    area: tuple[int, ...]
    colors: tuple[int, ...]
    ko: int
    result: tuple[int, int]
    nodes: int
    used: int = 0

    @property
    def score(self) -> int:
        """How useful the entry is: what it cost, times the times it was used (plus one)."""
        return self.nodes * (1 + self.used)


@dataclass
class PersistentCache:
    """Expensive top-level reading results kept from move to move."""

    size: int = 100
    min_nodes: int = 30
    debug: bool = False
    entries: list[PersistentEntry] = field(default_factory=list)
    hits: int = 0
    invalidations: int = 0

    def lookup(self, board: Board, routine: int, target: int) -> tuple[int, int, int] | None:
        """The cached (code, move, nodes) for this routine and string, if its area is unchanged."""
        b = board.board
        for e in self.entries:
            if e.routine != routine or e.target != target:
                continue
            if all(b[p] == c for p, c in zip(e.area, e.colors)) and (board.ko == e.ko or (
                    board.ko not in e.area and e.ko not in e.area)):
                e.used += 1
                self.hits += 1
                if self.debug:
                    print(f"persistent cache: hit routine {routine} target {target} ({e.nodes} nodes saved)",
                          file=sys.stderr)
                return e.result[0], e.result[1], e.nodes
        return None

    def store(self, board: Board, routine: int, target: int, result: tuple[int, int], nodes: int,
              shadow: set[int]) -> None:
        """Keep a result worth keeping, with the active area of its reading shadow."""
        if nodes < self.min_nodes or self.size <= 0:
            return
        area = active_area(board, target, shadow)
        entry = PersistentEntry(routine, target, area, tuple(board.board[p] for p in area), board.ko, result, nodes)
        if len(self.entries) >= self.size:
            worst = min(range(len(self.entries)), key=lambda i: self.entries[i].score)
            if self.entries[worst].score >= entry.score:
                return
            del self.entries[worst]
        self.entries.append(entry)

    def moved(self, points: set[int]) -> None:
        """A game move changed these points: drop every entry whose area holds one."""
        keep = []
        for e in self.entries:
            if points.isdisjoint(e.area):
                keep.append(e)
            else:
                self.invalidations += 1
                if self.debug:
                    print(f"persistent cache: invalidated routine {e.routine} target {e.target}", file=sys.stderr)
        self.entries = keep

    def clear(self) -> None:
        """Forget everything (a new game or position)."""
        self.entries.clear()


def active_area(board: Board, target: int, shadow: set[int]) -> tuple[int, ...]:
    """The reading shadow and the target, one step around them, with every string touched
    and its liberties: where a change could change the result."""
    b = board.board
    area = set(shadow)
    area.update(board.findstones(target))
    for p in list(area):
        area.update(q for q in board.nbrs[p] if b[q] != 3)
    for p in list(area):
        if b[p] != EMPTY and b[p] != 3:
            s = board.string(p)
            area.update(s.stones)
            area.update(s.libs)
    return tuple(sorted(p for p in area if b[p] != 3))
