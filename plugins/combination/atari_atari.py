"""Combinations of ataris (GNU Go's atari_atari): a series of ataris after which an enemy
string that could not be captured before it began can be captured. Each atari forces
the opponent to answer it; a double atari, or an atari whose string cannot be saved, wins.

- The targets are the enemy strings tactical reading cannot capture in the position
  asked about (with at most TARGET_LIBERTIES liberties, none in atari): a string already
  dead gains nothing by being captured again. A target is any string holding a stone of
  one of them, so strings merged by a defence count.
- Our moves: the liberties of targets with two liberties (an atari), no self-atari. The
  opponent's answers: extending the string in atari, and capturing one of our strings in
  atari beside it (often the stone that gave the atari).
- A target wins when it is left in atari on our turn, when it is in atari with no
  tactical defence, or when tactical reading captures it after at least one atari.
- The combination is read to COMBINATION_DEPTH of our ataris. A first atari can be
  irrelevant: the combination found is read again without it, and the move is named
  only if the same string is then no longer won (GNU Go's check).
- combination_defend: the opponent's moves that leave no combination, among the points
  of the one found (its moves and their neighbours).
"""

from __future__ import annotations

from typing import Final

from core.board.board import Board
from core.board.coords import NO_POINT, PASS
from core.host.services import TacticalReader
from core.reading.results import WIN

COMBINATION_DEPTH: Final = 4  # our ataris in one combination
TARGET_LIBERTIES: Final = 4  # enemy strings with more liberties are not targets
TARGET_NODES: Final = 1000  # tactical nodes to see whether a target can be captured (or saved)


class AtariAtari:
    """A search for a combination of ataris by one colour on one board."""

    def __init__(self, board: Board, color: int, tactical: TacticalReader | None) -> None:
        self.board = board
        self.color = color
        self.tactical = tactical
        self.targets = self._targets()
        self.line: list[int] = []  # the winning line found, our moves and the opponent's answers
        self.forbidden: set[int] = set()  # first moves found irrelevant
        self.victim = NO_POINT  # a stone of the string the line found wins

    def _targets(self) -> set[int]:
        """Stones of the enemy strings that cannot be captured now."""
        board, enemy = self.board, 3 - self.color
        stones: set[int] = set()
        for s in board.strings():
            if s.color != enemy or len(s.libs) > TARGET_LIBERTIES:
                continue
            if len(s.libs) > 1 and self.tactical is not None:
                code, _ = self.tactical.attack(board, s.origin, TARGET_NODES)
                if code:
                    continue
            elif len(s.libs) == 1:
                continue  # in atari already: a capture, not a combination
            stones.update(s.stones)
        return stones

    def _target_strings(self, libs: int) -> list[int]:
        """Origins of the target strings with exactly this many liberties."""
        board = self.board
        found = {board.origin(p) for p in self.targets if board.board[p] == 3 - self.color}
        return sorted(o for o in found if len(board.sref[o].libs) == libs)

    def find(self) -> int:
        """The first move of a combination that needs it, or PASS. A first atari can be
        irrelevant (the rest of the line wins the same string without it): a combination
        found is read again with its first move forbidden, and the move is kept unless
        the same string is still won."""
        self.forbidden = set()
        first = self._first()
        while first != PASS:
            line, victim = self.line, self.victim
            self.forbidden.add(first)
            again = self._first()
            if again == PASS or self.victim != victim:
                self.line, self.victim = line, victim
                return first
            first = again
        return PASS

    def _first(self) -> int:
        """The first move of any combination that avoids the forbidden first moves."""
        self.line, self.victim = [], NO_POINT
        return self.line[0] if self._attack(COMBINATION_DEPTH) else PASS

    def _won(self, origin: int, move: int) -> bool:
        """Note the string at origin won by move (its first root stone names it)."""
        self.line.append(move)
        self.victim = min(p for p in self.board.sref[origin].stones if p in self.targets)
        return True

    def _attack(self, depth: int) -> bool:
        """We move: capture a target in atari, or give an atari every answer to which
        still loses a target."""
        board = self.board
        for o in self._target_strings(1):
            lib = next(iter(board.sref[o].libs))
            if board.is_legal(lib, self.color):
                return self._won(o, lib)
        if depth < COMBINATION_DEPTH and self.tactical is not None:
            for o in self._target_strings(2):  # the ataris made it capturable: a ladder, a net
                code, move = self.tactical.attack(board, o, TARGET_NODES)
                if code == WIN and move:
                    return self._won(o, move)
        if depth == 0:
            return False
        for o in self._target_strings(2):
            for m in sorted(board.sref[o].libs):
                if depth == COMBINATION_DEPTH and m in self.forbidden:
                    continue
                if board.is_self_atari(m, self.color) or not board.trymove(m, self.color):
                    continue
                try:
                    self.line.append(m)
                    if self._answers(depth):
                        return True
                    self.line.pop()
                finally:
                    board.popgo()
        return False

    def _answers(self, depth: int) -> bool:
        """The opponent moves, a target of his in atari: True if every answer still loses
        a target."""
        board, enemy = self.board, 3 - self.color
        in_atari = self._target_strings(1)
        if not in_atari:
            return False
        if self.tactical is not None:
            for o in in_atari:
                code, _ = self.tactical.find_defense(board, o, TARGET_NODES)
                if not code:  # a string in atari that no answer saves
                    return self._won(o, next(iter(board.sref[o].libs)))
        answers: set[int] = set()
        for o in in_atari:
            answers.update(board.sref[o].libs)
            for p in board.sref[o].stones:
                for q in board.nbrs[p]:
                    if board.board[q] == self.color and len(board.sref[board.origin(q)].libs) == 1:
                        answers.update(board.sref[board.origin(q)].libs)
        for d in sorted(answers):
            if not board.trymove(d, enemy):
                continue
            try:
                self.line.append(d)
                if not self._attack(depth - 1):
                    self.line.pop()
                    return False
            finally:
                board.popgo()
        return True


def combination_attack(board: Board, color: int, tactical: TacticalReader | None) -> int:
    """A move by color that starts a combination of ataris capturing an enemy string
    that cannot be captured now, or PASS."""
    return AtariAtari(board, color, tactical).find()


def combination_defend(board: Board, color: int, tactical: TacticalReader | None) -> list[int]:
    """Moves by color's opponent that leave color no combination of ataris (none when
    there is no combination to stop)."""
    search = AtariAtari(board, color, tactical)
    first = search.find()
    if first == PASS:
        return []
    points = {first}
    for p in search.line:
        points.add(p)
        points.update(q for q in board.nbrs[p] if board.board[q] == 0)
    enemy = 3 - color
    stops = []
    for p in sorted(points):
        if board.board[p] != 0 or not board.trymove(p, enemy):
            continue
        try:
            if combination_attack(board, color, tactical) == PASS:
                stops.append(p)
        finally:
            board.popgo()
    return stops
