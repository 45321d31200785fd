"""The endgame plugin's hooks: when the biggest move is small, the points where the
borders of territories still touch (contact points, first- and second-line blocks and
hanes, dame) become candidates; the valuator counts what each is worth."""

from __future__ import annotations

from core.board.color import EMPTY
from core.board.playout import is_own_eye
from core.host.context import Context
from core.host.hookspecs import hookimpl
from core.move.reasons import Kind, MoveReason


@hookimpl
def kiai_endgame(ctx: Context) -> list[MoveReason]:
    """ENDGAME reasons at every empty point that touches stones of both colours or an open border."""
    board, color = ctx.board, ctx.color
    b = board.board
    out: list[MoveReason] = []
    for p in board.points:
        if b[p] != EMPTY or is_own_eye(board, p, color) or not board.is_legal(p, color):
            continue
        near = {b[q] for q in board.nbrs[p]}
        two_steps = {b[r] for q in board.nbrs[p] if b[q] == EMPTY for r in board.nbrs[q]}
        if {1, 2} <= near | two_steps:
            out.append(MoveReason(Kind.ENDGAME, p, ()))
    return out
