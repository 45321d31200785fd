"""Playing: genmove and its variants, scoring, dead stones, time control and level."""

from __future__ import annotations

import resource
import time

from core.analysis.score import format_score
from core.move.clock import ABSOLUTE, BYOYOMI, CANADIAN, NONE
from core.board.coords import vertex
from gtp.engine import Engine
from gtp.protocol import GtpError
from gtp.registry import Args, command


def _genmove(engine: Engine, args: Args, play: bool, cleanup: bool = False) -> str:
    args.expect(1)
    color = args.color(0)
    move = engine.generate(color, cleanup=cleanup)
    if play:
        engine.game.play(color, move)
    return vertex(engine.game.size, move)


@command("genmove")
def genmove(engine: Engine, args: Args) -> str:
    """Generate and play a move for COLOR."""
    return _genmove(engine, args, play=True)


@command("kgs-genmove_cleanup")
def kgs_genmove_cleanup(engine: Engine, args: Args) -> str:
    """Generate and play a move that removes dead stones before passing (KGS cleanup phase)."""
    return _genmove(engine, args, play=True, cleanup=True)


@command("reg_genmove")
def reg_genmove(engine: Engine, args: Args) -> str:
    """Generate a move for COLOR without playing it."""
    return _genmove(engine, args, play=False)


@command("restricted_genmove")
def restricted_genmove(engine: Engine, args: Args) -> str:
    """The best move for COLOR among the vertices V... (not played); PASS if none of them gains."""
    args.expect(2, 1 << 20)
    color = args.color(0)
    allowed = {args.vertex(i) for i in range(1, len(args))}
    board = engine.game.board
    for v in engine.values(color):
        if v.move in allowed and not v.antisuji and v.total > 0 and board.is_legal(v.move, color):
            return vertex(engine.game.size, v.move)
    return "PASS"


@command("gg_genmove")
def gg_genmove(engine: Engine, args: Args) -> str:
    """Generate a move for COLOR without playing it, with an optional random seed."""
    args.expect(1, 2)
    if len(args) == 2:
        engine.seed = args.integer(1)
    return _genmove(engine, Args(args.name, args.words[:1], args.size, args.registry), play=False)


@command("final_score")
def final_score(engine: Engine, args: Args) -> str:
    """The score of the game: B+N, W+N or 0."""
    args.expect(0)
    return format_score(engine.score())


@command("new_score")
def new_score(engine: Engine, args: Args) -> str:
    """A score estimate from influence (territory and moyo counted), in final_score's format."""
    args.expect(0)
    inf = engine.analysis().influence
    assert inf is not None
    return format_score(round(inf.score(engine.game.komi) * 2) / 2)


@command("final_status_list")
def final_status_list(engine: Engine, args: Args) -> str:
    """Stones with the given status (alive, dead or seki), one string per line."""
    args.expect(1)
    status = args.word(0).lower()
    if status not in ("alive", "dead", "seki"):
        raise GtpError(f"syntax error: unknown status {args.word(0)!r} (alive, dead or seki)")
    board = engine.game.board
    dead = set(engine.dead_stones())
    seki = set(engine.seki_stones())
    lines = []
    for s in board.strings():
        has = "dead" if s.origin in dead else "seki" if s.origin in seki else "alive"
        if has == status:
            lines.append(" ".join(vertex(board.size, p) for p in sorted(s.stones)))
    return "\n".join(lines)


@command("cputime")
def cputime(engine: Engine, args: Args) -> str:
    """CPU seconds the engine has used: its own process, its live workers and those that ended."""
    args.expect(0)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = time.process_time() + engine.pool.worker_cpu() + children.ru_utime + children.ru_stime
    return f"{seconds:.2f}"


@command("time_settings")
def time_settings(engine: Engine, args: Args) -> str:
    """Set main time, byo-yomi time and byo-yomi stones."""
    args.expect(3)
    main, byo, stones = args.integer(0, 0), args.integer(1, 0), args.integer(2, 0)
    engine.clock.settings(main, byo, stones)
    return ""


@command("kgs-time_settings")
def kgs_time_settings(engine: Engine, args: Args) -> str:
    """KGS's time control: none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian MAIN TIME STONES."""
    args.expect(1, 4)
    kind = args.word(0).lower()
    counts = {"none": 1, "absolute": 2, "byoyomi": 4, "canadian": 4}
    if kind not in counts:
        raise GtpError(f"syntax error: unknown time system {args.word(0)!r} (none, absolute, byoyomi, canadian)")
    args.expect(counts[kind])
    numbers = [args.integer(i, 0) for i in range(1, len(args))]
    if kind == "none":
        engine.clock.set(NONE)
    elif kind == "absolute":
        engine.clock.set(ABSOLUTE if numbers[0] > 0 else NONE, numbers[0])
    else:
        engine.clock.set(BYOYOMI if kind == "byoyomi" else CANADIAN, *numbers)
    return ""


@command("time_left")
def time_left(engine: Engine, args: Args) -> str:
    """Record the time left for COLOR: seconds and stones."""
    args.expect(3)
    color, seconds, stones = args.color(0), args.integer(1), args.integer(2, 0)
    engine.clock.time_left(color, seconds, stones)
    return ""


@command("level")
def level(engine: Engine, args: Args) -> str:
    """Set the playing level (1..10): lower is faster and weaker."""
    args.expect(1)
    engine.set_level(args.integer(0, 1, 10))
    return ""


