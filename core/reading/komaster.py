"""Ko in reading: the komaster scheme (GNU Go's scheme 5).

Reading may retake a ko that the board forbids — a conditional ko capture, which
supposes a ko threat was made and answered. To stop endless ko fights, the first side
to make one becomes komaster, and kom_pos is where the ko stone was taken. Then:

- EMPTY: any ko capture is allowed; a conditional one makes the mover komaster. A legal
  ko capture right after another ko capture makes the state WEAK_KO (kom_pos = the old
  ko point), which forbids retaking at kom_pos.
- the mover is komaster: it may retake only a nested ko (the new ko stone diagonal to
  kom_pos), which moves kom_pos; other ko captures are not allowed.
- the opponent is komaster: retaking at kom_pos is not allowed; taking another ko makes
  the state GRAY (both have taken a ko), after which no ko capture is allowed at all.
- once the ko at kom_pos is resolved (filled, or no longer a ko and suicide for the
  other side), the komaster reverts to EMPTY.

The state is carried by the reader and restored with every popgo.
"""

from __future__ import annotations

from typing import Final

from core.board.board import Board
from core.board.color import BLACK, EMPTY, WHITE

GRAY_BLACK: Final = 3  # black was komaster and white took a ko too
GRAY_WHITE: Final = 4
WEAK_KO: Final = 5
NAMES: Final = {EMPTY: "EMPTY", BLACK: "BLACK", WHITE: "WHITE", GRAY_BLACK: "GRAY_BLACK", GRAY_WHITE: "GRAY_WHITE",
                WEAK_KO: "WEAK_KO"}


# The outcome of trying a move under the komaster rules: (played, conditional (a
# conditional ko capture: the mover needs a ko threat), komaster, kom_pos). A plain tuple:
# compiled, it is returned by value and costs no allocation.
KoMove = tuple[bool, bool, int, int]
_NOT_PLAYED: Final[KoMove] = (False, False, EMPTY, 0)


def _diagonal(a: int, b: int, stride: int) -> bool:
    return abs(a - b) in (stride - 1, stride + 1)


def komaster_trymove(board: Board, pos: int, color: int, komaster: int, kom_pos: int,
                     allow_conditional: bool) -> KoMove:
    """Push pos for color if the komaster rules allow it; the new komaster state."""
    other = 3 - color
    b = board.board
    if kom_pos:  # has the komaster's ko been resolved in its favour?
        if komaster in (WHITE, GRAY_WHITE):
            if b[kom_pos] != EMPTY or (not board.is_ko(kom_pos, BLACK) and board.is_suicide(kom_pos, BLACK)):
                komaster, kom_pos = EMPTY, 0
        elif komaster in (BLACK, GRAY_BLACK):
            if b[kom_pos] != EMPTY or (not board.is_ko(kom_pos, WHITE) and board.is_suicide(kom_pos, WHITE)):
                komaster, kom_pos = EMPTY, 0
    previous_ko = board.ko
    taken = board.is_ko(pos, color)  # where the ko stone would be taken, if this is a ko capture
    if not taken:
        if komaster == WEAK_KO:
            komaster, kom_pos = EMPTY, 0
    else:
        if komaster == other and pos == kom_pos:
            return _NOT_PLAYED
        if komaster in (GRAY_BLACK, GRAY_WHITE):
            return _NOT_PLAYED
        if komaster == color and not _diagonal(taken, kom_pos, board.stride):
            return _NOT_PLAYED
        if komaster == WEAK_KO and pos == kom_pos:
            return _NOT_PLAYED
    conditional = False
    if not board.trymove(pos, color):
        if not allow_conditional or not taken or not board.tryko(pos, color):
            return _NOT_PLAYED
        conditional = True
        if komaster in (EMPTY, WEAK_KO):
            return (True, True, color, taken)
    if not taken:
        return (True, conditional, komaster, kom_pos)
    if komaster == other:
        komaster = GRAY_BLACK if other == BLACK else GRAY_WHITE
    elif komaster == color:
        kom_pos = taken  # a nested ko capture moves kom_pos
    elif previous_ko:
        komaster, kom_pos = WEAK_KO, previous_ko
    return (True, conditional, komaster, kom_pos)


def first_taker_trymove(board: Board, pos: int, color: int, komaster: int, kom_pos: int,
                        allow_conditional: bool) -> KoMove:
    """A simpler scheme: the first side to make a conditional ko capture becomes komaster,
    and only the komaster may make more (kom_pos is not used)."""
    if board.trymove(pos, color):
        return (True, False, komaster, kom_pos)
    if not allow_conditional or komaster not in (EMPTY, color) or not board.is_ko(pos, color):
        return _NOT_PLAYED
    if not board.tryko(pos, color):
        return _NOT_PLAYED
    return (True, True, color, kom_pos)
