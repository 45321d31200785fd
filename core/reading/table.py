"""The transposition table: the result of every reading node, for the position being read.

A reader keys an entry by what decides its result: the Zobrist hash (ko point included),
the routine, the target, the komaster state and the depth (packed into one number by
`situation`), and a third number for anything else (a goal). With the depth in the key
a cached result is exactly what the search would compute again, so reading with and
without the table agrees. Each entry keeps the nodes its search cost, so a reader can
count a hit as the work it saves. The table has a budget in megabytes, is emptied when
full, and its owner empties it when the position changes.
"""

from __future__ import annotations

from typing import Final, Hashable

ENTRY_BYTES: Final = 160  # what one entry costs in CPython, measured with tracemalloc

Key = Hashable  # (hash, situation, anything else the result depends on): a reader builds it
# once, typed Key, so that compiled code makes one tuple for the lookup and the store
Entry = tuple[int, int, int]  # code, move, nodes the search cost


def situation(routine: int, target: int, komaster: int, kom_pos: int, depth: int) -> int:
    """The routine (< 8), target and kom_pos (points, < 1024), komaster (< 8) and depth (<
    128) in one number: a key of three small ints is cheaper than a key of seven."""
    return routine | target << 3 | kom_pos << 13 | komaster << 23 | depth << 26


class TranspositionTable:
    """Reading results by key, bounded by a size in megabytes (0 remembers nothing)."""

    def __init__(self, megabytes: float = 32.0) -> None:
        self.capacity = int(megabytes * 1_000_000 / ENTRY_BYTES)
        self.table: dict[Key, Entry] = {}
        self.hits = self.stores = self.clears = 0

    def get(self, key: Key) -> Entry | None:
        """The cached (code, move, nodes the search cost), if any."""
        found = self.table.get(key)
        if found is not None:
            self.hits += 1
        return found

    def put(self, key: Key, code: int, move: int, nodes: int) -> None:
        """Remember a result; a full table is emptied first."""
        if not self.capacity:
            return
        if len(self.table) >= self.capacity:
            self.table.clear()
            self.clears += 1
        self.table[key] = (code, move, nodes)
        self.stores += 1

    def clear(self) -> None:
        """Forget everything (a new position)."""
        self.table.clear()

    def __len__(self) -> int:
        return len(self.table)
