"""The connection plugin's hooks: CONNECT and CUT reasons from the attack and defence of
cutting stones (a move that captures a worm touching several of our dragons connects
them; a move that saves such a worm of ours keeps the opponent cut)."""

from __future__ import annotations

from core.context import Context
from core.hookspecs import hookimpl
from core.reasons import Kind, MoveReason


def _adjacent_dragons(ctx: Context, origin: int) -> list[int]:
    board, a = ctx.board, ctx.analysis
    found = {a.dragon_of[board.origin(q)] for p in a.worms[origin].stones for q in board.nbrs[p]
             if board.board[q] == 3 - a.worms[origin].color}
    return sorted(found)


@hookimpl
def kiai_generate(ctx: Context) -> list[MoveReason]:
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
