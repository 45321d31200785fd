"""The analysis of a position that every move generator and the valuator share:
worms, eye spaces, dragons and influence. Workers receive all of it, as named records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from core.analysis.dragons import Dragon, Status, make_dragons
from core.analysis.eyes import EyeSpace, eye_spaces
from core.analysis.influence import Influence, compute_influence
from core.analysis.records import grid, to_record
from core.analysis.worms import Worm, make_worms
from core.board.board import Board

ANALYSIS_VERSION: Final = 2


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

    def build_dragons(self, quick: bool = False) -> None:
        """Eye spaces, dragons and a first influence from the worms' tactical status (quick:
        a weak dragon's room to run is judged on the first influence, not one without it)."""
        dead = {p for wm in self.worms.values() if wm.tactically_dead for p in wm.stones}
        self.spaces = eye_spaces(self.board, dead)
        first = compute_influence(self.board, dead)
        self.dragons = make_dragons(self.board, self.worms, self.spaces, first,
                                    None if quick else lambda stones: compute_influence(self.board, dead | set(stones)))
        self.dragon_of = {o: d.origin for d in self.dragons.values() for o in d.worms}

    def build_influence(self) -> None:
        """The influence of the position with dead dragons removed and weak ones weakened."""
        self.influence = compute_influence(self.board, self.dead_stones(), self.safety_map())

    def to_wire(self) -> dict[str, Any]:
        """Worms, dragons, eye spaces and influence as named records, with the format version."""
        return {"version": ANALYSIS_VERSION, "worms": [to_record(w) for w in self.worms.values()],
                "dragons": [to_record(d) for d in self.dragons.values()],
                "spaces": [to_record(s) for s in self.spaces],
                "influence": None if self.influence is None else to_record(self.influence)}

    @staticmethod
    def from_wire(board: Board, color: int, komi: float, obj: Any) -> Analysis:
        """An analysis of this board from its wire form; ValueError for another format."""
        if not isinstance(obj, dict) or obj.get("version") != ANALYSIS_VERSION:
            raise ValueError(f"unsupported analysis format {obj.get('version') if isinstance(obj, dict) else obj!r}")
        worms = {w.origin: w for w in (Worm(**rec) for rec in obj["worms"])}
        dragons = {d.origin: d for d in (Dragon(**{**rec, "status": Status(rec["status"])}) for rec in obj["dragons"])}
        spaces = [EyeSpace(**{**rec, "borders": set(rec["borders"])}) for rec in obj["spaces"]]
        inf = obj["influence"]
        influence = None if inf is None else Influence(
            inf["size"], *(grid(inf[k]) for k in ("territory", "moyo", "area", "owner")))
        a = Analysis(board, color, komi, worms, dragons, spaces=spaces, influence=influence)
        a.dragon_of = {o: d.origin for d in dragons.values() for o in d.worms}
        return a


def initial_analysis(board: Board, color: int, komi: float) -> Analysis:
    """An analysis with worms only (what exists before plugins read)."""
    return Analysis(board, color, komi, make_worms(board))
