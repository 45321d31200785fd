"""Worms: every string with the facts move generation needs, tactical codes included.

Core fills the geometry (size, liberties); the tactical plugin fills the reading results
(attack and defence codes and points, threats) during the examine step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.board.board import Board


@dataclass
class Worm:
    """One string and what reading found about it."""

    origin: int
    color: int
    stones: list[int]
    liberties: int
    attack_code: int = 0
    attack_point: int = 0
    defense_code: int = 0
    defense_point: int = 0
    attack_points: list[int] = field(default_factory=list)
    defense_points: list[int] = field(default_factory=list)
    attack_threats: list[int] = field(default_factory=list)
    defense_threats: list[int] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Number of stones."""
        return len(self.stones)

    @property
    def tactically_dead(self) -> bool:
        """Capturable and without a defence (as reading sees it)."""
        return self.attack_code != 0 and self.defense_code == 0

    @property
    def unstable(self) -> bool:
        """Capturable but defendable: whoever moves first decides its fate."""
        return self.attack_code != 0 and self.defense_code != 0


def make_worms(board: Board) -> dict[int, Worm]:
    """A Worm for every string on the board, keyed by origin."""
    return {s.origin: Worm(s.origin, s.color, sorted(s.stones), len(s.libs)) for s in board.strings()}
