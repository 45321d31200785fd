"""The owl plugin's hooks. Until owl reading exists it contributes what the static eye
analysis knows: VITAL_EYE reasons at the vital points of critical dragons' eye spaces
(make the eye for ours, take it away from theirs)."""

from __future__ import annotations

from core.analysis.dragons import Status
from core.host.context import Context
from core.host.hookspecs import hookimpl
from core.move.reasons import Kind, MoveReason


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
