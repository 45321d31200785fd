"""The genmove pipeline: examine -> generate (pool) -> valuate -> endgame -> choose.

A plugin that raises, returns garbage or runs past its time limit is reported on stderr
with its name and its reasons are dropped; the move still comes, in time, and is legal:
if everything fails, the fallback rules choose it.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from core.analysis.analysis import Analysis, initial_analysis
from core.analysis.dragons import Status
from core.board.board import Board
from core.board.color import EMPTY, color_name
from core.board.coords import PASS, vertex
from core.board.playout import is_own_eye
from core.host.context import pack_context
from core.host.plugins import PluginHost
from core.host.services import OWL
from core.host.pool import NOT_RUN, Pool, PoolRun, PoolStats, Task, TaskResult
from core.move.fallback import fallback_move
from core.move.patterns import Match, Matcher, load_database
from core.move.reasons import (
    ATTACKS,
    DEFENDS,
    Kind,
    MoveReason,
    ReasonError,
    check_reason,
)
from core.move.valuation import PRIORITY, MoveValue, group_reasons, value_moves

ENDGAME_THRESHOLD = 6.0
PASS_THRESHOLD = 0.5  # after the opponent's pass, a move must gain this much to keep the game going
GAIN_THRESHOLD = 0.05  # before it, any move that gains at all is better than passing first
OPEN_LINES = (2, 3)  # the third and fourth lines (distance from the edge): open ground's candidates
DAME_COST = 0.25  # what a neutral point may seem to cost (the estimate's noise) and still be filled
FULL_EFFORT_9X9 = 0.4  # seconds a full genmove needs on 9x9; it grows with the board's area
QUICK_MOVE_9X9 = 0.03  # below this budget (grown with the area) there is time for the fallback rules only
QUICK_DRAGONS = 0.5  # below this effort, dragons are judged on one influence


MAX_EFFORT = 2.0  # with time to spare, plugins may do up to twice their usual work


def effort_for(budget: float, size: int) -> float:
    """How much of its usual work a genmove of this budget has time for, from 0.05 to MAX_EFFORT."""
    return max(0.05, min(MAX_EFFORT, budget / (FULL_EFFORT_9X9 * (size / 9) ** 2)))


@dataclass
class GenmoveResult:
    """The chosen move and everything that led to it."""

    move: int
    values: list[MoveValue]
    reasons: list[MoveReason]
    analysis: Analysis
    seconds: dict[str, float] = field(default_factory=dict)
    pool: PoolStats = field(default_factory=PoolStats)
    problems: list[str] = field(default_factory=list)
    complete: bool = True  # every candidate was valued before the deadline


class MoveGenerator:
    """Kiai's move generation: plugins in a pool, core's patterns and the valuator."""

    def __init__(self, host: PluginHost, pool: Pool, level: int | None = None, trace: int = 0,
                 matcher: Matcher | None = None) -> None:
        self.host = host
        self.pool = pool
        self.level = host.level if level is None else level  # (the host's: its services read at it)
        self.trace_level = trace
        self.matcher = matcher or Matcher(load_database())
        self.effort = 1.0  # of the genmove in progress
        self.live_gfx = False  # draw the candidates on stderr for GoGui while a move is made

    def gfx(self, lines: list[str]) -> None:
        """GoGui's live graphics on stderr (`gogui-gfx:`, the gfx commands, an empty line), when on."""
        if self.live_gfx:
            print("gogui-gfx:\n" + "\n".join(line for line in lines if line) + "\n", file=sys.stderr, flush=True)

    def report(self, message: str) -> None:
        """A problem worth a user's attention (a broken plugin), always on stderr."""
        print(f"kiai: {message}", file=sys.stderr, flush=True)

    def trace(self, message: str) -> None:
        """Trace output on stderr when -t is on."""
        if self.trace_level:
            print(message, file=sys.stderr, flush=True)

    # ------------------------------------------------------------------ examine
    def examine(self, board: Board, color: int, komi: float, deadline: float, effort: float | None = None,
                refine: bool = True) -> Analysis:
        """Worms, plugin reading, dragons and influence for color to move (reading with
        the effort given, else the current move's); refine=False leaves the dragons'
        static status, unread by plugins such as owl."""
        if effort is not None:
            self.effort = effort
        analysis = initial_analysis(board, color, komi)
        self._call_examine("kiai_examine_worms", analysis, deadline)
        analysis.build_dragons(quick=self.effort < QUICK_DRAGONS, services=self.host.services)
        if refine:
            self._call_examine("kiai_examine_dragons", analysis, deadline)
        for note in analysis.notes:
            self.trace(note)
        analysis.build_influence()
        return analysis

    def context(self, analysis: Analysis) -> bytes:
        """The context bytes of pool tasks on analysis: with the engine's level and its
        services' states, which the workers take on."""
        return pack_context(analysis, self.level, self.trace_level, self.effort, self.host.services.states())

    def _runner(self, analysis: Analysis, deadline: float, plugin: str) -> PoolRun:
        """run(function, argslist) for one plugin's examine hook: its own pool tasks, by its
        own name, whatever name it was registered under."""
        def run(function: str, argslist: Sequence[tuple[Any, ...]], affinity: Sequence[int] | None = None) -> list[Any]:
            ctx = self.context(analysis)
            timeout = max(0.05, (deadline - time.monotonic()) * 0.5)
            results = self.pool.map(ctx, plugin, function, [tuple(a) for a in argslist], timeout, deadline, affinity)
            late = sum(1 for r in results if not r.ok and r.error == NOT_RUN)
            failed = [r.error for r in results if not r.ok and r.error != NOT_RUN]
            if late:  # the clock, not a broken plugin: the hook keeps what it has
                self.trace(f"{plugin}: {late} of {len(results)} {function} tasks not run: out of time")
            if failed:
                kinds = sorted(set(failed))
                self.report(f"plugin {plugin!r}: {len(failed)} of {len(results)} {function} tasks failed "
                            f"({'; '.join(kinds[:3])})")
            return [r.value if r.ok else None for r in results]

        return run

    def _call_examine(self, hook: str, analysis: Analysis, deadline: float) -> None:
        for name in self.host.implementers(hook):
            try:
                self.host.call(name, hook, analysis=analysis, run=self._runner(analysis, deadline, name))
            except Exception as e:
                self.report(f"plugin {name!r}: {hook} raised {type(e).__name__}: {e}")
            finally:
                while analysis.board.stackp:
                    analysis.board.popgo()

    # ------------------------------------------------------------------ generate
    def generate(self, analysis: Analysis, hook: str, deadline: float) -> list[MoveReason]:
        """Reasons from every plugin implementing hook, run as pool tasks; bad ones dropped."""
        names = self.host.implementers(hook)
        if not names:
            return []
        ctx = self.context(analysis)
        timeout = max(0.05, (deadline - time.monotonic()) * 0.6)
        results = self.pool.run(ctx, [Task(n, hook) for n in names], timeout, deadline)
        return self.accept(results, analysis, hook)

    def accept(self, results: list[TaskResult], analysis: Analysis, hook: str) -> list[MoveReason]:
        """The move reasons of finished tasks that pass check_reason, each with its plugin as
        source; every task or reason dropped is reported with the plugin's name."""
        reasons: list[MoveReason] = []
        for r in results:
            if not r.ok and r.error.startswith("not run"):  # the clock, not the plugin: no fault to report
                self.trace(f"plugin {r.task.plugin!r}: {hook} {r.error}")
                continue
            if not r.ok:
                self.report(f"plugin {r.task.plugin!r}: {hook} failed, its reasons are dropped: {r.error}")
                continue
            if not isinstance(r.value, list):
                self.report(f"plugin {r.task.plugin!r}: {hook} returned garbage, dropped")
                continue
            for wire in r.value:
                try:
                    reason = check_reason(MoveReason.from_wire(wire), analysis)
                except ReasonError as e:
                    self.report(f"plugin {r.task.plugin!r}: dropped a bad move reason: {e}")
                    continue
                reasons.append(MoveReason(reason.kind, reason.move, reason.targets, reason.value, r.task.plugin))
        return reasons

    def pattern_reasons(self, analysis: Analysis) -> list[MoveReason]:
        """Reasons from core's pattern database for the side to move."""
        out: list[MoveReason] = []
        for m in self.matcher.match(analysis.board, analysis.color, analysis):
            out.extend(_reasons_of_match(analysis, m))
        return out

    def territorial_candidates(self, analysis: Analysis) -> list[MoveReason]:
        """Points where the boundary of territory or moyo is still open, and open ground on
        the third and fourth lines, as EXPAND reasons."""
        board = analysis.board
        inf = analysis.influence
        assert inf is not None
        out: list[MoveReason] = []
        stones = [p for p in board.points if board.board[p] != EMPTY]
        points: set[int] = set()
        reach = 2 if self.level >= 5 else 1
        for p in stones:
            frontier = {p}
            for _ in range(reach):
                frontier = {q for x in frontier for q in board.nbrs[x] if board.board[q] == EMPTY}
                points |= frontier
        # and the open ground no stone reaches yet, on the lines where the opening stakes
        # bases and frameworks ("corners first, then the sides"): the patterns' empty
        # corners are 6 and 7 points wide, and on a small board a corner left open beside
        # the first fight is narrower than that
        points |= {p for p in board.points if board.board[p] == EMPTY and board.edge[p] in OPEN_LINES}
        for p in sorted(points):
            owner = inf.at(p)
            if abs(owner) >= 1.0 or is_own_eye(board, p, analysis.color):
                continue
            kind = Kind.EXPAND_MOYO if abs(owner) < 0.5 else Kind.EXPAND_TERRITORY
            out.append(MoveReason(kind, p, (), 0.0, "influence"))
        return out

    # ------------------------------------------------------------------ the whole move
    def genmove(self, board: Board, color: int, komi: float, budget: float, cleanup: bool = False,
                seed: int = 0) -> GenmoveResult:
        """The move for color, within `budget` seconds: the less time, the less work (effort),
        and a move cut short by the clock is never a pass while the game is open."""
        start = time.monotonic()
        services = self.host.services
        outer, services.deadline = services.deadline, start + budget * 0.85  # the engine's own reading too
        self.effort = effort_for(budget, board.size)
        self.pool.stats.take()
        problems: list[str] = []
        seconds: dict[str, float] = {}
        values: list[MoveValue] = []
        reasons: list[MoveReason] = []
        if budget < QUICK_MOVE_9X9 * (board.size / 9) ** 2:  # no time to examine: the beginner's rules
            services.deadline = outer
            move = fallback_move(board, color, random.Random(seed))
            seconds["total"] = time.monotonic() - start
            self.trace(f"genmove {color_name(color)}: {vertex(board.size, move)} by the fallback rules "
                       f"({budget:.3f}s is too short to read)")
            return GenmoveResult(move, [], [], initial_analysis(board, color, komi), seconds, self.pool.stats.take(),
                                 [], False)
        try:
            analysis = self.examine(board, color, komi, start + budget * 0.5)
            seconds["examine"] = time.monotonic() - start
            t = time.monotonic()
            reasons = self.generate(analysis, "kiai_generate", start + budget * 0.65)
            reasons += self.pattern_reasons(analysis)
            reasons += self.territorial_candidates(analysis)
            seconds["generate"] = time.monotonic() - t
            candidates = sorted({r.move for r in reasons if r.move != PASS})
            self.gfx([f"SQUARE {' '.join(vertex(board.size, m) for m in candidates)}" if candidates else "",
                      f"TEXT valuing {len(candidates)} candidates for {color_name(color)}"])
            t = time.monotonic()
            tactical = self.host.services.tactical()
            finish = start + budget * 0.85  # leave room to answer
            owl = self.host.services.find(OWL)
            values = value_moves(analysis, reasons, tactical, finish, owl)
            if (not values or values[0].total <= ENDGAME_THRESHOLD) and time.monotonic() < finish:
                extra = self.generate(analysis, "kiai_endgame", finish)
                if extra:
                    reasons += extra
                    values = value_moves(analysis, reasons, tactical, finish, owl)
            seconds["valuate"] = time.monotonic() - t
            best = [v for v in values if not v.antisuji and v.total > 0][:10]
            self.gfx([f"LABEL {' '.join(f'{vertex(board.size, v.move)} {v.total:.1f}' for v in best)}" if best else "",
                      f"TEXT best {vertex(board.size, best[0].move)} ({best[0].total:.1f} points)" if best else
                      "TEXT no move gains"])
            failures = self.pool.stats.failures
            complete = len(values) == len({r.move for r in reasons}) and not any(
                "out of time" in f or "timed out" in f for f in failures)
            move = self.choose(analysis, values, cleanup, seed)
            if move == PASS and not _opponent_passed(board, color):
                move = self.dame(analysis, values)
            if move == PASS and not complete:
                move = self.rough_move(analysis, reasons, seed)
                self.trace(f"genmove: cut short by the clock (effort {self.effort:.2f}); a quick move instead of a pass")
        except Exception as e:  # the engine must answer: fall back, but say why
            self.report(f"genmove failed ({type(e).__name__}: {e}); using the fallback move")
            problems.append(str(e))
            while board.stackp:
                board.popgo()
            analysis = initial_analysis(board, color, komi)
            values, reasons, complete = [], [], False
            move = fallback_move(board, color, random.Random(seed))
        finally:
            services.deadline = outer
        seconds["total"] = time.monotonic() - start
        stats = self.pool.stats.take()
        self.trace(f"genmove {color_name(color)}: {vertex(board.size, move)} in {seconds['total']:.2f}s of {budget:.2f}s"
                   f" (effort {self.effort:.2f}; pool overhead {stats.overhead * 1000:.1f} ms over {stats.tasks} tasks)")
        if self.trace_level:
            for v in values[:5]:
                self.trace(v.explain(board.size))
        return GenmoveResult(move, values, reasons, analysis, seconds, stats, problems + stats.failures, complete)

    def choose(self, analysis: Analysis, values: list[MoveValue], cleanup: bool, seed: int) -> int:
        """The best legal move worth playing, PASS when none is (cleanup: remove dead stones
        first). While the opponent still plays, a move need only gain; once it has passed,
        it must gain half a point to go on."""
        board, color = analysis.board, analysis.color
        threshold = PASS_THRESHOLD if _opponent_passed(board, color) else GAIN_THRESHOLD
        for v in values:
            if v.antisuji or v.total < threshold:
                continue
            if is_own_eye(board, v.move, color) and not any(r.kind in ATTACKS or r.kind in DEFENDS for r in v.reasons):
                continue
            if board.is_legal(v.move, color):
                return v.move
        if cleanup:
            return self._cleanup_move(analysis, seed)
        return PASS

    def dame(self, analysis: Analysis, values: list[MoveValue]) -> int:
        """Rather than pass first, fill a neutral point (one that touches stones of both
        colours) that costs nothing: the opponent may still be playing, and a dame is worth
        nothing to either side. PASS when there is none."""
        board, color = analysis.board, analysis.color
        for v in values:
            if v.antisuji or not v.safe or v.total < -DAME_COST:
                continue
            near = {board.board[q] for q in board.nbrs[v.move]}
            if {1, 2} <= near and board.is_legal(v.move, color) and not board.is_self_atari(v.move, color) \
                    and not is_own_eye(board, v.move, color):
                return v.move
        return PASS

    def rough_move(self, analysis: Analysis, reasons: list[MoveReason], seed: int) -> int:
        """A move for when the clock cut the valuation short: the most promising candidate
        (in the valuator's order) that is legal, no own eye and no self-atari; else the
        fallback rules. PASS only when even those find nothing."""
        board, color = analysis.board, analysis.color
        for move, _ in sorted(group_reasons(reasons).items(),
                              key=lambda item: (min(PRIORITY.get(r.kind, 5) for r in item[1]), item[0])):
            if any(r.kind == Kind.ANTISUJI for r in reasons if r.move == move):
                continue
            if board.is_legal(move, color) and not is_own_eye(board, move, color) \
                    and not board.is_self_atari(move, color):
                return move
        return fallback_move(board, color, random.Random(seed))

    def _cleanup_move(self, analysis: Analysis, seed: int) -> int:
        """A move that helps remove the opponent's dead stones, else PASS."""
        board, color = analysis.board, analysis.color
        for d in sorted(analysis.dragons.values(), key=lambda d: d.origin):
            if d.color != color and d.status == Status.DEAD:
                for o in d.worms:
                    for lib in board.findlib(o):
                        if board.is_legal(lib, color) and board.accuratelib(lib, color, 2) >= 2:
                            return lib
        return PASS


def _opponent_passed(board: Board, color: int) -> bool:
    """True if the last move was the opponent's pass."""
    return bool(board.history) and board.history[-1] == (3 - color, PASS)


def _reasons_of_match(analysis: Analysis, m: Match) -> list[MoveReason]:
    p, move = m.pattern, m.move
    board, color = analysis.board, analysis.color
    src = f"pattern {p.name}"
    out: list[MoveReason] = []
    if p.antisuji:
        out.append(MoveReason(Kind.ANTISUJI, move, (), 0.0, src))
    if p.shape:
        out.append(MoveReason(Kind.SHAPE, move, (), p.shape, src))
    if p.min_value:
        out.append(MoveReason(Kind.MIN_VALUE, move, (), p.min_value, src))
    if p.max_value:
        out.append(MoveReason(Kind.MAX_VALUE, move, (), p.max_value, src))
    if p.followup:
        out.append(MoveReason(Kind.FOLLOWUP, move, (), p.followup, src))
    if "e" in p.classes:
        out.append(MoveReason(Kind.EXPAND_TERRITORY, move, (), 0.0, src))
    if "E" in p.classes:
        out.append(MoveReason(Kind.EXPAND_MOYO, move, (), 0.0, src))
    ours = sorted({analysis.dragon_of[board.origin(s)] for s in m.stones if board.board[s] == color})
    theirs = sorted({analysis.dragon_of[board.origin(s)] for s in m.stones if board.board[s] == 3 - color})
    if "a" in p.classes:
        out += [MoveReason(Kind.STRATEGIC_ATTACK, move, (d,), 0.0, src) for d in theirs]
    if "d" in p.classes:
        out += [MoveReason(Kind.STRATEGIC_DEFEND, move, (d,), 0.0, src) for d in ours]
    if "C" in p.classes:
        out += [MoveReason(Kind.CONNECT, move, (a, b), 0.0, src) for i, a in enumerate(ours) for b in ours[i + 1:]]
    if "B" in p.classes:
        out += [MoveReason(Kind.CUT, move, (a, b), 0.0, src) for i, a in enumerate(theirs) for b in theirs[i + 1:]]
    return out
