"""The moves owl tries at a node, most valuable first: for the attacker limiting moves (the
vital points of the eye spaces, captures, owl_attack.db's shapes, liberties, the edge and
the marginal points, the approach to a vital point that would be a self-atari), for the
defender expanding and eye-making ones (vital points, rescues and captures, joins to
friendly strings, owl_defense.db's shapes, liberties, jumps and the crawl lines); and
owl_vital.db's moves against two eyes that a shortage of liberties or a cut may spoil."""

from __future__ import annotations

from typing import Any, Callable, Final

from core.analysis.eyes import EyeSpace
from core.board.board import Board
from core.board.color import EMPTY
from core.move.patterns import Match
from core.reading.results import WIN
from plugins.owl.shapes import owl_matches, top_value
from plugins.owl.status import FRIEND_LIBERTIES, TACTICAL_NODES, OwlStatus, crawl_line, line_of

# move values, beside the patterns' value(n): the eye analysis's vital points first, then
# captures and rescues, liberties, the defender's jumps, and marginal points last
VITAL_VALUE: Final = 90.0
CAPTURE_VALUE: Final = 85.0
LIBERTY_VALUE: Final = 50.0
JUMP_VALUE: Final = 40.0
SHAPE_JUMP_VALUE: Final = 45.0  # the defender's one-point jump beside an enemy stone: eye shape
# on the side, tried before a jump into open ground, which only runs (owl.tst, with the
# defender's third line below: 188 against 187; either alone, 187: 120 or 133 gained, 186 lost)
CONNECT_VALUE: Final = 70.0  # the defender's liberty that joins a friendly string outside the dragon
# (owl.tst, whole suite: 163 without; 165, 166, 165 at values 60, 70, 80; 166, 166, 164 at
# friends of 2, 3, 4 liberties or more; at 173, friends of any size: 173 again, but
# three kills GNU Go refutes no longer read, and 177 instead of 176 at 3000 nodes a
# question. The attacker's cut on the same points, at values 55 to 70, changed
# the count by at most one either way, so it is not offered: the mirror already lets
# the attacker try the defender's best move.)
MARGINAL_VALUE: Final = 20.0
EDGE_VALUE: Final = 30.0  # points on the first two lines near the dragon (for the defender,
# on the crawl lines: the third line too on 19x19, where the base is made)
EDGE_STEPS: Final = 2  # how near: this many steps from its liberties through empty points
EDGE_LINES: Final = 2  # the attacker's edge points: the first two lines, where he takes a base
MIRROR_AT: Final = 1  # the opponent's best move is tried at this place in a node's order
OPEN_SIDES: Final = 4  # the most empty neighbours a point has (moves valued plus _empty_neighbours)
LIBERTY_TOP: Final = LIBERTY_VALUE + OPEN_SIDES
# the most the cheap sources read last can offer (liberties, edge and marginal points; for
# the defender joins and jumps too): where only the first moves of a list are wanted, its
# sources are read until some move is worth more than every source left (see _leading)
ATTACK_TAIL: Final = max(LIBERTY_TOP, MARGINAL_VALUE, EDGE_VALUE)
DEFENSE_TAIL: Final = max(CONNECT_VALUE, LIBERTY_TOP, SHAPE_JUMP_VALUE, JUMP_VALUE + OPEN_SIDES, EDGE_VALUE)


class OwlCandidates(OwlStatus):
    """The moves each side tries at a node of owl's reading."""

    def _moves(self, strings: list[int], spaces: list[EyeSpace], attack: bool, mirror: bool) -> list[int]:
        """The side's moves, most valuable first; with mirror, the opponent's best move
        (were it his turn) is tried at MIRROR_AT: "the opponent's vital point is my vital
        point", and the patterns of one side do not always see what the other side's
        see."""
        mine = self._own_moves(strings, spaces, attack)
        if not mirror or not mine:
            return mine
        # only the opponent's first move is wanted: his sources are read until no later
        # one can offer a better move (the same move as his whole list's first)
        theirs = self._own_moves(strings, spaces, not attack, True)
        color = 3 - self.owner if attack else self.owner
        if not theirs or theirs[0] in mine[:MIRROR_AT + 1] or not self.board.is_legal(theirs[0], color):
            return mine
        best = theirs[0]
        mine = [m for m in mine if m != best]
        mine.insert(MIRROR_AT, best)
        return mine

    def _own_moves(self, strings: list[int], spaces: list[EyeSpace], attack: bool, leading: bool = False) -> list[int]:
        """The attacker's moves or the defender's (with leading, those sure to lead the list)."""
        return self._attack_moves(strings, spaces, leading) if attack else self._defense_moves(strings, spaces, leading)

    def _attack_moves(self, strings: list[int], spaces: list[EyeSpace], leading: bool = False) -> list[int]:
        """Limiting moves, most valuable first: vital points of the eye spaces, captures,
        owl_attack.db's shapes, then the dragon's liberties, the first two lines near it,
        the marginal points and the approaches (`_approaches`); with leading, only the
        moves sure to lead the whole list, in its order (its sources read until some are
        worth more than any source left could offer), or the whole list."""
        b = self.board
        enemy = 3 - self.owner
        value: dict[int, float] = {}
        for sp in spaces:
            if sp.min < sp.max and sp.attack:
                _offer(value, sp.attack, VITAL_VALUE)
        if leading and (top := _leading(b, value, enemy, max(CAPTURE_VALUE, top_value("owl_attack.db"), ATTACK_TAIL))):
            return top
        for o in strings:
            if len(b.sref[o].libs) <= 3:
                code, move = self._attack(o)  # (none without a tactical service)
                if code and move:
                    _offer(value, move, CAPTURE_VALUE)
        if leading and (top := _leading(b, value, enemy, max(top_value("owl_attack.db"), ATTACK_TAIL))):
            return top
        for m in self._patterns("owl_attack.db", enemy, strings, spaces):
            _offer(value, m.move, m.pattern.value)
        if leading and (top := _leading(b, value, enemy, ATTACK_TAIL)):
            return top
        for p in {p for o in strings for p in b.sref[o].libs}:
            if not b.throws_away(p, enemy):
                _offer(value, p, LIBERTY_VALUE + _empty_neighbours(b, p))
        for sp in spaces:
            for p in sp.marginal:
                _offer(value, p, MARGINAL_VALUE)
        for p in self._approaches(spaces, enemy):
            _offer(value, p, MARGINAL_VALUE)
        for p in self._edge_points(strings, EDGE_LINES):
            _offer(value, p, EDGE_VALUE)
        return _legal(b, _ordered(value), enemy)

    def _approaches(self, spaces: list[EyeSpace], color: int) -> list[int]:
        """The points that prepare a move into an eye space, or onto its vital point, that
        would be a self-atari for color: the empty neighbours of such a point outside the
        space ("approach before you atari": a stone with a liberty behind it can then go
        in)."""
        b = self.board
        out: list[int] = []
        for sp in spaces:
            for p in sp.points + ([sp.vital] if sp.vital else []):
                if b.board[p] == EMPTY and b.throws_away(p, color):
                    out += [q for q in b.nbrs[p] if b.board[q] == EMPTY and q not in sp.points]
        return out

    def _defense_moves(self, strings: list[int], spaces: list[EyeSpace], leading: bool = False) -> list[int]:
        """Expanding moves, most valuable first: vital points, rescues and captures of
        neighbours, liberties that join a friendly string, owl_defense.db's shapes, then
        liberties that widen the dragon, one-point jumps (beside an enemy stone first) and
        the crawl lines near it; with leading, only the moves sure to lead the list."""
        b = self.board
        value: dict[int, float] = {}
        for sp in spaces:
            if sp.min < sp.max and sp.defense:
                _offer(value, sp.defense, VITAL_VALUE)
        if leading and (top := _leading(b, value, self.owner,
                                        max(CAPTURE_VALUE, top_value("owl_defense.db"), DEFENSE_TAIL))):
            return top
        if self.tactical is not None:
            for o in strings:
                if len(b.sref[o].libs) <= 2:
                    code, move = self.tactical.find_defense(b, o, TACTICAL_NODES, afresh=True)
                    if code and move:
                        _offer(value, move, CAPTURE_VALUE)
            for e in self._neighbours(strings):
                if len(b.sref[e].libs) <= 2:
                    code, move = self._attack(e)
                    if code and move:
                        _offer(value, move, CAPTURE_VALUE - 5)
        if leading and (top := _leading(b, value, self.owner, max(top_value("owl_defense.db"), DEFENSE_TAIL))):
            return top
        for m in self._patterns("owl_defense.db", self.owner, strings, spaces):
            _offer(value, m.move, m.pattern.value)
        if leading and (top := _leading(b, value, self.owner, DEFENSE_TAIL)):
            return top
        members = set(strings)
        for p in {p for o in strings for p in b.sref[o].libs}:
            if b.accuratelib(p, self.owner, 2) >= 2:
                _offer(value, p, CONNECT_VALUE if self._joins_friend(p, members)
                       else LIBERTY_VALUE + _empty_neighbours(b, p))
        open_jumps, shape_jumps = self._jumps(strings)
        for p in open_jumps:
            _offer(value, p, JUMP_VALUE + _empty_neighbours(b, p))
        for p in shape_jumps:
            _offer(value, p, SHAPE_JUMP_VALUE)
        for p in self._edge_points(strings, crawl_line(b.size)):
            _offer(value, p, EDGE_VALUE)
        return _legal(b, _ordered(value), self.owner)

    def _joins_friend(self, p: int, members: set[int]) -> bool:
        """The owner's stone at p would join the dragon (the origins of its strings) to a
        friendly string outside it: "connect to strength" (a weak group that joins a
        stronger one shares its life and its eye space), or a rescue of cut-off stones,
        whose liberties and space the dragon gains."""
        b = self.board
        for q in b.nbrs[p]:
            if b.board[q] == self.owner and b.origin(q) not in members:
                return True
        return False

    def _friend_links(self, strings: list[int], color: int) -> list[int]:
        """The liberties of the weak friendly strings the dragon leans on (outside it, under
        FRIEND_LIBERTIES liberties, each beside one of its liberties: a jump or a diagonal
        away), other than the dragon's own, where color may play: the attacker's move there
        cuts the dragon off from its friend, the defender's makes the friend strong enough
        to lean on. They are not the dragon's liberties, and most lie further out than any
        source looks; owl's roots read them after the offered moves."""
        b = self.board
        members = set(strings)
        libs = {p for o in strings for p in b.sref[o].libs}
        friends = {b.origin(q) for p in libs for q in b.nbrs[p] if b.board[q] == self.owner}
        friends = {o for o in friends if o not in members and len(b.sref[o].libs) < FRIEND_LIBERTIES}
        return _legal(b, sorted({p for o in friends for p in b.sref[o].libs if p not in libs}), color)

    def _edge_points(self, strings: list[int], lines: int) -> list[int]:
        """Empty points on the first `lines` lines within EDGE_STEPS of the dragon's
        liberties: the edge is where a base is made and taken (the hane, the descent, the
        placement), and an open corner or side encloses no eye space whose vital point
        the eye analysis could offer."""
        b = self.board
        near = {p for o in strings for p in b.sref[o].libs}
        frontier = set(near)
        for _ in range(EDGE_STEPS):
            frontier = {q for p in frontier for q in b.nbrs[p] if b.board[q] == EMPTY and q not in near}
            near |= frontier
        return sorted(p for p in near if line_of(b, p) <= lines)

    def _jumps(self, strings: list[int]) -> tuple[list[int], list[int]]:
        """One-point jumps from the dragon's stones (the point between empty): those into
        open ground (no enemy stone beside the jump point), and those beside an enemy
        stone (shape for an eye on the side)."""
        b = self.board
        enemy = 3 - self.owner
        open_jumps: set[int] = set()
        shape_jumps: set[int] = set()
        for o in strings:
            for q in b.sref[o].libs:
                for p in b.nbrs[q]:
                    if b.board[p] == EMPTY and p not in b.sref[o].libs and 2 * q - p in b.sref[o].stones:
                        beside = any(b.board[r] == enemy for r in b.nbrs[p])
                        (shape_jumps if beside else open_jumps).add(p)
        return sorted(open_jumps), sorted(shape_jumps)

    def _diagonal_steps(self, strings: list[int]) -> list[int]:
        """Empty points a diagonal step from the dragon's stones, beside none of them, with
        a crossing point empty: the kosumi that runs out or links to a friend (owl_defend's
        root reads them where no offered move saves)."""
        b = self.board
        stones = {q for o in strings for q in b.sref[o].stones}
        steps: set[int] = set()
        for q in stones:
            for c in b.nbrs[q]:
                if b.board[c] != EMPTY:
                    continue
                for p in b.nbrs[c]:
                    if p != q and p != 2 * c - q and b.board[p] == EMPTY \
                            and all(r not in stones for r in b.nbrs[p]):
                        steps.add(p)
        return sorted(steps)

    def _near_points(self, strings: list[int]) -> list[int]:
        """Empty points within two lines' distance of the dragon's stones (owl_attack's root
        reads them where no offered move kills: the net, the block a diagonal or a jump
        away, the placement no shape names; "when the usual moves fail, the tesuji is the
        move nobody offers")."""
        b = self.board
        stones = {q for o in strings for q in b.sref[o].stones}
        near: set[int] = set()
        for q in stones:
            for p in b.nbrs[q]:
                if b.board[p] == EMPTY:
                    near.add(p)
                for r in b.nbrs[p]:
                    if b.board[r] == EMPTY:
                        near.add(r)
        return sorted(near)

    def _lunch_rescues(self, strings: list[int]) -> list[int]:
        """The attacker's saves of his strings that the dragon's lunch reading finds it can
        capture and he can save (a lunch in its eye space is an eye; saved, it is a wall:
        owl.tst 67's H19 captures the stone beside his three stones in atari, which gives
        them a liberty). The lunch reading at the node read the same strings, so the
        tactical reader's table answers these."""
        if self.tactical is None:
            return []
        out: list[int] = []
        for e in self._lunch_strings(strings):
            acode, _, dcode, dpoint = self.tactical.attack_and_defend(self.board, e, TACTICAL_NODES, afresh=True)
            if acode and dcode and dpoint and dpoint not in out:
                out.append(dpoint)
        return out

    def _patterns(self, database: str, color: int, strings: list[int], spaces: list[EyeSpace]) -> list[Match]:
        """The database's matches for color around the dragon: on its liberties, its eye
        spaces and the points next to its liberties."""
        b = self.board
        dragon = {p for o in strings for p in b.sref[o].stones}
        eye = {p for sp in spaces for p in sp.points}
        libs = {p for o in strings for p in b.sref[o].libs}
        where = set(libs) | {p for p in eye if b.board[p] == EMPTY}
        where |= {q for p in libs for q in b.nbrs[p] if b.board[q] == EMPTY}
        return owl_matches(database, b, color, sorted(where), self._helpers(color, dragon, eye),
                           color == self.owner, dragon, eye)

    def _helpers(self, color: int, dragon: set[int], eye: set[int]) -> dict[str, Callable[..., Any]]:
        """Owl's constraint functions for color to move (see owl_attack.db)."""
        return _Constraints(self, color, dragon, eye).table()

    def _vital(self, strings: list[int], spaces: list[EyeSpace]) -> list[int]:
        """owl_vital.db's moves for the attacker: where a shortage of liberties or a cut
        spoils an eye the analysis counts as sure."""
        enemy = 3 - self.owner
        value: dict[int, float] = {}
        for m in self._patterns("owl_vital.db", enemy, strings, spaces):
            _offer(value, m.move, m.pattern.value)
        return _legal(self.board, _ordered(value), enemy)

    def _neighbours(self, strings: list[int]) -> list[int]:
        """Origins of the enemy strings beside the dragon."""
        b = self.board
        enemy = 3 - self.owner
        return sorted({b.origin(q) for o in strings for p in b.sref[o].stones for q in b.nbrs[p]
                       if b.board[q] == enemy})


def _offer(value: dict[int, float], move: int, v: float) -> None:
    """Offer a move at a value; a move offered twice keeps the higher."""
    if move and v > value.get(move, -1.0):
        value[move] = v


def _ordered(value: dict[int, float]) -> list[int]:
    """The offered moves, most valuable first (ties by point, so reading is repeatable)."""
    return sorted(value, key=lambda p: (-value[p], p))


def _leading(board: Board, value: dict[int, float], color: int, bound: float) -> list[int]:
    """The offered moves (as _legal orders them) worth more than bound, the most any
    source not yet read can offer: no later move can come before them (a tie could go to
    a lower point offered later)."""
    return _legal(board, _ordered({p: v for p, v in value.items() if v > bound}), color)


def _empty_neighbours(board: Board, p: int) -> int:
    return sum(1 for q in board.nbrs[p] if board.board[q] == EMPTY)


def banned_ko(board: Board, p: int, color: int) -> bool:
    """p is the ko color may not retake at once (a conditional ko capture for reading)."""
    return p == board.ko and color == board.ko_color


def _legal(board: Board, moves: list[int], color: int) -> list[int]:
    """The moves in order, each once, legal for color, or a ko capture the ko rule bans for
    now (the komaster scheme decides whether it may be taken, as a conditional ko)."""
    seen: set[int] = set()
    out: list[int] = []
    for p in moves:
        if p and p not in seen and board.board[p] == EMPTY and (banned_ko(board, p, color)
                                                                or board.is_legal(p, color)):
            seen.add(p)
            out.append(p)
    return out


class _Constraints:
    """Owl's constraint functions for one side to move, as methods of a plain object:
    nested functions would make a reference cycle (their closure holds them) at every
    pattern match, which only the garbage collector frees."""

    def __init__(self, reader: OwlCandidates, color: int, dragon: set[int], eye: set[int]) -> None:
        self.reader = reader
        self.color = color
        self.dragon = dragon
        self.eye_points = eye

    def table(self) -> dict[str, Callable[..., Any]]:
        """The functions by the names the databases call them."""
        return {"goal": self.goal, "eye": self.eye, "safe": self.safe, "capturable": self.capturable}

    def goal(self, p: int) -> bool:
        """p holds a stone of the dragon."""
        return p in self.dragon

    def eye(self, p: int) -> bool:
        """p lies in one of the dragon's eye spaces."""
        return p in self.eye_points

    def safe(self, p: int) -> bool:
        """A stone of the side to move at p would not be captured."""
        return not self.reader._capturable(p, self.color)

    def capturable(self, p: int) -> bool:
        """The string at p can be captured (in atari, without a tactical service)."""
        r = self.reader
        if r.tactical is None:
            b = r.board
            return len(b.sref[b.origin(p)].libs) == 1
        return r._attack(p)[0] == WIN
