"""The tactical plugin's hooks: the 'tactical' service, worm reading as pool tasks, and
ATTACK / DEFEND (with ko variants) and threat move reasons."""

from __future__ import annotations

from typing import Any, Callable

from core.board import Board
from core.context import Context
from core.hookspecs import hookimpl
from core.reasons import Kind, MoveReason, with_ko
from plugins.tactical.reader import Depths, Reader

MAX_READ_LIBERTIES = 4


class TacticalService:
    """The tactical reader offered to other plugins through the service table."""

    def __init__(self, depths: Depths | None = None) -> None:
        self.depths = depths or Depths()
        self.nodes = 0

    def attack(self, board: Board, s: int) -> tuple[int, int]:
        """Can the string at s be captured, its opponent moving first."""
        r = Reader(board, self.depths)
        result = r.attack(s)
        self.nodes += r.nodes
        return result

    def find_defense(self, board: Board, s: int) -> tuple[int, int]:
        """Can the string at s be saved, its owner moving first."""
        r = Reader(board, self.depths)
        result = r.find_defense(s)
        self.nodes += r.nodes
        return result


SERVICE = TacticalService()


def read_worm(ctx: Context, origin: int) -> list[int]:
    """Pool task: [attack code, attack point, defence code, defence point, nodes] of one worm."""
    reader = Reader(ctx.board, Depths().scaled(ctx.level))
    acode, apoint = reader.attack(origin)
    dcode = dpoint = 0
    if acode:
        dcode, dpoint = reader.find_defense(origin)
    return [acode, apoint, dcode, dpoint, reader.nodes]


@hookimpl
def kiai_services() -> dict[str, Any]:
    """Offer tactical reading to other plugins."""
    return {"tactical": SERVICE}


@hookimpl
def kiai_pool_functions() -> dict[str, Callable[..., Any]]:
    """Worm reading runs in the pool."""
    return {"read_worm": read_worm}


@hookimpl
def kiai_examine_worms(analysis: Any, run: Any) -> None:
    """Read every worm with few liberties; fill its attack and defence codes and points."""
    targets = sorted(o for o, w in analysis.worms.items() if w.liberties <= MAX_READ_LIBERTIES)
    for o, result in zip(targets, run("tactical", "read_worm", [(o,) for o in targets])):
        if result is None:
            continue
        w = analysis.worms[o]
        w.attack_code, w.attack_point, w.defense_code, w.defense_point = result[:4]
        w.attack_points = [w.attack_point] if w.attack_code else []
        w.defense_points = [w.defense_point] if w.defense_code and w.defense_point else []


@hookimpl
def kiai_generate(ctx: Context) -> list[MoveReason]:
    """ATTACK and DEFEND reasons from the worms' reading, and attack threats."""
    board, color = ctx.board, ctx.color
    out: list[MoveReason] = []
    for o, w in sorted(ctx.analysis.worms.items()):
        if w.color != color and w.attack_code:
            out += [MoveReason(with_ko(Kind.ATTACK, w.attack_code), p, (o,)) for p in w.attack_points if p]
        elif w.color == color and w.attack_code and w.defense_code:
            out += [MoveReason(with_ko(Kind.DEFEND, w.defense_code), p, (o,)) for p in w.defense_points if p]
        elif w.color != color and w.liberties == 2 and not w.attack_code:
            for lib in board.findlib(o):
                if board.accuratelib(lib, color) >= 2:
                    out.append(MoveReason(Kind.ATTACK_THREAT, lib, (o,)))
    return out
