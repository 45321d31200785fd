"""The eye and life commands of GNU Go's dialect: eval_eye, eye_data, half_eye and
unconditional_status, from the examine step's eye spaces and unconditional life, and
GoGui's picture of the eye spaces."""

from __future__ import annotations

from typing import Final

from core.analysis.analysis import DIAGONAL_NODES, capturable_by
from core.analysis.eyes import MAX_SPACE, EyeSpace, space_at
from core.analysis.halfeye import topology
from core.board.color import BLACK, EMPTY, WHITE, color_name
from core.board.coords import vertex
from gtp.engine import Engine
from gtp.registry import Args, command


def _space(engine: Engine, p: int, color: int | None = None) -> EyeSpace | None:
    """The eye space holding p; where both colours have one, the one where p is not marginal."""
    spaces = engine.analysis().spaces
    if color is not None:
        return space_at(spaces, p, color)
    found = [s for s in (space_at(spaces, p, BLACK), space_at(spaces, p, WHITE)) if s is not None]
    found.sort(key=lambda s: (p in s.marginal, len(s.marginal), s.color))
    return found[0] if found else None


@command("eval_eye")
def eval_eye(engine: Engine, args: Args) -> str:
    """The eye space at V: min and max eyes, and the attack and defense points when they differ; -1 if none."""
    args.expect(1)
    space = _space(engine, args.point(0))
    if space is None:
        return "-1"
    size = engine.game.size
    if space.min == space.max:
        return f"{space.min} {space.max}"
    return f"{space.min} {space.max} {vertex(size, space.attack)} {vertex(size, space.defense)}"


@command("eye_data")
def eye_data(engine: Engine, args: Args) -> str:
    """The eye space of COLOR at V: its points, marginal points, dead stones, value and vital points; empty if none."""
    args.expect(2)
    color, p = args.color(0), args.point(1)
    space = _space(engine, p, color)
    if space is None:
        return ""
    size = engine.game.size

    def points(ps: list[int]) -> str:
        return " ".join(vertex(size, q) for q in ps) or "-"

    return "\n".join([
        f"color                {color_name(space.color)}",
        f"origin               {vertex(size, space.points[0])}",
        f"esize                {len(space.points)}",
        f"msize                {len(space.marginal)}",
        f"value                {space.min} {space.max}",
        f"attack               {vertex(size, space.attack)}",
        f"defense              {vertex(size, space.defense)}",
        f"points               {points(space.points)}",
        f"marginal             {points(space.marginal)}",
        f"dead                 {points(space.dead)}",
        f"half_eye_keys        {points(space.half_keys)}",
        f"borders              {points(space.borders)}",
    ])


@command("half_eye")
def half_eye(engine: Engine, args: Args) -> str:
    """The diagonal topology of V as an eye of its owner: score, real/half/false, and the deciding points; empty if V is no eye point."""
    args.expect(1)
    p = args.point(0)
    space = _space(engine, p)
    board = engine.game.board
    if space is None or board.board[p] != EMPTY:
        return ""
    top = topology(board, p, space.color, engine.analysis().worms, frozenset(space.points),
                   capturable_by(board, engine.host.services, DIAGONAL_NODES))
    kind = "real" if top.real else "half" if top.half else "false"
    line = f"{top.score} {kind}"
    if top.half:
        line += f" {vertex(board.size, top.attack)} {vertex(board.size, top.defense)}"
    return line


@command("unconditional_status")
def unconditional_status(engine: Engine, args: Args) -> str:
    """undecided, alive, dead, black_territory or white_territory for the point V."""
    args.expect(1)
    p = args.point(0)
    return engine.analysis().unconditional.status(engine.game.board, p)


SPACE_COLOR: Final = {BLACK: "#4060d0", WHITE: "#d06040"}  # GoGui shading of each colour's eye spaces


@command("kiai-gfx_eyes")
def gfx_eyes(engine: Engine, args: Args) -> str:
    """GoGui gfx: each eye space's points labelled min/max eyes in its owner's colour, marginal
    points marked, the vital point circled."""
    args.expect(0)
    size = engine.game.size
    labels: list[str] = []
    colored: dict[int, list[str]] = {BLACK: [], WHITE: []}
    marks: list[str] = []
    vital: list[str] = []
    for space in engine.analysis().spaces:
        if len(space.points) > MAX_SPACE:
            continue  # territory, not an eye space
        value = str(space.min) if space.min == space.max else f"{space.min}/{space.max}"
        labels += [f"{vertex(size, p)} {value}" for p in space.points if p not in space.marginal]
        colored[space.color] += [vertex(size, p) for p in space.points]
        marks += [vertex(size, p) for p in space.marginal]
        if space.vital:
            vital.append(vertex(size, space.vital))
    lines = [f"COLOR {SPACE_COLOR[c]} {' '.join(v)}" for c, v in colored.items() if v]
    if labels:
        lines.append("LABEL " + " ".join(labels))
    if marks:
        lines.append("MARK " + " ".join(marks))
    if vital:
        lines.append("CIRCLE " + " ".join(vital))
    return "\n".join(lines)
