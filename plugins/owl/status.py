"""The status of a node of owl's reading, judged before its moves: dead (every original
string of the dragon captured), alive by running (open ground: "a dragon that can run is
not dead"), sure of two closed eyes, or open, with the dragon's eye spaces, their values
and its open ground; neither running nor sure while a string of the dragon is in atari.
See plugins/owl/reader.py for how the search uses them."""

from __future__ import annotations

from typing import Final

from core.analysis.eyes import EyeSpace, eye_spaces
from core.analysis.eyeshapes import combine
from core.analysis.worms import Worm
from core.board.board import Board
from core.board.color import EMPTY
from core.board.coords import NO_POINT
from core.host.services import TacticalReader
from core.reading.results import WIN
from core.reading.search import Search
from core.reading.table import TranspositionTable

ESCAPE_STEPS: Final = 3  # how far owl looks for open ground around a dragon
ESCAPE_POINTS: Final = 10  # open points within those steps: the dragon runs out, alive for owl
CRAWL_LINE: Final = 2  # open ground on lines up to this one alone is a crawl, not a way out,
CRAWL_SHARE: Final = 6  # nor on lines up to this share of the board's width: the third on 19x19
# (a group crawling along the third line under the enemy's fourth-line stones only makes its
# base longer; on 9x9 the third line is two from the centre. owl.tst: 179 against 178 with
# the second line alone on every board: 80 and 132 gained, 257 lost, where GNU Go kills too)
FRIEND_LIBERTIES: Final = 5  # a friendly string this free is a strong friend to run to
FRIEND_POINTS: Final = 3  # what reaching one strong friend is worth, in open points
FENCED: Final = 60  # empty ground up to this size, bordered by the enemy alone, is his territory
TACTICAL_NODES: Final = 200  # per tactical question asked inside owl
LUNCH_LIBERTIES: Final = 2  # enemy strings beside the dragon with this few liberties are read
# (with 3, a third of owl's tactical nodes went on strings that are almost never lunches;
# owl.tst gave the same answers to every test with 2, in 28% less time)
SHORT_LIBERTIES: Final = 3  # a dragon string with this few liberties, all inside one eye space, is short
# (each Final, so that compiled code reads a constant, not the module's dict)
ALIVE: Final = 1
DEAD: Final = 2
OPEN: Final = 0
SURE: Final = 3  # two closed eyes, which only a vital pattern questions


class OwlStatus(Search):
    """The dragon read by owl, and the judging of a node: its strings, eye spaces and open ground."""

    def __init__(self, board: Board, tactical: TacticalReader | None, table: TranspositionTable | None,
                 node_limit: int | None, deadline: float | None) -> None:
        super().__init__(board, table, node_limit, deadline, clock_every=1)  # (a costly node: see Search)
        self.tactical = tactical
        self.goal: frozenset[int] = frozenset()  # the dragon's stones when the question was asked
        self.extra: list[int] = []  # the defender's stones in the line that joined the dragon by shape
        self.owner = EMPTY
        self.lunches_read: set[int] = set()  # the enemy strings the node's lunch reading has read

    def _strings(self) -> list[int]:
        """Origins of the dragon's strings still on the board (original stones, and the
        defender's stones joined to them by a string or by shape); none once every original
        stone is gone."""
        b = self.board
        original = {b.origin(p) for p in self.goal if b.board[p] == self.owner}
        if not original:
            return []
        return sorted(original | {b.origin(p) for p in self.extra if b.board[p] == self.owner})

    def _joins(self, p: int, strings: list[int]) -> bool:
        """A defender's stone at p keeps with the dragon by shape: a one-point jump from one
        of its stones with the point between empty, or a diagonal step with a crossing
        point empty."""
        b = self.board
        stones = {q for o in strings for q in b.sref[o].stones}
        for q in b.nbrs[p]:
            if b.board[q] != EMPTY:
                continue
            for r in b.nbrs[q]:
                if r != p and r in stones:
                    return True  # jump (r opposite p) or diagonal through an empty crossing
        return False

    def _judge(self, strings: list[int], run: bool = True) -> tuple[int, list[EyeSpace], list[tuple[int, int]], int]:
        """DEAD, ALIVE, SURE or OPEN, the dragon's eye spaces and their (min, max) eyes (none
        for a spoiled space), and its open ground (_escape's count); ALIVE by running, and
        the open ground counted, only where run is set."""
        if not strings:
            return DEAD, [], [], 0
        b = self.board
        members = set(strings)
        worms = self._worms(strings)
        beside = sorted({q for o in strings for p in b.sref[o].stones for q in b.nbrs[p]
                         if b.board[q] in (EMPTY, 3 - self.owner)})  # every space of the dragon holds one
        # an empty diagonal where the enemy's stone would be captured is the owner's (not
        # the marginal points: read that way too, owl.tst fell from 190 to 171)
        spaces = [sp for sp in eye_spaces(b, worms, colors=(self.owner,), through=beside, diagonal=self._capturable)
                  if members & set(sp.borders)]
        escape = self._escape(strings, {p for sp in spaces for p in sp.points}) if run else 0
        # a dragon with a string in atari neither runs nor counts sure eyes until that
        # string is saved or lost ("save the stones before you run"): the line is read on
        in_atari = any(len(b.sref[o].libs) == 1 for o in strings)
        if escape >= ESCAPE_POINTS and not in_atari and not self._fenced(strings):
            return ALIVE, spaces, [], escape
        values = [self._worth(sp, worms) for sp in spaces]
        closed = [(low, low) for (low, _), sp in zip(values, spaces) if not sp.marginal]
        sure = combine(closed, owner_first=False) >= 2 and not in_atari and not self._short(strings, spaces)
        return (SURE if sure else OPEN), spaces, values, escape

    def _short(self, strings: list[int], spaces: list[EyeSpace]) -> bool:
        """A string of the dragon breathes only inside one of its larger eye spaces, with
        SHORT_LIBERTIES or fewer: a stone placed there may run it out of liberties, so the
        eyes are not sure before reading ("shortage of liberties")."""
        b = self.board
        short = [b.sref[o].libs for o in strings if len(b.sref[o].libs) <= SHORT_LIBERTIES]
        if not short:
            return False
        for sp in spaces:
            if len(sp.points) >= 3:
                inside = set(sp.points)
                if any(all(p in inside for p in libs) for libs in short):
                    return True
        return False

    def _worms(self, strings: list[int]) -> dict[int, Worm]:
        """The worms the lunch reading read, with their tactical codes: the enemy strings
        short of liberties beside the dragon or on its liberties. A string the dragon can
        capture and the enemy cannot save is dead stones inside its eye space, one either
        side can settle makes a half eye, as in the static analysis (without them, a stone
        dropped into an eye would split it into two eyes). Every other string is one no
        reading touched, which the eye analysis reads as a worm without codes: it is left
        out, not built (the whole board's worms at every node cost owl.tst 5% of its time)."""
        b = self.board
        worms: dict[int, Worm] = {}
        if self.tactical is None:
            return worms
        self.lunches_read = set()
        for e in self._lunch_strings(strings):
            acode, apoint, dcode, dpoint = self.tactical.attack_and_defend(b, e, TACTICAL_NODES, afresh=True)
            self.lunches_read.add(e)
            s = b.sref[e]
            worms[e] = Worm(e, s.color, sorted(s.stones), len(s.libs), acode, apoint, dcode, dpoint)
        return worms

    def _lunch_strings(self, strings: list[int]) -> list[int]:
        """Origins of the enemy strings beside the dragon or on its liberties with
        LUNCH_LIBERTIES or fewer: those its lunch reading reads."""
        b = self.board
        enemy = 3 - self.owner
        near = {p for o in strings for p in b.sref[o].stones} | {p for o in strings for p in b.sref[o].libs}
        return [e for e in sorted({b.origin(q) for p in near for q in b.nbrs[p] if b.board[q] == enemy})
                if len(b.sref[e].libs) <= LUNCH_LIBERTIES]

    def _escape(self, strings: list[int], inside: set[int]) -> int:
        """How open the ground outside the dragon is: the empty points within ESCAPE_STEPS
        of its outward liberties, through empty points, that no enemy stone touches, and
        FRIEND_POINTS for each strong friendly string those steps reach ("a dragon that can
        run is not dead", and running towards one's own strength is the way out; its own
        eye spaces are not); none when every open point lies on the crawl lines (the first
        CRAWL_LINE, or the first size // CRAWL_SHARE) and no friend is reached (a crawl
        under the enemy's stones leads nowhere)."""
        b = self.board
        enemy = 3 - self.owner
        frontier = sorted({p for o in strings for p in b.sref[o].libs if p not in inside})
        seen = set(frontier)
        count = 0
        dragon = set(strings)
        friends: set[int] = set()
        rises = False  # an open point off the crawl lines: the dragon can leave the edge
        crawl = crawl_line(b.size)
        for _ in range(ESCAPE_STEPS):
            following: list[int] = []
            for p in frontier:
                contested = False
                for q in b.nbrs[p]:
                    c = b.board[q]
                    if c == enemy:
                        contested = True
                    elif c == self.owner:
                        o = b.origin(q)
                        if o not in dragon and len(b.sref[o].libs) >= FRIEND_LIBERTIES:
                            friends.add(o)
                if contested:
                    continue  # contested ground leads nowhere
                count += 1
                rises = rises or line_of(b, p) > crawl
                for q in b.nbrs[p]:
                    if b.board[q] == EMPTY and q not in seen and q not in inside:
                        seen.add(q)
                        following.append(q)
            frontier = following
        if not rises and not friends:
            return 0  # crawling along the edge under the enemy's stones is not running
        return count + FRIEND_POINTS * len(friends)

    def _fenced(self, strings: list[int]) -> bool:
        """The empty ground around the dragon is closed (see fenced)."""
        return fenced(self.board, strings, self.owner)

    def _attack(self, s: int) -> tuple[int, int]:
        """(code, move) of the tactical reader capturing the string at s, within
        TACTICAL_NODES and asked afresh (read as at a question's top, however deep the owl
        line); no capture without a tactical service."""
        if self.tactical is None:
            return 0, NO_POINT
        return self.tactical.attack(self.board, s, TACTICAL_NODES, afresh=True)

    def _capturable(self, p: int, color: int) -> bool:
        """Whether a stone of color at p would be captured (an illegal move counts; a ko
        does not): read where it would have two liberties or fewer, counted without a
        tactical service."""
        b = self.board
        if not b.trymove(p, color):
            return True
        try:
            libs = len(b.sref[b.origin(p)].libs)
            if libs >= 3 or self.tactical is None:
                return libs < 2
            return self._attack(p)[0] == WIN
        finally:
            b.popgo()

    def _worth(self, space: EyeSpace, worms: dict[int, Worm]) -> tuple[int, int]:
        """The space's (min, max) eyes as owl counts them: none where an enemy string beside
        it stands that reading cannot capture (the enemy's stone inside an eye shape, as
        after a placement); none to its maximum where one beside it can be captured and
        saved (or its defence ran out of nodes), an eye only if the owner takes it first:
        two one-point spaces on either side of it are one space once it is captured, and
        none while it lives. A string the lunch reading already read is not read again."""
        b = self.board
        enemy = 3 - space.color
        touching = sorted({b.origin(q) for p in space.points for q in b.nbrs[p] if b.board[q] == enemy})
        for e in touching:  # (a string not in worms is one no reading touched: no codes)
            if e in worms and worms[e].attack_code == WIN:
                continue
            if self.tactical is None or len(b.sref[e].libs) > LUNCH_LIBERTIES or e in self.lunches_read:
                return 0, 0  # (a string the lunch reading read and could not capture)
            code, _ = self._attack(e)
            if code != WIN:
                return 0, 0
        if any(e in worms and worms[e].unstable for e in touching):
            return 0, space.max
        return space.min, space.max


def crawl_line(size: int) -> int:
    """The highest line a crawl runs along on this board: the second, the third on 19x19."""
    return max(CRAWL_LINE, size // CRAWL_SHARE)


def line_of(board: Board, p: int) -> int:
    """The line p stands on, counted from the nearest edge (the edge is the first)."""
    return board.edge[p] + 1


def fenced(board: Board, strings: list[int], owner: int) -> bool:
    """The empty ground around owner's strings (their origins) is closed, up to FENCED
    points, and only enemy stones border it: however open it looks, it is his territory,
    with no way out ("a stone dropped into a framework has nowhere to run")."""
    dragon = {p for o in strings for p in board.sref[o].stones}
    todo = sorted({p for o in strings for p in board.sref[o].libs})
    seen = set(todo)
    while todo:
        p = todo.pop()
        for q in board.nbrs[p]:
            c = board.board[q]
            if c == EMPTY:
                if q not in seen:
                    seen.add(q)
                    if len(seen) > FENCED:
                        return False
                    todo.append(q)
            elif c == owner and q not in dragon:
                return False  # friendly stones: a way home
    return True
