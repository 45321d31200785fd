"""GTP pieces every reading plugin shares: the answer to a reading question and the
reset/get node counter commands (GNU Go's dialect)."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from core.board.coords import vertex

Handler = Callable[[Any, Any], str]
Decorator = Callable[[str], Callable[[Handler], Handler]]


class Counted(Protocol):
    """A service that counts the nodes its reading visits."""

    nodes: int


def result_text(size: int, code: int, move: int) -> str:
    """A reading result as GTP answers it: '0', or the code and the move."""
    return f"{code} {vertex(size, move)}" if code else "0"


def register_node_counter(registry: Any, service: Counted, name: str, what: str) -> None:
    """Add reset_NAME_node_counter and get_NAME_node_counter for the service's nodes."""

    def reset(engine: Any, args: Any) -> str:
        args.expect(0)
        service.nodes = 0
        return ""

    def get(engine: Any, args: Any) -> str:
        args.expect(0)
        return str(service.nodes)

    registry.add(f"reset_{name}_node_counter", reset, f"Set the {what} node counter to zero.")
    registry.add(f"get_{name}_node_counter", get, f"{what.capitalize()} nodes since the last reset.")
