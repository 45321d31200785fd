"""Connection reading: can a string be joined to a goal (another string, or an area), and
can the joint be cut. A minimax search like the tactical one, as GNU Go's readconnect.c
answers it: by reading, not by patterns.

The connector wins when the string and the goal are one string (or the string has a
stone in the goal area) and it cannot be captured; the cutter wins by capturing the
string or the goal string, or when the search ends with the two still apart and no
double link between them. Moves come from the connection distance (distance.py): the
points on the shortest paths, plus the liberties of weak strings on either side, which
tactical reading (the 'tactical' service) decides. Node counting, the komaster scheme,
the line's positions and the transposition table come from core's reading toolkit
(core.reading). Every position visited is a node, and the node limit counts positions
visited: a transposition hit costs nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Final

from core.board.board import Board
from core.board.color import EMPTY
from core.board.coords import NO_POINT, vertex
from core.board.hashing import zobrist_table
from core.host.services import TacticalReader
from core.reading.komaster import KoMove, first_taker_trymove
from core.reading.results import KO_A, REVERSE, WIN, after_move, better
from core.reading.search import ReadingAborted, Search
from core.reading.table import Key, TranspositionTable, code_of, move_of, situation
from plugins.connection.distance import STONE, Gap, area_seeds, gap, string_seeds

CONNECT: Final = 1
DISCONNECT: Final = 2
FORCING: Final = STONE // 2  # what a forcing move (an atari, saving stones in atari) gains in the move order


@dataclass
class Limits:
    """How far connection reading looks."""

    depth: int = 11  # plies of connection moves
    node_limit: int = 3000  # connection nodes per question; past it the question is unanswered (0)
    ko_depth: int = 6  # conditional ko captures only this near the root
    max_gap: int = 4  # strings needing more stones than this to join are not connected
    width: int = 6  # candidate moves tried per node (fewer deeper down)
    tactical_nodes: int = 400  # tactical nodes allowed per capture question


@dataclass(frozen=True)
class Goal:
    """What the string must reach: a string (a stone of it) or an area of points."""

    stone: int = NO_POINT
    area: frozenset[int] = frozenset()

    def key(self, board: Board) -> int:
        """A key for the transposition table: the goal string's current origin, or (for an
        area) a negative number from the Zobrist keys of its points."""
        if self.stone:
            return board.origin(self.stone)
        keys = zobrist_table(board.size).ko
        h = 0
        for p in self.area:
            h ^= keys[p]
        return -1 - (h >> 2)


class ConnectionReader(Search):
    """Connection reading on one board; the board is always left as it was found."""


    def __init__(self, board: Board, tactical: TacticalReader | None, limits: Limits | None = None,
                 table: TranspositionTable | None = None, deadline: float | None = None) -> None:
        self.limits = limits or Limits()
        super().__init__(board, table, self.limits.node_limit, deadline)
        self.tactical = tactical
        self._captures: dict[tuple[int, int], tuple[int, int]] = {}

    def ko_trymove(self, move: int, color: int, allow_conditional: bool) -> KoMove:
        """Connection reading keeps the simpler first-taker ko scheme. With the komaster
        scheme of tactical reading (scheme 5) connection.tst gives the same answers, but
        visits 39,021 connection nodes against 38,722."""
        return first_taker_trymove(self.board, move, color, self.komaster, self.kom_pos, allow_conditional)

    # ------------------------------------------------------------------ public API
    def string_connect(self, a: int, b: int) -> tuple[int, int]:
        """(code, move): can the strings at a and b be joined, their owner moving first."""
        return self._top(CONNECT, a, Goal(stone=b))

    def disconnect(self, a: int, b: int) -> tuple[int, int]:
        """(code, move): can the strings at a and b be kept apart, the opponent moving first."""
        return self._top(DISCONNECT, a, Goal(stone=b))

    def break_in(self, a: int, area: frozenset[int]) -> tuple[int, int]:
        """(code, move): can the string at a reach the area, its owner moving first."""
        return self._top(CONNECT, a, Goal(area=area))

    def block_off(self, a: int, area: frozenset[int]) -> tuple[int, int]:
        """(code, move): can the opponent, moving first, keep the string at a out of the area."""
        return self._top(DISCONNECT, a, Goal(area=area))

    def _top(self, routine: int, a: int, goal: Goal) -> tuple[int, int]:
        b = self.board
        if b.board[a] not in (1, 2) or (goal.stone and b.board[goal.stone] != b.board[a]):
            return 0, NO_POINT
        try:
            code, move = self._read(routine, a, goal, 0)
            if routine == DISCONNECT and code == WIN and move == NO_POINT:
                move = self._key_point(a, goal)
            return code, move
        except ReadingAborted:
            self.unwind()
            return 0, NO_POINT  # unanswered within the node limit or the deadline: claim nothing

    # ------------------------------------------------------------------ the goal
    def _joined(self, a: int, goal: Goal) -> bool:
        b = self.board
        if goal.stone:
            return b.same_string(a, goal.stone)
        return any(b.board[p] == b.board[a] and b.same_string(a, p) for p in goal.area)

    def _gap(self, a: int, goal: Goal, color: int, stones: int = 0) -> Gap:
        b = self.board
        seeds = string_seeds(b, goal.stone) if goal.stone else area_seeds(b, goal.area, color)
        return gap(b, a, seeds, color, (stones or self.limits.max_gap) * STONE, self._capture_move)

    def _key_point(self, a: int, goal: Goal) -> int:
        """Where to cut strings that are already apart: the connector's cheapest point on a
        longer road (NO_POINT if there is none), so that a cut stays a cut."""
        best = self._gap(a, goal, self.board.board[a], 2 * self.limits.max_gap).within(0)
        return best[0] if best else NO_POINT

    def _capture_move(self, s: int) -> int:
        """The move that captures the string at s outright (0 if none is found); only
        strings with one or two liberties are asked about."""
        if len(self.board.sref[s].libs) > 2:
            return 0
        code, move = self._capture(s)
        return move if code == WIN else 0

    def _capture(self, s: int) -> tuple[int, int]:
        """Can the string at s be captured: bounded tactical reading, once per string and
        position, of strings with at most three liberties (ladders, nets)."""
        b = self.board
        if self.tactical is None or len(b.sref[s].libs) > 3:
            return 0, NO_POINT
        key = (b.hash, b.origin(s))
        found = self._captures.get(key)
        if found is None:
            found = self._captures[key] = self.tactical.attack(b, s, self.limits.tactical_nodes)
        return found

    # ------------------------------------------------------------------ the search
    def _read(self, routine: int, a: int, goal: Goal, depth: int) -> tuple[int, int]:
        """One node: the connector (CONNECT) or the cutter (DISCONNECT) to move."""
        self.enter()
        b = self.board
        color = b.board[a]
        key: Key = (b.hash, situation(routine, b.origin(a), self.komaster, self.kom_pos, depth), goal.key(b))
        found = self.table.get(key)
        if found is not None:
            return code_of(found), move_of(found)
        if routine == CONNECT:
            result = self._connect_node(a, goal, depth, color)
        else:
            result = self._disconnect_node(a, goal, depth, color)
        self.table.put(key, result[0], result[1], 0)
        if self.recording:
            self.record(f"{'connect' if routine == CONNECT else 'disconnect'} {vertex(b.size, a)}: {result[0]}"
                        + (f" {vertex(b.size, result[1])}" if result[0] and result[1] else ""))
        return result

    def _connect_node(self, a: int, goal: Goal, depth: int, color: int) -> tuple[int, int]:
        if self._joined(a, goal):
            return WIN, NO_POINT
        g = self._gap(a, goal, color)
        if g.total > self.limits.max_gap * STONE:
            return 0, NO_POINT
        moves = self._connector_moves(a, goal, g)
        if depth >= self.limits.depth:
            moves = [m for m in moves if g.points.get(m, STONE + 1) <= STONE]  # at the horizon: join in one move or not at all
        return self._try(CONNECT, a, goal, depth, moves, color)

    def _disconnect_node(self, a: int, goal: Goal, depth: int, color: int) -> tuple[int, int]:
        b = self.board
        for s in (a, goal.stone):
            if s and len(b.sref[s].libs) <= 2:
                code, move = self._capture(s)
                if code == WIN:
                    return WIN, move  # capturing one side cuts
        if self._joined(a, goal):
            code, move = self._capture(a)
            return (code, move) if code else (0, NO_POINT)
        g = self._gap(a, goal, color)
        if g.total > self.limits.max_gap * STONE:
            return WIN, NO_POINT  # too far apart: already cut
        if g.double_link() and all(not s or len(b.sref[s].libs) >= 3 for s in (a, goal.stone)):
            return 0, NO_POINT  # a double link between strings that cannot be captured
        if depth >= self.limits.depth:  # the horizon is generous: any two direct points hold
            return (0, NO_POINT) if self._safe_link(g.direct(), 3 - color) else (WIN, NO_POINT)
        return self._try(DISCONNECT, a, goal, depth, self._cutter_moves(a, goal, g), 3 - color)

    def _safe_link(self, direct: list[int], cutter: int) -> bool:
        """True if the cutter cannot play on the only link without being captured at once."""
        b = self.board
        return len(direct) >= 2 or (len(direct) == 1 and b.accuratelib(direct[0], cutter, 2) <= 1
                                    and not b.is_ko(direct[0], cutter))

    def _try(self, routine: int, a: int, goal: Goal, depth: int, moves: list[int],
             color: int) -> tuple[int, int]:
        """Try the moves for the side to move; the best result and its move (stops at a clean win)."""
        width = max(2, self.limits.width - depth // 2)
        best, best_move = 0, NO_POINT
        tried = 0
        for move in moves:
            if tried >= width:
                break
            if self._into_atari(move, color):
                continue
            played = self.play(move, color, depth <= self.limits.ko_depth)
            if played is None:
                continue
            tried += 1
            try:
                code = self._after(routine, a, goal, depth)
            finally:
                self.undo(played)
            code = after_move(code, played[0])
            if better(code, best):
                best, best_move = code, move
                if best == WIN:
                    break
        return best, best_move

    def _after(self, routine: int, a: int, goal: Goal, depth: int) -> int:
        """The mover's code after its move, the other side to move."""
        b = self.board
        a_gone = b.board[a] == EMPTY
        goal_gone = bool(goal.stone) and b.board[goal.stone] == EMPTY
        if routine == CONNECT:
            if a_gone or goal_gone:
                return 0
            return REVERSE[self._read(DISCONNECT, a, goal, depth + 1)[0]]
        if a_gone or goal_gone:
            return KO_A if b.ko else WIN  # a capture the connector may retake as a ko
        return REVERSE[self._read(CONNECT, a, goal, depth + 1)[0]]

    # ------------------------------------------------------------------ moves
    def _connector_moves(self, a: int, goal: Goal, g: Gap) -> list[int]:
        """An end in atari saved first (any other move lets the cutter capture it), at the
        root a string of the road in atari next, then the connecting points and the forcing
        moves, then ataris of two-liberty cutting strings on the road."""
        b = self.board
        out: list[int] = []
        for s in (a, goal.stone):
            if s and len(b.sref[s].libs) == 1:
                for o in b.chainlinks(s, 1):
                    _add(out, b.findlib(o))  # capture the attacker
                _add(out, b.findlib(s))  # extend
        _add(out, self._road_in_atari(g, root_only=True))
        _add(out, _ranked(g, self._forcing(a, goal, g), self._tiebreak(a, goal, g, b.board[a])))
        for o in self._beside_ends(a, goal, 2):
            _add(out, [p for p in b.findlib(o) if p in g.points])
        return out

    def _cutter_moves(self, a: int, goal: Goal, g: Gap) -> list[int]:
        """A cutting stone in atari beside an end saved first where its liberty is on a road
        ("do not let the cutting stones be captured": taking it joins or strengthens the
        end), at the root the capture of a string of the road in atari next, then the
        connecting points and the forcing moves."""
        b = self.board
        out: list[int] = []
        for o in self._beside_ends(a, goal, 1):
            _add(out, [p for p in b.findlib(o) if g.near(p, STONE)])
        _add(out, self._road_in_atari(g, root_only=True))
        _add(out, _ranked(g, self._forcing(a, goal, g), self._tiebreak(a, goal, g, 3 - b.board[a])))
        return out

    def _forcing(self, a: int, goal: Goal, g: Gap) -> list[int]:
        """The liberties of short strings, which both sides want ("the opponent's key point is
        mine"): a weak end (two liberties or fewer), a cutting stone in atari, and a string
        in atari that the road passes through."""
        b = self.board
        forcing: list[int] = []
        for s in (a, goal.stone):
            if s and len(b.sref[s].libs) <= 2:
                forcing += b.findlib(s)
        for o in self._beside_ends(a, goal, 1):
            forcing += b.findlib(o)
        return forcing + self._road_in_atari(g)

    def _road_in_atari(self, g: Gap, root_only: bool = False) -> list[int]:
        """The liberties of the connector's strings in atari that the road passes through:
        the cutter's capture there cuts every road through them, the connector's extension
        keeps them. With root_only, none below the root: read first at every node, these
        captures took the width from the connector's answers deeper down and turned
        connections the narrower search could no longer defend into cuts."""
        b = self.board
        if root_only and not self._at_root():
            return []
        return [b.findlib(s)[0] for s in g.bridges if len(b.sref[s].libs) == 1]

    def _at_root(self) -> bool:
        """True at the question's own position, where every candidate within the width is read."""
        return self.board.stackp == self.base_stackp

    def _beside_ends(self, a: int, goal: Goal, libs: int) -> list[int]:
        """The opponent's strings with exactly libs liberties beside either end (listed once
        for each end they touch)."""
        return [o for s in (a, goal.stone) if s for o in self.board.chainlinks(s, libs)]

    def _tiebreak(self, a: int, goal: Goal, g: Gap, mover: int) -> Callable[[int], tuple[int, int]]:
        """A tiebreak between points of equal cost: first where the mover's stone has more
        liberties ("cut where you are strong"), then next to the weaker end (it presses it).
        At the root the strings the road passes through count too, for a cut beside the
        weakest link also presses it; there every candidate within the width is read before
        the answer is 0, so this mostly chooses which winning move is answered. Deeper, it
        changed which lines the width kept, and lost more of them to the horizon than it won."""
        b = self.board
        weakest: dict[int, int] = {}
        bridges = g.bridges if self._at_root() else []
        for s in (a, goal.stone, *bridges):
            if s:
                n = len(b.sref[s].libs)
                for lib in b.findlib(s):
                    weakest[lib] = min(weakest.get(lib, n), n)
        return lambda m: (-b.accuratelib(m, mover, 4), weakest.get(m, 99))

    def _into_atari(self, move: int, color: int) -> bool:
        """True if the move joins stones of ours into a string with one liberty and captures
        nothing ("do not extend into atari"): it only hands the opponent more stones."""
        b = self.board
        return (any(b.board[q] == color for q in b.nbrs[move])
                and not any(b.board[q] == 3 - color and len(b.sref[q].libs) == 1
                            for q in b.nbrs[move])
                and b.is_self_atari(move, color))


def _ranked(g: Gap, forcing: list[int], tiebreak: Callable[[int], tuple[int, int]]) -> list[int]:
    """The points within a stone of the cheapest join and the forcing moves, cheapest first;
    a forcing move ranks FORCING closer for each threat it makes (it gains a tempo); equal
    points are ordered by the tiebreak."""
    rank = dict.fromkeys(g.within(STONE), 0)
    for m in forcing:
        rank[m] = rank.get(m, 0) - FORCING
    for m in rank:
        rank[m] += g.points.get(m, g.total + STONE)
    ties = Counter(rank.values())  # the tiebreak reads the board: ask it only where it decides
    return sorted(rank, key=lambda m: (rank[m], *(tiebreak(m) if ties[rank[m]] > 1 else (0, 0)), m))


def _add(out: list[int], moves: list[int]) -> None:
    for m in moves:
        if m not in out:
            out.append(m)

