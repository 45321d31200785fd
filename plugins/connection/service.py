"""The connection service: connection reading with a transposition table that lives while
the position does, limits from the settings, the tactical service it reads captures with
(bound when the host is built), and the 'connection' node counter. One object per host."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from core.board.board import Board
from core.board.coords import NO_POINT
from core.host.options import Option, Settings, values
from core.reading.caches import ReadingCaches, share
from core.reading.counters import NodeCounter
from core.reading.service import ReadingService
from core.reading.variations import VariationTree
from plugins.connection.reader import ConnectionReader, Limits

DEFAULT: Final = Limits()  # (a compiled dataclass keeps no defaults on the class)
COUNTER: Final = NodeCounter("connection", "connection reading")
MEMORY_SHARE: Final = 0.2  # of the engine's --memory
OPTIONS: Final = [
    Option("connection_depth", DEFAULT.depth, "plies of connection reading"),
    Option("connection_nodes", DEFAULT.node_limit, "connection nodes per question before it is left unanswered"),
]


class ConnectionService(ReadingService[ConnectionReader]):
    """Connection reading (the 'connection' service): every question counted."""

    def __init__(self) -> None:
        super().__init__(COUNTER)

    def configure(self, settings: Settings) -> None:
        """Limits from the engine's settings (connection_depth, connection_nodes, hash, memory)."""
        v = values(OPTIONS, settings)
        self.limits = Limits(depth=int(v["connection_depth"]), node_limit=int(v["connection_nodes"]))
        self.caches = ReadingCaches("connection", share(settings, MEMORY_SHARE), 0)
        self.trace = bool(settings.get("debug_reading", 0))

    def reader(self, board: Board, node_limit: int | None = None) -> ConnectionReader:
        """A reader on the board sharing this service's table (emptied at a new position)."""
        self.caches.sync(board)
        limits = self.limits if node_limit is None else replace(self.limits, node_limit=node_limit)
        r = ConnectionReader(board, self.tactical, limits, self.caches.table, self.deadline)
        r.trace = self.trace
        return r

    def string_connect(self, board: Board, a: int, b: int, node_limit: int | None = None, *,
                       tree: VariationTree | None = None) -> tuple[int, int]:
        """Can the strings at a and b be joined, their owner moving first."""
        return self.ask(board, node_limit, lambda r: r.string_connect(a, b), (0, NO_POINT), tree)

    def disconnect(self, board: Board, a: int, b: int, node_limit: int | None = None, *,
                   tree: VariationTree | None = None) -> tuple[int, int]:
        """Can the strings at a and b be cut apart, the opponent moving first."""
        return self.ask(board, node_limit, lambda r: r.disconnect(a, b), (0, NO_POINT), tree)

    def connected(self, board: Board, a: int, b: int, node_limit: int) -> bool | None:
        """True if the strings at a and b cannot be cut apart, False if they can, None if unknown."""
        r = self.reader(board, node_limit)
        try:
            code, _ = r.disconnect(a, b)
        finally:
            self.counter.add(r.visited)
        return None if r.aborted else code == 0

    def break_in(self, board: Board, a: int, area: frozenset[int]) -> tuple[int, int]:
        """Can the string at a reach the area, its owner moving first."""
        return self.ask(board, None, lambda r: r.break_in(a, area), (0, NO_POINT), None)

    def block_off(self, board: Board, a: int, area: frozenset[int]) -> tuple[int, int]:
        """Can the string at a be kept out of the area, the opponent moving first."""
        return self.ask(board, None, lambda r: r.block_off(a, area), (0, NO_POINT), None)

