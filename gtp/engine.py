"""The engine behind the GTP server: the game, the options, and move generation."""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field

from core.clock import Clock
from core.color import color_name
from core.coords import vertex
from core.fallback import fallback_move
from core.game import Game
from core.score import area_score


@dataclass
class Options:
    """Engine options from the command line."""

    size: int = 19
    komi: float = 7.5
    level: int = 10
    seed: int = 0
    trace: int = 0
    superko: bool = False
    move_time: float = 10.0  # default seconds per move when no time control is set
    extra: dict[str, object] = field(default_factory=dict)


class Engine:
    """A Go engine: a Game plus move generation, scoring and time management."""

    name = "Kiai"
    version = "0.1.0"

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()
        self.game = Game(self.options.size, self.options.komi, superko=self.options.superko)
        self.clock = Clock()
        self.level = self.options.level
        self.rng = random.Random(self.options.seed)

    def trace(self, level: int, message: str) -> None:
        """Print a trace line on stderr when tracing is at least this level."""
        if self.options.trace >= level:
            print(message, file=sys.stderr, flush=True)

    def generate(self, color: int, cleanup: bool = False) -> int:
        """The move Kiai chooses for color in the current position (not played)."""
        start = time.monotonic()
        budget = self.clock.budget(color, self.moves_to_go(), self.options.move_time)
        move = fallback_move(self.game.board, color, self.rng)
        self.trace(1, f"genmove {color_name(color)}: {vertex(self.game.size, move)} "
                      f"({time.monotonic() - start:.3f}s of {budget:.2f}s)")
        return move

    def moves_to_go(self) -> int:
        """A guess at how many more moves this side will play in the game."""
        empty = len(self.game.board.empty_points())
        return max(10, empty // 3)

    def dead_stones(self) -> list[int]:
        """Stones judged dead in the current position (none until analysis judges them)."""
        return []

    def score(self) -> float:
        """Area score of the current position, dead stones removed: positive = Black ahead."""
        return area_score(self.game.board, self.game.komi, self.dead_stones())
