"""Owl reading: the life and death of a dragon by a small search in which the attacker
only limits the dragon's eye space and the defender only expands it, read to where the
static eye analysis can judge (GNU Go's "optics with limit negotiation"). This module is
the search; judging a node is plugins/owl/status.py, the moves plugins/owl/candidates.py.

- The goal: the dragon's stones when the question is asked, and in each line the
  defender's stones that join them by shape (a one-point jump or a diagonal step with the
  point between empty: "the one-point jump is never wrong"; without them a dragon could
  only run by crawling). Capturing every one of its original strings kills it, whatever
  stones the defender adds later.
- A node is judged first: dead when no original string is left; alive when the dragon
  reaches open ground (ESCAPE_POINTS open points within ESCAPE_STEPS: "a dragon that can
  run is not dead"; ground on the first two lines alone, or three on 19x19, is a crawl:
  "do not crawl along the second line"), except at the root and at the attacker's reply
  to the defender's root move: the attacker always gets one block first, so that a save
  is read as a fresh owl_attack after it would read it (and the defender's question gets
  a move, not a pass); sure of two eyes when the pessimistic eye count (closed eye spaces only: no marginal point
  and no enemy string beside them that reading cannot capture, and none beside one that
  reading can capture and also save, which counts for no eye until the owner takes it;
  the opponent to move) reaches two, and no string of the dragon breathes only inside
  one of its larger spaces with SHORT_LIBERTIES or fewer (there a placement may run it
  out of liberties: the node is read). Neither while a string of the dragon is in atari:
  the stone is saved or lost before the rest runs or counts its eyes (a stone cut off
  in atari could be read alive on the eyes or the open ground of what it was cut from).
  A sure dragon is alive unless owl_vital.db finds a shortage of liberties or a cut to read. Enemy strings short of liberties beside the dragon are
  read first: one it can capture and the enemy cannot save lies inside its eye space as
  dead stones (a lunch), so that a stone dropped into an eye does not split it in two.
- At the root every candidate is read (`root_width`, 0), not only the first `width` (below
  the root the width stands): a kill or a save ranked past them is found while nodes
  remain. After the offered moves the root reads the liberties of a weak friend the
  dragon leans on (`_friend_links`): the attacker cuts it off, the defender makes the
  friend strong enough to lean on (owl.tst 204 to 205; offered at every node, 193). The
  first `width` are the question's own: running out of nodes or time among them leaves
  the question uncertain, among the later ones it leaves their verdict (`stops`: the
  persistent cache gives such an answer back only to a question with no more nodes).
- At the root of owl_attack the kill with the smallest proof tree is kept (the most
  forcing: the defender has the fewest resources against it; the first kill found was
  often a first-line move that works only because the eye analysis cannot see the space
  it leaves); a later kill replaces it only with a proof a quarter smaller
  (FORCING_SHARE), so near ties keep the more valuable move. Once one kill is found,
  running out of nodes ends the question with it.
- At the root of owl_defend the attacker's killing move is tried first: "the opponent's
  vital point is my vital point". Where no offered move saves the dragon, the root then
  reads the diagonal steps from its stones (`_diagonal_steps`: the kosumi that runs or
  links, "the diagonal move is seldom bad"), which no source offers: read last, they
  change only a dead verdict, and below the root they would widen every node. Where no
  offered move kills, owl_attack's root reads in the same way the attacker's saves of the
  strings the dragon could capture (`_lunch_rescues`: "take away its lunch"; a rescue far
  from the dragon, as the capture of a stone beside them, no source offers), then
  every empty point within two lines of the dragon's stones (`_near_points`: the net, the
  block a diagonal or a jump away, the placement no shape names).
- A question may leave root moves out (exclude): the owl service checks owl_attack's and
  owl_defend's move by the other side's question asked afresh after it, and where that
  refutes it reads the root again without it (plugins/owl/service.py).
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
from typing import Final, Iterable

from core.analysis.amalgamation import shape_dragon
from core.analysis.eyeshapes import combine
from core.board.board import Board
from core.board.color import EMPTY
from core.board.coords import NO_POINT, vertex
from core.host.services import TacticalReader
from core.reading.persistent import PersistentCache
from core.reading.results import REVERSE, WIN, after_move, better
from core.reading.search import ReadingAborted
from core.reading.table import Key, TranspositionTable, code_of, move_of, situation
from plugins.owl.candidates import OwlCandidates, banned_ko
from plugins.owl.status import ALIVE, DEAD, SURE

AREA_STEPS: Final = 4  # an owl cache entry's area: the dragon grown this far through empty points
OWL_ATTACK: Final = 1  # owl's routines in the persistent cache (the service numbers the rest)
OWL_DEFEND: Final = 2
OWL_ANY_KILL: Final = 12  # owl_attack stopping at its first kill (the service's routines are 3 to 11)
NARROW_WIDTH: Final = 3  # moves per node between the root's neighbourhood and the branch depth
KO_RETAKE: Final = 4  # a ko the rule bans for now is retaken (conditionally) only this near the root
FORCING_SHARE: Final = 0.75  # a later kill replaces the root's best only with a proof this much smaller


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
    root_steps: bool = True  # the root reads a last tier where no offered move works (the
    # attacker's near points, the defender's diagonal steps)


class OwlReader(OwlCandidates):
    """owl_attack and owl_defend on one board."""

    def __init__(self, board: Board, tactical: TacticalReader | None, limits: Limits,
                 table: TranspositionTable | None = None, deadline: float | None = None,
                 persistent: PersistentCache | None = None) -> None:
        super().__init__(board, tactical, table, limits.node_limit, deadline)
        self.persistent = persistent
        self.limits = limits
        self.hint = NO_POINT  # the defender tries the attacker's killing move first
        self.passed = False  # the last ply of the line was a pass (the mover had no move)
        self.exclude: tuple[int, ...] = ()  # root moves not to read (refuted by a check)
        self.any_kill = False  # owl_attack's root stops at its first kill (a threat probe)

    # ------------------------------------------------------------------ questions
    def owl_attack(self, s: int, exclude: tuple[int, ...] = (), any_kill: bool = False,
                   goal: frozenset[int] | None = None) -> tuple[int, int]:
        """(code, move): can the dragon at s (or the stones of goal) be killed, its opponent
        moving first (without the root moves in exclude); with any_kill, the first kill
        the root finds, not the most forcing."""
        self.exclude = exclude
        self.any_kill = any_kill
        try:
            return self._ask(s, True, goal)
        finally:
            self.any_kill = False

    def owl_defend(self, s: int, attack_move: int | None = None, exclude: tuple[int, ...] = (),
                   goal: frozenset[int] | None = None) -> tuple[int, int]:
        """(code, move): can the dragon at s (or the stones of goal) be saved, its owner
        moving first (without the root moves in exclude); the attacker's killing move,
        when known, saves reading it again."""
        self.exclude = ()
        self.hint = self._killing_move(s, goal) if attack_move is None else attack_move
        self.exclude = exclude
        return self._ask(s, False, goal)

    def _killing_move(self, s: int, goal: frozenset[int] | None) -> int:
        """owl_attack's move against the dragon at s, read on a budget of its own (none
        when it cannot be killed or the reading gave up)."""
        nodes, limit, tree = self.nodes, self.node_limit, self.tree
        self.node_limit = None if limit is None else nodes + self.limits.node_limit
        self.tree = None
        try:
            code, move = self._ask(s, True, goal)
        finally:
            self.nodes, self.node_limit, self.tree, self.aborted = nodes, limit, tree, False
        return move if code else NO_POINT

    def candidates(self, s: int, attack: bool, goal: frozenset[int] | None = None) -> list[int]:
        """The moves owl would try first at the root, for the attacker or the defender (of
        the dragon at s, or of the stones of goal)."""
        self._start(s, goal)
        strings = self._strings()
        _, spaces, _, _ = self._judge(strings)
        return self._moves(strings, spaces, attack, True)[:self.limits.width]

    def judgment(self, goal: frozenset[int], owner: int, depth: int,
                 attacker_to_move: bool) -> tuple[str, list[int]]:
        """How a node of a line is judged before its moves, in words, and the moves it
        offers the side to move, most valuable first (before the width cuts them), for the
        dragon whose stones of owner's colour at the root were goal (its shape-joined
        stones left out): dead, alive by running, two sure eyes (with the vital moves
        against them), the depth limit's eye count, or open."""
        self.goal = goal
        self.extra = []
        self.owner = owner
        strings = self._strings()
        status, spaces, values, escape = self._judge(strings, run=_runs(depth, attacker_to_move))
        eyes = " ".join(f"{low}/{high}" for low, high in values) or "none"
        if status == DEAD:
            return "dead: no original string of the dragon is left", []
        if status == ALIVE:
            return f"alive by running: {escape} open points within reach", []
        if status == SURE and not attacker_to_move:
            return f"alive: two sure eyes (eye spaces {eyes})", []
        if depth >= self.limits.depth:
            code = self._at_limit(attacker_to_move, strings, values, escape)
            winner = "the side to move" if code else "the other side"
            return f"at the depth limit: the eye count (eye spaces {eyes}) gives it to {winner}", []
        if status == SURE:
            vital = self._vital(strings, spaces)
            return f"two sure eyes, {len(vital)} vital moves against them", vital
        moves = self._moves(strings, spaces, attacker_to_move, depth < self.limits.branch_depth)
        ground = f", {escape} open points" if _runs(depth, attacker_to_move) else ""  # (not counted there)
        return f"open (eye spaces {eyes}{ground}): {len(moves)} moves offered", moves

    def _start(self, s: int, goal: frozenset[int] | None = None) -> None:
        """Mark the dragon at s (or the stones of goal) as the goal."""
        self.goal = shape_dragon(self.board, s) if goal is None else goal
        self.extra = []
        self.owner = self.board.board[s]

    def _ask(self, s: int, attack: bool, fixed: frozenset[int] | None = None) -> tuple[int, int]:
        self._start(s, fixed)
        self.aborted = False
        goal = self.goal
        try:
            inputs = ((s,) if attack else (s, self.hint)) + self.exclude  # the defence read depends on the move tried first
            if fixed is not None:  # a goal given with the question: its stones, not s, name the dragon
                inputs += (-1,) + tuple(sorted(fixed))
            routine = OWL_DEFEND if not attack else OWL_ANY_KILL if self.any_kill else OWL_ATTACK
            return self.persistent_read(self.persistent, routine, inputs,
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
        key: Key = (self.board.hash, situation(1 if attacker_to_move else 2, 0, self.komaster, self.kom_pos, depth),
                    hash((self.goal, frozenset(self.extra), self.passed)))
        found = self.probe(key)
        if found is not None:
            return code_of(found), move_of(found)
        start = self.nodes
        code, move = self._expand(attacker_to_move, depth)
        self.table.put(key, code, move, self.nodes - start)
        return code, move

    def _expand(self, attacker_to_move: bool, depth: int) -> tuple[int, int]:
        """Judge the node, then read the side's moves."""
        self.enter()
        passed, self.passed = self.passed, False
        strings = self._strings()
        status, spaces, values, escape = self._judge(strings, run=_runs(depth, attacker_to_move))
        retake = self._retake(depth) if status == DEAD and not attacker_to_move else NO_POINT
        if status == DEAD and not retake:
            return (WIN, NO_POINT) if attacker_to_move else (0, NO_POINT)
        if status == ALIVE or (status == SURE and not attacker_to_move):
            return (0, NO_POINT) if attacker_to_move else (WIN, NO_POINT)
        if depth >= self.limits.depth:  # before the moves: none would be read
            return self._at_limit(attacker_to_move, strings, values, escape), NO_POINT
        color = 3 - self.owner if attacker_to_move else self.owner
        lead = False  # moves holds only the leading moves of the side's list
        if retake:  # the dragon's last stone taken by a ko that decides more: the retake is the one move
            moves = [retake]
        elif status == SURE:  # two sure eyes, unless a vital pattern spoils one
            moves = self._vital(strings, spaces)
            if not moves:
                return 0, NO_POINT
        elif depth >= self.limits.branch_depth:  # one move is read: only the moves sure to lead the list
            moves = self._own_moves(strings, spaces, attacker_to_move, True)
            lead = True
        else:  # above the branch depth: the opponent's best move tried too
            moves = self._moves(strings, spaces, attacker_to_move, True)
            if depth == 0:  # every root candidate is read: the friend the dragon leans on too
                moves += [m for m in self._friend_links(strings, color) if m not in moves]
        if depth == 0 and self.exclude:
            moves = [m for m in moves if m not in self.exclude]
            if not moves:  # every move left was refuted: none to offer
                return 0, NO_POINT
        if not moves:
            return self._pass(attacker_to_move, depth, values, passed), NO_POINT
        if depth == 0 and not attacker_to_move and self.hint and self.hint not in self.exclude:
            if self.hint in moves or self.board.is_legal(self.hint, color):
                moves = [self.hint] + [m for m in moves if m != self.hint]
        forcing = depth == 0 and attacker_to_move and not self.any_kill  # read every kill, keep the most forcing
        best, best_move, tried = 0, NO_POINT, 0
        replace_below = 0  # the proof a later kill must stay under to replace the best one
        width = self._width(depth, len(moves))
        pending = moves
        stepped = False  # the root has read its last tier (the near points, the diagonal steps)
        while True:
            for move in pending:
                if tried >= width:
                    break
                if depth > KO_RETAKE and banned_ko(self.board, move, color):
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
                        self.stops += 1  # (an incomplete answer: more nodes may read further)
                        break
                    continue
                code = after_move(REVERSE[answer], played[0])
                cost = self.nodes - before
                if better(code, best) or (forcing and code == WIN and cost < replace_below):
                    best, best_move = code, move
                    replace_below = int(cost * FORCING_SHARE)
                    if best == WIN and not forcing:
                        break
            if depth == 0 and best == 0 and not stepped and self.limits.root_steps and not self._exhausted():
                stepped = True  # no offered move works: the last tier
                last = self._lunch_rescues(strings) + self._near_points(strings) if attacker_to_move \
                    else self._diagonal_steps(strings)
                steps = [m for m in dict.fromkeys(last) if m not in moves and m not in self.exclude]
                if steps:
                    pending = steps
                    width += len(steps)
                    continue
            if tried or not lead:
                break
            lead = False  # none of the leading moves could be played: the rest of the list
            pending = [m for m in self._own_moves(strings, spaces, attacker_to_move) if m not in moves]
        if tried == 0:  # every move offered is illegal or barred by the komaster: it passes
            return self._pass(attacker_to_move, depth, values, passed), NO_POINT
        if self.recording:
            self.record(f"owl {'attack' if attacker_to_move else 'defend'}: {best}"
                        + (f" {vertex(self.board.size, best_move)}" if best else ""))
        return best, best_move

    def _retake(self, depth: int) -> int:
        """Where the attacker's last move took the dragon's last stone by a ko capture that
        also left stones of the owner's beside the capturing stone in atari, within
        KO_RETAKE plies of the root: the retake, the defender's one move (conditional while
        the ko bars it; the ko decides those stones too, so the dragon is not dead until it
        is won). A lone stone with nothing else riding on its ko is dead once taken, as GNU
        Go and the suites count it: NO_POINT."""
        b = self.board
        ko = b.ko
        if depth > KO_RETAKE or ko == NO_POINT or b.ko_color != self.owner or ko not in self.goal:
            return NO_POINT
        line = b.reading_line()  # a ko against the owner: the last move was the attacker's capture
        if not line:
            return NO_POINT
        taker = line[-1][1]
        if not any(b.board[q] == self.owner and len(b.sref[q].libs) == 1 for q in b.nbrs[taker]):
            return NO_POINT
        return ko

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


def _runs(depth: int, attacker_to_move: bool) -> bool:
    """Whether a node of this depth may be judged alive by running: not at the root, nor
    at the attacker's reply to the defender's root move. There the attacker blocks first,
    as he does at owl_attack's root: a save that only looked open (a lone stone in his
    framework, ten empty points around it) is read as owl_attack would read it after the
    save. (Both measures: owl.tst even, 23 gained and 48 lost; agreement with GNU Go's
    owl codes on positions outside owl.tst 835 to 853 of 937.)"""
    return depth > 1 or (depth == 1 and not attacker_to_move)


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
