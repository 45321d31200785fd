"""The connection reading commands of GNU Go's GTP dialect, answered from the connection service."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from core.errors import KiaiError
from core.host.gtpview import Decorator, register_node_counter, result_text

if TYPE_CHECKING:
    from plugins.connection.plugin import ConnectionService


def _pair(engine: Any, args: Any) -> tuple[int, int]:
    """Two stones of one colour from the arguments."""
    args.expect(2)
    board = engine.game.board
    a, b = args.stone_vertex(0, board.color), args.stone_vertex(1, board.color)
    if board.board[a] != board.board[b]:
        raise KiaiError("vertices must be stones of the same colour")
    return a, b


def _string_and_area(engine: Any, args: Any) -> tuple[int, frozenset[int]]:
    """A stone and the area (one or more points) after it."""
    args.expect(2, 1 << 20)
    board = engine.game.board
    a = args.stone_vertex(0, board.color)
    area = frozenset(args.vertex(i) for i in range(1, len(args)))
    if 0 in area:
        raise KiaiError("the area must be points on the board, not PASS")
    return a, area


def register(registry: Any, service: ConnectionService) -> None:
    """Add the connection reading commands to a GTP registry."""
    questions: list[tuple[str, Callable[[Any, Any], tuple[int, Any]], str]] = [
        ("connect", _pair, "Can the strings at V1 and V2 be connected, their owner moving first: code and move."),
        ("disconnect", _pair, "Can the strings at V1 and V2 be cut apart, the opponent moving first: code and move."),
        ("break_in", _string_and_area, "Can the string at V reach the area (the points after it), its owner moving "
                                       "first: code and move."),
        ("block_off", _string_and_area, "Can the string at V be kept out of the area (the points after it), the "
                                        "opponent moving first: code and move."),
    ]
    command: Decorator = registry.command
    for name, parse, doc in questions:
        def answer(engine: Any, args: Any, name: str = name, parse: Callable[[Any, Any], tuple[int, Any]] = parse) -> str:
            a, target = parse(engine, args)
            service.tactical = engine.host.services.tactical()
            board = engine.game.board
            return result_text(board.size, *getattr(service, name)(board, a, target))
        registry.add(name, answer, doc)

    register_node_counter(registry, service, "connection", "connection reading")
