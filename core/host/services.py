"""Services plugins provide to one another, as typed Protocols, and the table that holds them.

Plugins import nothing of each other: the owl reader asks the table for 'tactical' and
gets whichever plugin registered it, so swapping the tactical plugin swaps it for all.
"""

from __future__ import annotations

from typing import Any, Protocol

from core.board.board import Board
from core.errors import KiaiError


class TacticalReader(Protocol):
    """Tactical reading of strings: result codes 0, WIN (1), KO_A (2), KO_B (3) and a move."""

    def attack(self, board: Board, s: int, node_limit: int | None = None) -> tuple[int, int]:
        """Can the string at s be captured, its opponent moving first (bounded by node_limit)."""
        ...

    def find_defense(self, board: Board, s: int) -> tuple[int, int]:
        """Can the string at s be saved, its owner moving first."""
        ...


class ServiceMissing(KiaiError):
    """A service was asked for that no loaded plugin provides."""


class Services:
    """Name -> service object, filled from every plugin's kiai_services hook."""

    def __init__(self, table: dict[str, Any] | None = None) -> None:
        self._table: dict[str, Any] = dict(table or {})

    def provide(self, name: str, service: Any) -> None:
        """Offer a service under a name (a later provider replaces an earlier one)."""
        self._table[name] = service

    def get(self, name: str) -> Any:
        """The service of that name; ServiceMissing if no plugin provides it."""
        try:
            return self._table[name]
        except KeyError:
            raise ServiceMissing(f"no plugin provides the {name!r} service") from None

    def has(self, name: str) -> bool:
        """True if some plugin provides the service."""
        return name in self._table

    def tactical(self) -> TacticalReader | None:
        """The tactical reader, if a plugin provides one."""
        service: TacticalReader | None = self._table.get("tactical")
        return service
