"""Half eyes and false eyes: whether a one-point eye is real, from its diagonals.

An eye point's diagonals decide whether the eye is real ("a false eye has two diagonals
taken"). Each diagonal is worth, in halves:

- 0 if it is ours, off the enemy's reach (an empty point the opponent cannot play on
  without being captured at once), or a dead enemy stone;
- 2 if it is contested: an empty point the opponent can play on (if only to take a ko),
  or an enemy stone that can be captured but also saved (whoever moves first decides);
  where his stone on the empty point would have two liberties, it is contested only if
  reading cannot capture it (a stone he would lose there is no threat to the eye), or if
  it would capture one of ours (it has broken the wall before it is lost);
- 3 for an enemy stone that can be saved, and captured only by winning a ko, or an
  empty point where his stone would be taken at once by a stone he can take back (the
  throw-in that starts a ko);
- 4 if it is the enemy's: an enemy stone that cannot be captured.

The sum, plus 4 for a point on the edge or in the corner (it has fewer diagonals, so
each one weighs more), is the point's score: 4 or less is a real eye, 5 to 7 a half eye
(whoever plays the contested diagonal first decides), 8 or more a false eye. Two
diagonals that can each be captured only by ko make a half eye.
"""

from __future__ import annotations

from typing import Callable, Final, Mapping, final

from core.analysis.worms import Worm
from core.board.board import Board
from core.board.color import BORDER, EMPTY
from core.board.coords import NO_POINT
from core.reading.results import WIN

REAL: Final = 4  # the highest score of a real eye
FALSE: Final = 8  # the lowest score of a false eye; between the two, a half eye
EDGE: Final = 4  # what the edge adds
CONTESTED: Final = 2
KO: Final = 3
ENEMY: Final = 4
Capturable = Callable[[int, int], bool]  # (point, colour): would a stone of colour there be captured


@final
class Topology:
    """An eye point's score, and the points that decide a half eye: the opponent's move
    that makes it false (attack) and the owner's that makes it real (defense)."""

    # A plain class, not a frozen dataclass: mypyc compiles its __init__ (a dataclass's
    # runs interpreted), and every eye point of every owl node gets one.
    def __init__(self, score: int, attack: int = NO_POINT, defense: int = NO_POINT) -> None:
        self.score: Final = score
        self.attack: Final = attack
        self.defense: Final = defense

    def __repr__(self) -> str:
        return f"Topology(score={self.score}, attack={self.attack}, defense={self.defense})"

    @property
    def real(self) -> bool:
        """A real eye point."""
        return self.score <= REAL

    @property
    def half(self) -> bool:
        """A half eye: the first move at the contested diagonal decides."""
        return REAL < self.score < FALSE

    @property
    def false(self) -> bool:
        """A false eye point."""
        return self.score >= FALSE


def diagonal_value(board: Board, d: int, owner: int, worms: Mapping[int, Worm],
                   inside: frozenset[int] = frozenset(),
                   capturable: Capturable | None = None) -> tuple[int, int, int]:
    """(value, attack, defense) of one diagonal of an eye point of owner; `inside` are the
    points of the eye space itself (the owner's); capturable reads whether the opponent's
    stone on an empty diagonal, with two liberties, would be captured."""
    b = board.board
    c = b[d]
    opponent = 3 - owner
    if c == owner or d in inside:
        return 0, NO_POINT, NO_POINT
    if c == opponent:
        worm = worms.get(board.origin(d))
        if worm is None or not worm.attack_code:
            return ENEMY, NO_POINT, NO_POINT
        if not worm.defense_code:
            return 0, NO_POINT, NO_POINT  # dead: as good as ours
        value = CONTESTED if worm.attack_code == WIN else KO
        return value, worm.defense_point or NO_POINT, worm.attack_point  # the opponent saves it, we capture it
    if c == EMPTY:
        if board.is_ko(d, opponent):
            return CONTESTED, d, d  # he can take a ko there
        libs = board.accuratelib(d, opponent, 3)
        if libs == 1 and not board.would_capture(d, opponent) and _throw_in_ko(board, d, opponent):
            return KO, d, d  # his stone there is taken, and he takes back: a ko for the eye
        if libs == 2 and capturable is not None \
                and not board.would_capture(d, opponent) \
                and capturable(d, opponent):
            return 0, NO_POINT, NO_POINT  # his stone there would be captured (and take nothing): ours
        if libs >= 2:
            return CONTESTED, d, d  # an empty point he can use
    return 0, NO_POINT, NO_POINT


def _throw_in_ko(board: Board, d: int, opponent: int) -> bool:
    """Whether the opponent's lone stone at d, in atari, is taken by a stone that is then
    in atari itself: he takes back, and the diagonal is a ko."""
    if not board.trymove(d, opponent):
        return False
    try:
        libs = board.findlib(d, 2)
        return len(libs) == 1 and board.countstones(d) == 1 and board.is_ko(libs[0], 3 - opponent) != NO_POINT
    finally:
        board.popgo()


def topology(board: Board, p: int, owner: int, worms: Mapping[int, Worm],
             inside: frozenset[int] = frozenset(), capturable: Capturable | None = None) -> Topology:
    """The diagonal topology of the point p as an eye of owner (see diagonal_value)."""
    w = board.stride
    b = board.board
    score = 0
    attack = defense = NO_POINT
    edge = False
    for d in (p - w - 1, p - w + 1, p + w - 1, p + w + 1):
        if b[d] == BORDER:
            edge = True
            continue
        value, a, f = diagonal_value(board, d, owner, worms, inside, capturable)
        score += value
        if value in (CONTESTED, KO) and attack == NO_POINT:
            attack, defense = a, f
    if edge:
        score += EDGE
    return Topology(score, attack, defense) if REAL < score < FALSE else Topology(score)
