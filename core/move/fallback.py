"""The fallback move: a quick, legal, sensible move by simple rules.

Used by genmove when nothing better is available in time. The rules are the first
proverbs a beginner learns: capture what is in atari, save your own stones from atari,
do not fill your own eyes, do not play into atari. Never illegal; PASS when only
self-harming moves remain.
"""

from __future__ import annotations

import random

from core.board.board import Board
from core.board.color import EMPTY
from core.board.coords import PASS
from core.board.playout import is_own_eye


def fallback_move(board: Board, color: int, rng: random.Random) -> int:
    """A legal move for color by simple rules (capture, escape atari, avoid self-atari), or PASS."""
    opp = 3 - color
    best_capture = (0, PASS)
    best_escape = (0, PASS)
    for s in board.strings():
        if len(s.libs) != 1:
            continue
        (lib,) = s.libs
        if not board.is_legal(lib, color):
            continue
        if s.color == opp:
            if len(s.stones) > best_capture[0]:
                best_capture = (len(s.stones), lib)
        elif board.accuratelib(lib, color, 2) >= 2 and len(s.stones) > best_escape[0]:
            best_escape = (len(s.stones), lib)
    if best_capture[0] >= best_escape[0] and best_capture[1] != PASS:
        return best_capture[1]
    if best_escape[1] != PASS:
        return best_escape[1]
    candidates = [p for p in board.empty_points() if not is_own_eye(board, p, color)]
    rng.shuffle(candidates)
    for p in candidates:
        if board.is_legal(p, color) and not _harmful(board, p, color):
            return p
    return PASS


def _harmful(board: Board, p: int, color: int) -> bool:
    """A move that leaves our stones in atari, unless it takes a ko or captures something."""
    libs = board.accuratelib(p, color, 3)
    if libs >= 2:
        return False
    if libs == 1 and board.is_ko(p, color):
        return False  # taking a ko is fine
    # next to an enemy string in atari, the move captures it: that is not self-harm
    return not any(board.board[q] == 3 - color and board.countlib(q) == 1 for q in board.nbrs[p]
                   if board.board[q] != EMPTY)
