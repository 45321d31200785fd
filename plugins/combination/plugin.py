"""The combination plugin's hooks. It finds the simplest combination, the double atari:
a safe move that puts two enemy strings in atari at once (MY_ATARI_ATARI), and the
opponent's double ataris, which we can occupy first (YOUR_ATARI_ATARI); and it answers
combination_attack and combination_defend (a series of ataris, atari_atari.py)."""

from __future__ import annotations

from core.board.board import Board
from core.board.coords import vertex
from core.host.context import Context
from core.host.gtpview import CommandArgs, CommandRegistry, EngineView
from core.host.hookspecs import hookimpl
from core.host.services import TACTICAL
from core.move.reasons import Kind, MoveReason
from plugins.combination.atari_atari import combination_attack, combination_defend


def double_ataris(board: Board, color: int) -> list[tuple[int, tuple[int, ...]]]:
    """Safe moves for color that leave two or more enemy strings in atari: (move, their origins)."""
    found: list[tuple[int, tuple[int, ...]]] = []
    candidates = sorted({lib for s in board.strings() if s.color != color and len(s.libs) == 2 for lib in s.libs})
    for p in candidates:
        if not board.trymove(p, color):
            continue
        try:
            if board.countlib(p) < 2:
                continue
            hit = sorted({board.origin(q) for q in board.nbrs[p] if board.board[q] == 3 - color
                          and board.countlib(q) == 1})
            if len(hit) >= 2:
                found.append((p, tuple(hit[:2])))
        finally:
            board.popgo()
    return found


@hookimpl
def kiai_generate(ctx: Context) -> list[MoveReason]:
    """Double ataris for us, and the points of the opponent's double ataris."""
    out = [MoveReason(Kind.MY_ATARI_ATARI, p, targets) for p, targets in double_ataris(ctx.board, ctx.color)]
    for p, targets in double_ataris(ctx.board, 3 - ctx.color):
        if ctx.board.is_legal(p, ctx.color):
            out.append(MoveReason(Kind.YOUR_ATARI_ATARI, p, targets))
    return out


def _combination(engine: EngineView, args: CommandArgs, defend: bool) -> str:
    args.expect(1)
    color = args.color(0)
    board = engine.game.board
    tactical = engine.services.find(TACTICAL)
    if defend:
        stops = combination_defend(board, color, tactical)
        return " ".join(vertex(board.size, p) for p in stops) if stops else "PASS"
    return vertex(board.size, combination_attack(board, color, tactical))


@hookimpl
def kiai_gtp_commands(registry: CommandRegistry) -> None:
    """combination_attack and combination_defend."""
    registry.add("combination_attack", lambda engine, args: _combination(engine, args, False),
                 "A move by COLOR that starts a combination of ataris capturing a string that cannot be captured "
                 "now, else PASS.")
    registry.add("combination_defend", lambda engine, args: _combination(engine, args, True),
                 "The moves by COLOR's opponent that leave COLOR no combination of ataris, else PASS.")
