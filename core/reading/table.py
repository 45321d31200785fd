"""The transposition table: the result of every reading node, for the position being read.

A reader keys an entry by what decides its result: the Zobrist hash (ko point included),
the routine, the target, the komaster state and the depth (packed into one number by
`situation`), and a third number for anything else (a goal). With the depth in the key
a cached result is exactly what the search would compute again, so reading with and
without the table agrees. Each entry keeps the nodes its search cost, so a reader can
count a hit as the work it saves. The table has a budget in megabytes, is emptied when
full, and its owner empties it when the position changes.

An entry is one int, code | move << 3 | nodes << 13 (`code_of`, `move_of`, `nodes_of`
take it apart): one object to make, keep and free, where a tuple of three was up to four
(the tuple, and a move and a node count above 256).
"""

from __future__ import annotations

from typing import Final, Hashable

# What one entry costs in CPython at most (key, entry and the dict's share), measured with
# tracemalloc on tables filled by tactical reading: 196 to 224 bytes, the most just after
# the dict has grown, when its slots are emptiest (tests/reading/test_search.py)
ENTRY_BYTES: Final = 230

Key = Hashable  # (hash, situation, anything else the result depends on): a reader builds it
# once, typed Key, so that compiled code makes one tuple for the lookup and the store
Entry = int  # code (< 8) | move (a point, < 1024) << 3 | nodes the search cost << 13
MOVE_SHIFT: Final = 3
NODES_SHIFT: Final = 13


def code_of(entry: Entry) -> int:
    """The result code an entry holds."""
    return entry & 7


def move_of(entry: Entry) -> int:
    """The move an entry holds."""
    return (entry >> MOVE_SHIFT) & 1023


def nodes_of(entry: Entry) -> int:
    """The nodes the entry's search cost."""
    return entry >> NODES_SHIFT


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
        """The cached entry (code, move, nodes the search cost), if any."""
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
        self.table[key] = code | move << MOVE_SHIFT | nodes << NODES_SHIFT
        self.stores += 1

    def clear(self) -> None:
        """Forget everything (a new position)."""
        self.table.clear()

    def __len__(self) -> int:
        return len(self.table)
