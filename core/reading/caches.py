"""The caches of one reader kind, kept in step with the real board.

A reader service owns a transposition table (valid for one position) and a persistent
cache (valid from move to move where its active areas are unchanged). `sync` is called
whenever a question is asked on the real board: if the position changed since the last
question, the table is emptied and the persistent entries the change touched are dropped.
"""

from __future__ import annotations

from core.board.board import Board
from core.reading.persistent import PersistentCache
from core.reading.table import TranspositionTable


class ReadingCaches:
    """A transposition table and a persistent cache that follow the real board."""

    def __init__(self, kind: str, megabytes: float = 32.0, persistent_size: int = 100,
                 min_nodes: int = 30, debug: bool = False) -> None:
        self.table = TranspositionTable(megabytes)
        self.persistent = PersistentCache(kind, persistent_size, min_nodes, debug)
        self._last: bytes | None = None

    def sync(self, board: Board) -> None:
        """At a new position on the real board: empty the table, invalidate the persistent cache."""
        if board.stackp:
            return
        now = bytes(board.board)
        last = self._last
        if last is not None and last != now:
            self.table.clear()
            if len(last) == len(now):
                self.persistent.moved({p for p in range(len(now)) if last[p] != now[p]})
            else:
                self.persistent.clear()
        self._last = now

    def clear(self) -> None:
        """Forget everything."""
        self.table.clear()
        self.persistent.clear()
        self._last = None
