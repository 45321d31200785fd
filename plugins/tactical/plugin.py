"""The tactical plugin's hooks: the 'tactical' service, worm reading as pool tasks, its
settings and node counter, increase/decrease_depths, and ATTACK / DEFEND (with ko
variants) and threat move reasons."""

from __future__ import annotations

from typing import Any, Callable

from core.analysis.analysis import Analysis
from core.board.color import EMPTY
from core.errors import KiaiError
from core.host.context import Context
from core.host.gtpview import CommandArgs, CommandRegistry, EngineView
from core.host.hookspecs import hookimpl
from core.host.options import Option
from core.host.pool import PoolRun
from core.host.services import TACTICAL
from core.move.reasons import Kind, MoveReason, with_ko
from core.reading.counters import NodeCounter
from core.reading.results import WIN
from plugins.tactical.service import COUNTER, OPTIONS, TacticalService

MAX_READ_LIBERTIES = 4
WORM_NODE_LIMIT = 4000  # per worm question during genmove: a slow read is worth less than a timely move
MIN_WORM_NODES = 200  # the least a worm question gets, however short the clock (ladders need ~100)


def read_worm(ctx: Context, origin: int) -> list[Any] | None:
    """Pool task: a worm's attack and defence, and every liberty that also attacks or defends it.

    Returns [attack code, attack point, defence code, defence point, attack points,
    defence points], read by whichever plugin provides the tactical service. Reads are
    bounded: one that gives up claims nothing (no attack; an unfinished defence counts
    as a defence without a known move). None, unread, when the task's time is up.
    """
    if ctx.time_left() <= 0:
        return None
    tactical = ctx.services.get(TACTICAL)
    board = ctx.board
    limit = max(MIN_WORM_NODES, int(WORM_NODE_LIMIT * ctx.effort))
    acode, apoint, dcode, dpoint = tactical.attack_and_defend(board, origin, limit)
    attack_points = [apoint] if acode else []
    defense_points: list[int] = []
    if acode and board.countlib(origin) <= 2:
        for lib in board.findlib(origin):
            if lib != apoint and tactical.does_attack(board, lib, origin, limit) == WIN:
                attack_points.append(lib)
        if dcode:
            defense_points = [dpoint] if dpoint else []
            for lib in board.findlib(origin):
                if lib not in defense_points and tactical.does_defend(board, lib, origin, limit) == WIN:
                    defense_points.append(lib)
    if acode and dcode and dpoint and dpoint not in defense_points:
        defense_points.insert(0, dpoint)
    return [acode, apoint, dcode, dpoint, attack_points, defense_points]


@hookimpl
def kiai_options() -> list[Option]:
    """Reading depths and the persistent cache's size."""
    return OPTIONS


@hookimpl
def kiai_services() -> dict[str, object]:
    """Offer tactical reading to other plugins."""
    return {TACTICAL.name: TacticalService()}


@hookimpl
def kiai_node_counters() -> list[NodeCounter]:
    """The 'reading' counter."""
    return [COUNTER]


@hookimpl
def kiai_pool_functions() -> dict[str, Callable[..., Any]]:
    """Worm reading runs in the pool."""
    return {"read_worm": read_worm}


@hookimpl
def kiai_examine_worms(analysis: Analysis, run: PoolRun) -> None:
    """Read every worm with few liberties; fill its attack and defence codes and points."""
    targets = sorted(o for o, w in analysis.worms.items() if w.liberties <= MAX_READ_LIBERTIES)
    for o, result in zip(targets, run("read_worm", [(o,) for o in targets])):
        if result is None:
            continue
        w = analysis.worms[o]
        w.attack_code, w.attack_point, w.defense_code, w.defense_point = result[:4]
        w.attack_points, w.defense_points = list(result[4]), list(result[5])


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
                if board.board[lib] == EMPTY and board.accuratelib(lib, color, 2) >= 2:
                    out.append(MoveReason(Kind.ATTACK_THREAT, lib, (o,)))
    return out


def _own_service(engine: EngineView) -> TacticalService:
    service = engine.services.get(TACTICAL)
    if not isinstance(service, TacticalService):
        raise KiaiError(f"the tactical reader in use (plugin {engine.services.providers.get(TACTICAL.name)!r}) "
                        "has no depths to change")
    return service


def _shift_depths(engine: EngineView, step: int) -> None:
    """Move the tactical depths by step and empty every reading kind's caches: owl and
    connection reading read captures through the tactical reader, so what any of them
    holds was read at the old depths."""
    _own_service(engine).shift_depths(step)
    engine.services.clear_caches()  # (the tactical service's own among them; the workers
    # follow in each task's context)


def _increase_depths(engine: EngineView, args: CommandArgs) -> str:
    args.expect(0)
    _shift_depths(engine, 1)
    return ""


def _decrease_depths(engine: EngineView, args: CommandArgs) -> str:
    args.expect(0)
    _shift_depths(engine, -1)
    return ""


@hookimpl
def kiai_gtp_commands(registry: CommandRegistry) -> None:
    """increase_depths and decrease_depths."""
    registry.add("increase_depths", _increase_depths, "Read one ply deeper at every tactical depth limit.")
    registry.add("decrease_depths", _decrease_depths, "Read one ply shallower at every tactical depth limit.")
