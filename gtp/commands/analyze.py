"""Streaming analysis for Sabaki, Lizzie and KaTrain-style clients: lz-analyze,
kata-analyze, analyze, lz-genmove_analyze and kata-genmove_analyze.

Kiai has no search tree, so the numbers come from its valuation, said plainly:

- the candidates are the valued moves of a real genmove, best first: a quick one (a
  short budget) for the first round, then a full one computed in a child process on a
  copy of the position, which later rounds report once it is done (the next command
  kills the child, so stopping is immediate);
- scoreLead is the territory estimate of the position from the side to move's view
  (komi included) plus the move's value in points;
- winrate = 1 / (1 + exp(-scoreLead / (size / 2))): a lead of half the board's width in
  points is worth about 73%;
- prior is the move's share of the positive values; visits is that share of 1000 (at
  least 1), so clients that size their marks by visits show the valuation's order;
- pv is the move, then for a tactical reason the reading line behind it: the
  defender's answer and the attacker's next move, as the tactical service reads them;
- ownership (kata-analyze ... ownership true) is the influence function's ownership,
  from the side to move's view, row by row from the top left.
"""

from __future__ import annotations

import math
import multiprocessing
from dataclasses import dataclass
from typing import Any, Callable, Final

from core.board.board import Board
from core.board.color import BLACK
from core.board.coords import is_number, point, vertex
from core.board.position import Position
from core.host.plugins import PluginHost, PluginSpec
from core.host.pool import Pool
from core.move.genmove import GenmoveResult, MoveGenerator
from core.move.reasons import ATTACKS, DEFENDS, MoveReason
from core.move.valuation import MoveValue
from gtp.engine import Engine
from gtp.protocol import GtpError
from gtp.registry import REGISTRY, Args
from gtp.stream import Stream

QUICK_BUDGET: Final = 0.5  # seconds for the first round's valuation
DEFAULT_INTERVAL: Final = 1.0  # seconds between rounds when the client gives none
MAX_CANDIDATES: Final = 10
PV_NODES: Final = 500  # tactical nodes per move of a reading line


@dataclass
class Snapshot:
    """What a round reports: the valued candidates, best first, the territory estimate
    from the side to move's view (komi included) and its ownership, row by row."""

    values: list[MoveValue]
    estimate: float
    ownership: list[float]

    @staticmethod
    def of(result: GenmoveResult, color: int, komi: float) -> Snapshot:
        """The snapshot of a genmove's result."""
        inf = result.analysis.influence
        sign = 1 if color == BLACK else -1
        if inf is None:
            return Snapshot(result.values, 0.0, [])
        n = inf.size
        owned = [sign * inf.at(point(n, r, c)) for r in range(n) for c in range(n)]
        return Snapshot(result.values, sign * inf.score(komi), owned)

    def to_wire(self) -> list[Any]:
        """The snapshot as plain lists (to cross a process boundary)."""
        return [[[v.move, v.total, v.antisuji, [r.to_wire() for r in v.reasons]] for v in self.values],
                self.estimate, self.ownership]

    @staticmethod
    def from_wire(obj: Any) -> Snapshot:
        """A snapshot from its plain form."""
        values, estimate, ownership = obj
        return Snapshot([MoveValue(int(m), [MoveReason.from_wire(r) for r in reasons], total=float(total),
                                   antisuji=bool(antisuji)) for m, total, antisuji, reasons in values],
                        float(estimate), [float(x) for x in ownership])


def _refine(conn: Any, spec: PluginSpec, packed: bytes, color: int, komi: float, budget: float) -> None:
    """In a child process: the full valuation of the position, sent back as a snapshot."""
    host = PluginHost(spec)
    board = Position.unpack(packed).to_board()
    result = MoveGenerator(host, Pool(host, 0)).genmove(board, color, komi, budget)
    conn.send(Snapshot.of(result, color, komi).to_wire())
    conn.close()


class Live:
    """The candidates of one position: a quick valuation at once, then (when started) a full
    one computed in a child process, so that stopping it costs nothing (it is killed)."""

    def __init__(self, engine: Engine, color: int, snapshot: Snapshot) -> None:
        self.engine, self.color = engine, color
        self.size, self.komi = engine.game.size, engine.game.komi
        self.snapshot = snapshot
        self.child: Any = None
        self.conn: Any = None

    @staticmethod
    def start(engine: Engine, color: int) -> Live:
        """A quick valuation at once, and the full one started in a child process."""
        board, komi = engine.game.board, engine.game.komi
        live = Live(engine, color, Snapshot.of(engine.generator.genmove(board, color, komi, QUICK_BUDGET), color, komi))
        methods = multiprocessing.get_all_start_methods()
        mp: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        live.conn, child_end = mp.Pipe(duplex=False)
        packed = Position.from_board(board, color, komi).pack()
        live.child = mp.Process(target=_refine, args=(child_end, engine.host.spec, packed, color, komi,
                                                      engine.options.move_time), daemon=True)
        live.child.start()  # (safe to fork: the input thread never holds sys.stdin's lock; see main_loop)
        child_end.close()
        return live

    def current(self) -> Snapshot:
        """The latest snapshot: the full valuation's once it has arrived."""
        if self.conn is not None and self.conn.poll():
            try:
                self.snapshot = Snapshot.from_wire(self.conn.recv())
            except (EOFError, OSError, ValueError, TypeError):
                pass  # the child failed: the quick round's figures stand
            self.conn.close()
            self.conn = None
        return self.snapshot

    def stop(self) -> None:
        """Kill the child if it is still valuing."""
        if self.child is not None:
            self.child.kill()
            self.child.join()
            self.child = None
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def winrate(lead: float, size: int) -> float:
    """The win rate of a lead in points: a logistic curve with a scale of half the board's width."""
    return 1.0 / (1.0 + math.exp(-lead / (size / 2)))


def candidates(snapshot: Snapshot, board: Board, color: int, low: int = 0,
               high: int = MAX_CANDIDATES) -> list[tuple[MoveValue, float, float]]:
    """(value, score lead, prior) of the moves to report: those that gain, at least `low`
    and at most `high` of them, legal ones only."""
    legal = [v for v in snapshot.values if not v.antisuji and board.is_legal(v.move, color)]
    chosen = [v for v in legal if v.total > 0][:high]
    if len(chosen) < low:
        chosen = legal[:max(low, len(chosen))][:max(high, low)]
    positive = sum(max(v.total, 0.0) for v in chosen) or 1.0
    return [(v, snapshot.estimate + v.total, max(v.total, 0.0) / positive) for v in chosen]


def line(engine: Engine, color: int, value: MoveValue) -> list[int]:
    """The move, and for an attack or a defence the reading line behind its main reason."""
    reason = next((r for r in value.reasons if (r.kind in ATTACKS or r.kind in DEFENDS) and r.targets), None)
    if reason is None:
        return [value.move]
    return tactical_line(engine, reason.targets[0], color, value.move)


def tactical_line(engine: Engine, target: int, color: int, first: int, plies: int = 4) -> list[int]:
    """color's move `first` against or for the string at target, then the tactical
    service's answers in turn (the defender's try, the attacker's next move, ...)."""
    moves = [first]
    tactical = engine.host.services.tactical()
    board = Position.from_board(engine.game.board, color).to_board()
    if tactical is None or not board.trymove(first, color) or not board.board[target]:
        return moves
    owner, mover = board.board[target], 3 - color
    for _ in range(plies - 1):
        ask = tactical.find_defense if mover == owner else tactical.attack
        _, move = ask(board, target, PV_NODES)
        if not move or not board.trymove(move, mover):
            break
        moves.append(move)
        if not board.board[target]:
            break
        mover = 3 - mover
    return moves


def info_line(engine: Engine, live: Live, style: str, low: int, high: int, ownership: bool) -> str:
    """One round: an `info` group per candidate, in the style of lz, kata or analyze."""
    snapshot = live.current()
    parts = []
    for order, (v, lead, prior) in enumerate(candidates(snapshot, live.engine.game.board, live.color, low, high)):
        rate = winrate(lead, live.size)
        visits = max(1, round(1000 * prior))
        pv = " ".join(vertex(live.size, m) for m in line(engine, live.color, v))
        move = vertex(live.size, v.move)
        if style == "lz":
            parts.append(f"info move {move} visits {visits} winrate {round(10000 * rate)} "
                         f"prior {round(10000 * prior)} lcb {round(10000 * rate)} order {order} pv {pv}")
        else:
            parts.append(f"info move {move} visits {visits} utility {2 * rate - 1:.4f} winrate {rate:.4f} "
                         f"scoreMean {lead:.2f} scoreStdev 0 scoreLead {lead:.2f} scoreSelfplay {lead:.2f} "
                         f"prior {prior:.4f} lcb {rate:.4f} utilityLcb {2 * rate - 1:.4f} order {order} pv {pv}")
    text = " ".join(parts)
    if ownership and snapshot.ownership:
        text += " ownership " + " ".join(f"{x:.3f}" for x in snapshot.ownership)
    return text


def _options(engine: Engine, args: Args) -> tuple[int, float, int, int, bool]:
    """(color, interval in seconds, minmoves, maxmoves, ownership) from `[color] [interval] [key value]...`."""
    words = list(args.words)
    color = engine.game.to_move
    if words and words[0].lower() in ("b", "w", "black", "white"):
        color = args.color(0)
        words = words[1:]
    interval = DEFAULT_INTERVAL
    if words and is_number(words[0]):
        interval = int(words[0]) / 100
        words = words[1:]
    low, high, ownership = 0, MAX_CANDIDATES, False
    if len(words) % 2:
        raise GtpError(f"syntax error: option {words[-1]!r} has no value")
    for key, val in zip(words[::2], words[1::2]):
        try:
            if key == "interval":
                interval = int(val) / 100
            elif key == "minmoves":
                low = int(val)
            elif key == "maxmoves":
                high = int(val)
            elif key == "ownership":
                if val not in ("true", "false"):
                    raise ValueError(val)
                ownership = val == "true"
            else:
                raise GtpError(f"syntax error: unknown option {key!r} (interval, minmoves, maxmoves, ownership)")
        except ValueError:
            raise GtpError(f"syntax error: bad value {val!r} for {key}") from None
    if interval < 0 or low < 0 or high < 1:
        raise GtpError("syntax error: interval and minmoves must be 0 or more, maxmoves 1 or more")
    return color, max(interval, 0.05), low, high, ownership


def _analyze(engine: Engine, args: Args, style: str) -> Stream:
    color, interval, low, high, ownership = _options(engine, args)
    live = Live.start(engine, color)
    return Stream(lambda: info_line(engine, live, style, low, high, ownership), interval, close=live.stop)


def _genmove_analyze(engine: Engine, args: Args, style: str) -> Stream:
    color, interval, low, high, ownership = _options(engine, args)
    move = engine.generate(color)
    result = engine.last
    assert result is not None
    info = info_line(engine, Live(engine, color, Snapshot.of(result, color, engine.game.komi)), style, low, high,
                     ownership)
    engine.game.play(color, move)
    return Stream(lambda: info, interval, last=lambda: f"play {vertex(engine.game.size, move)}")


COMMANDS: Final = (
    ("lz-analyze", "lz", False, "Stream Leela Zero-style candidate lines ([color] [interval] [minmoves N] "
                                "[maxmoves N]) until the next command."),
    ("kata-analyze", "kata", False, "Stream KataGo-style candidate lines, with scoreLead and, on request, "
                                    "ownership, until the next command."),
    ("analyze", "kata", False, "Stream candidate lines in Sabaki's analyze format (KataGo's fields) until "
                               "the next command."),
    ("lz-genmove_analyze", "lz", True, "Generate and play a move for [color], with Leela Zero-style candidate "
                                       "lines, then `play V`."),
    ("kata-genmove_analyze", "kata", True, "Generate and play a move for [color], with KataGo-style candidate "
                                           "lines, then `play V`."),
)


def _handler(style: str, genmove: bool) -> Callable[[Engine, Args], Stream]:
    """The command handler for one style of output, streaming or with a move played."""
    run = _genmove_analyze if genmove else _analyze
    return lambda engine, args: run(engine, args, style)


for _name, _style, _genmove, _doc in COMMANDS:
    REGISTRY.add(_name, _handler(_style, _genmove), _doc)
