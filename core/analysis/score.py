"""Scoring: area (Chinese) counting of a final position, with stones judged dead removed."""

from __future__ import annotations

from typing import Iterable

from core.board.board import Board
from core.board.color import BLACK, BORDER, EMPTY, WHITE


def area(board: Board, dead: Iterable[int] = ()) -> tuple[int, int]:
    """Black's and White's area: stones plus empty regions that touch only their colour.

    Stones in `dead` count as captured: their points become empty and belong to the
    region around them.
    """
    colors = list(board.board)
    for p in dead:
        colors[p] = EMPTY
    counts = [0, 0, 0, 0]
    seen: set[int] = set()
    nbrs = board.nbrs
    for p in board.points:
        c = colors[p]
        if c != EMPTY:
            counts[c] += 1
            continue
        if p in seen:
            continue
        region = [p]
        seen.add(p)
        touches = 0  # bit 1 = black, bit 2 = white
        i = 0
        while i < len(region):
            q = region[i]
            i += 1
            for r in nbrs[q]:
                rc = colors[r]
                if rc == EMPTY:
                    if r not in seen:
                        seen.add(r)
                        region.append(r)
                elif rc != BORDER:
                    touches |= rc
        if touches == BLACK or touches == WHITE:
            counts[touches] += len(region)
    return counts[BLACK], counts[WHITE]


def area_score(board: Board, komi: float, dead: Iterable[int] = ()) -> float:
    """Black's area minus White's area minus komi: positive means Black wins."""
    black, white = area(board, dead)
    return black - white - komi


def format_score(score: float) -> str:
    """A score in GTP's form: 'B+3.5', 'W+0.5' or '0'."""
    if score == 0:
        return "0"
    winner = "B" if score > 0 else "W"
    value = abs(score)
    text = f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    return f"{winner}+{text}"


