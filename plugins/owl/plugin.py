"""The owl plugin's hooks: the owl service (plugins/owl/service.py) with its options and
node counter, and, until owl runs in the examine step, what the static eye analysis
knows: VITAL_EYE reasons at the vital points of critical dragons' eye spaces (make the
eye for ours, take it away from theirs)."""

from __future__ import annotations

from core.analysis.dragons import Status
from core.host.context import Context
from core.host.hookspecs import hookimpl
from core.host.options import Option
from core.move.reasons import Kind, MoveReason
from core.reading.counters import NodeCounter
from plugins.owl.service import COUNTER, OPTIONS, OwlService


@hookimpl
def kiai_options() -> list[Option]:
    """Owl reading's depth and node limit."""
    return OPTIONS


@hookimpl
def kiai_services() -> dict[str, object]:
    """Offer owl reading to other plugins."""
    return {"owl": OwlService()}


@hookimpl
def kiai_node_counters() -> list[NodeCounter]:
    """The 'owl' counter."""
    return [COUNTER]


@hookimpl
def kiai_generate(ctx: Context) -> list[MoveReason]:
    """VITAL_EYE at the vital points of critical dragons of either colour."""
    out: list[MoveReason] = []
    board = ctx.board
    for d in sorted(ctx.analysis.dragons.values(), key=lambda d: d.origin):
        if d.status != Status.CRITICAL:
            continue
        for p in d.vital:
            if board.board[p] == 0 and board.is_legal(p, ctx.color):
                out.append(MoveReason(Kind.VITAL_EYE, p, (d.origin,)))
    return out
