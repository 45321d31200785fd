"""The command registry: one table of typed GTP handlers; every module adds its commands here.

A handler takes the engine and an Args (typed accessors that raise GtpError with a clear
message on a missing or malformed argument) and returns the answer text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from gtp.stream import Stream

from core.board.color import parse_color
from core.board.coords import parse_vertex
from core.errors import KiaiError
from gtp.protocol import GtpError

if TYPE_CHECKING:
    from gtp.engine import Engine

Handler = Callable[["Engine", "Args"], "str | Stream"]
_INTEGER = re.compile(r"[+-]?[0-9]+")
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


class Args:
    """The arguments of one command, with typed accessors."""

    def __init__(self, name: str, words: list[str], size: int, registry: Registry | None = None) -> None:
        self.name = name
        self.words = words
        self.size = size
        self.registry = registry  # the table the command came from (list_commands reads it)

    def __len__(self) -> int:
        return len(self.words)

    def expect(self, low: int, high: int | None = None) -> None:
        """GtpError unless the argument count is in low..high (high defaults to low)."""
        high = low if high is None else high
        n = len(self.words)
        if not low <= n <= high:
            want = str(low) if low == high else (f"{low} or more" if high >= 1 << 20 else f"{low} to {high}")
            raise GtpError(f"syntax error: {self.name} takes {want} argument{'s' if want != '1' else ''}, got {n}")

    def word(self, i: int) -> str:
        """The i-th argument as text."""
        return self.words[i]

    def integer(self, i: int, low: int | None = None, high: int | None = None) -> int:
        """The i-th argument as an integer within optional bounds."""
        word = self.words[i]
        if not _INTEGER.fullmatch(word):  # int() would take '٣' and '1_000'; GTP is ASCII
            raise GtpError(f"syntax error: expected an integer, got {word!r}")
        value = int(word)
        if (low is not None and value < low) or (high is not None and value > high):
            raise GtpError(f"syntax error: {value} is out of range")
        return value

    def number(self, i: int) -> float:
        """The i-th argument as a finite number."""
        word = self.words[i]
        if not _NUMBER.fullmatch(word):
            raise GtpError(f"syntax error: expected a number, got {word!r}")
        value = float(word)
        if value != value or value in (float("inf"), float("-inf")):
            raise GtpError(f"syntax error: expected a finite number, got {self.words[i]!r}")
        return value

    def color(self, i: int) -> int:
        """The i-th argument as BLACK or WHITE."""
        try:
            return parse_color(self.words[i])
        except KiaiError as e:
            raise GtpError(f"syntax error: {e}") from None

    def vertex(self, i: int) -> int:
        """The i-th argument as a point on the current board (PASS allowed)."""
        return parse_vertex(self.words[i], self.size)

    def point(self, i: int) -> int:
        """The i-th argument as a point on the current board, not PASS."""
        p = self.vertex(i)
        if p == 0:
            raise GtpError(f"syntax error: {self.name} needs a point on the board, not PASS")
        return p

    def empty_vertex(self, i: int, board_color: Callable[[int], int]) -> int:
        """The i-th argument as an empty point on the board (a move to try)."""
        p = self.point(i)
        if board_color(p) != 0:
            raise GtpError(f"move vertex must be empty: {self.words[i].upper()}")
        return p

    def stone_vertex(self, i: int, board_color: Callable[[int], int]) -> int:
        """The i-th argument as a point holding a stone."""
        p = self.vertex(i)
        if p == 0 or board_color(p) not in (1, 2):
            raise GtpError(f"vertex must not be empty: {self.words[i].upper()}")
        return p


@dataclass(frozen=True)
class CommandSpec:
    """A registered command: its handler and a one-line description."""

    name: str
    handler: Handler
    doc: str


class Registry:
    """Name -> handler; list_commands answers exactly what is registered here."""

    def __init__(self) -> None:
        self._commands: dict[str, CommandSpec] = {}

    def command(self, name: str) -> Callable[[Handler], Handler]:
        """Decorator registering a handler under a GTP command name."""

        def register(fn: Handler) -> Handler:
            self.add(name, fn)
            return fn

        return register

    def add(self, name: str, fn: Handler, doc: str | None = None) -> None:
        """Register a handler; a later registration replaces an earlier one of that name."""
        text = doc or (fn.__doc__ or "").strip().splitlines()[0] if (doc or fn.__doc__) else ""
        self._commands[name] = CommandSpec(name, fn, text)

    def get(self, name: str) -> CommandSpec | None:
        """The command of that name, if registered."""
        return self._commands.get(name)

    def names(self) -> list[str]:
        """Every registered command name, sorted."""
        return sorted(self._commands)

    def copy(self) -> Registry:
        """A registry with the same commands, to which one engine's plugins add theirs."""
        new = Registry()
        new._commands = dict(self._commands)
        return new


REGISTRY = Registry()
command = REGISTRY.command
