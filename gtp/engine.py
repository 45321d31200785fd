"""The engine behind the GTP server: the game, the plugin host and pool, move generation,
scoring and time management."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Final

from core import build
from core.analysis.analysis import Analysis
from core.analysis.score import score
from core.board.color import color_name
from core.board.coords import vertex
from core.board.game import Game
from core.host.plugins import PluginHost, PluginSpec
from core.host.pool import Pool
from core.host.services import Services
from core.move.clock import Clock
from core.move.genmove import GenmoveResult, MoveGenerator
from core.move.valuation import MoveValue
from core.reading.counters import NodeCounter


@dataclass
class Options:
    """Engine options from the command line."""

    size: int = 19
    komi: float = 7.5
    level: int = 10
    seed: int = 0
    trace: int = 0
    superko: bool = False
    live_gfx: bool = False  # GoGui's live graphics of the candidates on stderr during genmove
    move_time: float = 10.0  # default seconds per move when no time control is set
    workers: int = 0  # worker processes for plugin tasks; 0 runs them in the engine's process
    disabled: tuple[str, ...] = ()
    plugins: tuple[str, ...] = ()  # "name=module" plugins registered without an entry point
    settings: tuple[tuple[str, float], ...] = ()  # given to every plugin (reading depths, memory)
    extra: dict[str, object] = field(default_factory=dict)


SCORING_EFFORT: Final = 4.0  # reading effort when stones are judged for the score


class Engine:
    """A Go engine: a Game plus move generation, analysis, scoring and time management."""

    name = "Kiai"
    version = build.version()

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()
        self.game = Game(self.options.size, self.options.komi, superko=self.options.superko)
        self.clock = Clock()
        self.level = self.options.level
        self._start_plugins(self.options.live_gfx)
        self.seed = self.options.seed
        self.last: GenmoveResult | None = None
        self._analysis: tuple[tuple[int, int, int, float], Analysis] | None = None

    def _start_plugins(self, live_gfx: bool) -> None:
        """The plugin host with the options' settings, its worker pool and the move generator."""
        settings = tuple({**dict(self.options.settings), "level": float(self.level)}.items())  # (after GTP's level too)
        self.host = PluginHost(PluginSpec(self.options.disabled, self.options.plugins, settings))
        self.pool = Pool(self.host, self.options.workers)
        self.generator = MoveGenerator(self.host, self.pool, self.level, self.options.trace)
        self.generator.live_gfx = live_gfx

    @property
    def services(self) -> Services:
        """The services of every loaded plugin (tactical reading, connection reading, ...)."""
        return self.host.services

    @property
    def counters(self) -> dict[str, NodeCounter]:
        """The node counters the loaded plugins declared, by name."""
        return self.host.counters

    def close(self) -> None:
        """Stop the worker processes."""
        self.pool.close()

    def setting(self, name: str) -> float | None:
        """A plugin setting's current value (its default when not set); None if no plugin has it."""
        given = dict(self.options.settings)
        for options in self.host.options.values():
            for option in options:
                if option.name == name:
                    return given.get(name, option.default)
        return None

    def reconfigure(self, name: str, value: float) -> None:
        """Change one plugin setting: the plugins and their workers start again with it
        (workers configure their plugins once, when they start)."""
        settings = dict(self.options.settings)
        settings[name] = value
        self.options.settings = tuple(settings.items())
        self.pool.close()
        self._start_plugins(self.generator.live_gfx)
        self.last = None
        self._analysis = None

    def trace(self, level: int, message: str) -> None:
        """Print a trace line on stderr when tracing is at least this level."""
        if self.options.trace >= level:
            print(message, file=sys.stderr, flush=True)

    def set_level(self, level: int) -> None:
        """Playing level 1..10 (reading depths follow it, in this process and in the workers)."""
        self.level = self.generator.level = level
        self.host.configure({**self.host.settings, "level": float(level)})

    def generate(self, color: int, cleanup: bool = False) -> int:
        """The move Kiai chooses for color in the current position (not played)."""
        start = time.monotonic()
        budget = self.clock.budget(color, self.moves_to_go(), self.options.move_time)
        board = self.game.board
        result = self.generator.genmove(board, color, self.game.komi, budget, cleanup,
                                        seed=self.seed ^ (board.hash & 0xFFFF))
        self.clock.spent(color, time.monotonic() - start)
        self.last = result
        self.trace(1, f"genmove {color_name(color)}: {vertex(self.game.size, result.move)} "
                      f"({result.seconds.get('total', 0):.2f}s of {budget:.2f}s)")
        return result.move

    def values(self, color: int) -> list[MoveValue]:
        """The valued candidates for color in the current position, best first (the last
        genmove's when it was for this position and colour, else a new one's)."""
        result = self.last
        board = self.game.board
        if result is not None and result.analysis.color == color and result.analysis.board is board \
                and board.hash == result.analysis.board.hash and result.values:
            return result.values
        self.last = self.generator.genmove(board, color, self.game.komi, self.options.move_time)
        return self.last.values

    def moves_to_go(self) -> float:
        """A guess at how many more moves this side will play: half the empty points that
        are not yet territory (about 3 in 10 points end the game empty), and half the board's
        width again for the endgame, captures and ko fights of a long game."""
        size = self.game.size
        open_points = len(self.game.board.empty_points()) - 0.3 * size * size
        return max(size / 2, open_points / 2) + size / 2

    def analysis(self, color: int | None = None, effort: float = 1.0) -> Analysis:
        """The examine step's analysis of the current position, reading with the effort
        given (cached until the position or the effort changes)."""
        board = self.game.board
        c = self.game.to_move if color is None else color
        key = (board.hash, len(board.history), c, effort)
        if self._analysis is None or self._analysis[0] != key:
            deadline = time.monotonic() + max(self.options.move_time, 5.0) * max(1.0, effort)
            self._analysis = (key, self.generator.examine(board, c, self.game.komi, deadline, effort))
        return self._analysis[1]

    def final_analysis(self) -> Analysis:
        """The analysis stones are scored by: read with the effort scoring deserves (the
        game is over, the clock no longer presses)."""
        return self.analysis(effort=SCORING_EFFORT)

    def dead_stones(self) -> list[int]:
        """Stones judged dead in the current position, for the score: those of dead
        dragons and of critical ones. When the game is over, a dragon the opponent kills
        by moving first is dead: its owner passed instead of defending it, and in a
        dispute after the game the attacker moves first (the owner answers)."""
        return self.final_analysis().dead_stones(critical=True)

    def seki_stones(self) -> list[int]:
        """Stones in seki in the current position, for the score and final_status_list."""
        return self.final_analysis().seki_stones()

    def score(self) -> float:
        """The score of the current position by the game's rules, dead stones removed (and
        by territory, the eyes of stones in seki no one's): positive = Black ahead."""
        return score(self.game.board, self.game.komi, self.dead_stones(), self.game.rules, self.seki_stones())
