"""The connection plugin's hooks: the 'connection' service (connection reading), the
connect / disconnect / break_in / block_off GTP commands, `kiai decide-connection`, and
CONNECT and CUT move reasons, from connection reading of nearby pairs of strings and
from the attack and defence of cutting stones."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.board.board import Board
from core.host.context import Context
from core.host.hookspecs import hookimpl
from core.move.reasons import Kind, MoveReason
from core.reading.results import WIN
from core.host.services import TacticalReader
from plugins.connection.distance import STONE, gap, string_seeds
from core.reading.caches import ReadingCaches
from plugins.connection.reader import ConnectionReader, Limits

GENMOVE_NODE_LIMIT = 60  # per question during genmove: many pairs, little time
GENMOVE_PAIRS = 4  # the closest pairs of strings read per colour


class ConnectionService:
    """Connection reading with a transposition table that lives while the position does."""

    def __init__(self) -> None:
        self.tactical: TacticalReader | None = None
        self.configure({})

    def configure(self, settings: dict[str, float]) -> None:
        """Limits from the engine's settings (connection_depth, connection_nodes, hash)."""
        self.limits = Limits(depth=int(settings.get("connection_depth", Limits.depth)),
                             node_limit=int(settings.get("connection_nodes", Limits.node_limit)))
        hashing = settings.get("hash", 1) != 0
        self.caches = ReadingCaches("connection", settings.get("memory", 32.0) if hashing else 0.0, 0)
        self.nodes = 0

    def reader(self, board: Board, node_limit: int | None = None) -> ConnectionReader:
        """A reader on the board sharing this service's table (emptied at a new position)."""
        self.caches.sync(board)
        limits = self.limits if node_limit is None else replace(self.limits, node_limit=node_limit)
        return ConnectionReader(board, self.tactical, limits, self.caches.table)

    def _ask(self, board: Board, question: str, a: int, target: Any, node_limit: int | None = None) -> tuple[int, int]:
        r = self.reader(board, node_limit)
        try:
            return getattr(r, question)(a, target)  # type: ignore[no-any-return]
        finally:
            self.nodes += r.nodes

    def connect(self, board: Board, a: int, b: int, node_limit: int | None = None) -> tuple[int, int]:
        """Can the strings at a and b be joined, their owner moving first."""
        return self._ask(board, "connect", a, b, node_limit)

    def disconnect(self, board: Board, a: int, b: int, node_limit: int | None = None) -> tuple[int, int]:
        """Can the strings at a and b be cut apart, the opponent moving first."""
        return self._ask(board, "disconnect", a, b, node_limit)

    def break_in(self, board: Board, a: int, area: frozenset[int]) -> tuple[int, int]:
        """Can the string at a reach the area, its owner moving first."""
        return self._ask(board, "break_in", a, area)

    def block_off(self, board: Board, a: int, area: frozenset[int]) -> tuple[int, int]:
        """Can the string at a be kept out of the area, the opponent moving first."""
        return self._ask(board, "block_off", a, area)


SERVICE = ConnectionService()


def _adjacent_dragons(ctx: Context, origin: int) -> list[int]:
    board, a = ctx.board, ctx.analysis
    found = {a.dragon_of[board.origin(q)] for p in a.worms[origin].stones for q in board.nbrs[p]
             if board.board[q] == 3 - a.worms[origin].color}
    return sorted(found)


def _cutting_stone_reasons(ctx: Context) -> list[MoveReason]:
    """CONNECT where capturing a cutting stone joins our dragons; CUT where saving ours keeps theirs apart."""
    out: list[MoveReason] = []
    for o, w in sorted(ctx.analysis.worms.items()):
        if not w.attack_code:
            continue
        around = _adjacent_dragons(ctx, o)
        if len(around) < 2:
            continue
        pairs = [(a, b) for i, a in enumerate(around) for b in around[i + 1:]]
        if w.color != ctx.color:
            out += [MoveReason(Kind.CONNECT, p, pair) for p in w.attack_points if p for pair in pairs]
        elif w.defense_code:
            out += [MoveReason(Kind.CUT, p, pair) for p in w.defense_points if p for pair in pairs]
    return out


def close_pairs(ctx: Context, color: int, limit: int) -> list[tuple[int, int]]:
    """Pairs of worms of color in different dragons that two stones or fewer would join, closest first."""
    board, analysis = ctx.board, ctx.analysis
    worms = sorted(o for o, w in analysis.worms.items() if w.color == color)
    pairs: list[tuple[int, int, int]] = []
    for i, a in enumerate(worms):
        from_a = None
        for b in worms[i + 1:]:
            if analysis.dragon_of[a] == analysis.dragon_of[b]:
                continue
            if from_a is None:
                from_a = string_seeds(board, a)
            g = gap(board, b, from_a, color, 2 * STONE)
            if g.total <= 2 * STONE:
                pairs.append((g.total, a, b))
    pairs.sort()
    return [(a, b) for _, a, b in pairs[:limit]]


def _reading_reasons(ctx: Context) -> list[MoveReason]:
    """CONNECT where we can join two of our dragons they could cut; CUT where we can cut theirs."""
    service, board, analysis = SERVICE, ctx.board, ctx.analysis
    service.tactical = ctx.services.tactical()
    out: list[MoveReason] = []
    for color, kind in ((ctx.color, Kind.CONNECT), (3 - ctx.color, Kind.CUT)):
        for a, b in close_pairs(ctx, color, GENMOVE_PAIRS):
            if ctx.time_left() <= 0:
                return out
            if kind == Kind.CONNECT:
                cut, _ = service.disconnect(board, a, b, GENMOVE_NODE_LIMIT)
                code, move = service.connect(board, a, b, GENMOVE_NODE_LIMIT) if cut else (0, 0)
            else:
                joined, _ = service.connect(board, a, b, GENMOVE_NODE_LIMIT)
                code, move = service.disconnect(board, a, b, GENMOVE_NODE_LIMIT) if joined else (0, 0)
            if code == WIN and move:
                out.append(MoveReason(kind, move, (analysis.dragon_of[a], analysis.dragon_of[b])))
    return out


@hookimpl
def kiai_configure(settings: dict[str, float]) -> None:
    """Connection reading limits from the command line."""
    SERVICE.configure(settings)


@hookimpl
def kiai_services() -> dict[str, Any]:
    """Offer connection reading to other plugins."""
    return {"connection": SERVICE}


@hookimpl
def kiai_generate(ctx: Context) -> list[MoveReason]:
    """CONNECT and CUT reasons from connection reading and from the attack and defence of cutting stones."""
    return _cutting_stone_reasons(ctx) + _reading_reasons(ctx)


@hookimpl
def kiai_gtp_commands(registry: Any) -> None:
    """connect, disconnect, break_in, block_off and the connection node counters."""
    from plugins.connection import gtp_commands

    gtp_commands.register(registry, SERVICE)


@hookimpl
def kiai_cli_commands(subparsers: Any) -> None:
    """kiai decide-connection."""
    from plugins.connection import decide

    decide.add_parser(subparsers)
