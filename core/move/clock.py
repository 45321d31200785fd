"""Time management: the time control, the time left on each side's clock, and how long the
next move may take.

Time controls are GTP's and KGS's: none, absolute (sudden death), Canadian byo-yomi (main
time, then B seconds for every S stones) and Japanese byo-yomi (main time, then P periods
of B seconds; a move within its period keeps it). The controller's `time_left` is the
truth; between its reports the engine keeps its own clock from the time its moves took.

The budget spreads what is left over the moves still to play ("use your time while the
game is open"), keeps a margin for the trip to the controller, and never exceeds what the
clock allows. A small budget is still a budget: genmove scales its work down to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from core.board.color import BLACK, WHITE

NONE: Final = "none"
ABSOLUTE: Final = "absolute"
CANADIAN: Final = "canadian"
BYOYOMI: Final = "byoyomi"  # Japanese: periods

OVERHEAD: Final = 0.05  # seconds per move for the trip to the controller and back
RESERVE: Final = 0.05  # a share of the time left that is never planned for
FLOOR: Final = 0.02  # the smallest budget: enough for the quickest move


@dataclass
class Clock:
    """One game's time control and both sides' clocks (seconds, and stones or periods)."""

    kind: str = NONE
    main_time: float = 0.0
    byo_time: float = 0.0
    byo_stones: int = 0  # Canadian: stones per period
    byo_periods: int = 0  # Japanese: periods
    left: dict[int, tuple[float, int]] = field(default_factory=dict)  # color -> (seconds, stones or periods)

    @property
    def unlimited(self) -> bool:
        """True when no time limit applies."""
        return self.kind == NONE

    # ------------------------------------------------------------------ the controller's words
    def settings(self, main_time: float, byo_time: float, byo_stones: int) -> None:
        """GTP time_settings: main time, then Canadian byo-yomi of byo_time per byo_stones.
        byo_time > 0 with no stones means no limit; no byo-yomi time means sudden death."""
        if byo_time > 0 and byo_stones == 0:
            self.set(NONE)
        elif byo_time <= 0 or byo_stones <= 0:
            self.set(ABSOLUTE if main_time > 0 else NONE, main_time)
        else:
            self.set(CANADIAN, main_time, byo_time, byo_stones)

    def set(self, kind: str, main_time: float = 0.0, byo_time: float = 0.0, count: int = 0) -> None:
        """A time control of a kind (NONE, ABSOLUTE, CANADIAN, BYOYOMI); count is Canadian
        stones or Japanese periods. Both clocks start full."""
        self.kind, self.main_time, self.byo_time = kind, main_time, byo_time
        self.byo_stones = count if kind == CANADIAN else 0
        self.byo_periods = count if kind == BYOYOMI else 0
        self.left = {BLACK: (main_time, 0), WHITE: (main_time, 0)}
        if main_time <= 0 and kind in (CANADIAN, BYOYOMI):
            self.left = {c: self._start_of_byoyomi() for c in (BLACK, WHITE)}

    def time_left(self, color: int, seconds: float, stones: int) -> None:
        """GTP time_left: seconds left, and stones (Canadian) or periods (Japanese) left in
        byo-yomi; 0 while in main time."""
        self.left[color] = (max(0.0, seconds), stones)

    def _start_of_byoyomi(self) -> tuple[float, int]:
        return (self.byo_time, self.byo_stones) if self.kind == CANADIAN else (self.byo_time, self.byo_periods)

    # ------------------------------------------------------------------ our own clock
    def spent(self, color: int, seconds: float) -> None:
        """A move of color took this long: keep the clock until the controller reports."""
        if self.unlimited:
            return
        left, count = self.left.get(color, (self.main_time, 0))
        if count == 0:  # main time
            left -= seconds
            if left >= 0 or self.kind == ABSOLUTE:
                self.left[color] = (max(0.0, left), 0)
                return
            seconds = -left  # main time ran out during the move: the rest is byo-yomi's
            left, count = self._start_of_byoyomi()
        if self.kind == CANADIAN:
            left, count = left - seconds, count - 1
            self.left[color] = self._start_of_byoyomi() if count <= 0 else (max(0.0, left), count)
        elif seconds > self.byo_time:  # Japanese: an overrun costs a period
            self.left[color] = (self.byo_time, max(1, count - int(seconds // max(self.byo_time, 1e-9))))
        else:
            self.left[color] = (self.byo_time, count)

    # ------------------------------------------------------------------ the budget
    def budget(self, color: int, moves_left: float, default: float) -> float:
        """Seconds the next move of color may use: its share of the time left over the moves
        left, less the trip's overhead, never more than the clock allows."""
        if self.unlimited:
            return default
        left, count = self.left.get(color, (self.main_time, 0))
        moves = max(moves_left, 1.0)
        if count > 0 and self.kind == CANADIAN:  # in a period: share it over its stones
            share, limit = left / count, left
        elif count > 0:  # Japanese byo-yomi: each move has its period
            share, limit = left, left
        else:
            share = left / moves
            limit = left
            if self.kind in (CANADIAN, BYOYOMI):  # byo-yomi follows: its move time is there too
                period = self.byo_time / self.byo_stones if self.kind == CANADIAN else self.byo_time
                share = max(share, period)
                limit = left + period
        planned = share * (1.0 - RESERVE) - OVERHEAD
        return max(FLOOR, min(default, planned, limit - OVERHEAD))
