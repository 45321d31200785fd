"""Move ordering: try the likeliest moves first, so that a win cuts the search short.

Attacking moves are scored by how few liberties the target keeps, how many our stone
gets, and whether they capture; defending moves by the liberties the string gets and
the stones they capture. Self-ataris come last. Scores are cheap static estimates.
"""

from __future__ import annotations

from typing import Final

from core.board.board import Board
from core.board.color import EMPTY

# A move and its score as one int, point - score * SPREAD (points < SPREAD): a list of
# them sorts as the (-score, point) pairs would, best first and ties by point, with no
# tuple made for each move and ints compared instead of tuples
SPREAD: Final = 1024


def order_attacks(board: Board, s: int, moves: list[int]) -> list[int]:
    """Attacking moves against s, best first; illegal and occupied points dropped."""
    b = board.board
    attacker = 3 - b[s]
    libs = board.sref[s].libs
    boxed = board.boxed  # (each move as one int object, for the set and the list: see Board.boxed)
    scored: list[int] = []
    for m in moves:
        if b[m] != EMPTY:
            continue
        own = board.accuratelib(m, attacker, 4)
        if own == 0 and not board.is_ko(m, attacker):
            continue
        liberty = boxed[m] in libs
        target_libs = len(libs) - (1 if liberty else 0)
        score = 20 * (4 - target_libs) + 3 * min(own, 3)
        if liberty and len(libs) == 2:
            # the atari that leaves the escaping stone the fewest liberties drives the ladder
            (other,) = [x for x in libs if x != m]
            score -= 4 * board.approxlib(other, b[s], 5)
        if own == 1:
            score -= 25  # self-atari: occasionally a throw-in, usually a waste
        if any(b[q] == b[s] and board.countlib(q) == 1 for q in board.nbrs[m] if q != m):
            score += 10  # also ataris or captures
        scored.append(m - score * SPREAD)
    return _ranked(board, scored)


def order_defenses(board: Board, s: int, moves: list[int]) -> list[int]:
    """Defending moves for s, best first, by the liberties the string has after them."""
    b = board.board
    color = b[s]
    opp = 3 - color
    sref, nbrs = board.sref, board.nbrs
    own_libs = sref[s].libs
    boxed = board.boxed
    scored: list[int] = []
    for m in moves:
        if b[m] != EMPTY:
            continue
        bm = boxed[m]
        if not any(b[q] == opp and len(sref[q].libs) == 1 for q in nbrs[m]):
            # no capture: the liberties follow without playing the move
            after = board.approxlib(m, color, 5)  # the score counts at most 5
            if after == 0:
                continue  # suicide
            scored.append(m - SPREAD * _defence_score(after if bm in own_libs else len(own_libs), 0))
            continue
        if not board.trymove(m, color):
            if board.is_ko(m, color):
                scored.append(m)  # a ko capture: only as a conditional move, late
            continue
        if b[s] == EMPTY:
            board.popgo()
            continue
        libs = len(board.sref[s].libs)
        captured = board.captures[color]
        board.popgo()
        scored.append(m - SPREAD * _defence_score(libs, captured - board.captures[color]))
    return _ranked(board, scored)


def _ranked(board: Board, scored: list[int]) -> list[int]:
    """The moves of point - score * SPREAD values, lowest value (best score) first, each as
    its point's one int object (Board.boxed)."""
    scored.sort()
    boxed = board.boxed
    return [boxed[v % SPREAD] for v in scored]


def _defence_score(libs: int, gained: int) -> int:
    """Liberties after the move count most, captured stones a little; atari is a last resort."""
    return 10 * min(libs, 5) + 3 * gained - (30 if libs <= 1 else 0)
