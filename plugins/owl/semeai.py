"""Semeai: the capturing race between two adjacent dragons of opposite colours, neither
of which can live on its own (GNU Go's owl_analyze_semeai). A's owner moves first; the
answer says whether A survives and whether B dies: both (A wins the race), A only (seki,
or both live), or neither (A loses).

- The goal of each side is the dragon's stones when the question is asked, as owl marks
  them. Capturing every original string of one ends the race, but wins it only if the
  capturer then lives, as owl reads it: "a capture that does not live is only a lunch"
  (stones taken inside the enemy's wall can leave a single eye).
- A node is judged first, by owl's own judge for each dragon: one that is alive (two
  closed eyes, or open ground to run to) has left the race. When both have, it is seki or
  both live. When one has, the other's fate is plain life and death, and owl reads it.
- The moves, most urgent first: capture an enemy string in atari, save our own string in
  atari, the vital point of either dragon's eye space (make an eye, or take one away),
  then every liberty of either dragon and owl's two best moves for each, the liberties
  ordered by the count they leave, ours less theirs ("count the liberties": filling an
  outside liberty gains a liberty on them, filling a shared one loses one of ours too).
  No self-atari but a capture. Near the root several moves are read; deeper, only the
  first: the race is then a matter of counting. A side left with only moves that cost it
  a liberty may pass instead, and when both do the race stands still: seki.
- Where the depth runs out the liberties are counted: outside liberties are each side's
  own, shared liberties count for a side with an eye against one without, for both when
  neither has one, and for neither when both have; the side to move gains a tempo.
- Out of nodes (or of the owl nodes the service allows a race), the root's best move read
  to the end stands, and without one the count of the position as it is: the answer is
  marked uncertain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Final

from core.analysis.eyes import EyeSpace
from core.analysis.eyeshapes import combine
from core.board.board import Board
from core.board.coords import NO_POINT, PASS
from core.host.services import TacticalReader
from core.reading.search import ReadingAborted, Search
from core.reading.table import Key, code_of, situation
from plugins.owl.candidates import OwlCandidates, _offer, _ordered
from plugins.owl.status import ALIVE, SURE

SEMEAI_NODES: Final = 3000  # nodes of the race itself per question
OWL_NODES: Final = 600  # owl nodes for each life-and-death question asked inside the race
DEPTH: Final = 40  # plies: a race of two big dragons fills many liberties
WIDE_DEPTH: Final = 4  # above this depth several moves are read, below it the first alone
WIDTH: Final = 4  # moves read per node above WIDE_DEPTH (at the root, every candidate)
OWL_MOVES: Final = 2  # owl's best moves for each dragon offered at a node
WINS: Final = 2  # the race for A's owner: B dies; both live; A dies
SEKI: Final = 1
LOSES: Final = 0
RESCUE_NODES: Final = 200  # tactical nodes to save one of our strings in atari
# the order of a race's moves (higher first)
CAPTURE: Final = 100.0
RESCUE: Final = 90.0
VITAL: Final = 80.0
LIBERTY: Final = 50.0
OWL_MOVE: Final = 48.0
LIBERTY_SPREAD: Final = 15  # a liberty move's value moves with the liberty count it leaves

OwlQuestion = Callable[[Board, int, int | None], tuple[int, int]]
Judged = tuple[list[int], list[EyeSpace], int]


@dataclass(frozen=True)
class SemeaiResult:
    """A semeai's answer: does A survive, does B die, and A's owner's move (PASS when
    none is needed or none helps); uncertain when the reading ran out of nodes."""

    a_survives: int
    b_dies: int
    move: int
    uncertain: bool = False


class _Side:
    """One dragon of the race, judged as owl judges it."""

    def __init__(self, board: Board, tactical: TacticalReader | None, stones: frozenset[int]) -> None:
        self.owl = OwlCandidates(board, tactical, None, None, None)
        self.owl.goal = stones
        self.owl.owner = board.board[min(stones)]
        self.color = self.owl.owner

    def strings(self) -> list[int]:
        """Origins of the dragon's strings still on the board (none once it is captured)."""
        return self.owl._strings()

    def libs(self, board: Board, strings: list[int]) -> set[int]:
        """Every liberty of the dragon's strings."""
        return {p for o in strings for p in board.sref[o].libs}

    def judge(self, strings: list[int]) -> tuple[bool, list[EyeSpace], int]:
        """Whether the dragon lives on its own (two closed eyes, or a way out), its eye
        spaces, and the eyes it is sure of (the opponent moving first in each space)."""
        status, spaces, values, _ = self.owl._judge(strings, run=True)
        return status in (ALIVE, SURE), spaces, combine(values, owner_first=False)


class SemeaiReader(Search):
    """analyze_semeai on one board."""

    def __init__(self, board: Board, tactical: TacticalReader | None, a_stones: frozenset[int],
                 b_stones: frozenset[int], owl_attack: OwlQuestion, owl_defend: OwlQuestion,
                 node_limit: int | None = SEMEAI_NODES, deadline: float | None = None) -> None:
        super().__init__(board, None, node_limit, deadline, clock_every=1)  # (each node judges two dragons)
        self.tactical = tactical
        self.a = _Side(board, tactical, a_stones)
        self.b = _Side(board, tactical, b_stones)
        self.owl_attack = owl_attack
        self.owl_defend = owl_defend
        # the node's strings, eye spaces and sure eyes of A and B, judged before its moves
        self.judged: tuple[Judged, Judged] = (([], [], 0), ([], [], 0))
        self.found = (-1, PASS)  # the root's best value and move read to the end so far

    def analyze(self) -> SemeaiResult:
        """The race between dragon A (its owner to move) and dragon B. Out of nodes, the
        root's best move read to the end stands; without one, the liberties are counted."""
        try:
            return self._root()
        except ReadingAborted:
            self.unwind()
            value, move = self.found
            if value < 0:
                value, move = self._count(True), PASS
            return SemeaiResult(int(value >= SEKI), int(value == WINS), move if value > LOSES else PASS, True)

    # ------------------------------------------------------------------ the search
    def _root(self) -> SemeaiResult:
        settled = self._settled(True)
        if settled is not None:  # out of the race already: plain life and death decides
            a_strings, b_strings = self.a.strings(), self.b.strings()
            move = PASS
            if settled == WINS and b_strings:
                move = self.owl_attack(self.board, b_strings[0], OWL_NODES)[1] or PASS
            elif settled == SEKI and a_strings and not self.a.judge(a_strings)[0]:
                move = self.owl_defend(self.board, a_strings[0], OWL_NODES)[1] or PASS  # A lives by a move
            return SemeaiResult(int(settled >= SEKI), int(settled == WINS), move)
        best, best_move = -1, PASS
        for move, _ in self._moves(True):
            played = self.play(move, self.a.color, True)
            if played is None:
                continue
            try:
                value = self._node(False, 1, passed=False)
            finally:
                self.undo(played)
            if value > best:
                best, best_move = value, move
                self.found = (best, best_move)
                if best == WINS:
                    break
        # "if PASS is a solution it is the best solution": a move that gains nothing is not named
        passing = self._pass(self.a, False, 1)
        if passing >= best:
            best, best_move = passing, PASS
        return SemeaiResult(int(best >= SEKI), int(best == WINS), best_move)

    def _node(self, a_to_move: bool, depth: int, passed: bool) -> int:
        """The race's value for A's owner with this side to move."""
        key: Key = (self.board.hash, situation(1 if a_to_move else 2, 0, 0, 0, depth), int(passed))
        found = self.probe(key)  # a hit counts the nodes its reading cost, so limits bite alike
        if found is not None:
            return code_of(found)
        start = self.nodes
        self.enter()
        value = self._expand(a_to_move, depth, passed)
        self.table.put(key, value, NO_POINT, self.nodes - start)
        if self.recording:
            self.record(f"semeai: {('A loses', 'seki', 'A wins')[value]}, {'A' if a_to_move else 'B'} to move")
        return value

    def _expand(self, a_to_move: bool, depth: int, passed: bool) -> int:
        settled = self._settled(a_to_move)
        if settled is not None:
            return settled
        if depth >= DEPTH:
            return self._count(a_to_move, (self.judged[0][2], self.judged[1][2]))
        mover = self.a if a_to_move else self.b
        moves = self._moves(a_to_move)
        width = WIDTH if depth < WIDE_DEPTH else 1
        best, tried, last_resort = -1, 0, True
        for move, urgent in moves:
            if tried >= width:
                break
            played = self.play(move, mover.color, False)
            if played is None:
                continue
            tried += 1
            last_resort = last_resort and not urgent
            try:
                value = self._node(not a_to_move, depth + 1, passed=False)
            finally:
                self.undo(played)
            best = _better(value, best, a_to_move)
            if best == (WINS if a_to_move else LOSES):
                return best
        if last_resort:  # only shared liberties (or nothing) to fill: passing may be better
            if passed:
                return SEKI  # neither side will fill: the race stands still
            best = _better(self._pass(mover, not a_to_move, depth + 1), best, a_to_move)
        return best

    def _pass(self, passer: _Side, a_to_move: bool, depth: int) -> int:
        """The race's value after passer passes (a pass in the variation tree)."""
        if self.tree is not None:
            self.tree.push(passer.color, PASS)
        try:
            return self._node(a_to_move, depth, passed=True)
        finally:
            if self.tree is not None:
                self.tree.pop()

    def _settled(self, a_to_move: bool) -> int | None:
        """The value where the race is over: a dragon captured, or one alive on its own
        (then owl reads the other's life and death); None while the race goes on. The
        node's strings and eye spaces are kept for its moves."""
        board = self.board
        a_strings, b_strings = self.a.strings(), self.b.strings()
        if not b_strings:  # won only if the capture gives A life ("a capture that does not live is a lunch")
            return self._after_capture(self.a, a_to_move)
        if not a_strings:
            return self._after_capture(self.b, not a_to_move)
        a_alive, a_spaces, a_eyes = self.a.judge(a_strings)
        b_alive, b_spaces, b_eyes = self.b.judge(b_strings)
        self.judged = ((a_strings, a_spaces, a_eyes), (b_strings, b_spaces, b_eyes))
        if a_alive and b_alive:
            return SEKI
        if a_alive:  # B's fate is its own life and death
            if a_to_move:
                return WINS if self.owl_attack(board, b_strings[0], OWL_NODES)[0] else SEKI
            return SEKI if self.owl_defend(board, b_strings[0], OWL_NODES)[0] else WINS
        if b_alive:
            if a_to_move:
                return SEKI if self.owl_defend(board, a_strings[0], OWL_NODES)[0] else LOSES
            return LOSES if self.owl_attack(board, a_strings[0], OWL_NODES)[0] else SEKI
        return None

    def _after_capture(self, capturer: _Side, capturer_to_move: bool) -> int:
        """The race's value once the capturer has taken every original string of the other
        dragon: won if the capturer then lives (owl cannot kill it), otherwise lost to the
        side whose stones were taken, whose surrounding stones still kill it."""
        strings = capturer.strings()
        lives = bool(strings) and (self.owl_defend(self.board, strings[0], OWL_NODES)[0] if capturer_to_move
                                   else not self.owl_attack(self.board, strings[0], OWL_NODES)[0])
        a_wins = lives == (capturer is self.a)
        return WINS if a_wins else LOSES

    # ------------------------------------------------------------------ the moves
    def _moves(self, a_to_move: bool) -> list[tuple[int, bool]]:
        """The mover's moves, most urgent first, each with whether it is urgent: a move that
        costs the mover a liberty (a shared one filled) is a last resort."""
        board = self.board
        me, them = (self.a, self.b) if a_to_move else (self.b, self.a)
        (mine, my_spaces, _), (theirs, their_spaces, _) = \
            self.judged if a_to_move else (self.judged[1], self.judged[0])
        value: dict[int, float] = {}
        for o in theirs:
            if len(board.sref[o].libs) == 1:
                _offer(value, next(iter(board.sref[o].libs)), CAPTURE)
        for o in me.owl._neighbours(mine):
            if len(board.sref[o].libs) == 1:
                _offer(value, next(iter(board.sref[o].libs)), CAPTURE - 1)
        if self.tactical is not None:
            for o in mine:
                if len(board.sref[o].libs) == 1:
                    code, move = self.tactical.find_defense(board, o, RESCUE_NODES)
                    if code:
                        _offer(value, move, RESCUE)
        for sp in my_spaces:
            if sp.min < sp.max:
                _offer(value, sp.defense, VITAL)
        for sp in their_spaces:
            if sp.min < sp.max:
                _offer(value, sp.attack, VITAL - 1)
        for m in me.owl._moves(mine, my_spaces, False, False)[:OWL_MOVES]:
            _offer(value, m, OWL_MOVE)
        for m in them.owl._moves(theirs, their_spaces, True, False)[:OWL_MOVES]:
            _offer(value, m, OWL_MOVE - 1)
        last_resort: set[int] = set()
        my_libs = me.libs(board, mine)
        for p in sorted(my_libs | them.libs(board, theirs)):
            swing = self._swing(p, me, them)
            if swing is None:
                continue
            mine_after, theirs_after = swing
            _offer(value, p, LIBERTY + max(-LIBERTY_SPREAD, min(LIBERTY_SPREAD, mine_after - theirs_after)))
            if mine_after < len(my_libs):
                last_resort.add(p)
        color = me.color
        # "fill the outside liberties first": below the captures, rescues and vital points,
        # a move that costs the mover a liberty waits behind every move that does not
        moves: list[tuple[int, bool]] = []
        later: list[tuple[int, bool]] = []
        for p in _ordered(value):
            if not board.is_legal(p, color):
                continue
            if value[p] < CAPTURE - 1 and board.is_self_atari(p, color):
                continue
            if p not in last_resort:
                moves.append((p, True))
            elif value[p] >= VITAL - 1:
                moves.append((p, False))
            else:
                later.append((p, False))
        return moves + later

    def _swing(self, p: int, me: _Side, them: _Side) -> tuple[int, int] | None:
        """The liberties of our dragon and of theirs after our stone at p ("count the
        liberties"); None where we may not play."""
        board = self.board
        if not board.trymove(p, me.color):
            return None
        try:
            mine, theirs = me.strings(), them.strings()
            return len(me.libs(board, mine)), len(them.libs(board, theirs)) if theirs else 0
        finally:
            board.popgo()

    # ------------------------------------------------------------------ counting
    def _count(self, a_to_move: bool, eyes: tuple[int, int] | None = None) -> int:
        """The race counted where reading stops: outside liberties are each side's own;
        shared liberties count for a side with an eye against one without, for both when
        neither has one, for neither when both have; the side to move gains a tempo.
        Neither side able to approach the other is seki. eyes: the sure eyes of A and B
        where the node has judged them already."""
        board = self.board
        a_strings, b_strings = self.a.strings(), self.b.strings()
        if not b_strings or not a_strings:  # (settled before any count is taken)
            return WINS if a_strings else LOSES
        a_libs, b_libs = self.a.libs(board, a_strings), self.b.libs(board, b_strings)
        shared = len(a_libs & b_libs)
        a_out, b_out = len(a_libs - b_libs), len(b_libs - a_libs)
        if eyes is None:
            eyes = self.a.judge(a_strings)[2], self.b.judge(b_strings)[2]
        a_eye, b_eye = eyes[0] > 0, eyes[1] > 0
        a_count = a_out + (shared if a_eye or not b_eye else 0)
        b_count = b_out + (shared if b_eye or not a_eye else 0)
        if a_eye == b_eye and shared >= 2 and a_out == 0 and b_out == 0:
            return SEKI
        if a_to_move:
            return WINS if a_count >= b_count else LOSES
        return LOSES if b_count >= a_count else WINS


def _better(value: int, best: int, a_to_move: bool) -> int:
    """The better of a move's value and the best so far (-1: none yet) for the side to
    move: A's owner wants the highest, B's the lowest."""
    if best < 0:
        return value
    return max(value, best) if a_to_move else min(value, best)
