"""Dragons: worms of one colour that live or die together, with what decides their fate.

Worms join into dragons where they cannot be cut (core.analysis.amalgamation). Each
dragon then carries:

- its eyes: the minimum and maximum (its *genus*) from its eye spaces, added up as
  independent games, and the average;
- its *lunch*: a neighbouring enemy worm it can capture, worth an eye ("a group with a
  lunch is not dead yet");
- its escape potential: open points near its liberties the enemy does not own;
- its moyo: the empty points of its colour's moyo its liberties reach;
- its status: ALIVE with two eyes, unconditional life or room to run; DEAD enclosed with
  no eye to make (but ALIVE in seki: too short of liberties to be approached, yet
  uncapturable); CRITICAL when the next move decides (with the attack and defence
  points); UNKNOWN while it can still run. Owl reading refines the status of dragons
  that are neither clearly alive nor clearly dead;
- its safety from 0 (dead) to 1 (alive), for the valuator.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Callable, Final, Mapping, Sequence

from core.analysis.amalgamation import amalgamate
from core.analysis.eyes import EyeSpace
from core.analysis.eyeshapes import combine
from core.analysis.influence import Influence
from core.analysis.worms import Worm
from core.board.board import Board
from core.board.color import EMPTY


class Status(IntEnum):
    """Life-and-death status of a dragon (or worm)."""

    UNKNOWN = 0
    ALIVE = 1
    DEAD = 2
    CRITICAL = 3


SAFETY: Final = {Status.ALIVE: 1.0, Status.DEAD: 0.0, Status.CRITICAL: 0.35, Status.UNKNOWN: 0.6}
RUN_FREE: Final = 25  # escape potential of a dragon that simply runs out: alive
RUN: Final = 12  # escape potential that leaves its fate open
CORNERED: Final = 4  # below this, no room to run at all
SEKI_LIBERTIES: Final = 3  # an eyeless enclosed dragon this short of liberties that reading cannot capture is in seki
SMALL_DRAGON: Final = 8  # stones: larger dragons are judged against the full influence


@dataclass
class Dragon:
    """A dragon: its worms, stones, eyes, lunch, room to run, moyo, status and safety."""

    origin: int
    color: int
    worms: list[int]
    stones: int
    liberties: int = 0
    eyes: float = 0.0  # the eyes it is worth on average (a half eye is 0.5)
    eye_min: int = 0  # eyes when the opponent moves first
    eye_max: int = 0  # eyes when the owner moves first
    escape: int = 0
    moyo: int = 0
    territory: int = 0  # points of its eye spaces
    lunch: int = 0  # origin of an enemy worm it can capture for an eye (0: none)
    unconditional: bool = False  # one of its strings lives whatever the opponent does
    seki: bool = False  # alive without eyes: its enemy neighbours cannot approach it either
    status: Status = Status.UNKNOWN
    safety: float = 0.6
    vital: list[int] = field(default_factory=list)  # the vital points of its eye spaces
    attack_point: int = 0  # where the opponent kills it (CRITICAL; readers like owl refine it)
    defense_point: int = 0  # where the owner saves it
    owl_attack: int = -1  # owl's code for killing it, the opponent first (-1: not read or uncertain)
    owl_defense: int = -1  # owl's code for saving it, the owner first (-1: not read or uncertain)
    owl_threat: int = 0  # alive: the first of two attacker moves in a row that kill it; dead: of two that save it
    race: int = 0  # the enemy dragon whose capturing race with it settled its status (0: none)

    @property
    def genus(self) -> tuple[int, int]:
        """(min, max) eyes."""
        return self.eye_min, self.eye_max


OWL_ALIVE_SAFETY: Final = 0.95  # a dragon owl cannot kill: alive, a shade below unconditional life


def apply_owl(d: Dragon, result: Sequence[int]) -> None:
    """Set a dragon's status, attack and defence points and safety from owl's
    (attack code, attack move, defence code, defence move[, threat]): alive when it
    cannot be killed, dead when it cannot be saved, critical when either side moving
    first wins; the threat is the first move of two in a row that would change that."""
    acode, apoint, dcode, dpoint = result[:4]
    d.owl_threat = result[4] if len(result) > 4 else 0
    d.owl_attack, d.owl_defense = acode, dcode
    if not acode:
        d.status, d.safety = Status.ALIVE, OWL_ALIVE_SAFETY
        d.attack_point = 0
    elif not dcode:
        d.status, d.safety = Status.DEAD, SAFETY[Status.DEAD]
        d.attack_point, d.defense_point = apoint, 0
    else:
        d.status, d.safety = Status.CRITICAL, SAFETY[Status.CRITICAL]
        d.attack_point, d.defense_point = apoint, dpoint


def make_dragons(board: Board, worms: Mapping[int, Worm], spaces: list[EyeSpace], influence: Influence,
                 without: Callable[[list[int]], Influence] | None = None, of: Mapping[int, int] | None = None,
                 alive: frozenset[int] = frozenset(), doomed: frozenset[int] = frozenset(),
                 read: bool = False) -> dict[int, Dragon]:
    """Dragons with their eyes, lunch, escape, moyo, status and safety.

    without(stones) gives the influence with those stones removed: a weak dragon's room
    to run is judged without its own stones, which would otherwise claim their own room.
    of maps each worm to its dragon (core.analysis.amalgamation; by default, amalgamated
    without reading); alive are the origins of strings that live unconditionally, doomed
    the stones standing in the enemy's unconditional territory; read says the worms carry
    tactical reading (without it, no worm is known to be uncapturable, so none is in seki).
    """
    if of is None:
        of = amalgamate(board, worms, spaces)
    dragons: dict[int, Dragon] = {}
    for o, d in sorted(of.items()):
        wm = worms[o]
        if d not in dragons:
            dragons[d] = Dragon(d, wm.color, [], 0)
        dragons[d].worms.append(o)
        dragons[d].stones += wm.size
    for dragon in dragons.values():
        _judge(board, worms, dragon, spaces, influence, without, alive, read)
        if worms[dragon.origin].stones[0] in doomed:
            dragon.status, dragon.safety = Status.DEAD, SAFETY[Status.DEAD]
    return dragons


def _judge(board: Board, worms: Mapping[int, Worm], dragon: Dragon, spaces: list[EyeSpace], influence: Influence,
           without: Callable[[list[int]], Influence] | None, alive: frozenset[int], read: bool) -> None:
    members = set(dragon.worms)
    libs: set[int] = set()
    for o in dragon.worms:
        libs |= board.sref[o].libs
    dragon.liberties = len(libs)
    own = [sp for sp in spaces if sp.color == dragon.color and members.intersection(sp.borders)]
    values = [(sp.min, sp.max) for sp in own]
    dragon.eye_min, dragon.eye_max = combine(values, False), combine(values, True)
    dragon.eyes = sum(sp.eyes for sp in own)
    dragon.vital = sorted({sp.vital for sp in own if sp.vital})
    dragon.territory = sum(len(sp.points) for sp in own)
    dragon.lunch = _lunch(board, worms, dragon)
    dragon.unconditional = bool(members & alive)
    sign = 1 if dragon.color == 1 else -1
    dragon.moyo = _moyo(board, libs, influence, sign)
    if without is not None and dragon.eye_min < 2 and dragon.stones <= SMALL_DRAGON:
        influence = without([p for o in dragon.worms for p in worms[o].stones])
    dragon.escape = _escape(board, libs, influence, sign)
    _status(worms, dragon, own, read and dragon.liberties <= SEKI_LIBERTIES and _mutual(board, libs, own, dragon.color))


def _mutual(board: Board, libs: set[int], own: list[EyeSpace], color: int) -> bool:
    """Every liberty of the dragon outside its own eye spaces is one an enemy string short
    of liberties breathes by too: whoever fills it puts himself in danger (the shape of seki;
    in open ground a dragon short of liberties is merely weak)."""
    b = board.board
    eye = {p for sp in own for p in sp.points}
    return all(p in eye or any(b[q] == 3 - color and len(board.sref[board.origin(q)].libs) <= SEKI_LIBERTIES
                               for q in board.nbrs[p]) for p in libs)


def _status(worms: Mapping[int, Worm], dragon: Dragon, own: list[EyeSpace], seki_shape: bool) -> None:
    """The static status, with attack and defence points for a critical dragon (seki_shape:
    read, short of liberties, and sharing them with enemy strings short of them, see _mutual)."""
    lunch_eye = 1 if dragon.lunch and dragon.eye_max < 2 else 0
    dragon.attack_point = dragon.defense_point = 0
    if all(worms[o].tactically_dead for o in dragon.worms):
        dragon.status = Status.DEAD
    elif dragon.unconditional or dragon.eye_min >= 2 or dragon.escape >= RUN_FREE:
        dragon.status = Status.ALIVE
    elif dragon.escape >= RUN or dragon.eyes >= 1.5 and dragon.escape >= CORNERED + 1:
        dragon.status = Status.UNKNOWN
    elif dragon.eye_max + lunch_eye >= 2:
        dragon.status = Status.CRITICAL  # two eyes for the owner if he moves first, fewer if not
        deciding = max((sp for sp in own if sp.min < sp.max), key=lambda sp: (sp.max - sp.min, -sp.points[0]),
                       default=None)
        lunch = worms.get(dragon.lunch)
        if deciding is not None:
            dragon.attack_point, dragon.defense_point = deciding.attack, deciding.defense
        elif lunch is not None:  # the capture makes the eye; saving the lunch denies it
            dragon.defense_point = lunch.attack_point
            dragon.attack_point = lunch.defense_point or lunch.attack_point
    elif dragon.eye_max + lunch_eye < 2 and dragon.escape < CORNERED:
        # enclosed without two eyes to make; but if reading says a worm of it can still be
        # saved, whoever moves first decides
        unstable = any(worms[o].unstable for o in dragon.worms)
        dragon.status = Status.CRITICAL if unstable else Status.DEAD
        if seki_shape and not any(worms[o].attack_code for o in dragon.worms):
            # short of liberties, no eyes, and still the reader cannot capture it: the
            # opponent cannot approach (seki, "neither side can play there first")
            dragon.status, dragon.seki = Status.ALIVE, True
    else:
        dragon.status = Status.UNKNOWN
    dragon.safety = SAFETY[dragon.status]
    if dragon.status == Status.UNKNOWN:
        dragon.safety = min(0.9, 0.4 + dragon.eyes / 5 + dragon.escape / 60)


def _lunch(board: Board, worms: Mapping[int, Worm], dragon: Dragon) -> int:
    """The biggest enemy worm beside the dragon that it can capture (the surest first)."""
    b = board.board
    enemy = 3 - dragon.color
    best: tuple[int, int, int] | None = None
    seen: set[int] = set()
    for o in dragon.worms:
        for p in worms[o].stones:
            for q in board.nbrs[p]:
                if b[q] != enemy or board.origin(q) in seen:
                    continue
                e = board.origin(q)
                seen.add(e)
                w = worms.get(e)
                if w is None or not w.attack_code:
                    continue
                key = (0 if w.defense_code else 1, w.size, -e)
                if best is None or key > best:
                    best = key
    return -best[2] if best is not None else 0


def _moyo(board: Board, libs: set[int], influence: Influence, sign: int) -> int:
    """Empty points of the dragon's colour's moyo that its liberties reach."""
    seen = {p for p in libs if influence.at(p) * sign > 0}
    todo = list(seen)
    while todo:
        p = todo.pop()
        for q in board.nbrs[p]:
            if q not in seen and board.board[q] == EMPTY and influence.at(q) * sign > 0:
                seen.add(q)
                todo.append(q)
    return len(seen)


def _escape(board: Board, libs: set[int], influence: Influence, sign: int, depth: int = 3) -> int:
    """Empty points within `depth` steps of the dragon's liberties that the enemy does not own."""
    seen = set(libs)
    frontier = deque((p, 0) for p in sorted(libs))
    count = 0
    while frontier:
        p, d = frontier.popleft()
        if influence.at(p) * sign <= -0.5:
            continue
        count += 1
        if d == depth:
            continue
        for q in board.nbrs[p]:
            if q not in seen and board.board[q] == EMPTY:
                seen.add(q)
                frontier.append((q, d + 1))
    return count
