"""Eye spaces, as GNU Go models them: the small regions a colour encloses, their marginal
points, and what each is worth.

For each colour, an eye space is a connected region of empty points and dead enemy
stones that the colour's living stones (and the edge) enclose, no larger than
MAX_SPACE. A region that touches a living enemy stone is still an eye space, but the
points beside that stone are *marginal*: the opponent can play there from outside. In a
space of several points, a point whose diagonals are taken (a false eye) is marginal too,
and one whose diagonal is contested is a half eye, with its key outside the space. A
larger region enclosed by one colour alone is territory: two eyes.

A one-point space is valued by its diagonals (core.analysis.halfeye); larger ones by the
eye-shape database and a small search (core.analysis.eyeshapes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Mapping

from core.analysis.eyeshapes import NONE, Point, value
from core.analysis.halfeye import Capturable, Topology, topology
from core.analysis.regions import small_region
from core.analysis.worms import Worm
from core.board.board import Board
from core.board.color import EMPTY
from core.board.coords import NO_POINT, point, row_col

MAX_SPACE: Final = 16  # a larger region is not one eye space: open ground, or territory
TERRITORY: Final = 40  # an enclosed region up to this size with no enemy stone in it is two eyes


@dataclass
class EyeSpace:
    """A region enclosed by stones of `color`, and what it is worth to them."""

    color: int
    points: list[int]
    marginal: list[int] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)  # points holding dead enemy stones
    borders: list[int] = field(default_factory=list)  # origins of the enclosing worms
    min: int = 0  # eyes when the opponent moves first
    max: int = 0  # eyes when the owner moves first
    attack: int = NO_POINT  # the opponent's move that takes eyes away (when min < max)
    defense: int = NO_POINT  # the owner's move that makes them
    half_keys: list[int] = field(default_factory=list)  # diagonals deciding half eyes in it

    @property
    def eyes(self) -> float:
        """A single number: the eyes it is worth on average (a half eye is 0.5)."""
        return (self.min + self.max) / 2

    @property
    def vital(self) -> int:
        """The point that decides it, if any."""
        return self.attack if self.min < self.max else NO_POINT


def is_dead(worms: Mapping[int, Worm], origin: int) -> bool:
    """True if the worm can be captured and not saved."""
    w = worms.get(origin)
    return w is not None and w.attack_code != 0 and w.defense_code == 0


def stays(board: Board, p: int, color: int) -> bool:
    """Without reading: a stone of color at p would have two liberties or more."""
    return board.accuratelib(p, color, 2) >= 2


def eye_spaces(board: Board, worms: Mapping[int, Worm], capturable: Capturable | None = None,
               colors: tuple[int, ...] = (1, 2), through: list[int] | None = None,
               diagonal: Capturable | None = None) -> list[EyeSpace]:
    """Every eye space of the colours (both by default), in point order, with its value;
    with through, only the spaces that hold one of those points. capturable(p, c) reads
    whether a stone of c at p would be captured (a marginal point is one where the
    opponent's stone stays); without it, a stone in atari is taken for captured. diagonal(p, c),
    where given, settles an empty diagonal of an eye point on which the opponent's stone
    would have two liberties: one he would lose is the owner's (core.analysis.halfeye)."""
    out: list[EyeSpace] = []
    for color in colors:
        out += _spaces_of(board, color, worms, capturable, board.points if through is None else through, diagonal)
    out.sort(key=lambda s: (s.points[0], s.color))
    return out


def _spaces_of(board: Board, color: int, worms: Mapping[int, Worm], capturable: Capturable | None,
               starts: list[int], diagonal: Capturable | None = None) -> list[EyeSpace]:
    b = board.board
    enemy = 3 - color
    # the enemy's stones whose worm is dead: every stone of a string on the board whose
    # origin names a dead worm (read from the worms, not point by point)
    dead_enemy = {q for o in worms if b[o] == enemy and board.origin(o) == o and is_dead(worms, o)
                  for q in board.sref[o].stones}
    seen: set[int] = set()
    big: set[int] = set()  # points of regions given up as too large
    out: list[EyeSpace] = []
    for start in starts:
        if start in seen or not (b[start] == EMPTY or start in dead_enemy):
            continue
        found = small_region(board, start, color, seen, through=dead_enemy, limit=TERRITORY, big=big)
        if found is None:
            continue  # open ground or a large territory
        region, borders, touches_enemy = found
        if not borders or (len(region) > MAX_SPACE and touches_enemy):
            continue
        region.sort()
        if len(region) > MAX_SPACE:  # territory: two eyes
            out.append(EyeSpace(color, region, [], sorted(p for p in region if p in dead_enemy), sorted(borders),
                                2, 2))
            continue
        out.append(_valued(board, color, region, dead_enemy, sorted(borders), worms, capturable, diagonal))
    return out


def _valued(board: Board, color: int, region: list[int], dead_enemy: set[int], borders: list[int],
            worms: Mapping[int, Worm], capturable: Capturable | None,
            diagonal: Capturable | None = None) -> EyeSpace:
    """The space with its marginal points, half eyes and value."""
    b = board.board
    enemy = 3 - color
    inside = frozenset(region)
    # marginal: beside a living enemy stone, where his stone would stay (GNU Go's "false
    # margins", where it would be captured, are not marginal)
    marginal = [p for p in region if b[p] == EMPTY and any(b[q] == enemy and q not in dead_enemy
                                                          for q in board.nbrs[p])
                and stays(board, p, enemy) and (capturable is None or not capturable(p, enemy))]
    tops: dict[int, Topology] = {p: topology(board, p, color, worms, inside, diagonal) for p in region}
    dead = [p for p in region if p in dead_enemy]
    # where the opponent's stone would have no liberty at all, he cannot play
    barred = {p for p in region if b[p] == EMPTY and board.is_suicide(p, enemy)}
    # false points behave as marginal ones (the owner can only fill them); in a space of
    # several points, only where the opponent can play (elsewhere the owner's capture there
    # makes the eye); half eyes have a key outside the space
    false = {p for p in region if tops[p].false and (len(region) == 1 or p not in barred)}
    space = EyeSpace(color, region, sorted(set(marginal) | false), dead, borders)
    half = [(p, tops[p].attack, tops[p].defense) for p in region if tops[p].half and p not in space.marginal]
    # beside an enemy string that can be captured or saved, a point is marginal once the
    # opponent saves it, and safe once the owner captures it
    for p in region:
        if b[p] != EMPTY or p in space.marginal:
            continue
        for q in board.nbrs[p]:
            w = worms.get(board.origin(q)) if b[q] == enemy else None
            if w is not None and w.attack_code and w.defense_code and w.defense_point and w.attack_point:
                half.append((p, w.defense_point, w.attack_point))
    space.half_keys = sorted({k for h in half for k in h[1:]})
    half = list({h[0]: h for h in reversed(half)}.values())  # one pair of keys per point: the first found
    size = board.size
    grid = {p: row_col(size, p) for p in region}
    v = value(frozenset(grid.values()), frozenset(grid[p] for p in space.marginal),
              frozenset(grid[p] for p in dead),
              frozenset((grid[p], row_col(size, a), row_col(size, d)) for p, a, d in half),
              frozenset(grid[p] for p in barred), size,
              frozenset(grid[p] for p in region if any(b[q] == color for q in board.nbrs[p])))
    space.min, space.max = v.min, v.max
    space.attack, space.defense = _point(size, v.attack), _point(size, v.defense)
    return space


def _point(size: int, rc: Point) -> int:
    """A board point from the evaluator's (row, column)."""
    if rc == NONE:
        return NO_POINT
    r, c = rc
    if not (0 <= r < size and 0 <= c < size):
        return NO_POINT
    return point(size, r, c)


def space_at(spaces: list[EyeSpace], p: int, color: int | None = None) -> EyeSpace | None:
    """The eye space (of color, or of either) holding the point p."""
    for s in spaces:
        if p in s.points and (color is None or s.color == color):
            return s
    return None


def is_false_eye(board: Board, p: int, color: int) -> bool:
    """True if the one-point eye at p is false (its diagonals are the opponent's)."""
    return topology(board, p, color, {}).false
