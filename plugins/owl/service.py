"""The owl service: owl reading with limits from the settings, the tactical service it
reads captures with (bound when the host is built), and the 'owl' node counter."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from core.board.board import Board
from core.board.coords import NO_POINT
from core.host.options import Option, Settings, values
from core.reading.counters import NodeCounter
from core.reading.service import ReadingService
from core.reading.results import REVERSE, WIN
from core.reading.variations import VariationTree
from plugins.owl.reader import Limits, OwlReader

DEFAULT: Final = Limits()
COUNTER: Final = NodeCounter("owl", "owl reading")
OPTIONS: Final = [
    Option("owl_depth", DEFAULT.depth, "plies of owl reading"),
    Option("owl_nodes", DEFAULT.node_limit, "owl nodes per question before it is left unanswered"),
]


class OwlService(ReadingService[OwlReader]):
    """Owl reading (the 'owl' service): every question counted."""

    def __init__(self) -> None:
        super().__init__(COUNTER)

    def configure(self, settings: Settings) -> None:
        """Limits from the engine's settings (owl_depth, owl_nodes)."""
        v = values(OPTIONS, settings)
        self.limits = Limits(depth=int(v["owl_depth"]), node_limit=int(v["owl_nodes"]))
        self.trace = bool(settings.get("debug_reading", 0))

    def reader(self, board: Board, node_limit: int | None = None) -> OwlReader:
        """A reader on the board with this service's limits and the move's deadline."""
        limits = self.limits if node_limit is None else replace(self.limits, node_limit=node_limit)
        r = OwlReader(board, self.tactical, limits, None, self.deadline)
        r.trace = self.trace
        return r

    def owl_attack(self, board: Board, s: int, node_limit: int | None = None, *,
                   tree: VariationTree | None = None) -> tuple[int, int]:
        """(code, move): can the dragon at s be killed, its opponent moving first."""
        return self.ask(board, node_limit, lambda r: r.owl_attack(s), (0, NO_POINT), tree)

    def owl_defend(self, board: Board, s: int, node_limit: int | None = None, *,
                   tree: VariationTree | None = None) -> tuple[int, int]:
        """(code, move): can the dragon at s be saved, its owner moving first."""
        return self.ask(board, node_limit, lambda r: r.owl_defend(s), (0, NO_POINT), tree)

    def _after(self, board: Board, move: int, s: int, attack: bool) -> int:
        """The code of move for its side: the other side's best answer, reversed."""
        owner = board.board[s]
        if not board.trymove(move, 3 - owner if attack else owner):
            return 0
        try:
            if not board.board[s]:
                return WIN if attack else 0
            code, _ = (self.owl_defend if attack else self.owl_attack)(board, s)
            return REVERSE[code]
        finally:
            board.popgo()

    def owl_does_attack(self, board: Board, move: int, s: int) -> int:
        """The attacker's code if it plays move against the dragon at s."""
        return self._after(board, move, s, attack=True)

    def owl_does_defend(self, board: Board, move: int, s: int) -> int:
        """The defender's code if it plays move for the dragon at s."""
        return self._after(board, move, s, attack=False)

    def owl_substantial(self, board: Board, s: int) -> int:
        """WIN if capturing the string at s gives the capturer a living group: after the
        tactical capture, no dragon of the capturer beside it can be killed."""
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
            for c in capturers:
                if board.board[c] and self.owl_attack(board, c)[0]:
                    return 0
            return WIN
        finally:
            board.popgo()
