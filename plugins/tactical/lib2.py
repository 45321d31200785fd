"""Strings with two liberties: atari them (ladders included), or get them out of danger.

Past `depth` only ladder moves remain: ataris for the attacker; extensions and captures
for the defender. Before that the helpers add approach, backfill, edge and superstring
moves for the attacker, and ataris of neighbours and second liberties for the defender.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from plugins.tactical import helpers as h
from plugins.tactical.ordering import order_attacks, order_defenses

if TYPE_CHECKING:
    from plugins.tactical.reader import Reader

# Only at the root and the first reply does the attacker try the wider moves (outside
# liberties of strings racing its boundary stones, approach moves to safe ataris):
# deeper, they multiply the tree for little.
NEAR_ROOT_PLIES: Final = 1


def _own_weak(r: Reader, s: int) -> list[int]:
    """Liberties of the attacker's strings in atari next to the target: save them first."""
    b = r.board
    out: list[int] = []
    for o in b.chainlinks(s, 1):
        out += [p for p in b.findlib(o) if p not in out]
    return out


def attack2(r: Reader, s: int) -> tuple[int, int]:
    """Ataris first; with depth to spare, the less obvious moves too."""
    b = r.board
    moves = b.findlib(s)
    d = r.depths
    if b.stackp <= d.depth:
        h._add(moves, _own_weak(r, s))
        h._add(moves, h.nets(b, s))
        h._add(moves, h.rescue_guards(b, s))
        if r.ply <= NEAR_ROOT_PLIES or \
                any(b.accuratelib(lib, 3 - b.board[s]) <= 1 for lib in b.sref[s].libs):
            h._add(moves, h.approach(b, s))
        if r.ply <= NEAR_ROOT_PLIES:
            h._add(moves, h.shorten_guards(b, s))
    if b.stackp <= d.superstring_depth:
        h._add(moves, h.superstring_attacks(b, s))
    if b.stackp <= d.backfill_depth:
        h._add(moves, h.save_boundary(b, s, race=3 if r.ply <= NEAR_ROOT_PLIES else 1))
        h._add(moves, h.edge_moves(b, s))
        h._add(moves, h.backfill(b, s))
    return r.try_attacks(s, order_attacks(b, s, moves))  # ladders branch at any depth


def defend2(r: Reader, s: int) -> tuple[int, int]:
    """Capture a neighbour, extend, or (with depth to spare) atari a neighbour or run."""
    b = r.board
    moves = h.break_chain(b, s, 1)
    h._add(moves, b.findlib(s))
    d = r.depths
    if b.stackp <= d.depth:
        h._add(moves, h.break_chain_safe(b, s, 2))
    if b.stackp <= d.break_chain_depth:
        near_root = r.ply <= d.vital_depth + 1
        h._add(moves, h.break_chain_efficient(b, s, 4 if near_root else 3))  # near the root, a racer one liberty up too
        h._add(moves, h.unlock_liberties(b, s))
        if near_root:
            h._add(moves, h.rescue_guards(b, s, defender=True))
            h._add(moves, h.break_chain(b, s, 3))  # shorten a neighbour in a capturing race
            h._add(moves, h.save_racing_stones(b, s, 3))
    if b.stackp <= d.superstring_depth:
        h._add(moves, h.superstring_defenses(b, s))
    if b.stackp <= d.backfill_depth:
        h._add(moves, h.special_rescue(b, s))
        h._add(moves, h.second_liberties(b, s))
        h._add(moves, h.edge_moves(b, s))
    return r.try_defenses(s, order_defenses(b, s, moves))
