"""The tactical plugin's hooks: the 'tactical' service, worm reading as pool tasks, the
reading GTP commands, and ATTACK / DEFEND (with ko variants) and threat move reasons."""

from __future__ import annotations

from typing import Any, Callable

from core.board.board import Board
from core.board.color import EMPTY
from core.host.context import Context
from core.host.hookspecs import hookimpl
from core.move.reasons import Kind, MoveReason, with_ko
from core.reading.caches import ReadingCaches
from core.reading.results import WIN
from core.reading.search import ReadingAborted
from plugins.tactical.reader import Depths, Reader

MAX_READ_LIBERTIES = 4


class TacticalService:
    """Tactical reading with caches that live from call to call (and move to move)."""

    def __init__(self) -> None:
        self.configure({})

    def configure(self, settings: dict[str, float]) -> None:
        """Depths, memory and level from the engine's settings."""
        self.base = Depths(int(settings.get("depth", 16)), int(settings.get("branch_depth", 13)),
                           int(settings.get("backfill_depth", 12)), int(settings.get("fourlib_depth", 7)),
                           int(settings.get("ko_depth", 8)), int(settings.get("vital_depth", 3)),
                           int(settings.get("break_chain_depth", 7)), int(settings.get("superstring_depth", 3)))
        self.level = int(settings.get("level", 10))
        self.delta = 0
        hashing = settings.get("hash", 1) != 0
        self.caches = ReadingCaches("tactical", settings.get("memory", 32.0) if hashing else 0.0,
                                    int(settings.get("persistent", 100)) if hashing else 0,
                                    debug=bool(settings.get("debug_persistent", 0)))
        self.nodes = 0

    @property
    def depths(self) -> Depths:
        """The depths in force: the settings, scaled by level, moved by increase/decrease_depths."""
        return self.base.scaled(self.level).changed(self.delta)

    def reader(self, board: Board, node_limit: int | None = None) -> Reader:
        """A reader on the board sharing this service's caches (bounded if node_limit is given)."""
        self.caches.sync(board)
        return Reader(board, self.depths, self.caches.table, self.caches.persistent, node_limit)

    def _count(self, r: Reader, result: Any) -> Any:
        self.nodes += r.visited
        return result

    def attack(self, board: Board, s: int, node_limit: int | None = None) -> tuple[int, int]:
        """Can the string at s be captured, its opponent moving first (0 if a bounded read gives up)."""
        r = self.reader(board, node_limit)
        try:
            return self._count(r, r.attack(s))  # type: ignore[no-any-return]
        except ReadingAborted:
            self._count(r, None)
            r.unwind()
            return 0, 0

    def find_defense(self, board: Board, s: int) -> tuple[int, int]:
        """Can the string at s be saved, its owner moving first."""
        r = self.reader(board)
        return self._count(r, r.find_defense(s))  # type: ignore[no-any-return]

    def does_attack(self, board: Board, move: int, s: int) -> int:
        """The attacker's result of playing move against the string at s."""
        r = self.reader(board)
        return self._count(r, r.does_attack(move, s))  # type: ignore[no-any-return]

    def does_defend(self, board: Board, move: int, s: int) -> int:
        """The defender's result of playing move for the string at s."""
        r = self.reader(board)
        return self._count(r, r.does_defend(move, s))  # type: ignore[no-any-return]

    def attack_either(self, board: Board, a: int, b: int) -> tuple[int, int]:
        """One attacker move that captures at least one of two strings."""
        r = self.reader(board)
        return self._count(r, r.attack_either(a, b))  # type: ignore[no-any-return]

    def defend_both(self, board: Board, a: int, b: int) -> tuple[int, int]:
        """One defender move that saves both strings."""
        r = self.reader(board)
        return self._count(r, r.defend_both(a, b))  # type: ignore[no-any-return]

    def safe_move(self, board: Board, move: int, color: int) -> int:
        """WIN if a stone of color at move cannot be captured at once."""
        r = self.reader(board)
        return self._count(r, r.safe_move(move, color))  # type: ignore[no-any-return]


SERVICE = TacticalService()
WORM_NODE_LIMIT = 4000  # per worm read during genmove: a slow read is worth less than a timely move


def read_worm(ctx: Context, origin: int) -> list[Any]:
    """Pool task: a worm's attack and defence, and every liberty that also attacks or defends it.

    Returns [attack code, attack point, defence code, defence point, attack points,
    defence points, nodes]. Reads are bounded: a read that gives up claims nothing
    (no attack; an unfinished defence counts as a defence without a known move).
    """
    service = SERVICE
    board = ctx.board
    r = service.reader(board, WORM_NODE_LIMIT)
    acode, apoint = dcode, dpoint = 0, 0
    attack_points: list[int] = []
    defense_points: list[int] = []
    try:
        acode, apoint = r.attack(origin)
        if acode:
            attack_points = [apoint]
            dcode, dpoint = 1, 0
            dcode, dpoint = r.find_defense(origin)
            if board.countlib(origin) <= 2:
                for lib in board.findlib(origin):
                    if lib != apoint and r.does_attack(lib, origin) == WIN:
                        attack_points.append(lib)
                if dcode:
                    defense_points = [dpoint] if dpoint else []
                    for lib in board.findlib(origin):
                        if lib not in defense_points and r.does_defend(lib, origin) == WIN:
                            defense_points.append(lib)
    except ReadingAborted:
        r.unwind()
    if acode and dcode and dpoint and dpoint not in defense_points:
        defense_points.insert(0, dpoint)
    service.nodes += r.visited
    return [acode, apoint, dcode, dpoint, attack_points, defense_points, r.visited]


@hookimpl
def kiai_configure(settings: dict[str, float]) -> None:
    """Reading depths and memory from the command line."""
    SERVICE.configure(settings)


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
                if board.board[lib] == EMPTY and board.accuratelib(lib, color) >= 2:
                    out.append(MoveReason(Kind.ATTACK_THREAT, lib, (o,)))
    return out


@hookimpl
def kiai_gtp_commands(registry: Any) -> None:
    """attack, defend, does_attack, does_defend, attack_either, defend_both, node counters, depths."""
    from plugins.tactical import gtp_commands

    gtp_commands.register(registry, SERVICE)


@hookimpl
def kiai_cli_commands(subparsers: Any) -> None:
    """kiai decide-string."""
    from plugins.tactical import decide

    decide.add_parser(subparsers)
