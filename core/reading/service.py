"""What every reading service shares (tactical, connection, owl): the services it is
bound to (the move's deadline, the tactical reader), its node counter, and asking a
fresh reader one question."""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

from core.board.board import Board
from core.host.options import Settings
from core.host.services import TACTICAL, Services, TacticalReader
from core.reading.caches import ReadingCaches
from core.reading.counters import NodeCounter
from core.reading.search import ReadingAborted, Search
from core.reading.variations import VariationTree

S = TypeVar("S", bound=Search)
R = TypeVar("R")


class ReadingService(Generic[S]):
    """A service that answers questions with readers of type S, every node counted."""

    caches: ReadingCaches  # (set by configure)

    def __init__(self, counter: NodeCounter) -> None:
        self.counter = counter
        self.services: Services | None = None
        self.tactical: TacticalReader | None = None
        self.gave_up = 0  # questions that ran past their node limit or deadline
        self.configure({})

    def configure(self, settings: Settings) -> None:
        """Limits and caches from the engine's settings."""
        raise NotImplementedError

    def clear_caches(self) -> None:
        """Forget what the caches hold: the settings they were read under have changed."""
        self.caches.clear()

    def bind(self, services: Services) -> None:
        """Keep the services: the move's deadline, and whichever plugin reads captures."""
        self.services = services
        self.tactical = services.find(TACTICAL)

    @property
    def deadline(self) -> float | None:
        """The deadline of the work in progress, if any."""
        return self.services.deadline if self.services is not None else None

    def reader(self, board: Board, node_limit: int | None = None) -> S:
        """A reader on the board (bounded if node_limit is given)."""
        raise NotImplementedError

    def ask(self, board: Board, node_limit: int | None, question: Callable[[S], R], aborted: R,
            tree: VariationTree | None = None) -> R:
        """Ask a fresh reader a question; a read that gives up answers `aborted`."""
        r = self.reader(board, node_limit)
        r.tree = tree
        try:
            return question(r)
        except ReadingAborted:
            r.unwind()
            return aborted
        finally:
            self.counter.add(r.visited)
            if r.aborted:
                self.gave_up += 1
