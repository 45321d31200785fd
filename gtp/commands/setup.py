"""Setting up a game: board size, komi, moves, undo, handicap, SGF loading and saving."""

from __future__ import annotations

from pathlib import Path

from core.board.color import BLACK, WHITE, color_name, parse_color
from core.board.coords import vertex
from core.board.diagram import render
from core.board.game import fixed_handicap_points
from core.errors import KiaiError
from gtp.engine import Engine
from gtp.protocol import GtpError
from gtp.registry import Args, command


@command("boardsize")
def boardsize(engine: Engine, args: Args) -> str:
    """Start an empty board of the given size."""
    args.expect(1)
    size = args.integer(0)
    if not 1 <= size <= 25:
        raise GtpError("unacceptable size")
    engine.game.new_board(size)
    return ""


@command("clear_board")
def clear_board(engine: Engine, args: Args) -> str:
    """Empty the board."""
    args.expect(0)
    engine.game.clear()
    return ""


@command("komi")
def komi(engine: Engine, args: Args) -> str:
    """Set komi."""
    args.expect(1)
    engine.game.komi = args.number(0)
    return ""


RULES = ("chinese", "japanese", "korean", "aga", "new_zealand", "tromp-taylor")


@command("kgs-rules")
def kgs_rules(engine: Engine, args: Args) -> str:
    """Set the rules final_score counts by: japanese/korean count territory, the others area."""
    args.expect(1)
    rules = args.words[0].lower()
    if rules not in RULES:
        raise KiaiError(f"unknown rules {args.words[0]!r} (one of {', '.join(RULES)})")
    engine.game.rules = rules
    return ""


@command("play")
def play(engine: Engine, args: Args) -> str:
    """Play a move: play COLOR VERTEX."""
    args.expect(2)
    try:
        color, p = parse_color(args.word(0)), args.vertex(1)
    except KiaiError as e:  # GNU Go's words, then what was wrong
        raise GtpError(f"invalid color or coordinate: {e}") from None
    engine.game.play(color, p)
    return ""


@command("undo")
def undo(engine: Engine, args: Args) -> str:
    """Take back the last move."""
    args.expect(0)
    engine.game.undo(1)
    return ""


@command("gg-undo")
def gg_undo(engine: Engine, args: Args) -> str:
    """Take back N moves (default 1)."""
    args.expect(0, 1)
    engine.game.undo(args.integer(0, 0) if len(args) else 1)
    return ""


@command("fixed_handicap")
def fixed_handicap(engine: Engine, args: Args) -> str:
    """Place N handicap stones on the star points; answers their vertices."""
    args.expect(1)
    points = fixed_handicap_points(engine.game.size, args.integer(0))
    engine.game.place_handicap(points)
    return " ".join(vertex(engine.game.size, p) for p in points)


@command("place_free_handicap")
def place_free_handicap(engine: Engine, args: Args) -> str:
    """Choose and place N handicap stones; answers their vertices."""
    args.expect(1)
    n = args.integer(0)
    size = engine.game.size
    if n < 2 or n >= size * size:
        raise GtpError(f"invalid number of stones: {n}")
    try:
        points = fixed_handicap_points(size, n)
    except KiaiError:
        points = _spread_points(size, n)
    engine.game.place_handicap(points)
    return " ".join(vertex(size, p) for p in points)


def _spread_points(size: int, n: int) -> list[int]:
    """n points spread over the board, preferring the star points' lines."""
    from core.board.coords import all_points, row_col

    edge = 2 if size < 13 else 3
    centre = (size - 1) / 2

    def key(p: int) -> tuple[float, int]:
        r, c = row_col(size, p)
        line_penalty = abs(min(r, size - 1 - r) - edge) + abs(min(c, size - 1 - c) - edge)
        return (line_penalty + 0.01 * (abs(r - centre) + abs(c - centre)), p)

    return sorted(all_points(size), key=key)[:n]


@command("set_free_handicap")
def set_free_handicap(engine: Engine, args: Args) -> str:
    """Place handicap stones on the given vertices."""
    args.expect(2, 1 << 20)
    engine.game.place_handicap([args.vertex(i) for i in range(len(args))])
    return ""


@command("loadsgf")
def loadsgf(engine: Engine, args: Args) -> str:
    """Load an SGF file, optionally up to before move N or the first move at a vertex."""
    args.expect(1, 2)
    until_move = until_vertex = None
    if len(args) == 2:
        if args.word(1).isdigit():
            until_move = args.integer(1, 1)
        else:
            until_vertex = args.word(1)
    to_move = engine.game.load(args.word(0), until_move, until_vertex)
    return color_name(to_move)


@command("printsgf")
def printsgf(engine: Engine, args: Args) -> str:
    """The game as SGF, or written to FILE if given."""
    args.expect(0, 1)
    data = engine.game.record().to_sgf()
    if len(args) == 1:
        try:
            Path(args.word(0)).write_bytes(data)
        except OSError as e:
            raise GtpError(f"cannot write {args.word(0)}: {e.strerror}") from None
        return ""
    return data.decode("utf-8").strip()


@command("showboard")
def showboard(engine: Engine, args: Args) -> str:
    """The board as a diagram, with captures."""
    args.expect(0)
    b = engine.game.board
    return "\n" + render(b) + f"\nBlack captured {b.captures[BLACK]}, White captured {b.captures[WHITE]}"
