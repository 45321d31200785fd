"""Strings with four liberties: read only within fourlib_depth, with the direct moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plugins.tactical import helpers as h
from plugins.tactical.lib2 import _own_weak
from plugins.tactical.ordering import order_attacks, order_defenses

if TYPE_CHECKING:
    from plugins.tactical.reader import Reader


def attack4(r: Reader, s: int) -> tuple[int, int]:
    """Take liberties directly (or save our own stones in atari first)."""
    b = r.board
    moves = b.findlib(s)
    h._add(moves, _own_weak(r, s))
    if b.stackp <= r.depths.superstring_depth:
        h._add(moves, h.superstring_attacks(b, s))
    return r.try_attacks(s, order_attacks(b, s, moves), r.branch_limit())


def defend4(r: Reader, s: int) -> tuple[int, int]:
    """Captures and extensions."""
    b = r.board
    moves = h.break_chain(b, s, 1)
    h._add(moves, b.findlib(s))
    h._add(moves, h.break_chain_safe(b, s, 2))
    return r.try_defenses(s, order_defenses(b, s, moves), r.branch_limit())
