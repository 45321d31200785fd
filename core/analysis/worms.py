"""Worms: every string with the facts move generation needs, tactical codes included.

Core fills the geometry (size, liberties); the tactical plugin fills the reading results
(attack and defence codes and points, threats) during the examine step.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from core.board.board import Board


# The dataclass gives the record's fields, __eq__ and __repr__; __init__ is written out so
# that mypyc compiles it (a generated one runs interpreted, and owl builds every node's
# worms: 2% of owl.tst's time went on it).
@dataclass(init=False)
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

    def __init__(self, origin: int, color: int, stones: list[int], liberties: int, attack_code: int = 0,
                 attack_point: int = 0, defense_code: int = 0, defense_point: int = 0,
                 attack_points: list[int] | None = None, defense_points: list[int] | None = None,
                 attack_threats: list[int] | None = None, defense_threats: list[int] | None = None) -> None:
        self.origin = origin
        self.color = color
        self.stones = stones
        self.liberties = liberties
        self.attack_code = attack_code
        self.attack_point = attack_point
        self.defense_code = defense_code
        self.defense_point = defense_point
        self.attack_points = [] if attack_points is None else attack_points
        self.defense_points = [] if defense_points is None else defense_points
        self.attack_threats = [] if attack_threats is None else attack_threats
        self.defense_threats = [] if defense_threats is None else defense_threats

    def __reduce__(self) -> tuple[type[Worm], tuple[object, ...]]:
        """How copy and pickle rebuild it (a compiled class is not rebuilt without its arguments)."""
        return Worm, tuple(getattr(self, f.name) for f in fields(self))

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
