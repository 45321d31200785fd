"""Worms: every string with the facts move generation needs, tactical codes included.

Core fills the geometry (size, liberties); the tactical plugin fills the reading results
(attack and defence codes and points, threats) during the examine step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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

    def to_wire(self) -> list[Any]:
        """A msgpack-friendly form."""
        return [self.origin, self.color, self.stones, self.liberties, self.attack_code, self.attack_point,
                self.defense_code, self.defense_point, self.attack_points, self.defense_points,
                self.attack_threats, self.defense_threats]

    @staticmethod
    def from_wire(obj: Any) -> Worm:
        """A worm from its wire form."""
        return Worm(obj[0], obj[1], list(obj[2]), obj[3], obj[4], obj[5], obj[6], obj[7], list(obj[8]),
                    list(obj[9]), list(obj[10]), list(obj[11]))


def make_worms(board: Board) -> dict[int, Worm]:
    """A Worm for every string on the board, keyed by origin."""
    return {s.origin: Worm(s.origin, s.color, sorted(s.stones), len(s.libs)) for s in board.strings()}
