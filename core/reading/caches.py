"""The caches of one reader kind, kept in step with the real board, within a size in MB.

A reader service owns a transposition table (valid for one position) and a persistent
cache (valid from move to move where its active areas are unchanged). `sync` is called
with every question: when the game position under the reading moves has changed since
the last question, the table is emptied, and (once a question is asked on the real board)
the persistent entries the change touched are dropped.

The engine's `--memory MB` bounds the caches of each process: every reader kind takes its
part of it (`share`), nine tenths for the table, a tenth persistent, and the eye values'
caches and tactical reading's superstring memo take theirs (the MEMORY_SHAREs of
core.analysis.eyeshapes and plugins.tactical.superstring; `part`). At the default the
parts are tactical 128 MB, connection 64, owl 25.6, the eye values 80, the superstrings 22.4.
"""

from __future__ import annotations

from typing import Final, Mapping

from core.board.board import Board
from core.reading.persistent import PersistentCache
from core.reading.table import TranspositionTable


# Megabytes of caches per process, when no --memory is given: the tactical table
# holds some 500,000 entries within its 115 MB. An owl question on a big dragon stores that
# many tactical results and more in one position, and a full table is emptied: at 96 MB
# (188,000 entries) owl.tst read 5.5% more tactical nodes and took 4.7% longer, with the
# same answers; its first 99 tests peaked at 299 MB against 231 (README, Benchmarks). A
# 19x19 self-play at one second a move used the same memory at either size over 200 moves:
# a move's reading there does not fill the table. (The reading caches had 256 MB of their
# own; since the eye values' caches are counted in, the default is 320: the same 217.6 MB
# of reading caches.)
DEFAULT_MEMORY: Final = 320.0


def part(settings: Mapping[str, float], fraction: float) -> float:
    """A fraction of the engine's --memory, in megabytes."""
    return fraction * settings.get("memory", DEFAULT_MEMORY)


def share(settings: Mapping[str, float], fraction: float) -> float:
    """A reader kind's megabytes: its part of the engine's --memory (0 with --hash 0)."""
    if settings.get("hash", 1) == 0:
        return 0.0
    return part(settings, fraction)


class ReadingCaches:
    """A transposition table and a persistent cache that follow the real board."""

    def __init__(self, kind: str, megabytes: float = 32.0, persistent_size: int = 100,
                 min_nodes: int = 30, debug: bool = False) -> None:
        self.table = TranspositionTable(0.9 * megabytes)
        self.persistent = PersistentCache(kind, persistent_size if megabytes else 0, min_nodes, debug,
                                          megabytes=0.1 * megabytes)
        self._last: bytes | None = None  # the real board at the last question asked on it
        self._position: int | None = None  # the game position of the last question

    def sync(self, board: Board) -> None:
        """At a new game position: empty the table; on the real board, drop the persistent
        entries the moves since the last such question touched."""
        if board.base_hash != self._position:
            self._position = board.base_hash
            self.table.clear()
        if board.stackp:
            return
        now = bytes(board.board)
        last = self._last
        if last is not None and last != now:
            if len(last) == len(now):
                self.persistent.moved({p for p in range(len(now)) if last[p] != now[p]})
            else:
                self.persistent.clear()
        self._last = now

    def clear(self) -> None:
        """Forget everything."""
        self.table.clear()
        self.persistent.clear()
        self._last = self._position = None
