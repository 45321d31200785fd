"""Helper move generators for the less obvious attacking and defending moves.

- break_chain: capture (or atari) an enemy string next to ours: the classic escape.
- approach: when a direct atari is impossible (illegal or self-atari), play next to it.
- backfill: fill a liberty of the attacker's own weak stones first, so that the atari
  becomes possible (GNU Go's example: the capture on the edge needs a move at `a` first).
- second_liberties: points next to our liberties that would gain liberties.
- unlock_liberties, shorten_guards: shorten the guard of a liberty one cannot take, so that
  taking it captures.
- rescue_guards: save one's own stones in atari beside the target's liberties.
- ko_approach: the attacker turns a ko capture into a plain one by shortening the stones beside it.
- save_racing_stones: the defender saves its stones in atari beside a racing neighbour.
- edge_clamp and ladder tricks: hane and descend moves along the edge.
- superstring moves: liberties and weak neighbours of the superstring.
Each returns candidate moves; the caller orders and tries them.
"""

from __future__ import annotations

from typing import Any

from core.board.board import Board, sorted_points
from core.board.color import EMPTY
from plugins.tactical.superstring import superstring_liberties, superstring_neighbours


def _add(out: list[int], moves: list[int] | set[int]) -> None:
    m: Any  # (kept as the list's own int object: see Board.boxed)
    for m in sorted_points(moves) if isinstance(moves, set) else moves:
        if m not in out:
            out.append(m)


def break_chain(board: Board, s: int, maxlib: int = 1) -> list[int]:
    """Liberties of enemy strings adjacent to s with at most maxlib liberties."""
    out: list[int] = []
    for o in board.chainlinks(s, maxlib):
        _add(out, board.findlib(o))
    return out


def break_chain_safe(board: Board, s: int, maxlib: int) -> list[int]:
    """Moves that atari (or capture) adjacent enemy strings without our stone being in atari."""
    color = board.board[s]
    return [m for m in break_chain(board, s, maxlib) if board.accuratelib(m, color, 2) >= 2]


def approach(board: Board, s: int) -> list[int]:
    """Empty points next to the string's liberties (approach moves), for the attacker."""
    b = board.board
    libs = board.sref[s].libs
    out: set[int] = set()
    for lib in libs:
        for q in board.nbrs[lib]:
            if b[q] == EMPTY and q not in libs:
                out.add(q)
    return sorted(out)


def backfill(board: Board, s: int) -> list[int]:
    """For the attacker: liberties of its own weak stones next to the target's liberties."""
    b = board.board
    attacker = 3 - b[s]
    libs = board.sref[s].libs
    out: list[int] = []
    for lib in board.findlib(s):
        if board.accuratelib(lib, attacker, 2) > 1:
            continue  # the atari at lib is safe: nothing to prepare
        for q in board.nbrs[lib]:
            if b[q] == attacker:
                _add(out, [x for x in board.findlib(q) if x not in libs])
            elif b[q] == EMPTY and q not in libs:
                _add(out, [q])
    return out


def second_liberties(board: Board, s: int) -> list[int]:
    """For the defender: points next to a liberty where our stone would gain liberties."""
    b = board.board
    color = b[s]
    libs = board.sref[s].libs
    out: list[int] = []
    for lib in board.findlib(s):
        for q in board.nbrs[lib]:
            if b[q] == EMPTY and q not in libs and q not in out and board.approxlib(q, color, 3) >= 3:
                out.append(q)
    return out


def edge_moves(board: Board, s: int) -> list[int]:
    """Hane and descent along the edge: first- and second-line points next to the liberties."""
    edge = board.edge
    out: list[int] = []
    for lib in board.findlib(s):
        if edge[lib] <= 1:
            for q in board.nbrs[lib]:
                if board.board[q] == EMPTY and q not in out:
                    out.append(q)
    return out


def superstring_attacks(board: Board, s: int) -> list[int]:
    """Liberties of the superstring (attacking a member attacks the whole)."""
    return superstring_liberties(board, s)


def superstring_defenses(board: Board, s: int) -> list[int]:
    """Captures and ataris of weak enemy strings around the superstring."""
    out: list[int] = []
    for o in superstring_neighbours(board, s, 2):
        _add(out, board.findlib(o))
    return out


def break_chain_efficient(board: Board, s: int, maxlib: int = 3) -> list[int]:
    """For the defender: shorten enemy neighbours (2 to maxlib liberties) that share one with us.

    Their shared liberty is one we need; taking one of their other liberties makes them
    race us with fewer liberties (GNU Go's break_chain2_efficient idea).
    """
    b = board.board
    libs = board.sref[s].libs
    out: list[int] = []
    for o in board.chainlinks(s, maxlib):
        theirs = board.sref[o].libs
        if len(theirs) < 2 or not (theirs & libs):
            continue
        _add(out, sorted_points(theirs - libs) or board.findlib(o))
    return [m for m in out if b[m] == EMPTY]


def unlock_liberties(board: Board, s: int) -> list[int]:
    """For the defender: where an enemy neighbour with two liberties has one we cannot play
    (it would be suicide), atari the other enemy strings guarding that point: once they
    are in atari, the move there captures them and takes the neighbour's liberty."""
    b = board.board
    color = b[s]
    out: list[int] = []
    for o in board.chainlinks(s, 2):
        for lib in board.findlib(o):
            if board.accuratelib(lib, color, 1) > 0:
                continue  # playable already
            for q in board.nbrs[lib]:
                if b[q] == 3 - color and not board.same_string(q, o) and len(board.sref[q].libs) == 2:
                    _add(out, [x for x in board.findlib(q) if x != lib])
    return [m for m in out if board.accuratelib(m, color, 2) >= 2]


def rescue_guards(board: Board, s: int, defender: bool = False) -> list[int]:
    """Captures that save the attacker's (or the defender's other) stones in atari next to
    the target's liberties: while they hang, the move beside them is self-atari for the
    attacker, or for the defender a capture that the opponent can answer on the liberty."""
    b = board.board
    side = b[s] if defender else 3 - b[s]
    out: list[int] = []
    seen: set[int] = set()
    for lib in board.findlib(s):
        for q in board.nbrs[lib]:
            if b[q] != side or board.same_string(q, s) or len(board.sref[q].libs) != 1:
                continue
            origin = board.origin(q)
            if origin not in seen:
                seen.add(origin)
                _add(out, break_chain(board, q, 1))
    return out


def save_racing_stones(board: Board, s: int, maxlib: int) -> list[int]:
    """For the defender: extend our other stones in atari that touch an enemy neighbour with
    at most maxlib liberties; their capture would give the neighbour the liberties it
    needs to win the race against us."""
    b = board.board
    color = b[s]
    out: list[int] = []
    for o in board.chainlinks(s, maxlib):
        for t in board.chainlinks(o, 1):
            if b[t] == color and not board.same_string(t, s):
                _add(out, board.findlib(t))
    return out


def ko_approach(board: Board, s: int) -> list[int]:
    """For the attacker, where taking the lone stone s is a ko: shorten the defender's other
    strings beside the capture point (two or three liberties), so that the capture takes
    them too, or ataris them, instead of leaving a ko to be retaken."""
    b = board.board
    out: list[int] = []
    for lib in board.findlib(s):
        if board.is_ko(lib, 3 - b[s]) != s:
            continue
        _shorten_beside(board, s, lib, 2, out)
    return out


def shorten_guards(board: Board, s: int) -> list[int]:
    """For the attacker, where the move on a liberty of the target is self-atari: the other
    liberties of the defender's short strings guarding that point; once they are in atari,
    the move there captures them."""
    b = board.board
    attacker = 3 - b[s]
    out: list[int] = []
    for lib in board.findlib(s):
        if board.accuratelib(lib, attacker, 2) > 1:
            continue
        _shorten_beside(board, s, lib, 1, out)
    return out


def _shorten_beside(board: Board, s: int, lib: int, minlib: int, out: list[int]) -> None:
    """Add the other liberties of the defender's strings (not s) at lib with minlib to 3 liberties."""
    b = board.board
    for q in board.nbrs[lib]:
        if b[q] == b[s] and not board.same_string(q, s) and minlib <= len(board.sref[q].libs) <= 3:
            _add(out, [x for x in board.findlib(q) if x != lib])


def special_rescue(board: Board, s: int) -> list[int]:
    """For the defender: where a liberty touches an enemy string with two liberties, take its other one."""
    b = board.board
    color = b[s]
    out: list[int] = []
    for lib in board.findlib(s):
        for q in board.nbrs[lib]:
            if b[q] == 3 - color:
                theirs = board.sref[q].libs
                if len(theirs) == 2:
                    _add(out, [x for x in board.findlib(q) if x != lib])
    return out


def save_boundary(board: Board, s: int, maxlib: int = 2, race: int = 1) -> list[int]:
    """For the attacker: liberties of its own strings next to the target with few liberties,
    and liberties of the defender's strings that race them (with at most `race` liberties)."""
    b = board.board
    attacker = 3 - b[s]
    out: list[int] = []
    for o in board.chainlinks(s, maxlib):
        _add(out, board.findlib(o))
        for t in board.chainlinks(o, race):
            if b[t] != attacker and not board.same_string(t, s) and \
                    (len(board.sref[t].libs) == 1 or board.sref[t].libs & board.sref[o].libs):
                _add(out, board.findlib(t))
    return out


def nets(board: Board, s: int) -> list[int]:
    """For the attacker: the net (geta), an empty point next to two or more of the target's
    liberties that is not a liberty itself: it blocks both escape routes at once."""
    b = board.board
    libs = board.sref[s].libs
    count: dict[int, int] = {}
    for lib in libs:
        for q in board.nbrs[lib]:
            if b[q] == EMPTY and q not in libs:
                count[q] = count.get(q, 0) + 1
    return sorted(q for q, k in count.items() if k >= 2)
