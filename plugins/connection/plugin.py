"""The connection plugin's hooks: the 'connection' service (connection reading), its
settings and node counter, and CONNECT and CUT move reasons, from connection reading of
nearby pairs of strings and from the attack and defence of cutting stones."""

from __future__ import annotations

from core.analysis.worms import Worm
from core.board.board import Board
from core.host.context import Context
from core.host.hookspecs import hookimpl
from core.host.options import Option
from core.host.services import CONNECTION
from core.move.reasons import Kind, MoveReason
from core.reading.counters import NodeCounter
from core.reading.results import WIN
from plugins.connection.distance import STONE, gap, string_seeds
from plugins.connection.service import COUNTER, OPTIONS, ConnectionService

GENMOVE_NODE_LIMIT = 60  # per question during genmove: many pairs, little time
GENMOVE_PAIRS = 4  # the closest pairs of strings read per colour
MIN_EFFORT = 0.25  # below this share of the usual time, no connection is read during genmove
NEAR = 5  # steps between two worms' stones beyond which no two stones join them


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


def _near(board: Board, a: Worm, b: Worm) -> bool:
    """True if some stones of the two worms are within NEAR steps of each other (cheap, so
    that the distance is measured only between worms that two stones could join)."""
    w = board.stride
    return any(abs(p // w - q // w) + abs(p % w - q % w) <= NEAR for p in a.stones for q in b.stones)


def close_pairs(ctx: Context, color: int, limit: int) -> list[tuple[int, int]]:
    """Pairs of worms of color in different dragons that two stones or fewer would join, closest first."""
    board, analysis = ctx.board, ctx.analysis
    worms = sorted(o for o, w in analysis.worms.items() if w.color == color)
    pairs: list[tuple[int, int, int]] = []
    for i, a in enumerate(worms):
        if ctx.time_left() <= 0:
            break
        from_a = None
        for b in worms[i + 1:]:
            if analysis.dragon_of[a] == analysis.dragon_of[b] or not _near(board, analysis.worms[a], analysis.worms[b]):
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
    service, board, analysis = ctx.services.get(CONNECTION), ctx.board, ctx.analysis
    out: list[MoveReason] = []
    if ctx.effort < MIN_EFFORT:
        return out  # a short clock: the cutting-stone reasons will do
    for color, kind in ((ctx.color, Kind.CONNECT), (3 - ctx.color, Kind.CUT)):
        for a, b in close_pairs(ctx, color, max(1, round(GENMOVE_PAIRS * ctx.effort))):
            if ctx.time_left() <= 0:
                return out
            if kind == Kind.CONNECT:
                cut, _ = service.disconnect(board, a, b, GENMOVE_NODE_LIMIT)
                code, move = service.string_connect(board, a, b, GENMOVE_NODE_LIMIT) if cut else (0, 0)
            else:
                joined, _ = service.string_connect(board, a, b, GENMOVE_NODE_LIMIT)
                code, move = service.disconnect(board, a, b, GENMOVE_NODE_LIMIT) if joined else (0, 0)
            if code == WIN and move:
                out.append(MoveReason(kind, move, (analysis.dragon_of[a], analysis.dragon_of[b])))
    return out


@hookimpl
def kiai_options() -> list[Option]:
    """Connection reading's depth and node limit."""
    return OPTIONS


@hookimpl
def kiai_services() -> dict[str, object]:
    """Offer connection reading to other plugins."""
    return {CONNECTION.name: ConnectionService()}


@hookimpl
def kiai_node_counters() -> list[NodeCounter]:
    """The 'connection' counter."""
    return [COUNTER]


@hookimpl
def kiai_generate(ctx: Context) -> list[MoveReason]:
    """CONNECT and CUT reasons from connection reading and from the attack and defence of cutting stones."""
    return _cutting_stone_reasons(ctx) + _reading_reasons(ctx)
