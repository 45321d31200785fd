"""The analysis of a position that every move generator and the valuator share:
worms, eye spaces, dragons and influence. Workers receive all of it, as named records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from core.analysis.dragons import Dragon, Status, make_dragons
from core.analysis.eyes import EyeSpace, eye_spaces
from core.analysis.halfeye import Capturable
from core.analysis.influence import Influence, compute_influence
from core.analysis.amalgamation import Connected, amalgamate
from core.analysis.records import grid, to_record
from core.analysis.unconditional import Unconditional, unconditional
from core.analysis.worms import Worm, make_worms
from core.host.services import CONNECTION, Services
from core.board.board import Board

ANALYSIS_VERSION: Final = 3  # 3: a dragon records the race that settled it


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
    unconditional: Unconditional = field(default_factory=Unconditional)
    notes: list[str] = field(default_factory=list)  # what the examine step's plugins report for the trace

    def worm(self, p: int) -> Worm:
        """The worm through a stone."""
        return self.worms[self.board.origin(p)]

    def dragon(self, p: int) -> Dragon:
        """The dragon through a stone."""
        return self.dragons[self.dragon_of[self.board.origin(p)]]

    def dead_stones(self, critical: bool = False) -> list[int]:
        """Every stone of a dead dragon (or of a tactically dead worm before dragons exist);
        with critical, of a critical dragon too."""
        out: list[int] = []
        if self.dragons:
            for d in self.dragons.values():
                if d.status == Status.DEAD or (critical and d.status == Status.CRITICAL):
                    for o in d.worms:
                        out.extend(self.worms[o].stones)
        else:
            for wm in self.worms.values():
                if wm.tactically_dead:
                    out.extend(wm.stones)
        return sorted(out)

    def seki_stones(self) -> list[int]:
        """Every stone of a dragon alive in seki."""
        return sorted(p for d in self.dragons.values() if d.seki for o in d.worms for p in self.worms[o].stones)

    def safety_map(self) -> dict[int, float]:
        """Stone -> safety of its dragon."""
        out: dict[int, float] = {}
        for d in self.dragons.values():
            for o in d.worms:
                for p in self.worms[o].stones:
                    out[p] = d.safety
        return out

    def build_dragons(self, quick: bool = False, services: Services | None = None) -> None:
        """Unconditional life, eye spaces, dragons and a first influence from the worms'
        tactical status (quick: a weak dragon's room to run is judged on the first
        influence, not one without it), reading with the services where they are given."""
        self.unconditional = unconditional(self.board)
        doomed = self.unconditional.dead_stones(self.board)
        dead = {p for wm in self.worms.values() if wm.tactically_dead for p in wm.stones} | doomed
        capturable = capturable_by(self.board, services)
        self.spaces = eye_spaces(self.board, self.worms, capturable,
                                 diagonal=capturable_by(self.board, services, DIAGONAL_NODES))
        first = compute_influence(self.board, dead)
        alive = frozenset(o for origins in self.unconditional.alive.values() for o in origins)
        of = amalgamate(self.board, self.worms, self.spaces, _connected(self.board, services),
                        capturable=capturable)
        self.dragons = make_dragons(self.board, self.worms, self.spaces, first,
                                    None if quick else lambda stones: compute_influence(self.board, dead | set(stones)),
                                    of, alive, frozenset(doomed),
                                    read=services is not None and services.tactical() is not None)
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
        spaces = [EyeSpace(**rec) for rec in obj["spaces"]]
        inf = obj["influence"]
        influence = None if inf is None else Influence(
            inf["size"], *(grid(inf[k]) for k in ("territory", "moyo", "area", "owner")))
        a = Analysis(board, color, komi, worms, dragons, spaces=spaces, influence=influence)
        a.dragon_of = {o: d.origin for d in dragons.values() for o in d.worms}
        return a


CAPTURE_NODES: Final = 300  # tactical nodes for "would a stone there be captured"
DIAGONAL_NODES: Final = 1000  # the same, for an eye point's empty diagonal: a stone he would
# lose there is no threat to the eye, however long the read that takes it (owl02's O3 needs
# more than 300). The marginal points keep 300: GNU Go's eye spaces call a point beside a
# living enemy stone marginal even where its own reading takes a stone there, and with
# 1,000 for them too score.tst fell from 27 to 26 (README, Eyes under Known limits).
# 1,000 is the only value measured.
CUT_NODES: Final = 25  # connection nodes for "can these two worms be cut"


def _connected(board: Board, services: Services | None) -> Connected | None:
    """Whether two worms cannot be cut, read by the connection service."""
    reading = services.find(CONNECTION) if services is not None else None
    if reading is None:
        return None
    return lambda a, b: reading.connected(board, a, b, CUT_NODES)


def capturable_by(board: Board, services: Services | None, nodes: int = CAPTURE_NODES) -> Capturable | None:
    """Whether a stone of a colour at a point would be captured, read by the tactical service."""
    tactical = services.tactical() if services is not None else None
    if tactical is None:
        return None

    def capturable(p: int, color: int) -> bool:
        if not board.trymove(p, color):
            return True
        try:
            return tactical.attack(board, p, nodes)[0] != 0
        finally:
            board.popgo()

    return capturable


def initial_analysis(board: Board, color: int, komi: float) -> Analysis:
    """An analysis with worms only (what exists before plugins read)."""
    return Analysis(board, color, komi, make_worms(board))
