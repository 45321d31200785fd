"""Owl reading: the life and death of a dragon by a small search in which the attacker
only limits the dragon's eye space and the defender only expands it, read to where the
static eye analysis can judge (GNU Go's "optics with limit negotiation").

- The goal: the dragon's stones when the question is asked, and in each line the
  defender's stones that join them by shape (a one-point jump or a diagonal step with the
  point between empty: "the one-point jump is never wrong"; without them a dragon could
  only run by crawling). Capturing every one of its original strings kills it, whatever
  stones the defender adds later.
- A node is judged first: dead when no original string is left; alive when the dragon
  reaches open ground (ESCAPE_POINTS open points within ESCAPE_STEPS: "a dragon that can
  run is not dead"; ground on the first two lines alone, or three on 19x19, is a crawl:
  "do not crawl along the second line"), from the root's first reply on (at the root the
  attacker may block first, and the defender's question gets a move, not a pass); sure
  of two eyes when the pessimistic eye count (closed eye spaces only: no marginal point
  and no enemy string beside them that reading cannot capture; the opponent to move)
  reaches two, and no string of the dragon breathes only inside one of its larger spaces
  with SHORT_LIBERTIES or fewer (there a placement may run it out of liberties: the node
  is read). A sure dragon is alive unless owl_vital.db finds a shortage of liberties to
  read. Enemy strings short of liberties beside the dragon are read first: one it can
  capture and the enemy cannot save lies inside its eye space as dead stones (a lunch),
  so that a stone dropped into an eye does not split it in two.
- At the root every candidate is read (`root_width`, 0), not only the first `width` (below
  the root the width stands): a kill or a save ranked past them is found while nodes
  remain. The first `width` are the question's own: running out of nodes or time among
  them leaves the question uncertain, among the later ones it leaves their verdict.
- At the root of owl_attack the kill with the smallest proof tree is kept (the most
  forcing: the defender has the fewest resources against it; the first kill found was
  often a first-line move that works only because the eye analysis cannot see the space
  it leaves); a later kill replaces it only with a proof a quarter smaller
  (FORCING_SHARE), so near ties keep the more valuable move. Once one kill is found,
  running out of nodes ends the question with it.
- At the root of owl_defend the attacker's killing move is tried first: "the opponent's
  vital point is my vital point".
- The moves, most valuable first and below the root at most `width` of them: the vital
  points of the dragon's eye spaces; tactical captures and rescues through the tactical
  service; for the defender, the liberties that join a friendly string outside the dragon
  ("connect to strength", or a rescue of cut-off stones); the shapes of owl_attack.db
  (limiting) or owl_defense.db (expanding, eye-making); then the dragon's liberties; for
  the defender one-point jumps, beside an enemy stone (eye shape on the side) or into
  open ground; the points on the first two lines near the dragon (for the defender the
  crawl lines, the third too on 19x19: where a base is made); for the attacker the
  marginal points of its eye spaces.
  Above the branch depth the opponent's best move, were it his turn, is tried second
  (MIRROR_AT): "the opponent's vital point is my vital point".
- When the depth runs out, the eye analysis decides: the defender to move lives with a
  maximum of two eyes, the attacker to move kills below a minimum of two; a space beside
  an enemy string reading cannot capture counts for none. But the attacker kills there
  only a dragon shut in (fenced, or crawling with no strong friend in reach): a dragon
  that still has a way out after the whole line is not dead ("when in doubt, assume
  life", as GNU Go's owl does wherever its reading stops). When the side to move has no
  move it may play (none offered, or each illegal or a ko the komaster bars), it passes
  and the other side reads on; after two passes in a row the eye count decides with the
  passer's opponent first (after a ko won for life, the attacker whose only moves are the
  barred retake and a suicide no longer takes an eye he cannot play).
- Below the root every node's result goes through the transposition table, keyed by the
  position (ko point included), the side to move, the komaster state, the depth and the
  goal with the defender's joined stones: a line that transposes into one read before is
  not read again, and a hit counts the nodes it saves, so node limits bite as without it.
- Ko follows the komaster scheme of the reading toolkit. A ko capture the ko rule bans for
  the moment is still offered, as a conditional ko, within KO_RETAKE plies of the root:
  without it, a dragon that captures into a ko looked safe (the opponent "had no move")
  or dead (the static count gave the ko point to the side that could not take it yet).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Final, Iterable

from core.analysis.amalgamation import amalgamate
from core.analysis.eyes import EyeSpace, eye_spaces
from core.analysis.eyeshapes import combine
from core.analysis.worms import Worm, make_worms
from core.board.board import Board
from core.board.color import EMPTY
from core.board.coords import NO_POINT, row_col, vertex
from core.host.services import TacticalReader
from core.move.patterns import Match
from core.reading.persistent import PersistentCache
from core.reading.results import REVERSE, WIN, after_move, better
from core.reading.search import ReadingAborted, Search
from core.reading.table import TranspositionTable, situation
from plugins.owl.shapes import owl_matches

ESCAPE_STEPS: Final = 3  # how far owl looks for open ground around a dragon
ESCAPE_POINTS: Final = 10  # open points within those steps: the dragon runs out, alive for owl
CRAWL_LINE: Final = 2  # open ground on lines up to this one alone is a crawl, not a way out,
CRAWL_SHARE: Final = 6  # nor on lines up to this share of the board's width: the third on 19x19
# (a group crawling along the third line under the enemy's fourth-line stones only makes its
# base longer; on 9x9 the third line is two from the centre. owl.tst: 179 against 178 with
# the second line alone on every board: 80 and 132 gained, 257 lost, where GNU Go kills too)
FRIEND_LIBERTIES: Final = 5  # a friendly string this free is a strong friend to run to
FRIEND_POINTS: Final = 3  # what reaching one strong friend is worth, in open points
AREA_STEPS: Final = 4  # an owl cache entry's area: the dragon grown this far through empty points
OWL_ATTACK, OWL_DEFEND = 1, 2  # owl's routines in the persistent cache (the service numbers the rest)
FENCED: Final = 60  # empty ground up to this size, bordered by the enemy alone, is his territory
NARROW_WIDTH: Final = 3  # moves per node between the root's neighbourhood and the branch depth
TACTICAL_NODES: Final = 200  # per tactical question asked inside owl
KO_RETAKE: Final = 4  # a ko the rule bans for now is retaken (conditionally) only this near the root
LUNCH_LIBERTIES: Final = 2  # enemy strings beside the dragon with this few liberties are read
# (with 3, a third of owl's tactical nodes went on strings that are almost never lunches;
# owl.tst gave the same answers to every test with 2, in 28% less time)
SHORT_LIBERTIES: Final = 3  # a dragon string with this few liberties, all inside one eye space, is short
FORCING_SHARE: Final = 0.75  # a later kill replaces the root's best only with a proof this much smaller
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
ALIVE, DEAD, OPEN, SURE = 1, 2, 0, 3  # SURE: two closed eyes, which only a vital pattern questions


@dataclass(frozen=True)
class Limits:
    """How far owl reads."""

    depth: int = 12  # plies
    width: int = 5  # moves tried per node near the root
    root_width: int = 0  # moves read at the root itself (0: every candidate)
    narrow_depth: int = 2  # from this depth, NARROW_WIDTH moves per node
    branch_depth: int = 7  # from this depth, only the best move (GNU Go's owl_branch_depth)
    node_limit: int = 4500  # owl nodes per question (owl.tst: 185 at 3000, 187 at 4500 and at
    # 6000: with every root candidate read, two saves, 107 and 200, ran out at 3000)
    ko_depth: int = 8  # conditional ko captures up to this depth


class OwlReader(Search):
    """owl_attack and owl_defend on one board."""

    def __init__(self, board: Board, tactical: TacticalReader | None, limits: Limits,
                 table: TranspositionTable | None = None, deadline: float | None = None,
                 persistent: PersistentCache | None = None) -> None:
        super().__init__(board, table, limits.node_limit, deadline)
        self.tactical = tactical
        self.persistent = persistent
        self.limits = limits
        self.goal: frozenset[int] = frozenset()  # the dragon's stones when the question was asked
        self.extra: list[int] = []  # the defender's stones in the line that joined the dragon by shape
        self.owner = EMPTY
        self.lunches_read: set[int] = set()  # the enemy strings the node's lunch reading has read
        self.hint = NO_POINT  # the defender tries the attacker's killing move first
        self.passed = False  # the last ply of the line was a pass (the mover had no move)

    # ------------------------------------------------------------------ questions
    def owl_attack(self, s: int) -> tuple[int, int]:
        """(code, move): can the dragon at s be killed, its opponent moving first."""
        return self._ask(s, attack=True)

    def owl_defend(self, s: int, attack_move: int | None = None) -> tuple[int, int]:
        """(code, move): can the dragon at s be saved, its owner moving first; the
        attacker's killing move, when known, saves reading it again."""
        self.hint = self._killing_move(s) if attack_move is None else attack_move
        return self._ask(s, attack=False)

    def _killing_move(self, s: int) -> int:
        """owl_attack's move against the dragon at s, read on a budget of its own (none
        when it cannot be killed or the reading gave up)."""
        nodes, limit, tree = self.nodes, self.node_limit, self.tree
        self.node_limit = None if limit is None else nodes + self.limits.node_limit
        self.tree = None
        try:
            code, move = self._ask(s, attack=True)
        finally:
            self.nodes, self.node_limit, self.tree, self.aborted = nodes, limit, tree, False
        return move if code else NO_POINT

    def candidates(self, s: int, attack: bool) -> list[int]:
        """The moves owl would try first at the root, for the attacker or the defender."""
        self._start(s)
        strings = self._strings()
        _, spaces, _, _ = self._judge(strings)
        return self._moves(strings, spaces, attack, True)[:self.limits.width]

    def _start(self, s: int) -> None:
        """Mark the dragon at s as the goal."""
        self.goal = dragon_stones(self.board, s)
        self.extra = []
        self.owner = self.board.board[s]

    def _ask(self, s: int, attack: bool) -> tuple[int, int]:
        self._start(s)
        self.aborted = False
        goal = self.goal
        try:
            inputs = (s,) if attack else (s, self.hint)  # the defence read depends on the move tried first
            return self.persistent_read(self.persistent, OWL_DEFEND if not attack else OWL_ATTACK, inputs,
                                        lambda: self._node(attack, 0),
                                        lambda shadow: owl_area(self.board, goal) | shadow)
        except ReadingAborted:
            self.unwind()
            return 0, NO_POINT  # uncertain: never a guess

    # ------------------------------------------------------------------ the search
    def _node(self, attacker_to_move: bool, depth: int) -> tuple[int, int]:
        """A node's (code, move) for the side to move, through the transposition table
        below the root (the root's forcing kills and hint are the question's own)."""
        if depth == 0:
            return self._expand(attacker_to_move, 0)
        key = (self.board.hash, situation(1 if attacker_to_move else 2, 0, self.komaster, self.kom_pos, depth),
               hash((self.goal, frozenset(self.extra), self.passed)))
        found = self.probe(key)
        if found is not None:
            return found[0], found[1]
        start = self.nodes
        code, move = self._expand(attacker_to_move, depth)
        self.table.put(key, code, move, self.nodes - start)
        return code, move

    def _expand(self, attacker_to_move: bool, depth: int) -> tuple[int, int]:
        """Judge the node, then read the side's moves."""
        self.enter()
        passed, self.passed = self.passed, False
        strings = self._strings()
        status, spaces, values, escape = self._judge(strings, run=depth > 0)
        if status == DEAD:
            return (WIN, NO_POINT) if attacker_to_move else (0, NO_POINT)
        if status == ALIVE or (status == SURE and not attacker_to_move):
            return (0, NO_POINT) if attacker_to_move else (WIN, NO_POINT)
        color = 3 - self.owner if attacker_to_move else self.owner
        if status == SURE:  # two sure eyes, unless a vital pattern spoils one
            moves = self._vital(strings, spaces)
            if not moves:
                return 0, NO_POINT
        else:
            moves = self._moves(strings, spaces, attacker_to_move, depth < self.limits.branch_depth)
        if depth >= self.limits.depth:
            return self._at_limit(attacker_to_move, strings, values, escape), NO_POINT
        if not moves:
            return self._pass(attacker_to_move, depth, values, passed), NO_POINT
        if depth == 0 and not attacker_to_move and self.hint:
            if self.hint in moves or self.board.is_legal(self.hint, color):
                moves = [self.hint] + [m for m in moves if m != self.hint]
        forcing = depth == 0 and attacker_to_move  # read every kill, keep the most forcing
        best, best_move, tried = 0, NO_POINT, 0
        replace_below = 0  # the proof a later kill must stay under to replace the best one
        width = self._width(depth, len(moves))
        for move in moves:
            if tried >= width:
                break
            if depth > KO_RETAKE and _banned_ko(self.board, move, color):
                continue
            played = self.play(move, color, depth <= self.limits.ko_depth)
            if played is None:
                continue
            tried += 1
            beyond = depth == 0 and tried > self.limits.width  # read while nodes remain, never a reason to give up
            joined = not attacker_to_move and self._joins(move, strings)
            if joined:
                self.extra.append(move)
            before, limit = self.nodes, self.node_limit
            if forcing and best == WIN:  # a proof that cannot replace the best kill is not read to the end
                bound = self.nodes + replace_below
                self.node_limit = bound if limit is None else min(limit, bound)
            try:
                try:
                    answer, _ = self._node(not attacker_to_move, depth + 1)
                finally:
                    self.undo(played)
                    self.node_limit = limit
                    if joined:
                        self.extra.pop()
            except ReadingAborted:
                if not ((forcing and best == WIN) or beyond):
                    raise
                self.aborted = False
                if self._exhausted():  # out of nodes or time: the kill found, or the first width's verdict, stands
                    if limit is not None:  # at the limit's cost, so the cache answers it again
                        self.nodes = min(self.nodes, limit)
                    break
                continue
            code = after_move(REVERSE[answer], played[0])
            cost = self.nodes - before
            if better(code, best) or (forcing and code == WIN and cost < replace_below):
                best, best_move = code, move
                replace_below = int(cost * FORCING_SHARE)
                if best == WIN and not forcing:
                    break
        if tried == 0:  # every move offered is illegal or barred by the komaster: it passes
            return self._pass(attacker_to_move, depth, values, passed), NO_POINT
        if self.recording:
            self.record(f"owl {'attack' if attacker_to_move else 'defend'}: {best}"
                        + (f" {vertex(self.board.size, best_move)}" if best else ""))
        return best, best_move

    def _pass(self, attacker_to_move: bool, depth: int, values: list[tuple[int, int]], passed: bool) -> int:
        """The code of a side with no move it may play: it passes and the other side reads
        on; after two passes in a row, or at the depth limit, the eye count decides with
        the passing side's opponent moving first."""
        if passed or depth + 1 >= self.limits.depth:
            return _static(attacker_to_move, values, passes=True)
        self.passed = True
        try:
            answer, _ = self._node(not attacker_to_move, depth + 1)
        finally:
            self.passed = False
        return REVERSE[answer]

    def _at_limit(self, attacker_to_move: bool, strings: list[int], values: list[tuple[int, int]],
                  escape: int) -> int:
        """The code where the depth runs out: the eye count's, but the attacker kills only a
        dragon shut in (fenced, or crawling with no strong friend in reach): one that still
        has a way out after the whole line is not dead ("when in doubt, assume life", as
        GNU Go's owl does wherever its reading stops)."""
        code = _static(attacker_to_move, values)
        if attacker_to_move and code == WIN and escape > 0 and not self._fenced(strings):
            return 0
        return code

    def _exhausted(self) -> bool:
        """The question's node limit or deadline has passed."""
        return (self.node_limit is not None and self.nodes > self.node_limit) or \
            (self.deadline is not None and time.monotonic() > self.deadline)

    def _width(self, depth: int, offered: int) -> int:
        """Moves tried at a node of this depth with this many offered: every one at the root
        (or root_width), wide near it, one in the deep lines."""
        limits = self.limits
        if depth == 0:
            return limits.root_width or offered
        if depth >= limits.branch_depth:
            return 1
        return limits.width if depth < limits.narrow_depth else min(limits.width, NARROW_WIDTH)

    # ------------------------------------------------------------------ judging a node
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
        spaces = [sp for sp in eye_spaces(b, worms, colors=(self.owner,), through=beside) if members & set(sp.borders)]
        escape = self._escape(strings, {p for sp in spaces for p in sp.points}) if run else 0
        if escape >= ESCAPE_POINTS and not self._fenced(strings):
            return ALIVE, spaces, [], escape
        values = [(0, 0) if self._spoiled(sp, worms) else (sp.min, sp.max) for sp in spaces]
        closed = [(low, low) for (low, _), sp in zip(values, spaces) if not sp.marginal]
        sure = combine(closed, owner_first=False) >= 2 and not self._short(strings, spaces)
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
        """The board's worms, with tactical codes for the enemy strings short of liberties
        beside the dragon or on its liberties: a string the dragon can capture and the
        enemy cannot save is dead stones inside its eye space, one either side can settle
        makes a half eye, as in the static analysis (without them, a stone dropped into
        an eye would split it into two eyes)."""
        b = self.board
        worms = make_worms(b)
        if self.tactical is None:
            return worms
        enemy = 3 - self.owner
        self.lunches_read = set()
        near = {p for o in strings for p in b.sref[o].stones} | {p for o in strings for p in b.sref[o].libs}
        for e in sorted({b.origin(q) for p in near for q in b.nbrs[p] if b.board[q] == enemy}):
            if len(b.sref[e].libs) > LUNCH_LIBERTIES:
                continue
            acode, apoint, dcode, dpoint = self.tactical.attack_and_defend(b, e, TACTICAL_NODES, afresh=True)
            self.lunches_read.add(e)
            w = worms[e]
            w.attack_code, w.attack_point, w.defense_code, w.defense_point = acode, apoint, dcode, dpoint
        return worms

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
        crawl = _crawl_line(b.size)
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
                rises = rises or _line(b.size, p) > crawl
                for q in b.nbrs[p]:
                    if b.board[q] == EMPTY and q not in seen and q not in inside:
                        seen.add(q)
                        following.append(q)
            frontier = following
        if not rises and not friends:
            return 0  # crawling along the edge under the enemy's stones is not running
        return count + FRIEND_POINTS * len(friends)

    def _fenced(self, strings: list[int]) -> bool:
        """The empty ground around the dragon is closed, up to FENCED points, and only
        enemy stones border it: however open it looks, it is his territory, with no way
        out ("a stone dropped into a framework has nowhere to run")."""
        b = self.board
        dragon = {p for o in strings for p in b.sref[o].stones}
        todo = sorted({p for o in strings for p in b.sref[o].libs})
        seen = set(todo)
        while todo:
            p = todo.pop()
            for q in b.nbrs[p]:
                c = b.board[q]
                if c == EMPTY:
                    if q not in seen:
                        seen.add(q)
                        if len(seen) > FENCED:
                            return False
                        todo.append(q)
                elif c == self.owner and q not in dragon:
                    return False  # friendly stones: a way home
        return True

    def _attack(self, s: int) -> tuple[int, int]:
        """(code, move) of the tactical reader capturing the string at s, within
        TACTICAL_NODES and asked afresh (read as at a question's top, however deep the owl
        line); no capture without a tactical service."""
        if self.tactical is None:
            return 0, NO_POINT
        return self.tactical.attack(self.board, s, TACTICAL_NODES, afresh=True)

    def _spoiled(self, space: EyeSpace, worms: dict[int, Worm]) -> bool:
        """An enemy string stands beside the space that reading cannot capture: the space
        makes no sure eye (the enemy's stone inside an eye shape, as after a placement).
        A string the lunch reading already found capturable is not read again."""
        b = self.board
        enemy = 3 - space.color
        touching = {b.origin(q) for p in space.points for q in b.nbrs[p] if b.board[q] == enemy}
        for e in sorted(touching):
            if worms[e].attack_code == WIN:
                continue
            if self.tactical is None or len(b.sref[e].libs) > LUNCH_LIBERTIES or e in self.lunches_read:
                return True  # (a string the lunch reading read and could not capture)
            code, _ = self._attack(e)
            if code != WIN:
                return True
        return False

    # ------------------------------------------------------------------ moves
    def _moves(self, strings: list[int], spaces: list[EyeSpace], attack: bool, mirror: bool) -> list[int]:
        """The side's moves, most valuable first; with mirror, the opponent's best move
        (were it his turn) is tried at MIRROR_AT: "the opponent's vital point is my vital
        point", and the patterns of one side do not always see what the other side's
        see."""
        mine = self._attack_moves(strings, spaces) if attack else self._defense_moves(strings, spaces)
        if not mirror or not mine:
            return mine
        theirs = self._defense_moves(strings, spaces) if attack else self._attack_moves(strings, spaces)
        color = 3 - self.owner if attack else self.owner
        if not theirs or theirs[0] in mine[:MIRROR_AT + 1] or not self.board.is_legal(theirs[0], color):
            return mine
        best = theirs[0]
        mine = [m for m in mine if m != best]
        mine.insert(MIRROR_AT, best)
        return mine

    def _attack_moves(self, strings: list[int], spaces: list[EyeSpace]) -> list[int]:
        """Limiting moves, most valuable first: vital points of the eye spaces, captures,
        owl_attack.db's shapes, then the dragon's liberties, the first two lines near it
        and the marginal points."""
        b = self.board
        enemy = 3 - self.owner
        value: dict[int, float] = {}
        for sp in spaces:
            if sp.min < sp.max and sp.attack:
                _offer(value, sp.attack, VITAL_VALUE)
        for o in strings:
            if len(b.sref[o].libs) <= 3:
                code, move = self._attack(o)  # (none without a tactical service)
                if code and move:
                    _offer(value, move, CAPTURE_VALUE)
        for m in self._patterns("owl_attack.db", enemy, strings, spaces):
            _offer(value, m.move, m.pattern.value)
        for p in {p for o in strings for p in b.sref[o].libs}:
            if b.accuratelib(p, enemy, 2) >= 2 or _captures(b, p, enemy):
                _offer(value, p, LIBERTY_VALUE + _empty_neighbours(b, p))
        for sp in spaces:
            for p in sp.marginal:
                _offer(value, p, MARGINAL_VALUE)
        for p in self._edge_points(strings, EDGE_LINES):
            _offer(value, p, EDGE_VALUE)
        return _legal(b, _ordered(value), enemy)

    def _defense_moves(self, strings: list[int], spaces: list[EyeSpace]) -> list[int]:
        """Expanding moves, most valuable first: vital points, rescues and captures of
        neighbours, liberties that join a friendly string, owl_defense.db's shapes, then
        liberties that widen the dragon, one-point jumps (beside an enemy stone first) and
        the crawl lines near it."""
        b = self.board
        value: dict[int, float] = {}
        for sp in spaces:
            if sp.min < sp.max and sp.defense:
                _offer(value, sp.defense, VITAL_VALUE)
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
        for m in self._patterns("owl_defense.db", self.owner, strings, spaces):
            _offer(value, m.move, m.pattern.value)
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
        for p in self._edge_points(strings, _crawl_line(b.size)):
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

    def _edge_points(self, strings: list[int], lines: int) -> list[int]:
        """Empty points on the first `lines` lines within EDGE_STEPS of the dragon's
        liberties: the edge is where a base is made and taken (the hane, the descent, the
        placement), and an open corner or side encloses no eye space whose vital point
        the eye analysis could offer."""
        b = self.board
        size = b.size
        near = {p for o in strings for p in b.sref[o].libs}
        frontier = set(near)
        for _ in range(EDGE_STEPS):
            frontier = {q for p in frontier for q in b.nbrs[p] if b.board[q] == EMPTY and q not in near}
            near |= frontier
        return sorted(p for p in near if _line(size, p) <= lines)

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
        b = self.board

        def safe(p: int) -> bool:
            if not b.trymove(p, color):
                return False
            try:
                if len(b.sref[b.origin(p)].libs) >= 3 or self.tactical is None:
                    return len(b.sref[b.origin(p)].libs) >= 2
                return self._attack(p)[0] != WIN
            finally:
                b.popgo()

        def capturable(p: int) -> bool:
            if self.tactical is None:
                return len(b.sref[b.origin(p)].libs) == 1
            return self._attack(p)[0] == WIN

        return {"goal": lambda p: p in dragon, "eye": lambda p: p in eye, "safe": safe,
                "capturable": capturable}

    def _vital(self, strings: list[int], spaces: list[EyeSpace]) -> list[int]:
        """owl_vital.db's moves for the attacker: where a shortage of liberties spoils an
        eye the analysis counts as sure."""
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


def _static(attacker_to_move: bool, values: list[tuple[int, int]], passes: bool = False) -> int:
    """The eye analysis's verdict where reading stops: WIN for the side to move or 0; a
    side that passes (no move it was offered can be played) leaves the first move in the
    eye spaces to its opponent."""
    eyes = combine(values, owner_first=attacker_to_move == passes)
    return (WIN if eyes < 2 else 0) if attacker_to_move else (WIN if eyes >= 2 else 0)


def owl_area(board: Board, stones: Iterable[int]) -> set[int]:
    """Where a change could change owl's verdict on these stones (a persistent cache
    entry's active area, with the reading's shadow): the stones grown AREA_STEPS through
    empty points, the enemy strings beside them, and the liberties of those with fewer
    than five."""
    b = board.board
    area = set(stones)
    frontier = list(area)
    for _ in range(AREA_STEPS):
        following: list[int] = []
        for p in frontier:
            for q in board.nbrs[p]:
                if b[q] == EMPTY and q not in area:
                    area.add(q)
                    following.append(q)
        frontier = following
    colors = {b[p] for p in stones if b[p] != EMPTY}
    for p in list(area):
        for q in board.nbrs[p]:
            if b[q] != EMPTY and b[q] in (1, 2) and b[q] not in colors and q not in area:
                enemy = board.sref[board.origin(q)]
                area.update(enemy.stones)
                if len(enemy.libs) < 5:
                    area.update(enemy.libs)
    return area


def dragon_stones(board: Board, s: int) -> frozenset[int]:
    """The stones of the dragon through s, amalgamated by shape (no reading)."""
    worms = make_worms(board)
    of = amalgamate(board, worms, eye_spaces(board, worms))
    dragon = of[board.origin(s)]
    return frozenset(p for o, d in of.items() if d == dragon for p in worms[o].stones)


def _crawl_line(size: int) -> int:
    """The highest line a crawl runs along on this board: the second, the third on 19x19."""
    return max(CRAWL_LINE, size // CRAWL_SHARE)


def _line(size: int, p: int) -> int:
    """The line p stands on, counted from the nearest edge (the edge is the first)."""
    r, c = row_col(size, p)
    return 1 + min(r, c, size - 1 - r, size - 1 - c)


def _empty_neighbours(board: Board, p: int) -> int:
    return sum(1 for q in board.nbrs[p] if board.board[q] == EMPTY)


def _captures(board: Board, p: int, color: int) -> bool:
    """A stone of color at p would capture something."""
    return any(board.board[q] == 3 - color and len(board.sref[q].libs) == 1 for q in board.nbrs[p])


def _banned_ko(board: Board, p: int, color: int) -> bool:
    """p is the ko color may not retake at once (a conditional ko capture for reading)."""
    return p == board.ko and color == board.ko_color


def _legal(board: Board, moves: list[int], color: int) -> list[int]:
    """The moves in order, each once, legal for color, or a ko capture the ko rule bans for
    now (the komaster scheme decides whether it may be taken, as a conditional ko)."""
    seen: set[int] = set()
    out: list[int] = []
    for p in moves:
        if p and p not in seen and board.board[p] == EMPTY and (_banned_ko(board, p, color)
                                                                or board.is_legal(p, color)):
            seen.add(p)
            out.append(p)
    return out
