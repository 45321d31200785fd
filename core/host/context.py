"""The context a move generator runs in: a position rebuilt from msgpack bytes, its
analysis, the services of other plugins and a deadline. The same bytes give the same
context in a worker process and in the engine, so results do not depend on where a
generator runs."""

from __future__ import annotations

import hashlib
import sys
import time
from dataclasses import dataclass, field
from typing import Final

import msgpack

from core.analysis.analysis import Analysis
from core.board.board import Board
from core.board.position import Position
from core.host.services import Services

CONTEXT_VERSION: Final = 4


@dataclass
class Context:
    """Everything a generator may look at; it must not change the board (trymove/popgo aside)."""

    board: Board
    color: int
    komi: float
    analysis: Analysis
    services: Services
    level: int
    deadline: float
    trace_level: int = 0
    effort: float = 1.0  # how much of its usual work a plugin has time for: under 1 a short clock, up to 2 time to spare
    states: dict[str, list[int]] = field(default_factory=dict)  # the engine's services' states (Services.states)

    def time_left(self) -> float:
        """Seconds until the deadline."""
        return self.deadline - time.monotonic()

    def trace(self, message: str) -> None:
        """Trace on stderr when tracing is on."""
        if self.trace_level:
            print(message, file=sys.stderr, flush=True)


def pack_context(analysis: Analysis, level: int, trace_level: int = 0, effort: float = 1.0,
                 states: dict[str, list[int]] | None = None) -> bytes:
    """The bytes a worker needs to rebuild the context of an analysis (and to read at the
    engine's level, with its services' states)."""
    pos = Position.from_board(analysis.board, analysis.color, analysis.komi)
    return msgpack.packb(  # type: ignore[no-any-return]
        [CONTEXT_VERSION, pos.pack(), analysis.to_wire(), level, trace_level, effort, states or {}])


def context_key(data: bytes) -> bytes:
    """A short key identifying context bytes (for caching in workers)."""
    return hashlib.blake2b(data, digest_size=12).digest()


def unpack_context(data: bytes, services: Services, deadline: float) -> Context:
    """The Context packed by pack_context, with this process's services."""
    items = msgpack.unpackb(data)
    if items[0] != CONTEXT_VERSION:
        raise ValueError(f"unsupported context version {items[0]}")
    _, pos_bytes, analysis_wire, level, trace_level, effort, states = items
    pos = Position.unpack(pos_bytes)
    board = pos.to_board()
    analysis = Analysis.from_wire(board, pos.to_move, pos.komi, analysis_wire)
    return Context(board, pos.to_move, pos.komi, analysis, services, level, deadline, trace_level, effort,
                   {name: list(state) for name, state in states.items()})


