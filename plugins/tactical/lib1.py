"""Strings with one liberty: capture them; save them by capturing a neighbour or extending."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plugins.tactical import helpers as h
from plugins.tactical.helpers import break_chain
from plugins.tactical.ordering import order_defenses

if TYPE_CHECKING:
    from plugins.tactical.reader import Reader


def attack1(r: Reader, s: int) -> tuple[int, int]:
    """Take the last liberty (a ko capture only as the komaster rules allow); where that
    capture is answered by a bigger recapture on the same point, first save the stones
    that would be recaptured; where it is a ko, first shorten the stones beside it."""
    b = r.board
    moves = list(b.sref[s].libs)
    h._add(moves, h.rescue_guards(b, s))
    h._add(moves, h.ko_approach(b, s))
    return r.try_attacks(s, moves)


def defend1(r: Reader, s: int) -> tuple[int, int]:
    """Capture a neighbour in atari, or extend at the liberty."""
    b = r.board
    moves = break_chain(b, s, 1)
    moves += [lib for lib in b.sref[s].libs if lib not in moves]
    h._add(moves, h.rescue_guards(b, s, defender=True))
    return r.try_defenses(s, order_defenses(b, s, moves))
