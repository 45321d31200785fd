"""Time control: what time_settings / time_left told us, and how long the next move may take."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.board.color import BLACK, WHITE


@dataclass
class Clock:
    """Canadian byo-yomi as GTP describes it: main time, then byo_time per byo_stones moves.

    byo_time > 0 with byo_stones == 0 means no time limit, as GTP says.
    """

    main_time: float = 0.0
    byo_time: float = 0.0
    byo_stones: int = 0
    left: dict[int, tuple[float, int]] = field(default_factory=dict)  # color -> (seconds, stones)
    safety: float = 0.5  # seconds kept back for process and transport overhead

    @property
    def unlimited(self) -> bool:
        """True when no time limit applies."""
        return self.main_time == 0 and (self.byo_time == 0 or self.byo_stones == 0)

    def settings(self, main_time: float, byo_time: float, byo_stones: int) -> None:
        """Take new time settings (GTP time_settings) and reset both clocks."""
        self.main_time, self.byo_time, self.byo_stones = main_time, byo_time, byo_stones
        self.left = {BLACK: (main_time, 0), WHITE: (main_time, 0)}

    def time_left(self, color: int, seconds: float, stones: int) -> None:
        """Record what the controller says is left (GTP time_left)."""
        self.left[color] = (seconds, stones)

    def budget(self, color: int, moves_to_go: int, default: float) -> float:
        """Seconds the next move of color may use: never more than the clock allows."""
        if self.unlimited:
            return default
        seconds, stones = self.left.get(color, (self.main_time, 0))
        if stones > 0:  # in byo-yomi: share the period over its stones
            share = seconds / stones
        elif seconds > 0 and self.byo_stones > 0:  # main time, then byo-yomi after it
            share = max(seconds / max(moves_to_go, 1), self.byo_time / self.byo_stones)
        else:  # sudden death, or main time with no byo-yomi after it
            share = seconds / max(moves_to_go, 1)
        return max(0.05, min(default, share * 0.8 - self.safety, seconds - self.safety))
