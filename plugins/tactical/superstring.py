"""Superstrings: a string together with the strings it is tightly connected to.

Two strings of a colour belong to one superstring when they share two liberties (a
double connection such as the bamboo joint) or share a liberty where an enemy stone
would be captured at once (a hanging connection, the tiger's mouth). Attacking or
defending a member of the superstring is often the way to attack or defend the string.
"""

from __future__ import annotations

from typing import Final

from core.board.board import Board
from core.board.color import EMPTY
from core.reading.caches import DEFAULT_MEMORY

# The superstrings met while reading one game position: emptied when the game position
# under the reading moves changes, the rule ReadingCaches.sync keeps for the transposition
# tables (the memo is called with the board alone, outside the service's caches), and when
# full. Kept from move to move, it held up to 100,000 entries (27 MB) in each process and
# made most of the engine's memory growth over a 19x19 game. Its size follows the engine's
# --memory (MEMORY_SHARE of it, at ENTRY_BYTES an entry; `configure`, called by the
# tactical service).
_MEMO: dict[tuple[int, int, int], list[int]] = {}
MEMORY_SHARE: Final = 0.07  # of the engine's --memory (core.reading.caches): what the other caches leave
# An entry's bytes, its key and list with their ints and its slot in the dict: 425 at the
# largest memo over owl.tst's first 12 tests in one process (621 entries, 264,024 bytes).
ENTRY_BYTES: Final = 425
_limit: list[int] = [0]  # the most entries it holds (configure)
_position: list[int] = [0]  # the game position the memo's entries were read in (its base hash)


def configure(megabytes: float) -> None:
    """Hold at most about this many megabytes of superstrings (the memo emptied)."""
    _limit[0] = int(max(megabytes, 0.0) * 1e6 / ENTRY_BYTES)
    _MEMO.clear()


configure(MEMORY_SHARE * DEFAULT_MEMORY)


def memo_limit() -> int:
    """The most superstrings the memo holds."""
    return _limit[0]


def superstring(board: Board, s: int) -> list[int]:
    """Origins of the strings in the superstring of the string at s (s's own first)."""
    key = (board.hash, board.size, board.origin(s))
    found = _MEMO.get(key)
    if found is None:
        found = _superstring(board, s)
        base = board.base_hash
        if base != _position[0] or len(_MEMO) >= _limit[0]:
            _MEMO.clear()
            _position[0] = base
        if _limit[0]:
            _MEMO[key] = found
    return found


def _superstring(board: Board, s: int) -> list[int]:
    b = board.board
    color = b[s]
    members = [board.origin(s)]
    seen = set(members)
    i = 0
    while i < len(members):
        libs = board.sref[members[i]].libs
        i += 1
        for lib in libs:
            for q in board.nbrs[lib]:
                if b[q] != color:
                    continue
                o = board.origin(q)
                if o in seen:
                    continue
                other_libs = board.sref[o].libs
                if len(libs & other_libs) >= 2 or _hanging(board, lib, color):
                    seen.add(o)
                    members.append(o)
    return members


def _hanging(board: Board, lib: int, color: int) -> bool:
    """True if an enemy stone at lib would have no liberty of its own and capture nothing."""
    b = board.board
    for q in board.nbrs[lib]:
        if b[q] == EMPTY:
            return False
        if b[q] == 3 - color and board.countlib(q) > 1:
            return False
        if b[q] == color and board.countlib(q) == 1:
            return False  # the enemy stone would capture
    return True


def superstring_liberties(board: Board, s: int) -> list[int]:
    """Every liberty of the superstring of s, in point order."""
    libs: set[int] = set()
    for o in superstring(board, s):
        libs |= board.sref[o].libs
    return sorted(libs)


def superstring_neighbours(board: Board, s: int, maxlib: int) -> list[int]:
    """Origins of enemy strings next to the superstring with at most maxlib liberties."""
    out: set[int] = set()
    for o in superstring(board, s):
        out.update(board.chainlinks(o, maxlib))
    return sorted(out)
