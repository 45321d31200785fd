"""Strings with three liberties: read only within `depth`; branching stops past branch_depth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plugins.tactical import helpers as h
from plugins.tactical.lib2 import _own_weak
from plugins.tactical.ordering import order_attacks, order_defenses

if TYPE_CHECKING:
    from plugins.tactical.reader import Reader


def attack3(r: Reader, s: int) -> tuple[int, int]:
    """Reduce the liberties: direct moves, the superstring, backfill and approaches."""
    b = r.board
    moves = b.findlib(s)
    h._add(moves, _own_weak(r, s))
    h._add(moves, h.nets(b, s))
    h._add(moves, h.save_boundary(b, s))
    if b.stackp <= r.depths.superstring_depth:
        h._add(moves, h.superstring_attacks(b, s))
    if b.stackp <= r.depths.backfill_depth:
        h._add(moves, h.backfill(b, s))
    h._add(moves, h.edge_moves(b, s))
    return r.try_attacks(s, order_attacks(b, s, moves), r.branch_limit())


def defend3(r: Reader, s: int) -> tuple[int, int]:
    """Captures, extensions, ataris of weak neighbours and second liberties."""
    b = r.board
    moves = h.break_chain(b, s, 1)
    h._add(moves, b.findlib(s))
    h._add(moves, h.break_chain_safe(b, s, 2))
    near_root = r.ply <= r.depths.vital_depth + 1
    if b.stackp <= r.depths.break_chain_depth or near_root:
        h._add(moves, h.break_chain_efficient(b, s, 4 if near_root else 3))  # near the root, a racer one liberty up too
    if b.stackp <= r.depths.break_chain_depth:
        h._add(moves, h.unlock_liberties(b, s))
    if near_root:
        h._add(moves, h.save_racing_stones(b, s, 3))
    if b.stackp <= r.depths.superstring_depth:
        h._add(moves, h.superstring_defenses(b, s))
    h._add(moves, h.second_liberties(b, s))
    return r.try_defenses(s, order_defenses(b, s, moves), r.branch_limit())
