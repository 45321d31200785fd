"""The persistent reading cache: expensive top-level results kept from move to move.

One mechanism, an instance per reader kind (tactical, owl, ...), with a size in megabytes
(an entry's cost is estimated from its area). Each entry keeps its
routine, its inputs (targets and moves, as points), its result, the nodes the reading
cost, and a copy of the board restricted to its *active area*: the points where a change
could change the result. An entry is used only while the board inside its area is as it
was, so a new position (a move, loadsgf, undo) invalidates by itself; `moved` drops the
entries a game move touched, to keep the cache small. A read that stopped at its node
limit or deadline with an answer (owl's root, its later candidates unread) is kept as
incomplete: it answers only a question with no more nodes to spend than it spent, since
one with more reads further. A result made of several reads (owl's checked answers, its
threats, its races) is kept by the node limit its questions read on as well: it answers
only a question with that limit.
When the cache is full, the least useful entry goes: usefulness is the nodes the reading
cost, times one plus the times it was used. The reader computes the area; `string_area`
is the one tactical reading uses (its reading shadow grown one step, with every string
it touches and their liberties).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Final, Iterable

from core.board.board import Board
from core.board.color import BORDER, EMPTY
from core.board.coords import vertex


ENTRY_BYTES: Final = 400  # an entry without its area, in CPython, measured with tracemalloc
POINT_BYTES: Final = 40  # each point of its area (an int in a tuple, and its colour)


@dataclass(slots=True)
class PersistentEntry:
    """One cached top-level result and where it is valid."""

    routine: int
    inputs: tuple[int, ...]
    area: tuple[int, ...]
    colors: bytes  # the board's colours at the area's points when the result was read
    ko: int
    result: tuple[int, ...]
    nodes: int
    complete: bool = True  # False: the read stopped at its node limit or deadline (a later move unread)
    used: int = 0
    limit: int = 0  # the node limit its questions read on, where the caller keys by it (0: not keyed)

    @property
    def score(self) -> int:
        """How useful the entry is: what it cost, times the times it was used (plus one)."""
        return self.nodes * (1 + self.used)

    @property
    def bytes(self) -> int:
        """What the entry costs in memory, about."""
        return ENTRY_BYTES + POINT_BYTES * len(self.area)

    def valid(self, board: Board) -> bool:
        """True while the board inside the area, and the ko where it matters, is unchanged."""
        b = board.board
        if bytes(b[p] for p in self.area) != self.colors:
            return False
        return board.ko == self.ko or (board.ko not in self.area and self.ko not in self.area)


class PersistentCache:
    """Top-level results of one reader kind, valid while their active area is unchanged."""

    def __init__(self, kind: str, size: int = 100, min_nodes: int = 30, debug: bool = False,
                 megabytes: float = 4.0) -> None:
        self.kind = kind
        self.size = size  # entries at most; 0 turns the cache off
        self.budget = int(megabytes * 1_000_000)  # bytes at most
        self.min_nodes = min_nodes  # cheaper results are not worth keeping
        self.debug = debug
        self._entries: dict[tuple[int, tuple[int, ...], int], list[PersistentEntry]] = {}
        self._count = 0
        self._bytes = 0
        self.hits = self.misses = self.stores = self.invalidations = 0

    @property
    def entries(self) -> list[PersistentEntry]:
        """Every entry, oldest first per question."""
        return [e for group in self._entries.values() for e in group]

    def _say(self, board: Board, what: str, routine: int, inputs: tuple[int, ...], extra: str = "",
             limit: int = 0) -> None:
        if self.debug:
            points = " ".join(vertex(board.size, p) for p in inputs)
            on = f" on {limit} nodes" if limit else ""
            print(f"persistent cache ({self.kind}): {what} routine {routine} {points}{on}{extra}", file=sys.stderr)

    def lookup(self, board: Board, routine: int, inputs: tuple[int, ...],
               budget: int | None = None, limit: int = 0) -> PersistentEntry | None:
        """The entry for this routine and inputs (and node limit, where the caller keys by
        it) whose area is unchanged on the board, if any; one read that stopped at its
        node limit or deadline only for a question with no more nodes to spend than it
        spent (budget; None: no limit), so that more nodes read further."""
        if self.size <= 0:
            return None
        for e in self._entries.get((routine, inputs, limit), ()):
            if not e.complete and (budget is None or budget > e.nodes):
                continue
            if e.valid(board):
                e.used += 1
                self.hits += 1
                self._say(board, "hit", routine, inputs, f" ({e.nodes} nodes saved)", limit)
                return e
        self.misses += 1
        self._say(board, "miss", routine, inputs, "", limit)
        return None

    def store(self, board: Board, routine: int, inputs: tuple[int, ...], result: tuple[int, ...], nodes: int,
              area: Iterable[int], complete: bool = True, limit: int = 0) -> None:
        """Keep a result worth keeping, valid while the board inside area stays as it is
        (complete: the read did not stop at its node limit or deadline); a complete one
        replaces the stopped reads of the same question on this board."""
        if nodes < self.min_nodes or self.size <= 0:
            return
        if complete:
            group = self._entries.get((routine, inputs, limit), [])
            stopped = [e for e in group if not e.complete and e.valid(board)]
            for old in stopped:
                self._drop(old)
        points = tuple(sorted(set(area)))
        b = board.board
        entry = PersistentEntry(routine, inputs, points, bytes(b[p] for p in points), board.ko, result, nodes,
                                complete, 0, limit)
        while self._count and (self._count >= self.size or self._bytes + entry.bytes > self.budget):
            worst = min(self.entries, key=lambda e: e.score)
            if worst.score >= entry.score:
                return
            self._drop(worst)
        if entry.bytes > self.budget:
            return
        self._entries.setdefault((routine, inputs, limit), []).append(entry)
        self._count += 1
        self._bytes += entry.bytes
        self.stores += 1
        note = "" if complete else ", stopped at its limit"
        self._say(board, "store", routine, inputs, f" ({nodes} nodes, area of {len(points)} points{note})", limit)

    def _drop(self, entry: PersistentEntry) -> None:
        key = (entry.routine, entry.inputs, entry.limit)
        group = self._entries[key]
        group.remove(entry)
        if not group:
            del self._entries[key]
        self._count -= 1
        self._bytes -= entry.bytes

    def moved(self, points: set[int]) -> None:
        """A game move changed these points: drop every entry whose area holds one."""
        for e in self.entries:
            if not points.isdisjoint(e.area):
                self._drop(e)
                self.invalidations += 1
                if self.debug:
                    print(f"persistent cache ({self.kind}): invalidated routine {e.routine} inputs {e.inputs}",
                          file=sys.stderr)

    def clear(self) -> None:
        """Forget everything (a new game or board size)."""
        self._entries.clear()
        self._count = self._bytes = 0

    @property
    def megabytes(self) -> float:
        """What the entries cost, about."""
        return self._bytes / 1_000_000

    def __len__(self) -> int:
        return self._count


def string_area(board: Board, targets: Iterable[int], shadow: set[int]) -> set[int]:
    """The reading shadow and the target strings, one step around them, with every string
    touched and its liberties: where a change could change a string's reading."""
    b = board.board
    area = set(shadow)
    for t in targets:
        area.update(board.findstones(t))
    for p in list(area):
        area.update(q for q in board.nbrs[p] if b[q] != BORDER)
    for p in list(area):
        if b[p] != EMPTY and b[p] != BORDER:
            s = board.string(p)
            area.update(s.stones)
            area.update(s.libs)
    return {p for p in area if b[p] != BORDER}
