"""Owl's pattern databases: limiting moves for the attacker (owl_attack.db), expanding and
eye-making moves for the defender (owl_defense.db), and vital attacking moves read even
where the eye analysis counts two sure eyes (owl_vital.db). The files ship in this
plugin and are written in core's pattern language."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Final, Mapping

from core.board.board import Board
from core.move.patterns import Match, Matcher, load_database

DATABASES: Final = ("owl_attack.db", "owl_defense.db", "owl_vital.db")


@lru_cache(maxsize=None)
def matcher(name: str) -> Matcher:
    """The matcher of one of owl's databases, loaded once per process."""
    return Matcher(load_database(name, "plugins.owl"))


@lru_cache(maxsize=None)
def top_value(name: str) -> float:
    """The highest value of a move in one of owl's databases."""
    return max((p.value for p in matcher(name).patterns), default=0.0)


def owl_matches(name: str, board: Board, color: int, where: list[int],
                helpers: Mapping[str, Callable[..., Any]], ours: bool, dragon: set[int],
                eye: set[int]) -> list[Match]:
    """The database's matches for color to move at the points `where` that concern the
    dragon: one of the dragon's stones in the shape (ours: the mover's stones, else the
    opponent's), or the move in its eye space."""
    out: list[Match] = []
    owner = color if ours else 3 - color
    b = board.board
    for m in matcher(name).match(board, color, None, where, helpers):
        if m.move in eye or any(b[q] == owner and q in dragon for q in m.stones):
            out.append(m)
    return out
