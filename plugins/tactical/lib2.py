"""Strings with two liberties: atari them (ladders included), or get them out of danger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.coords import NO_POINT

if TYPE_CHECKING:
    from plugins.tactical.reader import Reader

WIN = 1


def attack2(r: Reader, s: int) -> tuple[int, int]:
    """Atari from either side; a win if the string cannot then be saved."""
    b = r.board
    color = 3 - b.board[s]
    first, second = b.findlib(s)
    # the atari after which the string's escape point has fewer liberties comes first
    escape_libs = {first: b.approxlib(second, b.board[s]), second: b.approxlib(first, b.board[s])}
    for move in sorted((first, second), key=lambda lib: (escape_libs[lib], lib)):
        if r.try_attack_move(s, move, color) == WIN:
            return WIN, move
    return 0, NO_POINT


def defend2(r: Reader, s: int) -> tuple[int, int]:
    """Extend at a liberty, or capture a neighbour in atari, so the string cannot be taken."""
    b = r.board
    color = b.board[s]
    moves = r.captures_of_neighbours(s, 1)
    libs = b.findlib(s)
    libs.sort(key=lambda lib: (-b.approxlib(lib, color), lib))
    for lib in libs:
        if lib not in moves:
            moves.append(lib)
    for move in moves:
        if r.try_defense_move(s, move, color) == WIN:
            return WIN, move
    return 0, NO_POINT
