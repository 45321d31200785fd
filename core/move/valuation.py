"""The valuator: turns the move reasons at each point into a value in points.

Each candidate gets
- territorial value: the change in expected area (influence) if the move is played,
  with the status changes its reasons claim (a captured worm dies, a defended one lives);
  every move is compared with the same baseline, the position after we tenuki, where our
  unstable worms and critical dragons die and the opponent's live;
- strategic value: a fraction of the worth of dragons whose safety the move changes
  (connecting, cutting, strategic attack and defence);
- a shape factor: 1.05 to the power (largest positive shape value + 1 per further one)
  minus (the same for negative ones);
- pattern minimum and maximum values; a small secondary value for threats;
- follow-up value: a sente move (a threat bigger than itself) counts double, and when a
  ko we may not retake is on the board, threats count in full as ko threats.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from core.analysis.analysis import Analysis
from core.analysis.dragons import Status
from core.analysis.influence import compute_influence
from core.board.board import Board
from core.board.color import BLACK, EMPTY
from core.board.coords import vertex
from core.host.services import OwlReading, TacticalReader
from core.move.reasons import (
    ATTACKS,
    BAD_KO,
    DEFENDS,
    GOOD_KO,
    OWL_ATTACKS,
    OWL_DEFENDS,
    UNCERTAIN_OWL,
    Kind,
    MoveReason,
)
from core.reading.results import WIN

KO_WEIGHT = {"good": 0.6, "bad": 0.35}
UNCERTAIN_WEIGHT = 0.5  # an owl verdict reading could not finish: the static judgement's move, half believed
SECONDARY_WEIGHT = 0.1
SAFETY_NODE_LIMIT = 1500  # nodes for reading whether a new stone can be captured
STRATEGIC_FRACTION = 0.5
CONFIRM_MOVES = 6  # at most this many best moves have their invading stone read by owl
CONFIRM_NODES = 400  # owl nodes for reading whether the opponent can kill an invading stone
LINK_SHARE = 0.8  # a lone stone linked to a friend by a one-point jump or a diagonal: this share of its safety
KNIGHT_SHARE = 0.7  # linked by a knight's move: this share
INVADER = 0.5  # a lone new stone at this safety or below stands on the opponent's ground


@dataclass
class MoveValue:
    """The value of one move and how it was reached."""

    move: int
    reasons: list[MoveReason]
    territorial: float = 0.0
    strategic: float = 0.0
    shape_factor: float = 1.0
    secondary: float = 0.0
    followup: float = 0.0
    min_value: float = 0.0
    max_value: float | None = None
    total: float = 0.0
    safe: bool = True
    stone_safety: float = 1.0  # the safety given to the string the move makes
    lone: bool = False  # the move's stone touches none of ours: a new group
    antisuji: bool = False
    notes: list[str] = field(default_factory=list)

    def explain(self, size: int) -> str:
        """One line per component, in points."""
        lines = [f"{vertex(size, self.move)}: {self.total:.2f}",
                 f"  territorial {self.territorial:.2f}, strategic {self.strategic:.2f}, "
                 f"shape factor {self.shape_factor:.3f}, secondary {self.secondary:.2f}, followup {self.followup:.2f}"]
        if self.min_value:
            lines.append(f"  minimum value {self.min_value:g}")
        if self.max_value is not None:
            lines.append(f"  maximum value {self.max_value:g}")
        lines += [f"  {n}" for n in self.notes]
        return "\n".join(lines)


def group_reasons(reasons: Iterable[MoveReason]) -> dict[int, list[MoveReason]]:
    """Reasons by move, each list in a fixed order (so results do not depend on arrival order)."""
    out: dict[int, list[MoveReason]] = defaultdict(list)
    for r in sorted(set(reasons)):
        out[r.move].append(r)
    return dict(out)


class Valuator:
    """Values moves for the side to move of an analysis."""

    def __init__(self, analysis: Analysis, tactical: TacticalReader | None = None,
                 deadline: float | None = None) -> None:
        self.a = analysis
        self.tactical = tactical
        self.deadline = deadline
        self.board: Board = analysis.board
        self.color = analysis.color
        self.sign = 1 if self.color == BLACK else -1
        self._worm_dragon = analysis.dragon_of
        self.base_dead, self.base_safety = self._baseline()
        self.base_value = self._area_value(self.base_dead, self.base_safety)

    # -- the baseline: we tenuki, the opponent settles everything unsettled its way
    def _baseline(self) -> tuple[set[int], dict[int, float]]:
        dead: set[int] = set(self.a.dead_stones())
        safety = self.a.safety_map()
        for wm in self.a.worms.values():
            if wm.unstable and wm.color == self.color:
                dead.update(wm.stones)
        for d in self.a.dragons.values():
            if d.status == Status.CRITICAL and d.color == self.color:
                for o in d.worms:
                    dead.update(self.a.worms[o].stones)
        return dead, safety

    def _area_value(self, dead: set[int], safety: dict[int, float]) -> float:
        inf = compute_influence(self.board, [p for p in dead if self.board.board[p] != 0], safety)
        return float(inf.owner.sum()) * self.sign

    def _stones(self, origin: int) -> list[int]:
        """The stones of the dragon at origin."""
        return [p for o in self.a.dragons[origin].worms for p in self.a.worms[o].stones]

    def dragon_worth(self, origin: int) -> float:
        """What a dragon is worth to its owner: twice its stones plus its eye space."""
        d = self.a.dragons[origin]
        return 2.0 * d.stones + d.territory

    # -- one move
    def value(self, move: int, reasons: list[MoveReason], ko_threats_count: bool = False,
              killed: bool = False) -> MoveValue:
        """The value of playing `move` for the side to move, given its reasons; killed: owl
        has read that the opponent kills the new stone."""
        mv = MoveValue(move, reasons)
        if any(r.kind == Kind.ANTISUJI for r in reasons):
            mv.antisuji = True
            mv.notes.append("antisuji: never played")
            return mv
        if not self.board.is_legal(move, self.color):
            mv.notes.append("illegal")
            mv.antisuji = True
            return mv
        mv.territorial = self._territorial(mv, killed)
        mv.strategic = self._strategic(mv)
        mv.shape_factor = _shape_factor([r.value for r in reasons if r.kind == Kind.SHAPE])
        mv.secondary, threat_followup = self._threats(mv)
        mv.followup = threat_followup + sum(r.value for r in reasons if r.kind == Kind.FOLLOWUP)
        base = mv.territorial + mv.strategic
        total = base * mv.shape_factor if base > 0 else base
        total += SECONDARY_WEIGHT * mv.secondary
        if mv.followup > 0:
            if ko_threats_count:
                total += mv.followup
                mv.notes.append(f"ko threat: follow-up {mv.followup:.2f} counts in full")
            else:
                total += min(mv.followup, max(total, 0.0))
        mins = [r.value for r in reasons if r.kind == Kind.MIN_VALUE]
        maxs = [r.value for r in reasons if r.kind == Kind.MAX_VALUE]
        if mins:
            mv.min_value = max(mins)
            total = max(total, mv.min_value)
        if maxs:
            mv.max_value = min(maxs)
            total = min(total, mv.max_value)
        mv.total = total
        return mv

    def _territorial(self, mv: MoveValue, killed: bool = False) -> float:
        dead = set(self.base_dead)
        safety = dict(self.base_safety)
        weight = 1.0
        for r in mv.reasons:
            k = r.kind
            factor = KO_WEIGHT["good"] if k in GOOD_KO else KO_WEIGHT["bad"] if k in BAD_KO else 1.0
            if k in UNCERTAIN_OWL:
                factor = UNCERTAIN_WEIGHT
                k = Kind.OWL_ATTACK if k == Kind.UNCERTAIN_OWL_ATTACK else Kind.OWL_DEFEND
            if k in ATTACKS and r.targets[0] in self.a.worms:
                dead.update(self.a.worms[r.targets[0]].stones)
                weight = min(weight, factor)
                mv.notes.append(f"{k.name} {vertex(self.board.size, r.targets[0])}")
            elif k in DEFENDS and r.targets[0] in self.a.worms:
                if self._doomed(r.targets[0]):
                    mv.notes.append(f"{k.name} {vertex(self.board.size, r.targets[0])}: its dragon stays dead")
                    continue
                stones = self.a.worms[r.targets[0]].stones
                dead.difference_update(stones)
                for p in stones:
                    safety[p] = max(safety.get(p, 1.0), 1.0)
                weight = min(weight, factor)
                mv.notes.append(f"{k.name} {vertex(self.board.size, r.targets[0])}")
            elif k == Kind.SEMEAI and r.targets[0] in self.a.dragons and r.targets[1] in self.a.dragons:
                ours, theirs = self._stones(r.targets[0]), self._stones(r.targets[1])
                dead.difference_update(ours)  # the race won: ours lives and theirs dies
                for p in ours:
                    safety[p] = 1.0
                dead.update(theirs)
                mv.notes.append(f"SEMEAI {vertex(self.board.size, r.targets[0])} against {vertex(self.board.size, r.targets[1])}")
            elif (k in OWL_ATTACKS or k in OWL_DEFENDS) and r.targets[0] in self.a.dragons:
                stones = self._stones(r.targets[0])
                if k in OWL_ATTACKS:
                    dead.update(stones)
                else:
                    dead.difference_update(stones)
                    for p in stones:
                        safety[p] = 1.0
                weight = min(weight, factor)
                mv.notes.append(f"{r.kind.name} {vertex(self.board.size, r.targets[0])}")
        board = self.board
        before = self._ownership_before(mv.move)
        if not board.trymove(mv.move, self.color):
            return 0.0
        try:
            level = self._judge_new_stone(mv, dead, safety, before, killed)
            after = self._area_value(dead, safety)
            if 0.0 < level < 0.9:
                # a weak stone: the expected area, weighing its life against its death
                stones = board.string(mv.move).stones
                after_dead = self._area_value(dead | set(stones), safety)
                after = level * after + (1.0 - level) * after_dead
        finally:
            board.popgo()
        gain = after - self.base_value
        return gain * weight if gain > 0 else gain

    def killable(self, move: int, owl: OwlReading, node_limit: int = CONFIRM_NODES) -> bool:
        """Owl reads that the opponent, moving next, kills the string our move makes (an
        unfinished reading proves nothing)."""
        if not self.board.trymove(move, self.color):
            return False
        try:
            code, _ = owl.owl_attack(self.board, move, node_limit, check=False)  # the code alone: no check
            return code == WIN
        finally:
            self.board.popgo()

    def _doomed(self, worm: int) -> bool:
        """The worm belongs to a dragon owl read and found no save for: a tactical defence
        keeps the worm on the board for now, but the dragon dies all the same ("don't
        save stones that are already dead": a rescue that leads nowhere is worth nothing)."""
        d = self.a.dragon_of.get(worm)
        return d is not None and self.a.dragons[d].owl_defense == 0

    def _ownership_before(self, p: int) -> float:
        """Who owned the point before the move, from our side (-1 theirs .. 1 ours)."""
        inf = self.a.influence
        return inf.at(p) * self.sign if inf is not None else 0.0

    def _judge_new_stone(self, mv: MoveValue, dead: set[int], safety: dict[int, float], before: float,
                         killed: bool = False) -> float:
        """How safe the string the move made is, with the move on the board: dead, weak or alive.

        A stone that joins a dead string dies with it; one that joins our stones shares
        their safety; a lone stone is as safe as the point was ours before, or as the
        friend it links to by shape makes it (`_link_safety`; not a stone in atari, as
        after a ko capture), whichever is more; a string
        left with two liberties or fewer is dead if the opponent can capture it; killed
        (owl has read that the opponent kills it) makes it dead. Returns the safety given to the new string (0 when it is dead).
        """
        board = self.board
        s = board.string(mv.move)
        mv.lone, mv.stone_safety = len(s.stones) == 1, 0.0  # the level, once it is known alive
        if killed:
            dead.update(s.stones)
            mv.safe = False
            mv.notes.append("unsafe: owl reads that the opponent kills it")
            return 0.0
        tactical_reason = any(r.kind in ATTACKS or r.kind in OWL_DEFENDS
                              or (r.kind in DEFENDS and not self._doomed(r.targets[0])) for r in mv.reasons)
        others = [p for p in s.stones if p != mv.move]
        if others and any(p in dead for p in others) and not tactical_reason:
            dead.update(s.stones)
            mv.safe = False
            mv.notes.append("joins stones that are dead")
            return 0.0
        if len(s.libs) <= 2 and not tactical_reason:
            captured = len(s.libs) <= 1
            short = self.deadline is not None and time.monotonic() > self.deadline
            if not captured and self.tactical is not None and not short:
                code, _ = self.tactical.attack(board, mv.move, SAFETY_NODE_LIMIT)
                captured = code != 0
            if captured:
                dead.update(s.stones)
                mv.safe = False
                mv.notes.append("unsafe: the opponent can capture it")
                return 0.0
        if others:
            level = max(safety.get(p, 1.0) for p in others)
        else:
            level = _influence_level(before)
            linked = self._link_safety(mv.move, dead, safety) if len(s.libs) >= 2 else 0.0
            if linked > level:
                level = linked
                mv.notes.append("linked to a friend by a jump, a diagonal or a knight's move")
        for p in s.stones:
            safety[p] = max(level, safety.get(p, 0.0)) if p != mv.move else level
        mv.stone_safety = level
        if level < 1.0:
            mv.notes.append(f"new stone's safety {level:g}")
        return level

    def _link_safety(self, move: int, dead: set[int], safety: dict[int, float]) -> float:
        """The safety a lone stone borrows from a living friend it links to by shape, 0
        where none: LINK_SHARE of the friend's own for a one-point jump (its middle point
        touching no enemy stone: "a one-point jump is never bad") or a diagonal step, both
        crossing points empty; KNIGHT_SHARE for a knight's move, the two points nearest the
        straight line between them empty."""
        cells = self.board.board
        w = self.board.size + 1
        enemy = 3 - self.color
        best = 0.0
        for d1, turn in ((1, w), (w, -1), (-1, -w), (-w, 1)):  # each direction, and the next clockwise
            links = ((move + 2 * d1, (move + d1,), LINK_SHARE),
                     (move + d1 + turn, (move + d1, move + turn), LINK_SHARE),
                     (move + 2 * d1 + turn, (move + d1, move + d1 + turn), KNIGHT_SHARE),
                     (move + 2 * d1 - turn, (move + d1, move + d1 - turn), KNIGHT_SHARE))
            for friend, between, share in links:
                if not 0 < friend < len(cells) or cells[friend] != self.color or friend in dead:
                    continue
                if any(cells[b] != EMPTY for b in between):
                    continue
                if len(between) == 1 and any(cells[between[0] + d] == enemy for d in (1, -1, w, -w)):
                    continue  # the enemy wedges in
                best = max(best, share * safety.get(friend, 1.0))
        return best

    def _strategic(self, mv: MoveValue) -> float:
        total = 0.0
        seen: set[tuple[int, ...]] = set()
        for r in mv.reasons:
            if r.kind in (Kind.STRATEGIC_ATTACK, Kind.STRATEGIC_DEFEND):
                d = self._dragon_of(r.targets[0])
                if d is None or (d,) in seen:
                    continue
                seen.add((d,))
                dragon = self.a.dragons[d]
                weakness = 1.0 - dragon.safety
                total += STRATEGIC_FRACTION * 0.5 * weakness * self.dragon_worth(d)
            elif r.kind in (Kind.CONNECT, Kind.CUT):
                pair = tuple(sorted({x for x in (self._dragon_of(t) for t in r.targets) if x is not None}))
                if len(pair) < 2 or pair in seen:
                    continue
                seen.add(pair)
                weakest = min(pair, key=lambda o: self.a.dragons[o].safety)
                weakness = 1.0 - self.a.dragons[weakest].safety
                total += STRATEGIC_FRACTION * weakness * self.dragon_worth(weakest)
        return total

    def _threats(self, mv: MoveValue) -> tuple[float, float]:
        secondary = followup = 0.0
        for r in mv.reasons:
            if r.kind in (Kind.ATTACK_THREAT, Kind.DEFEND_THREAT) and r.targets[0] in self.a.worms:
                worth = 2.0 * self.a.worms[r.targets[0]].size
                secondary += worth
                followup += worth
            elif r.kind in (Kind.OWL_ATTACK_THREAT, Kind.OWL_DEFEND_THREAT, Kind.OWL_PREVENT_THREAT):
                d = self._dragon_of(r.targets[0])
                if d is not None:
                    worth = self.dragon_worth(d)
                    secondary += worth
                    followup += 0.5 * worth
            elif r.kind in (Kind.SEMEAI_THREAT, Kind.YOUR_ATARI_ATARI, Kind.MY_ATARI_ATARI, Kind.EITHER, Kind.ALL):
                secondary += 2.0
        return secondary, followup

    def _dragon_of(self, p: int) -> int | None:
        if self.board.board[p] == 0:
            return None
        return self._worm_dragon.get(self.board.origin(p))


def _influence_level(before: float) -> float:
    """A lone stone's safety from who owned its point before the move."""
    return 1.0 if before >= 0.5 else 0.6 if before > -0.15 else 0.35 if before > -0.5 else 0.25


def _shape_factor(values: list[float]) -> float:
    pos = sorted((v for v in values if v > 0), reverse=True)
    neg = sorted((-v for v in values if v < 0), reverse=True)
    points = (pos[0] + len(pos) - 1 if pos else 0.0) - (neg[0] + len(neg) - 1 if neg else 0.0)
    return float(1.05 ** points)


PRIORITY = {Kind.ATTACK: 0, Kind.DEFEND: 0, Kind.ATTACK_GOOD_KO: 0, Kind.DEFEND_GOOD_KO: 0,
            Kind.ATTACK_BAD_KO: 1, Kind.DEFEND_BAD_KO: 1, Kind.OWL_ATTACK: 0, Kind.OWL_DEFEND: 0, Kind.SEMEAI: 0,
            Kind.CONNECT: 1, Kind.CUT: 1, Kind.VITAL_EYE: 1, Kind.MY_ATARI_ATARI: 1, Kind.YOUR_ATARI_ATARI: 1,
            Kind.MIN_VALUE: 2, Kind.STRATEGIC_ATTACK: 2, Kind.STRATEGIC_DEFEND: 2, Kind.SHAPE: 3,
            Kind.ATTACK_THREAT: 3, Kind.EXPAND_MOYO: 4, Kind.EXPAND_TERRITORY: 4, Kind.ENDGAME: 4}


def value_moves(analysis: Analysis, reasons: Iterable[MoveReason], tactical: TacticalReader | None = None,
                deadline: float | None = None, owl: OwlReading | None = None) -> list[MoveValue]:
    """Every candidate valued, best first (ties broken by point, so the order is fixed).

    Candidates are valued in a fixed order of promise (tactical reasons, then pattern
    values, then territorial candidates); past the deadline the rest are skipped.
    """
    valuator = Valuator(analysis, tactical, deadline)
    board = analysis.board
    ko_threats = bool(board.ko) and board.ko_color == analysis.color
    groups = sorted(group_reasons(reasons).items(),
                    key=lambda item: (min(PRIORITY.get(r.kind, 5) for r in item[1]), item[0]))
    values: list[MoveValue] = []
    for m, rs in groups:
        if deadline is not None and values and time.monotonic() > deadline:
            break
        values.append(valuator.value(m, rs, ko_threats))
    values.sort(key=lambda v: (-v.total, v.move))
    if owl is not None:
        _confirm_safety(valuator, values, owl, ko_threats, deadline)
    return values


READ = ATTACKS | DEFENDS | OWL_ATTACKS | OWL_DEFENDS | UNCERTAIN_OWL | {Kind.SEMEAI}  # reasons reading has already judged


def _confirm_safety(valuator: Valuator, values: list[MoveValue], owl: OwlReading, ko_threats: bool,
                    deadline: float | None) -> None:
    """While the best move is a lone stone on the opponent's ground (an invasion, its life
    guessed from influence) with no reading behind it, ask owl whether the opponent kills
    it; a stone owl kills is valued as dead and the moves sorted again, up to
    CONFIRM_MOVES times ("don't play into the opponent's sphere of influence unless you
    can live there")."""
    checked: set[int] = set()
    while len(checked) < CONFIRM_MOVES and (deadline is None or time.monotonic() < deadline):
        best = next((i for i, v in enumerate(values) if not v.antisuji), None)
        if best is None:
            return
        v = values[best]
        if v.total <= 0 or v.move in checked or not v.lone or not 0.0 < v.stone_safety <= INVADER \
                or any(r.kind in READ for r in v.reasons):
            return
        checked.add(v.move)
        if not valuator.killable(v.move, owl):
            return
        values[best] = valuator.value(v.move, v.reasons, ko_threats, killed=True)
        values.sort(key=lambda x: (-x.total, x.move))
