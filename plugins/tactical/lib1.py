"""Strings with one liberty: capture them, or save them by extending or capturing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.coords import NO_POINT

if TYPE_CHECKING:
    from plugins.tactical.reader import Reader

WIN = 1


def attack1(r: Reader, s: int) -> tuple[int, int]:
    """A string in atari is captured by playing its last liberty, if that is legal."""
    b = r.board
    (lib,) = b.findlib(s)
    color = 3 - b.board[s]
    if b.is_legal(lib, color):
        return WIN, lib
    return 0, NO_POINT


def defend1(r: Reader, s: int) -> tuple[int, int]:
    """Save a string in atari: capture a neighbour in atari, or extend at the liberty."""
    b = r.board
    color = b.board[s]
    moves = r.captures_of_neighbours(s, 1)
    for lib in b.findlib(s):
        if lib not in moves:
            moves.append(lib)
    for move in moves:
        if r.try_defense_move(s, move, color) == WIN:
            return WIN, move
    return 0, NO_POINT
