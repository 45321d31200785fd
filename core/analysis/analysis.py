"""The analysis of a position that every move generator and the valuator share:
worms, eye spaces, dragons and influence."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.board.board import Board
from core.analysis.dragons import Dragon, Status, make_dragons
from core.analysis.eyes import EyeSpace, eye_spaces
from core.analysis.influence import Influence, compute_influence
from core.analysis.worms import Worm, make_worms


@dataclass
class Analysis:
    """What the examine step found out about a position, for the side to move."""

    board: Board
    color: int
    komi: float
    worms: dict[int, Worm]
    dragons: dict[int, Dragon] = field(default_factory=dict)
    dragon_of: dict[int, int] = field(default_factory=dict)  # worm origin -> dragon origin
    spaces: list[EyeSpace] = field(default_factory=list)
    influence: Influence | None = None

    def worm(self, p: int) -> Worm:
        """The worm through a stone."""
        return self.worms[self.board.origin(p)]

    def dragon(self, p: int) -> Dragon:
        """The dragon through a stone."""
        return self.dragons[self.dragon_of[self.board.origin(p)]]

    def dead_stones(self) -> list[int]:
        """Every stone of a dead dragon (or of a tactically dead worm before dragons exist)."""
        out: list[int] = []
        if self.dragons:
            for d in self.dragons.values():
                if d.status == Status.DEAD:
                    for o in d.worms:
                        out.extend(self.worms[o].stones)
        else:
            for wm in self.worms.values():
                if wm.tactically_dead:
                    out.extend(wm.stones)
        return sorted(out)

    def safety_map(self) -> dict[int, float]:
        """Stone -> safety of its dragon."""
        out: dict[int, float] = {}
        for d in self.dragons.values():
            for o in d.worms:
                for p in self.worms[o].stones:
                    out[p] = d.safety
        return out

    def build_dragons(self) -> None:
        """Eye spaces, dragons and a first influence from the worms' tactical status."""
        dead = {p for wm in self.worms.values() if wm.tactically_dead for p in wm.stones}
        self.spaces = eye_spaces(self.board, dead)
        first = compute_influence(self.board, dead)
        self.dragons = make_dragons(self.board, self.worms, self.spaces, first,
                                    lambda stones: compute_influence(self.board, dead | set(stones)))
        self.dragon_of = {o: d.origin for d in self.dragons.values() for o in d.worms}

    def build_influence(self) -> None:
        """The influence of the position with dead dragons removed and weak ones weakened."""
        self.influence = compute_influence(self.board, self.dead_stones(), self.safety_map())

    def to_wire(self) -> list[Any]:
        """Worms and dragons in msgpack-friendly form (influence is recomputed where needed)."""
        return [[w.to_wire() for w in self.worms.values()], [d.to_wire() for d in self.dragons.values()]]

    @staticmethod
    def from_wire(board: Board, color: int, komi: float, obj: Any) -> Analysis:
        """An analysis of this board from its wire form."""
        worms = {w.origin: w for w in (Worm.from_wire(x) for x in obj[0])}
        dragons = {d.origin: d for d in (Dragon.from_wire(x) for x in obj[1])}
        a = Analysis(board, color, komi, worms, dragons)
        a.dragon_of = {o: d.origin for d in dragons.values() for o in d.worms}
        return a


def initial_analysis(board: Board, color: int, komi: float) -> Analysis:
    """An analysis with worms only (what exists before plugins read)."""
    return Analysis(board, color, komi, make_worms(board))
