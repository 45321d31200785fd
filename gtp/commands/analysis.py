"""Introspection: top moves and their reasons, influence, worms and dragons, and the
gogui-analyze_commands that let GoGui draw them."""

from __future__ import annotations

from typing import Callable, Final, TypeVar

from core.analysis.analysis import Analysis
from core.analysis.dragons import Dragon
from core.analysis.worms import Worm
from core.board.color import BLACK, WHITE, color_name
from core.board.coords import vertex
from gtp.commands.analyze import tactical_line
from core.host.services import CONNECTION
from gtp.engine import Engine
from gtp.protocol import GtpError
from gtp.registry import REGISTRY, Args, command

T = TypeVar("T")
_STATUS = {0: "unknown", 1: "alive", 2: "dead", 3: "critical"}


def _top(engine: Engine, color: int) -> str:
    values = [v for v in engine.values(color) if not v.antisuji and v.total > 0][:10]
    return " ".join(f"{vertex(engine.game.size, v.move)} {v.total:.2f}" for v in values)


@command("top_moves")
def top_moves(engine: Engine, args: Args) -> str:
    """The best moves for COLOR (default: the side to move), with their values in points."""
    args.expect(0, 1)
    return _top(engine, args.color(0) if len(args) else engine.game.to_move)


@command("top_moves_black")
def top_moves_black(engine: Engine, args: Args) -> str:
    """The best moves for black, with their values in points."""
    args.expect(0)
    return _top(engine, BLACK)


@command("top_moves_white")
def top_moves_white(engine: Engine, args: Args) -> str:
    """The best moves for white, with their values in points."""
    args.expect(0)
    return _top(engine, WHITE)


@command("move_reasons")
def move_reasons(engine: Engine, args: Args) -> str:
    """The reasons for a move of the side to move and how they were valued."""
    args.expect(1)
    p = args.point(0)
    size = engine.game.size
    values = engine.values(engine.game.to_move)
    for v in values:
        if v.move == p:
            lines = [f"Move {vertex(size, p)} for {color_name(engine.game.to_move)}:"]
            lines += [f"  {r.describe(lambda q: vertex(size, q))} ({r.source or 'core'})" for r in v.reasons]
            lines.append(v.explain(size))
            return "\n".join(lines)
    return f"Move {vertex(size, p)}: no reasons"


@command("initial_influence")
def initial_influence(engine: Engine, args: Args) -> str:
    """Influence grid seen by COLOR: KIND is territory, moyo, area or ownership (N rows)."""
    args.expect(2)
    color = args.color(0)
    kind = args.word(1).lower()
    grids = ("territory", "moyo", "area", "ownership", "territory_value")
    if kind not in grids:
        raise GtpError(f"syntax error: unknown kind {args.word(1)!r} ({', '.join(grids)})")
    inf = engine.analysis(color).influence
    assert inf is not None
    grid = {"territory": inf.territory, "moyo": inf.moyo, "area": inf.area}.get(kind, inf.owner)
    fmt = "{:5.2f}" if kind in ("ownership", "territory_value") else "{:4d}"
    return "\n".join(" ".join(fmt.format(x.item()) for x in row) for row in grid)


@command("kiai-ownership")
def ownership(engine: Engine, args: Args) -> str:
    """Expected ownership of every point in -1..1 (positive: black), as a GoGui dboard."""
    args.expect(0)
    inf = engine.analysis().influence
    assert inf is not None
    return "\n".join(" ".join(f"{x.item():.2f}" for x in row) for row in inf.owner)


@command("kiai-gfx_territory")
def gfx_territory(engine: Engine, args: Args) -> str:
    """GoGui gfx: territory and moyo of both colours."""
    args.expect(0)
    inf = engine.analysis().influence
    assert inf is not None
    size = engine.game.size
    out = []
    for color, name in ((BLACK, "BLACK"), (WHITE, "WHITE")):
        terr = inf.points("territory", color)
        moyo = [p for p in inf.points("moyo", color) if p not in terr]
        out.append(name + " " + " ".join(vertex(size, p) for p in terr))
        out.append("SQUARE " + " ".join(vertex(size, p) for p in moyo) if moyo else "")
    return "\n".join(line for line in out if line)


@command("kiai-gfx_dragon_status")
def gfx_dragon_status(engine: Engine, args: Args) -> str:
    """GoGui gfx: dragons labelled A (alive), D (dead), C (critical), U (unknown)."""
    args.expect(0)
    a = engine.analysis()
    labels = [f"{v} {'UADC'[int(d.status)]}" for d in a.dragons.values() for v in _stones(a, d)]
    return "LABEL " + " ".join(labels) if labels else ""


def _stones(a: Analysis, d: Dragon) -> list[str]:
    """The vertices of a dragon's stones."""
    return [vertex(a.board.size, p) for o in d.worms for p in a.worms[o].stones]


DRAGON_COLORS: Final = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0",
                         "#f032e6", "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#800000")


@command("kiai-gfx_dragons")
def gfx_dragons(engine: Engine, args: Args) -> str:
    """GoGui gfx: each dragon's stones shaded in a colour of its own, its origin labelled with its eyes."""
    args.expect(0)
    a = engine.analysis()
    dragons = sorted(a.dragons.values(), key=lambda d: d.origin)
    lines = [f"COLOR {DRAGON_COLORS[i % len(DRAGON_COLORS)]} {' '.join(_stones(a, d))}" for i, d in enumerate(dragons)]
    if dragons:
        lines.append("LABEL " + " ".join(f"{vertex(a.board.size, d.origin)} {d.eye_min}/{d.eye_max}" for d in dragons))
    return "\n".join(lines)


def _one_or_all(engine: Engine, args: Args, of: Callable[[Analysis, int], T], every: Callable[[Analysis], list[T]],
                line: Callable[[int, T], str]) -> str:
    """The line for the worm or dragon at V, or one line for each."""
    args.expect(0, 1)
    where = args.stone_vertex(0, engine.game.board.color) if len(args) else None  # bad input before any work
    a = engine.analysis()
    items = [of(a, where)] if where is not None else every(a)
    return "\n".join(line(engine.game.size, x) for x in items)


def _worm_line(size: int, w: Worm) -> str:
    return (f"{vertex(size, w.origin)}: color {color_name(w.color)}, size {w.size}, liberties {w.liberties}, "
            f"attack {w.attack_code} {vertex(size, w.attack_point) if w.attack_code else 'PASS'}, "
            f"defense {w.defense_code} {vertex(size, w.defense_point) if w.defense_point else 'PASS'}")


def _dragon_line(size: int, d: Dragon) -> str:
    def at(p: int) -> str:
        return vertex(size, p) if p else "PASS"

    return (f"{vertex(size, d.origin)}: color {color_name(d.color)}, stones {d.stones}, "
            f"worms {' '.join(vertex(size, o) for o in d.worms)}, status {_STATUS[int(d.status)]}, "
            f"attack {at(d.attack_point)}, defense {at(d.defense_point)}, safety {d.safety:.2f}, "
            f"genus {d.eye_min} {d.eye_max}, eyes {d.eyes:g}, territory {d.territory}, lunch {at(d.lunch)}, "
            f"escape {d.escape}, moyo {d.moyo}, liberties {d.liberties}, "
            f"unconditional {int(d.unconditional)}")


@command("worm_data")
def worm_data(engine: Engine, args: Args) -> str:
    """Facts about the worm at V (or every worm)."""
    return _one_or_all(engine, args, Analysis.worm, lambda a: list(a.worms.values()), _worm_line)


@command("dragon_data")
def dragon_data(engine: Engine, args: Args) -> str:
    """Facts about the dragon at V (or every dragon)."""
    return _one_or_all(engine, args, Analysis.dragon, lambda a: list(a.dragons.values()), _dragon_line)


def _stones_line(size: int, stones: list[int]) -> str:
    return " ".join(vertex(size, p) for p in sorted(stones))


@command("worm_stones")
def worm_stones(engine: Engine, args: Args) -> str:
    """The stones of the worm at V (or of every worm, one worm a line)."""
    return _one_or_all(engine, args, Analysis.worm, lambda an: list(an.worms.values()),
                       lambda size, w: _stones_line(size, w.stones))


@command("dragon_stones")
def dragon_stones(engine: Engine, args: Args) -> str:
    """The stones of the dragon at V (or of every dragon, one dragon a line)."""
    def stones(size: int, d: Dragon) -> str:
        worms = engine.analysis().worms  # the analysis _one_or_all took (it is kept for the position)
        return _stones_line(size, [p for o in d.worms for p in worms[o].stones])

    return _one_or_all(engine, args, Analysis.dragon, lambda an: list(an.dragons.values()), stones)


@command("dragon_status")
def dragon_status(engine: Engine, args: Args) -> str:
    """alive, dead, critical or unknown for the dragon at V; without V one line per dragon."""
    args.expect(0, 1)
    a = engine.analysis()
    size = engine.game.size

    def status(d: object) -> str:
        dr = a.dragons[getattr(d, "origin")]
        text = _STATUS[int(dr.status)]
        if text == "critical":
            att = vertex(size, dr.attack_point) if dr.attack_point else (vertex(size, dr.vital[0]) if dr.vital else "PASS")
            dfn = vertex(size, dr.defense_point) if dr.defense_point else att
            text += f" {att} {dfn}"
        return text

    if len(args):
        return status(a.dragon(args.stone_vertex(0, engine.game.board.color)))
    return "\n".join(f"{vertex(size, d.origin)}: {status(d)}" for d in a.dragons.values())


@command("same_dragon")
def same_dragon(engine: Engine, args: Args) -> str:
    """1 if the stones at V1 and V2 belong to one dragon, else 0."""
    args.expect(2)
    board = engine.game.board
    p, q = args.stone_vertex(0, board.color), args.stone_vertex(1, board.color)
    a = engine.analysis()
    return "1" if a.dragon(p).origin == a.dragon(q).origin else "0"


@command("gogui-analyze_commands")
def gogui_analyze_commands(engine: Engine, args: Args) -> str:
    """The analysis commands GoGui offers in its menu."""
    args.expect(0)
    return "\n".join([
        "dboard/Ownership/kiai-ownership",
        "gfx/Territory and moyo/kiai-gfx_territory",
        "gfx/Dragon status/kiai-gfx_dragon_status",
        "gfx/Dragons/kiai-gfx_dragons",
        "gfx/Eye spaces/kiai-gfx_eyes",
        "pspairs/Top moves/top_moves",
        "pspairs/Top moves (black)/top_moves black",
        "pspairs/Top moves (white)/top_moves white",
        "hpstring/Move reasons/move_reasons %p",
        "hpstring/Dragon data/dragon_data %p",
        "hpstring/Worm data/worm_data %p",
        "dboard/Initial influence (territory)/initial_influence %c territory",
        "dboard/Initial influence (moyo)/initial_influence %c moyo",
        "varpo/Attack/kiai-attack_line %p",
        "varp/Defend/kiai-defend_line %p",
        "varp/Connect/kiai-connect_line %P",
        "varpo/Cut/kiai-cut_line %P",
        "plist/Dead stones/final_status_list dead",
        "plist/Stones in seki/final_status_list seki",
        "string/Eye value/eval_eye %p",
        "hpstring/Eye data (black)/eye_data black %p",
        "hpstring/Eye data (white)/eye_data white %p",
        "string/Half eye/half_eye %p",
        "string/Unconditional status/unconditional_status %p",
        "string/Semeai (two dragons)/analyze_semeai %P",
        "string/Combination attack/combination_attack %c",
        "string/Combination defence/combination_defend %c",
        "string/Score estimate/new_score",
        "param/Engine settings/kiai-param",
    ])




def _line(engine: Engine, args: Args, attack: bool) -> str:
    """The tactical reading line that captures (or saves) the string at V, as vertices."""
    args.expect(1)
    board = engine.game.board
    p = args.stone_vertex(0, board.color)
    tactical = engine.host.services.tactical()
    if tactical is None:
        raise GtpError("no tactical reader is loaded")
    code, move = (tactical.attack if attack else tactical.find_defense)(board, p)
    if not code or not move:
        return ""
    owner = board.board[p]
    return " ".join(vertex(board.size, m) for m in tactical_line(engine, p, 3 - owner if attack else owner, move))


def _connection_line(engine: Engine, args: Args, connect: bool) -> str:
    """The connection reading's move that joins (or cuts) the strings at V1 and V2, and the
    answers after it, as vertices."""
    args.expect(2)
    board = engine.game.board
    a, b = args.stone_vertex(0, board.color), args.stone_vertex(1, board.color)
    reading = engine.host.services.find(CONNECTION)
    if reading is None:
        raise GtpError("no connection reader is loaded")
    owner = board.board[a]
    if board.board[b] != owner:
        raise GtpError("the two strings must be of one colour")
    moves: list[int] = []
    mover = owner if connect else 3 - owner
    for _ in range(4):  # the move, the other side's answer, ...
        if not board.board[a] or not board.board[b]:
            break
        ask = reading.string_connect if mover == owner else reading.disconnect
        code, move = ask(board, a, b, None)
        if not code or not move or not board.trymove(move, mover):
            break
        moves.append(move)
        mover = 3 - mover
    for _ in moves:
        board.popgo()
    return " ".join(vertex(board.size, m) for m in moves)


LINES: Final = (
    ("kiai-attack_line", _line, True,
     "The move that captures the string at V and the reading line after it (empty if none)."),
    ("kiai-defend_line", _line, False,
     "The move that saves the string at V and the reading line after it (empty if none)."),
    ("kiai-connect_line", _connection_line, True,
     "The move that connects the strings at V1 and V2 and the reading after it (empty if none)."),
    ("kiai-cut_line", _connection_line, False,
     "The move that cuts the strings at V1 and V2 apart and the reading after it (empty if none)."),
)


def _reading_line(line: Callable[[Engine, Args, bool], str], flag: bool) -> Callable[[Engine, Args], str]:
    """The handler of one reading-line command."""
    return lambda engine, args: line(engine, args, flag)


for _name, _fn, _flag, _doc in LINES:
    REGISTRY.add(_name, _reading_line(_fn, _flag), _doc)


@command("kiai-param")
def param(engine: Engine, args: Args) -> str:
    """GoGui's parameter dialog: without arguments every setting as `[string] key value` (the
    level, the move time and each plugin's reading options); with KEY VALUE, set one."""
    args.expect(0, 2)
    plugin = [o for options in engine.host.options.values() for o in options]
    if len(args) == 0:
        lines = [f"[string] level {engine.level}", f"[string] move_time {engine.options.move_time:g}"]
        lines += [f"[string] {o.name} {engine.setting(o.name):g}" for o in plugin]
        return "\n".join(lines)
    names = ["level", "move_time"] + [o.name for o in plugin]
    if len(args) != 2 or args.word(0) not in names:
        raise GtpError(f"syntax error: kiai-param KEY VALUE, KEY one of {', '.join(names)}")
    key = args.word(0)
    if key == "level":
        engine.set_level(args.integer(1, 1, 10))
    elif key == "move_time":
        seconds = args.number(1)
        if not 0 < seconds <= 3600:
            raise GtpError("syntax error: move_time must be more than 0 and at most 3600 seconds")
        engine.options.move_time = seconds
    else:
        engine.reconfigure(key, float(args.integer(1, 0, 10000)))
    return ""


@command("kiai-live_gfx")
def live_gfx(engine: Engine, args: Args) -> str:
    """on or off: GoGui's live graphics of the candidates on stderr during genmove."""
    args.expect(1)
    word = args.word(0).lower()
    if word not in ("on", "off"):
        raise GtpError(f"syntax error: kiai-live_gfx on|off, got {args.word(0)!r}")
    engine.generator.live_gfx = word == "on"
    return ""
