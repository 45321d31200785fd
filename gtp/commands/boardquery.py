"""GNU Go's board commands used by regression suites and tools: trymove, popgo and queries."""

from __future__ import annotations

from core.board.color import color_name
from core.board.coords import PASS, vertex
from gtp.engine import Engine
from gtp.protocol import GtpError
from gtp.registry import Args, command


@command("trymove")
def trymove(engine: Engine, args: Args) -> str:
    """Push a hypothetical move (for reading commands); popgo takes it back."""
    args.expect(2)
    color, p = args.color(0), args.vertex(1)
    if not engine.game.board.trymove(p, color):
        raise GtpError("illegal move")
    return ""


@command("tryko")
def tryko(engine: Engine, args: Args) -> str:
    """Push a hypothetical move that may retake a ko."""
    args.expect(2)
    color, p = args.color(0), args.vertex(1)
    if p == PASS or not engine.game.board.tryko(p, color):
        raise GtpError("illegal move")
    return ""


@command("popgo")
def popgo(engine: Engine, args: Args) -> str:
    """Take back the last trymove/tryko."""
    args.expect(0)
    engine.game.board.popgo()
    return ""


@command("is_legal")
def is_legal(engine: Engine, args: Args) -> str:
    """1 if COLOR may play at VERTEX, else 0."""
    args.expect(2)
    return "1" if engine.game.board.is_legal(args.vertex(1), args.color(0)) else "0"


@command("all_legal")
def all_legal(engine: Engine, args: Args) -> str:
    """Every legal move for COLOR."""
    args.expect(1)
    color = args.color(0)
    board = engine.game.board
    return " ".join(vertex(board.size, p) for p in board.empty_points() if board.is_legal(p, color))


@command("color")
def color(engine: Engine, args: Args) -> str:
    """The colour at VERTEX: black, white or empty."""
    args.expect(1)
    return color_name(engine.game.board.color(args.point(0)))


@command("countlib")
def countlib(engine: Engine, args: Args) -> str:
    """The number of liberties of the string at VERTEX."""
    args.expect(1)
    board = engine.game.board
    return str(board.countlib(args.stone_vertex(0, board.color)))


@command("findlib")
def findlib(engine: Engine, args: Args) -> str:
    """The liberties of the string at VERTEX."""
    args.expect(1)
    board = engine.game.board
    return " ".join(vertex(board.size, p) for p in board.findlib(args.stone_vertex(0, board.color)))


@command("captures")
def captures(engine: Engine, args: Args) -> str:
    """How many stones COLOR has captured."""
    args.expect(1)
    return str(engine.game.board.captures[args.color(0)])


@command("list_stones")
def list_stones(engine: Engine, args: Args) -> str:
    """Every stone of COLOR."""
    args.expect(1)
    board = engine.game.board
    return " ".join(vertex(board.size, p) for p in board.stones(args.color(0)))




@command("last_move")
def last_move(engine: Engine, args: Args) -> str:
    """The colour and vertex of the last move played (GNU Go's answer: `white D4`)."""
    args.expect(0)
    board = engine.game.board
    if not board.history:
        raise GtpError("no previous move known")
    color, p = board.history[-1]
    return f"{color_name(color)} {vertex(board.size, p)}"


@command("move_history")
def move_history(engine: Engine, args: Args) -> str:
    """The moves played since the last setup, the most recent first, one `color vertex` a line."""
    args.expect(0)
    board = engine.game.board
    return "\n".join(f"{color_name(c)} {vertex(board.size, p)}" for c, p in reversed(board.history))
