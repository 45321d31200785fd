"""The tactical service: tactical reading with caches that live from question to question
(and, the persistent cache, from move to move), depths from the settings and the level,
and the 'reading' node counter. One object per plugin host."""

from __future__ import annotations

from dataclasses import fields
from typing import Final

from core.board.board import Board
from core.board.coords import NO_POINT
from core.host.options import Option, Settings, values
from core.reading.caches import ReadingCaches, part, share
from core.reading.counters import NodeCounter
from core.reading.results import WIN
from core.reading.service import ReadingService
from core.reading.variations import VariationTree
from plugins.tactical import superstring
from plugins.tactical.reader import Depths, Reader

DEFAULT: Final = Depths()  # (a compiled dataclass keeps no defaults on the class)
COUNTER: Final = NodeCounter("reading", "tactical reading")
MEMORY_SHARE: Final = 0.4  # of the engine's --memory: tactical reading is asked the most
OPTIONS: Final = [
    Option("depth", DEFAULT.depth, "reading depth: beyond it a string with 3 liberties lives"),
    Option("branch_depth", DEFAULT.branch_depth, "beyond this depth only the best move is tried"),
    Option("backfill_depth", DEFAULT.backfill_depth, "backfilling is tried up to this depth"),
    Option("fourlib_depth", DEFAULT.fourlib_depth, "strings with 4 liberties are read up to this depth"),
    Option("ko_depth", DEFAULT.ko_depth, "conditional ko captures up to this depth"),
    Option("vital_depth", DEFAULT.vital_depth, "up to this depth the opponent's refutations are tried as moves"),
    Option("break_chain_depth", DEFAULT.break_chain_depth,
           "defending by shortening neighbours with 2-3 liberties up to this depth"),
    Option("superstring_depth", DEFAULT.superstring_depth, "superstring moves are tried up to this depth"),
    Option("reading_cache", 100, "entries in the persistent tactical reading cache (0: none)"),
]


class TacticalService(ReadingService[Reader]):
    """Tactical reading (the 'tactical' service): every question counted and cached."""

    def __init__(self) -> None:
        super().__init__(COUNTER)

    def configure(self, settings: Settings) -> None:
        """Depths, cache sizes and level from the engine's settings."""
        v = values(OPTIONS, settings)
        self.base = Depths(**{f.name: int(v[f.name]) for f in fields(Depths)})
        self.level = int(settings.get("level", 10))
        self.delta = 0
        self._depths: Depths | None = None  # the depths in force, worked out at the first question
        superstring.configure(part(settings, superstring.MEMORY_SHARE))  # a memo of the board alone: on with --hash 0
        self.caches = ReadingCaches("tactical", share(settings, MEMORY_SHARE), int(v["reading_cache"]),
                                    debug=bool(settings.get("debug_persistent", 0)))
        self.trace = bool(settings.get("debug_reading", 0))

    @property
    def depths(self) -> Depths:
        """The depths in force: the settings, scaled by level, moved by increase/decrease_depths."""
        if self._depths is None:  # (asked by every question: owl asks some 60,000 in 20 owl.tst tests)
            self._depths = self.base.scaled(self.level).changed(self.delta)
        return self._depths

    def shift_depths(self, step: int) -> None:
        """Read step plies deeper (shallower when negative) at every depth limit. What the
        caches hold was read at the old depths, and so was what owl and connection
        reading hold: the caller empties every service's (Services.clear_caches)."""
        self.delta += step
        self._depths = None

    def state(self) -> list[int]:
        """The depths' shift (increase/decrease_depths), as it crosses to the workers."""
        return [self.delta]

    def restore(self, state: list[int]) -> bool:
        """Take on the engine's depths' shift; True if it changed (Services.restore then
        empties the caches)."""
        changed = state[0] != self.delta
        self.delta = state[0]
        self._depths = None
        return changed

    def reader(self, board: Board, node_limit: int | None = None) -> Reader:
        """A reader on the board sharing this service's caches (bounded if node_limit is given)."""
        self.caches.sync(board)
        r = Reader(board, self.depths, self.caches.table, self.caches.persistent, node_limit, self.deadline)
        r.trace = self.trace
        return r

    def attack(self, board: Board, s: int, node_limit: int | None = None, *,
               tree: VariationTree | None = None, afresh: bool = False) -> tuple[int, int]:
        """Can the string at s be captured, its opponent moving first."""
        return self.ask(board, node_limit, lambda r: r.afresh(afresh).attack(s), (0, NO_POINT), tree)

    def find_defense(self, board: Board, s: int, node_limit: int | None = None, *,
                     tree: VariationTree | None = None, afresh: bool = False) -> tuple[int, int]:
        """Can the string at s be saved, its owner moving first."""
        return self.ask(board, node_limit, lambda r: r.afresh(afresh).find_defense(s), (0, NO_POINT), tree)

    def attack_and_defend(self, board: Board, s: int, node_limit: int | None = None, *,
                          afresh: bool = False) -> tuple[int, int, int, int]:
        """Attack and defence of the string at s in one bounded read; a defence that runs
        out of nodes counts as one with no known move."""
        found = [0, NO_POINT, 0, NO_POINT]

        def both(r: Reader) -> None:
            r.afresh(afresh)
            found[0], found[1] = r.attack(s)
            if found[0]:
                found[2], found[3] = WIN, NO_POINT
                found[2], found[3] = r.find_defense(s)

        self.ask(board, node_limit, both, None)
        return found[0], found[1], found[2], found[3]

    def does_attack(self, board: Board, move: int, s: int, node_limit: int | None = None) -> int:
        """The attacker's result of playing move against the string at s."""
        return self.ask(board, node_limit, lambda r: r.does_attack(move, s), 0)

    def does_defend(self, board: Board, move: int, s: int, node_limit: int | None = None) -> int:
        """The defender's result of playing move for the string at s."""
        return self.ask(board, node_limit, lambda r: r.does_defend(move, s), 0)

    def attack_either(self, board: Board, a: int, b: int) -> tuple[int, int]:
        """One attacker move that captures at least one of two strings."""
        return self.ask(board, None, lambda r: r.attack_either(a, b), (0, NO_POINT))

    def defend_both(self, board: Board, a: int, b: int) -> tuple[int, int]:
        """One defender move that saves both strings."""
        return self.ask(board, None, lambda r: r.defend_both(a, b), (0, NO_POINT))

    def safe_move(self, board: Board, move: int, color: int) -> int:
        """WIN if a stone of color at move cannot be captured at once."""
        return self.ask(board, None, lambda r: r.safe_move(move, color), 0)
