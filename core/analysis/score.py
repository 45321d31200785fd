"""Scoring a final position, stones judged dead removed: area counting (Chinese, AGA,
Tromp-Taylor: stones plus surrounded points) or territory counting (Japanese, Korean:
surrounded points plus prisoners, the dead stones among them; the eyes of groups in seki
are no one's territory)."""

from __future__ import annotations

from typing import Iterable

from core.board.board import Board
from core.board.color import BLACK, BORDER, EMPTY, WHITE


TERRITORY_RULES = ("japanese", "korean")  # rules counted by territory; the others by area


def area(board: Board, dead: Iterable[int] = ()) -> tuple[int, int]:
    """Black's and White's area: stones plus empty regions that touch only their colour.

    Stones in `dead` count as captured: their points become empty and belong to the
    region around them.
    """
    black, white, black_stones, white_stones = _count(board, dead)
    return black + black_stones, white + white_stones


def _count(board: Board, dead: Iterable[int], seki: Iterable[int] = ()) -> tuple[int, int, int, int]:
    """Black's and White's surrounded points, and their stones left on the board; a region
    whose every stone around it is in `seki` counts for no one (an eye in seki)."""
    colors = list(board.board)
    in_seki = set(seki)
    for p in dead:
        colors[p] = EMPTY
    counts = [0, 0, 0, 0]
    stones = [0, 0, 0]
    seen: set[int] = set()
    nbrs = board.nbrs
    for p in board.points:
        c = colors[p]
        if c != EMPTY:
            stones[c] += 1
            continue
        if p in seen:
            continue
        region = [p]
        seen.add(p)
        touches = 0  # bit 1 = black, bit 2 = white
        free = False  # a stone around it not in seki
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
                    free = free or r not in in_seki
        if (touches == BLACK or touches == WHITE) and free:
            counts[touches] += len(region)
    return counts[BLACK], counts[WHITE], stones[BLACK], stones[WHITE]


def area_score(board: Board, komi: float, dead: Iterable[int] = ()) -> float:
    """Black's area minus White's area minus komi: positive means Black wins."""
    black, white = area(board, dead)
    return black - white - komi


def territory_score(board: Board, komi: float, dead: Iterable[int] = (), seki: Iterable[int] = ()) -> float:
    """Black's territory and prisoners minus White's, minus komi: positive means Black
    wins. Dead stones are prisoners of the side that surrounds them; the eyes of the
    stones in seki are no one's territory (the Japanese rules' count)."""
    dead = list(dead)
    black, white, _, _ = _count(board, dead, seki)
    black += board.captures[BLACK] + sum(1 for p in dead if board.board[p] == WHITE)
    white += board.captures[WHITE] + sum(1 for p in dead if board.board[p] == BLACK)
    return black - white - komi


def score(board: Board, komi: float, dead: Iterable[int], rules: str, seki: Iterable[int] = ()) -> float:
    """The score by the rules' counting: territory for Japanese and Korean (the eyes of
    the stones in seki no one's), else area (where a seki's eyes count as any point)."""
    if rules.lower() in TERRITORY_RULES:
        return territory_score(board, komi, dead, seki)
    return area_score(board, komi, dead)


def format_score(score: float) -> str:
    """A score in GTP's form: 'B+3.5', 'W+0.5' or '0'."""
    if score == 0:
        return "0"
    winner = "B" if score > 0 else "W"
    value = abs(score)
    text = f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    return f"{winner}+{text}"


