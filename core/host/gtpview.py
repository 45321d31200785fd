"""The typed view of the engine that plugin GTP commands get, so a plugin can add commands
without importing the GTP server: the engine (its game, services and analysis), a
command's arguments, and the registry commands are added to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

from core.board.board import Board

if TYPE_CHECKING:
    from core.analysis.analysis import Analysis
    from core.host.services import Services
    from core.reading.counters import NodeCounter


class GameView(Protocol):
    """The game a command acts on."""

    @property
    def board(self) -> Board:
        """The board of the game."""
        ...

    @property
    def komi(self) -> float:
        """The komi."""
        ...

    @property
    def to_move(self) -> int:
        """The colour to move."""
        ...

    @property
    def size(self) -> int:
        """The board size."""
        ...


class EngineView(Protocol):
    """What a plugin's command may use of the engine."""

    @property
    def game(self) -> GameView:
        """The game in progress."""
        ...

    @property
    def services(self) -> Services:
        """The services of every loaded plugin."""
        ...

    @property
    def counters(self) -> dict[str, NodeCounter]:
        """The node counters every loaded plugin declared, by name."""
        ...

    def analysis(self, color: int | None = None) -> Analysis:
        """The examine step's analysis of the current position (for color, default: to move)."""
        ...


class CommandArgs(Protocol):
    """A command's arguments, with accessors that raise a GTP error with a clear message."""

    def __len__(self) -> int:
        ...

    def expect(self, low: int, high: int | None = None) -> None:
        """An error unless the argument count is in low..high (high defaults to low)."""
        ...

    def word(self, i: int) -> str:
        """The i-th argument as text."""
        ...

    def integer(self, i: int, low: int | None = None, high: int | None = None) -> int:
        """The i-th argument as an integer within optional bounds."""
        ...

    def number(self, i: int) -> float:
        """The i-th argument as a finite number."""
        ...

    def color(self, i: int) -> int:
        """The i-th argument as BLACK or WHITE."""
        ...

    def vertex(self, i: int) -> int:
        """The i-th argument as a point on the current board (PASS allowed)."""
        ...

    def point(self, i: int) -> int:
        """The i-th argument as a point on the current board, not PASS."""
        ...

    def stone_vertex(self, i: int, board_color: Callable[[int], int]) -> int:
        """The i-th argument as a point holding a stone."""
        ...


CommandHandler = Callable[[EngineView, CommandArgs], str]


class CommandRegistry(Protocol):
    """Where commands are registered: name -> handler, with a one-line description."""

    def add(self, name: str, fn: CommandHandler, doc: str | None = None) -> None:
        """Register a handler; a later registration replaces an earlier one of that name."""
        ...
