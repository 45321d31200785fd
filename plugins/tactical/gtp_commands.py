"""The tactical reading commands of GNU Go's GTP dialect, answered from the tactical service."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.host.gtpview import Decorator, register_node_counter, result_text

if TYPE_CHECKING:
    from plugins.tactical.plugin import TacticalService


def register(registry: Any, service: TacticalService) -> None:
    """Add the reading commands to a GTP registry."""

    command: Decorator = registry.command

    @command("attack")
    def attack(engine: Any, args: Any) -> str:
        """Can the string at V be captured: code and move."""
        args.expect(1)
        board = engine.game.board
        return result_text(board.size, *service.attack(board, args.stone_vertex(0, board.color)))

    @command("defend")
    def defend(engine: Any, args: Any) -> str:
        """Can the string at V be saved: code and move."""
        args.expect(1)
        board = engine.game.board
        return result_text(board.size, *service.find_defense(board, args.stone_vertex(0, board.color)))

    @command("does_attack")
    def does_attack(engine: Any, args: Any) -> str:
        """Does move M attack the string at V: code."""
        args.expect(2)
        board = engine.game.board
        return str(service.does_attack(board, args.vertex(0), args.stone_vertex(1, board.color)))

    @command("does_defend")
    def does_defend(engine: Any, args: Any) -> str:
        """Does move M defend the string at V: code."""
        args.expect(2)
        board = engine.game.board
        return str(service.does_defend(board, args.vertex(0), args.stone_vertex(1, board.color)))

    @command("attack_either")
    def attack_either(engine: Any, args: Any) -> str:
        """Can one of the strings at V1 and V2 be captured: code and move."""
        args.expect(2)
        board = engine.game.board
        a, b = args.stone_vertex(0, board.color), args.stone_vertex(1, board.color)
        return result_text(board.size, *service.attack_either(board, a, b))

    @command("defend_both")
    def defend_both(engine: Any, args: Any) -> str:
        """Can both strings at V1 and V2 be saved with one move: code and move."""
        args.expect(2)
        board = engine.game.board
        a, b = args.stone_vertex(0, board.color), args.stone_vertex(1, board.color)
        return result_text(board.size, *service.defend_both(board, a, b))

    register_node_counter(registry, service, "reading", "tactical reading")

    @command("increase_depths")
    def increase_depths(engine: Any, args: Any) -> str:
        """Read one ply deeper at every depth limit."""
        args.expect(0)
        service.delta += 1
        return ""

    @command("decrease_depths")
    def decrease_depths(engine: Any, args: Any) -> str:
        """Read one ply shallower at every depth limit."""
        args.expect(0)
        service.delta -= 1
        return ""
