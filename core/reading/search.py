"""The search skeleton every reader shares (tactical, connection, owl, ...).

A `Search` reads on one board with trymove/popgo and always leaves the board as it found
it. It holds what does not depend on the question asked:

- node counting: `nodes` is the logical count (a transposition hit counts the nodes its
  search cost, so limits and counts do not depend on the cache), `visited` the positions
  actually visited (what node counters report); past `node_limit` nodes, or past the
  `deadline`, the read raises ReadingAborted and the caller unwinds;
- play and undo under the komaster scheme (core.reading.komaster), with conditional ko
  captures where the reader allows them;
- the set of positions on the line being read, so a line never repeats a position;
- the reading shadow (every move played or tried), from which a persistent cache entry's
  active area grows;
- variation recording for the decide tools, and tracing of node results on stderr.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, Final, Iterable

from core.board.board import Board
from core.board.color import EMPTY, color_name
from core.board.coords import NO_POINT, vertex
from core.reading.komaster import KoMove, komaster_trymove
from core.reading.persistent import PersistentCache
from core.reading.table import Entry, Key, TranspositionTable, nodes_of
from core.reading.variations import VariationTree

MAX_STACK: Final = 60  # reading moves on the stack beyond which no reader plays further
DEADLINE_EVERY: Final = 32  # the clock is read once per this many nodes (a reader whose
# nodes are costly reads it at each: see Search.clock_every)

Token = tuple[bool, int, int]  # (conditional ko capture, komaster before, kom_pos before)


class ReadingAborted(Exception):
    """A read ran past its node limit or its deadline."""


class Search:
    """Node counting, komaster play/undo, the line's positions, shadow, variations, trace."""

    def __init__(self, board: Board, table: TranspositionTable | None = None, node_limit: int | None = None,
                 deadline: float | None = None, clock_every: int = DEADLINE_EVERY) -> None:
        self.board = board
        self.base_stackp = board.stackp  # where the board stood when this search was made
        self.table = table if table is not None else TranspositionTable()
        self.nodes = 0
        self.visited = 0
        self.node_limit = node_limit
        self.deadline = deadline
        # the clock is read at every clock_every-th node: a tactical node costs microseconds,
        # an owl node (its eye spaces, shapes and tactical questions) a thousand times more
        self.clock_every = clock_every
        self.komaster = EMPTY
        self.kom_pos = NO_POINT
        self.shadow: set[int] | None = None
        self.path: set[int] = set()  # hashes of the positions on the line being read (after each move)
        self.root_hash = board.hash  # the position the line started from
        self.tree: VariationTree | None = None
        self.trace = False
        self.variation = 0
        self.aborted = False  # the last read ran past its node limit or deadline
        self.stops = 0  # reads that stopped at the node limit or deadline with an answer (a root's
        # later moves unread): such a result is kept in the persistent cache as incomplete

    # ------------------------------------------------------------------ nodes
    def enter(self) -> None:
        """Count a node; ReadingAborted past the node limit or the deadline."""
        self.nodes += 1
        self.visited += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.aborted = True
            raise ReadingAborted()
        if self.deadline is not None and self.visited % self.clock_every == 0 and time.monotonic() > self.deadline:
            self.aborted = True
            raise ReadingAborted()

    def probe(self, key: Key) -> Entry | None:
        """A transposition entry for key, counted as the nodes its search cost."""
        found = self.table.get(key)
        if found is not None:
            self.nodes += nodes_of(found)
            if self.node_limit is not None and self.nodes > self.node_limit:
                self.aborted = True
                raise ReadingAborted()
        return found

    def unwind(self) -> None:
        """Pop every move an aborted read left on the board (and in the variation tree)."""
        board = self.board
        while board.stackp > self.base_stackp:
            self.path.discard(board.hash)
            board.popgo()
            if self.tree is not None:
                self.tree.pop()
        self.komaster, self.kom_pos = EMPTY, NO_POINT

    # ------------------------------------------------------------------ moves
    def play(self, move: int, color: int, allow_conditional: bool) -> Token | None:
        """Push a move under the komaster rules; None if not allowed. The token restores the state."""
        if self.shadow is not None:
            self.shadow.add(move)
        board = self.board
        if board.stackp >= MAX_STACK:
            return None
        if not self.path:
            self.root_hash = board.hash
        played, conditional, komaster, kom_pos = self.ko_trymove(move, color, allow_conditional)
        if not played:
            return None
        h: Any = board.hash  # (one int object for the lookup and the store)
        if board.hash == self.root_hash or h in self.path:
            board.popgo()  # the whole board repeats a position of this line: a cycle
            return None
        self.path.add(h)
        token = (conditional, self.komaster, self.kom_pos)
        self.komaster, self.kom_pos = komaster, kom_pos
        if self.tree is not None:
            self.tree.push(color, move)
        return token

    def ko_trymove(self, move: int, color: int, allow_conditional: bool) -> KoMove:
        """Try the move under this reader's ko scheme (GNU Go's scheme 5 unless a reader
        overrides it)."""
        return komaster_trymove(self.board, move, color, self.komaster, self.kom_pos, allow_conditional)

    def undo(self, token: Token) -> None:
        """Pop the move pushed by play and restore the komaster state."""
        self.path.discard(self.board.hash)
        self.board.popgo()
        _, self.komaster, self.kom_pos = token
        if self.tree is not None:
            self.tree.pop()

    # ------------------------------------------------------------------ the persistent cache
    def persistent_read(self, cache: PersistentCache | None, routine: int, inputs: tuple[int, ...],
                        read: Callable[[], tuple[int, int]],
                        area: Callable[[set[int]], Iterable[int]]) -> tuple[int, int]:
        """read(), or its result from the persistent cache on the real board; a fresh result
        is stored with the active area that area(shadow) grows from the reading shadow."""
        board = self.board
        top = cache is not None and board.stackp == 0
        if cache is not None and top:
            found = cache.lookup(board, routine, inputs,
                                 None if self.node_limit is None else self.node_limit - self.nodes)
            if found is not None:
                self.nodes += found.nodes
                if self.node_limit is not None and self.nodes > self.node_limit:
                    self.aborted = True
                    raise ReadingAborted()
                return found.result[0], found.result[1]
        start, stops = self.nodes, self.stops
        outer = self.shadow
        self.shadow = set() if top or outer is not None else None  # (below the real board nothing is stored)
        try:
            result = read()
        finally:
            shadow, self.shadow = self.shadow, outer
        if outer is not None and shadow is not None:
            outer |= shadow
        if cache is not None and top and shadow is not None:
            cache.store(board, routine, inputs, result, self.nodes - start, area(shadow), self.stops == stops)
        return result

    # ------------------------------------------------------------------ variations and trace
    @property
    def recording(self) -> bool:
        """True when node results are written to a variation tree or traced."""
        return self.tree is not None or self.trace

    def record(self, text: str) -> None:
        """A node's result: a numbered comment in the variation tree, a line of trace."""
        if self.tree is not None:
            self.variation += 1
            self.tree.comment(f"variation {self.variation}: {text}")
        if self.trace:
            b = self.board
            line = " ".join(f"{color_name(c)[0].upper()}{vertex(b.size, p)}" for c, p in b.reading_line())
            indent = "  " * (b.stackp - self.base_stackp)
            print(f"{indent}{text} [{line}] ({self.visited} nodes)", file=sys.stderr)
