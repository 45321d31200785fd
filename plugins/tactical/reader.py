"""The tactical reader: can a string be captured (attack), can it be saved (find_defense).

A minimax search over trymove/popgo: the attacker wins by taking the string off the
board; the defender wins when the string has enough liberties: five always, four past
fourlib_depth, three past depth (enough to read ladders). Move generation is split by
the string's liberty count (lib1, lib2, ... one module each). Every position visited is
one node, counted in `nodes`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.board import Board
from core.coords import NO_POINT

WIN, KO_A, KO_B = 1, 2, 3
RANK = {0: 0, KO_B: 1, KO_A: 2, WIN: 3}


@dataclass
class Depths:
    """Reading depth limits, as GNU Go names them."""

    depth: int = 16
    branch_depth: int = 13
    backfill_depth: int = 12
    fourlib_depth: int = 7
    ko_depth: int = 8

    def scaled(self, level: int) -> Depths:
        """Depths for a playing level (10 = full depth; each level below removes one ply)."""
        cut = max(0, 10 - level)
        return Depths(max(4, self.depth - cut), max(3, self.branch_depth - cut), max(2, self.backfill_depth - cut),
                      max(1, self.fourlib_depth - cut // 2), max(2, self.ko_depth - cut // 2))


def reverse(code: int) -> int:
    """The result for the other side: a win becomes a loss, KO_A becomes KO_B."""
    return {0: WIN, WIN: 0, KO_A: KO_B, KO_B: KO_A}[code]


class Reader:
    """Tactical reading on a board; the board is left as it was found."""

    def __init__(self, board: Board, depths: Depths | None = None) -> None:
        self.board = board
        self.depths = depths or Depths()
        self.nodes = 0

    # ------------------------------------------------------------------ public
    def attack(self, s: int) -> tuple[int, int]:
        """(code, move): can the string at s be captured, its opponent moving first."""
        return self.do_attack(s)

    def find_defense(self, s: int) -> tuple[int, int]:
        """(code, move): can the string at s be saved, its owner moving first."""
        return self.do_defend(s)

    # ------------------------------------------------------------------ dispatch
    def do_attack(self, s: int) -> tuple[int, int]:
        """Attack dispatch by liberty count."""
        from plugins.tactical import lib1, lib2

        self.nodes += 1
        b = self.board
        libs = b.countlib(s)
        d = self.depths
        stackp = b.stackp
        if libs > 4 or (libs == 4 and stackp > d.fourlib_depth) or (libs == 3 and stackp > d.depth):
            return 0, NO_POINT
        if libs == 1:
            return lib1.attack1(self, s)
        if libs == 2:
            return lib2.attack2(self, s)
        return 0, NO_POINT

    def do_defend(self, s: int) -> tuple[int, int]:
        """Defence dispatch by liberty count."""
        from plugins.tactical import lib1, lib2

        self.nodes += 1
        b = self.board
        libs = b.countlib(s)
        d = self.depths
        stackp = b.stackp
        if libs >= 5 or (libs == 4 and stackp > d.fourlib_depth) or (libs >= 3 and stackp > d.depth):
            return WIN, NO_POINT
        if libs == 1:
            return lib1.defend1(self, s)
        if libs == 2:
            return lib2.defend2(self, s)
        return WIN, NO_POINT

    # ------------------------------------------------------------------ helpers for the lib modules
    def try_attack_move(self, s: int, move: int, color: int) -> int:
        """Play an attacking move and read the defence; the attacker's result (0 if illegal)."""
        b = self.board
        if not b.trymove(move, color):
            return 0
        try:
            if b.board[s] == 0:
                return WIN
            code, _ = self.do_defend(s)
            return reverse(code)
        finally:
            b.popgo()

    def try_defense_move(self, s: int, move: int, color: int) -> int:
        """Play a defending move and read the attack; the defender's result (0 if illegal)."""
        b = self.board
        if not b.trymove(move, color):
            return 0
        try:
            if b.board[s] == 0:
                return 0
            code, _ = self.do_attack(s)
            return reverse(code)
        finally:
            b.popgo()

    def captures_of_neighbours(self, s: int, maxlib: int = 1) -> list[int]:
        """Liberties of adjacent enemy strings with at most maxlib liberties (capturing moves first)."""
        b = self.board
        out: list[int] = []
        for o in b.chainlinks(s, maxlib):
            for lib in b.findlib(o):
                if lib not in out:
                    out.append(lib)
        return out
