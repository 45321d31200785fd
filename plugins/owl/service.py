"""The owl service: owl reading with limits from the settings, the tactical service it
reads captures with (bound when the host is built), and the 'owl' node counter."""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from typing import Callable, Final, Iterable

from core.analysis.amalgamation import shape_dragon
from core.board.board import Board
from core.board.coords import NO_POINT, vertex
from core.host.options import Option, Settings, values
from core.reading.caches import ReadingCaches, share
from core.reading.counters import NodeCounter
from core.reading.search import ReadingAborted
from core.reading.service import ReadingService
from core.reading.results import KO_A, KO_B, REVERSE, WIN
from core.reading.variations import VariationTree
from plugins.owl.reader import Limits, OwlReader, owl_area
from plugins.owl.semeai import OwlQuestion, SemeaiReader

DEFAULT: Final = Limits()
COUNTER: Final = NodeCounter("owl", "owl reading")
OPTIONS: Final = [
    Option("owl_depth", DEFAULT.depth, "plies of owl reading"),
    Option("owl_nodes", DEFAULT.node_limit, "owl nodes per question before it is left unanswered"),
    Option("owl_width", DEFAULT.width, "moves owl tries per node near the root"),
    Option("owl_root_width", DEFAULT.root_width, "moves owl reads at the root (0: every candidate)"),
    Option("owl_branch_depth", DEFAULT.branch_depth, "beyond this depth owl tries only its best move"),
    Option("owl_cache", 200, "entries in the persistent owl cache (0: none)"),
    Option("owl_aji_nodes", 2000, "owl nodes each read of the threat a checked move of owl_attack or "
           "owl_defend leaves may spend (0: no such read)"),
    Option("owl_checks", 3, "moves owl_attack and owl_defend check by the other side's question asked "
           "afresh before their first answer is kept (0: none)"),
]  # (owl_checks: owl.tst 187 at 0, 192 at 3 and at 6, the same five gained)
SEMEAI_OWL_NODES: Final = 6000  # owl nodes one semeai question may spend on the life of a dragon out of the race
MEMORY_SHARE: Final = 0.08  # of the engine's --memory: owl's entries are few and large
# owl's routines in the persistent cache (the reader's are owl_attack 1, owl_defend 2 and its first-kill owl_attack 12)
THREATEN_ATTACK, THREATEN_DEFENSE, DOES_ATTACK, DOES_DEFEND, CONNECTION_DEFENDS, SUBSTANTIAL, SEMEAI = range(3, 10)
CHECKED_ATTACK, CHECKED_DEFEND = 10, 11  # owl_attack and owl_defend with their moves checked
KO_CHECKS: Final = 1  # moves the other side's question checks when a refutation is checked for a ko


class OwlService(ReadingService[OwlReader]):
    """Owl reading (the 'owl' service): every question counted."""

    def __init__(self) -> None:
        super().__init__(COUNTER)  # (configure sets the limits, owl_checks and the caches)
        self.races_uncertain = 0  # races that ran out of nodes (their own, or the owl nodes they may spend)

    def configure(self, settings: Settings) -> None:
        """Limits from the engine's settings (owl_depth, owl_nodes)."""
        v = values(OPTIONS, settings)
        self.limits = Limits(depth=int(v["owl_depth"]), node_limit=int(v["owl_nodes"]), width=int(v["owl_width"]),
                             root_width=int(v["owl_root_width"]), branch_depth=int(v["owl_branch_depth"]))
        self.checks = int(v["owl_checks"])
        self.aji_nodes = int(v["owl_aji_nodes"])
        self.trace = bool(settings.get("debug_reading", 0))
        self.report = bool(settings.get("debug_owl", 0))  # one line per move check, on stderr
        self.caches = ReadingCaches("owl", share(settings, MEMORY_SHARE), int(v["owl_cache"]), min_nodes=10,
                                    debug=bool(settings.get("debug_persistent", 0)))

    def reader(self, board: Board, node_limit: int | None = None) -> OwlReader:
        """A reader on the board with this service's limits and the move's deadline."""
        limits = self.limits if node_limit is None else replace(self.limits, node_limit=node_limit)
        self.caches.sync(board)
        r = OwlReader(board, self.tactical, limits, self.caches.table, self.deadline, self.caches.persistent)
        r.trace = self.trace
        return r

    def owl_attack(self, board: Board, s: int, node_limit: int | None = None, *,
                   tree: VariationTree | None = None, check: bool = True) -> tuple[int, int]:
        """(code, move): can the dragon at s be killed, its opponent moving first; with
        check, a kill the defender answers gives way to the next that stands."""
        if check:
            return self._checked(board, s, True, node_limit, tree)
        return self._read(board, s, True, node_limit, tree)

    def owl_defend(self, board: Board, s: int, node_limit: int | None = None, *,
                   tree: VariationTree | None = None, check: bool = True) -> tuple[int, int]:
        """(code, move): can the dragon at s be saved, its owner moving first; with check,
        a save the attacker answers gives way to the next that stands."""
        if check:
            return self._checked(board, s, False, node_limit, tree)
        return self._read(board, s, False, node_limit, tree)

    def _read(self, board: Board, s: int, attack: bool, node_limit: int | None = None,
              tree: VariationTree | None = None, exclude: tuple[int, ...] = (),
              kill_first: bool = True, any_kill: bool = False,
              goal: frozenset[int] | None = None) -> tuple[int, int]:
        """owl_attack's or owl_defend's answer as the reader gives it, the root moves in
        exclude left out; owl_defend without kill_first reads its own candidates alone,
        not the attacker's killing move first (which costs a read of its own)."""
        if attack:
            return self.ask(board, node_limit, lambda r: r.owl_attack(s, exclude, any_kill, goal), (0, NO_POINT), tree)
        hint = None if kill_first else NO_POINT
        return self.ask(board, node_limit, lambda r: r.owl_defend(s, hint, exclude, goal), (0, NO_POINT), tree)

    def _checked(self, board: Board, s: int, attack: bool, node_limit: int | None,
                 tree: VariationTree | None) -> tuple[int, int]:
        """The reader's answer with its move checked by the other side's question asked
        afresh after it, where every reply is read at the root, not only the few the
        first ply tries: a refuted move gives way to the next one the root finds that
        stands, up to owl_checks checks, and so does a move the other side answers with a
        ko (a clean kill or save is better than a ko). When none stands, the first move
        the check answered with a ko is the answer, with that ko's code ("the kill is a
        ko": the reading's own lines did not let the other side take it); failing that
        the first move's refutation is checked in turn (the other side's question after
        it, checking KO_CHECKS moves), and where its side answers that only with a ko,
        the first move is that ko (owl.tst 244: 196 against 195, 14% more owl nodes);
        failing that the first answer is kept: the check only chooses among the
        reading's moves (a refuted kill answered 0 instead lost more tests than it
        gained: docs/owl.md, owl changes measured and dropped). Kept in the persistent cache while the board
        around the dragon is unchanged, unless its variations are recorded: the tree holds
        the first read alone (a re-read of the same root recorded over it would leave the
        root's verdict one the answer never had)."""
        if tree is None:
            code, move = self._remember(board, CHECKED_ATTACK if attack else CHECKED_DEFEND, (s,),
                                        lambda: self._check_moves(board, s, attack, node_limit, None),
                                        lambda: shape_dragon(board, s), node_limit)
            return code, move
        return self._check_moves(board, s, attack, node_limit, tree)

    def _check_moves(self, board: Board, s: int, attack: bool, node_limit: int | None,
                     tree: VariationTree | None, checks: int | None = None,
                     goal: frozenset[int] | None = None) -> tuple[int, int]:
        """_checked's answer, read now; with checks (a question asked below one of
        _checked's), that many move checks instead of owl_checks, and no refutation
        checked for a ko; with goal, about those stones (see _after)."""
        limit = self.checks if checks is None else checks
        first = code, move = self._read(board, s, attack, node_limit, tree, goal=goal)
        refuted: tuple[int, ...] = ()
        ko: tuple[int, int] | None = None  # the first move the check answers with a ko: its ko code
        while code == WIN and move != NO_POINT and limit > 0:
            verdict = self._checked_code(board, move, s, attack, node_limit, goal=goal)
            self._report(board, s, attack, f"{vertex(board.size, move)} "
                         + ("stands" if verdict == WIN else f"answered with a ko ({verdict})" if verdict else "refuted"))
            if verdict == WIN:
                return code, (self._without_aji(board, move, s, attack, node_limit, refuted)
                              if checks is None and self.aji_nodes else move)
            if verdict and ko is None:
                ko = verdict, move
            refuted += (move,)
            if len(refuted) >= limit:
                break
            code, move = self._read(board, s, attack, node_limit, None, refuted, goal=goal)  # (recorded: the first read)
        kept = first if ko is None else ko
        if refuted:
            if ko is None and checks is None:  # "when you cannot win outright, look for the ko"
                verdict = self._after(board, first[1], s, attack, node_limit, checks=KO_CHECKS)
                if verdict in (KO_A, KO_B):
                    kept = verdict, first[1]
            self._report(board, s, attack, f"none stands: {kept[0]} {vertex(board.size, kept[1])} kept")
        return kept

    def _without_aji(self, board: Board, move: int, s: int, attack: bool, node_limit: int | None,
                     refuted: tuple[int, ...]) -> int:
        """move, a checked move that stands; or, where it leaves the other side a threat
        (_threat), the first of the threat's own two moves that stands and leaves none
        ("the opponent's vital point is my vital point": a kill or save that leaves aji
        must be answered again). owl.tst 198 to 202, 10 of 11 changed answers to a move
        the suite accepts, for 41% more time; the root's other moves instead lost more
        than they gained (docs/owl.md)."""
        threat = self._threat(board, move, s, attack)
        if threat is None:
            return move
        self._report(board, s, attack, f"{vertex(board.size, move)} leaves a threat: "
                     + " ".join(vertex(board.size, t) for t in threat if t != NO_POINT))
        mine = _side(board, s, attack)
        for other in threat:
            if other in (NO_POINT, move) or other in refuted or not board.is_legal(other, mine):
                continue
            if self._checked_code(board, other, s, attack, node_limit) == WIN \
                    and self._threat(board, other, s, attack) is None:
                self._report(board, s, attack, f"{vertex(board.size, other)} stands and leaves none")
                return other
        return move

    def _threat(self, board: Board, move: int, s: int, attack: bool) -> tuple[int, int] | None:
        """After move by its side, two moves in a row by the other side that win, or None:
        its first root candidate, then a move of its own question asked again that
        stands (the first side's question after it does not refute it); each read within
        owl_aji_nodes, one that gives up no threat. The defender's question reads his own
        candidates, not the attacker's killing move first: a probe that paid for a kill
        read of its own cost owl.tst 8.5% more owl nodes for the same count (README)."""
        mine, theirs = _side(board, s, attack), _side(board, s, not attack)
        owner = board.board[s]
        before = shape_dragon(board, s)
        if not board.trymove(move, mine):
            return None
        try:
            none: list[int] = []
            kept = _still(board, before, s, owner)
            if kept is None:
                return None
            s, goal = kept
            firsts = self.ask(board, None, lambda r: r.candidates(s, not attack, goal), none)
            if not firsts or not board.trymove(firsts[0], theirs):
                return None
            try:
                kept = _still(board, goal, s, owner)
                if kept is None:  # the attacker's first move captures
                    return firsts[0], NO_POINT
                s, goal = kept
                gave_up = self.gave_up
                code, second = self._read(board, s, not attack, self.aji_nodes, kill_first=False, any_kill=True,
                                          goal=goal)
                if code != WIN or second == NO_POINT or self.gave_up != gave_up:
                    return None
                if self._checked_code(board, second, s, not attack, self.aji_nodes, goal=goal) != WIN:
                    return None
                return firsts[0], second
            finally:
                board.popgo()
        finally:
            board.popgo()

    def _report(self, board: Board, s: int, attack: bool, text: str) -> None:
        """A line about a move check of owl_attack or owl_defend on the dragon at s, on
        stderr under the debug flag 'owl'."""
        if self.report:
            print(f"owl check: {'attack' if attack else 'defend'} {vertex(board.size, s)}: {text}", file=sys.stderr)

    def _checked_code(self, board: Board, move: int, s: int, attack: bool, node_limit: int | None,
                      read_kill: bool = False, goal: frozenset[int] | None = None) -> int:
        """The code of move for its side by the other side's question read to the end
        after it (for read_kill see _after); WIN where that question gives up (an
        unfinished answer refutes nothing) or the move may not be played now."""
        if not board.is_legal(move, _side(board, s, attack)):
            return WIN  # a ko retake barred for now: nothing to check
        gave_up = self.gave_up
        code = self._after(board, move, s, attack, node_limit, read_kill, goal=goal)
        return code if self.gave_up == gave_up else WIN

    def judgment(self, board: Board, goal: frozenset[int], owner: int, depth: int,
                 attacker_to_move: bool) -> tuple[str, list[int]]:
        """How owl judges a node of a line, depth plies below the root, before reading its
        moves, and the moves it offers there, for owner's dragon whose stones were goal at
        the root (for audits)."""
        return self.reader(board).judgment(goal, owner, depth, attacker_to_move)

    def _remember(self, board: Board, routine: int, inputs: tuple[int, ...], compute: Callable[[], tuple[int, ...]],
                  stones: Callable[[], Iterable[int]], node_limit: int | None = None) -> tuple[int, ...]:
        """compute(), or its result from the persistent cache while the board around
        stones() is unchanged (asked only when a result is kept); kept by the node limit
        its questions read on (node_limit: a question's limit, or a race's owl budget;
        else the service's limit), since more nodes may read further. A result is kept
        where no question gave up and the deadline had not passed when it was found (a
        read the clock cut short answers as it stood)."""
        self.caches.sync(board)
        cache = self.caches.persistent
        top = board.stackp == 0
        limit = self.limits.node_limit if node_limit is None else node_limit
        if top:
            found = cache.lookup(board, routine, inputs, limit=limit)
            if found is not None:
                return found.result
        nodes, gave_up = self.counter.value, self.gave_up
        result = compute()
        late = self.deadline is not None and time.monotonic() > self.deadline
        if top and self.gave_up == gave_up and not late:
            cache.store(board, routine, inputs, result, self.counter.value - nodes, owl_area(board, stones()),
                        limit=limit)
        return result

    @property
    def node_limit(self) -> int:
        """Owl nodes per question, from the settings."""
        return self.limits.node_limit

    def _threaten(self, board: Board, s: int, attack: bool, node_limit: int | None = None) -> tuple[int, int, int]:
        """Two moves in a row by the attacker (or the owner): the first from owl's own
        candidates, the second owl's answer to the question asked again (each within an
        equal share of node_limit, when given); past the deadline no further first move
        is tried."""
        mover = _side(board, s, attack)
        owner = board.board[s]
        before = shape_dragon(board, s)
        none: list[int] = []
        firsts = self.ask(board, None, lambda r: r.candidates(s, attack), none)
        share = None if node_limit is None else max(1, node_limit // max(1, len(firsts)))
        for first in firsts:
            if self.deadline is not None and time.monotonic() > self.deadline:
                self.gave_up += 1  # the moves not yet tried leave the answer uncertain: not kept
                break
            if not board.trymove(first, mover):
                continue
            try:
                kept = _still(board, before, s, owner)
                if kept is None:
                    if attack:
                        return WIN, first, NO_POINT
                    continue
                code, second = self._read(board, kept[0], attack, share, goal=kept[1])
                if code == WIN:
                    return WIN, first, second
            finally:
                board.popgo()
        return 0, NO_POINT, NO_POINT

    def owl_threaten_attack(self, board: Board, s: int, node_limit: int | None = None) -> tuple[int, int, int]:
        """(code, move1, move2): two attacker moves in a row that kill the dragon at s."""
        code, first, second = self._remember(board, THREATEN_ATTACK, (s,),
                                             lambda: self._threaten(board, s, True, node_limit),
                                             lambda: shape_dragon(board, s), node_limit)
        return code, first, second

    def owl_threaten_defense(self, board: Board, s: int, node_limit: int | None = None) -> tuple[int, int, int]:
        """(code, move1, move2): two owner moves in a row that save the dragon at s."""
        code, first, second = self._remember(board, THREATEN_DEFENSE, (s,),
                                             lambda: self._threaten(board, s, False, node_limit),
                                             lambda: shape_dragon(board, s), node_limit)
        return code, first, second

    def owl_connection_defends(self, board: Board, move: int, a: int, b: int) -> int:
        """WIN if move by their owner joins the dragons at a and b into one that owl
        cannot kill."""
        return self._remember(board, CONNECTION_DEFENDS, (move, a, b), lambda: (self._connects(board, move, a, b),),
                              lambda: shape_dragon(board, a) | shape_dragon(board, b))[0]

    def _connects(self, board: Board, move: int, a: int, b: int) -> int:
        owner = board.board[a]
        if owner == 0 or board.board[b] != owner or not board.trymove(move, owner):
            return 0
        try:
            if b not in shape_dragon(board, a):
                return 0
            gave_up = self.gave_up
            code, _ = self._read(board, a, True)
            return WIN if code == 0 and self.gave_up == gave_up else 0
        finally:
            board.popgo()

    def owl_status(self, board: Board, s: int, node_limit: int | None = None,
                   check: int = 0) -> tuple[int, int, int, int] | None:
        """(attack code, attack move, defence code, defence move) of the dragon at s, or
        None when either question ran past its node limit or the deadline (uncertain). A
        dragon owl cannot kill is not asked for a defence: it lives whoever moves first
        (WIN, no move), as in GNU Go's dragon status. With check (a node limit), a kill is
        first checked by owl_defend asked afresh after it (owl_confirm's first check, read
        before the save so that the clock cannot leave it unread): a refuted kill leaves
        the dragon alive."""
        out: list[int] = []
        for attack in (True, False):
            if not attack and (out[0] == 0 or check > 0 and out[1] != NO_POINT
                                       and self._refuted(board, out[1], s, True, check)):
                return 0, NO_POINT, WIN, NO_POINT
            r = self.reader(board, node_limit)
            try:
                code, move = r.owl_attack(s) if attack else r.owl_defend(s, out[1])
            finally:
                self.counter.add(r.visited)
            if r.aborted:
                return None
            out += [code, move]
        return out[0], out[1], out[2], out[3]

    def owl_confirm(self, board: Board, s: int, status: tuple[int, int, int, int],
                    node_limit: int | None = None, kill_checked: bool = False) -> tuple[int, int, int, int]:
        """owl_status's answer for the dragon at s with a critical dragon's kill checked
        by owl_defend asked afresh after it (unless owl_status checked it already), then
        its save by owl_attack after it: a refuted kill leaves the dragon alive, a refuted
        save dead (a check that runs out of nodes changes nothing)."""
        acode, amove, dcode, dmove = status
        if acode and dcode:
            if amove and not kill_checked and self._refuted(board, amove, s, True, node_limit):
                return 0, NO_POINT, WIN, NO_POINT
            if dmove and self._refuted(board, dmove, s, False, node_limit):
                return acode, amove, 0, NO_POINT
        return status

    def _refuted(self, board: Board, move: int, s: int, attack: bool, node_limit: int | None,
                 read_kill: bool = True) -> bool:
        """The other side's question, read to the end after move, finds an answer to it
        ("a kill is proved by the defender's best reply, not by the replies tried"); for
        read_kill see _after."""
        return self._checked_code(board, move, s, attack, node_limit, read_kill) == 0

    def _after(self, board: Board, move: int, s: int, attack: bool, node_limit: int | None = None,
               read_kill: bool = True, checks: int | None = None, goal: frozenset[int] | None = None) -> int:
        """The code of move for its side: the other side's best answer, reversed. With
        read_kill, the defence asked after a kill first reads the attacker's next kill to
        try it first, as owl_defend does; without, the defender's root candidates alone,
        each of which the root reads anyway (the checks of _checked ask it so: owl.tst's
        answers the same, the suite a quarter faster). With checks, the other side's
        question has that many move checks of its own (_check_moves). The question is about
        the dragon as it stood before the move (goal, when given: the dragon of the question
        the move answers), with whatever the move joined to it, as owl's own lines read it:
        a move that cuts off or captures part of the dragon has not killed the rest."""
        before = shape_dragon(board, s) if goal is None else goal
        owner = board.board[s]
        if not board.trymove(move, _side(board, s, attack)):
            return 0
        try:
            kept = _still(board, before, s, owner)
            if kept is None:
                return WIN if attack else 0
            s, goal = kept
            gave_up = self.gave_up
            if checks is not None:
                code, _ = self._check_moves(board, s, not attack, node_limit, None, checks, goal)
            else:
                code, _ = self._read(board, s, not attack, node_limit, kill_first=read_kill, goal=goal)
            return 0 if self.gave_up != gave_up else REVERSE[code]  # an unfinished answer proves nothing
        finally:
            board.popgo()

    def owl_does_attack(self, board: Board, move: int, s: int) -> int:
        """The attacker's code if it plays move against the dragon at s."""
        return self._remember(board, DOES_ATTACK, (move, s), lambda: (self._after(board, move, s, True),),
                              lambda: shape_dragon(board, s))[0]

    def owl_does_defend(self, board: Board, move: int, s: int) -> int:
        """The defender's code if it plays move for the dragon at s."""
        return self._remember(board, DOES_DEFEND, (move, s), lambda: (self._after(board, move, s, False),),
                              lambda: shape_dragon(board, s))[0]

    def owl_substantial(self, board: Board, s: int) -> int:
        """WIN if capturing the string at s gives the capturer a living group: after the
        tactical capture, no dragon of the capturer beside it can be killed."""
        return self._remember(board, SUBSTANTIAL, (s,), lambda: (self._substantial(board, s),),
                              lambda: board.findstones(s))[0]

    def _substantial(self, board: Board, s: int) -> int:
        if self.tactical is None:
            return 0
        code, move = self.tactical.attack(board, s)
        if code != WIN or not move:
            return 0
        owner = board.board[s]
        capturers = sorted({board.origin(q) for p in board.sref[board.origin(s)].stones for q in board.nbrs[p]
                            if board.board[q] == 3 - owner})
        if not board.trymove(move, 3 - owner):
            return 0
        try:
            gave_up = self.gave_up
            for c in capturers:
                if board.board[c] and self._read(board, c, True)[0]:
                    return 0
            return WIN if self.gave_up == gave_up else 0  # an unfinished read proves no life
        finally:
            board.popgo()

    def analyze_semeai(self, board: Board, a: int, b: int, *, node_limit: int | None = None,
                       tree: VariationTree | None = None) -> tuple[int, int, int]:
        """(A survives, B dies, A's owner's move or PASS): the capturing race between the
        dragons at a and b, a's owner moving first, within node_limit owl nodes
        (SEMEAI_OWL_NODES by default; read afresh, not from the persistent cache, where
        its variations go to tree)."""
        budget = SEMEAI_OWL_NODES if node_limit is None else node_limit

        def compute() -> tuple[int, ...]:
            left = [budget]

            def budgeted(question: OwlQuestion) -> OwlQuestion:
                def ask(bd: Board, s: int, n: int | None) -> tuple[int, int]:
                    before = self.counter.value
                    try:
                        return question(bd, s, n)
                    finally:
                        left[0] -= self.counter.value - before
                        if left[0] < 0:
                            raise ReadingAborted()  # the race's owl budget is spent: its answer is uncertain
                return ask

            r = SemeaiReader(board, self.tactical, shape_dragon(board, a), shape_dragon(board, b),
                             budgeted(lambda bd, s, n: self._read(bd, s, True, n)),
                             budgeted(lambda bd, s, n: self._read(bd, s, False, n)), deadline=self.deadline)
            r.trace, r.tree = self.trace, tree
            try:
                found = r.analyze()
            finally:
                self.counter.add(r.visited)
            if found.uncertain:
                self.gave_up += 1
                self.races_uncertain += 1
            return found.a_survives, found.b_dies, found.move

        got = compute() if tree is not None else \
            self._remember(board, SEMEAI, (a, b), compute, lambda: shape_dragon(board, a) | shape_dragon(board, b),
                           budget)
        return got[0], got[1], got[2]


def race(owl: object, board: Board, a: int, b: int, node_limit: int) -> tuple[int, int, int] | None:
    """analyze_semeai of this plugin's owl service within node_limit owl nodes; None where
    the race itself ran out of nodes, its own or the owl nodes it may spend (an unfinished
    race proves nothing; an owl question inside it that gave up is the race's to weigh),
    and for another owl service, whose races' certainty it cannot see."""
    if not isinstance(owl, OwlService):
        return None
    uncertain = owl.races_uncertain
    got = owl.analyze_semeai(board, a, b, node_limit=node_limit)
    return None if owl.races_uncertain != uncertain else got


def _side(board: Board, s: int, attack: bool) -> int:
    """The colour that moves first in the attacker's question on the dragon at s, or in
    its owner's."""
    owner = board.board[s]
    return 3 - owner if attack else owner


def _still(board: Board, before: frozenset[int], s: int, owner: int) -> tuple[int, frozenset[int]] | None:
    """After a move, the dragon whose stones were before, as owl's lines read it: a stone
    of it left on the board (s, if it is) and its goal, those stones with whatever the
    move joined to them; None once none is left."""
    if board.board[s] == owner:
        here = s
    else:
        left = [p for p in before if board.board[p] == owner]
        if not left:
            return None
        here = min(left)
    return here, before | shape_dragon(board, here)
