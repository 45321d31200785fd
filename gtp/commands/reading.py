"""The reading commands of GNU Go's GTP dialect (tactical, connection and owl reading), answered
by whichever plugin provides each service, and the node counters the plugins declare."""

from __future__ import annotations

from typing import Any, Callable

from core.board.coords import vertex
from core.errors import KiaiError
from core.host.services import CONNECTION, OWL, TACTICAL, Slot
from core.reading.counters import NodeCounter
from gtp.engine import Engine
from gtp.registry import REGISTRY, Args, Registry


def result_text(size: int, code: int, move: int) -> str:
    """A reading result as GTP answers it: '0', or the code and the move."""
    return f"{code} {vertex(size, move)}" if code else "0"


def _vertices(*kinds: str) -> Callable[[Engine, Args], tuple[Any, ...]]:
    """Arguments read in order: each a 'stone' (a point with a stone) or a 'move' (an empty point)."""
    def parse(engine: Engine, args: Args) -> tuple[Any, ...]:
        args.expect(len(kinds))
        color = engine.game.board.color
        return tuple(args.stone_vertex(i, color) if k == "stone" else args.empty_vertex(i, color)
                     for i, k in enumerate(kinds))

    return parse


_stone, _stones, _move_and_stone = _vertices("stone"), _vertices("stone", "stone"), _vertices("move", "stone")


def _one_colour(*kinds: str) -> Callable[[Engine, Args], tuple[Any, ...]]:
    """Arguments read as _vertices reads them, whose last two stones must be of one colour."""
    parse = _vertices(*kinds)

    def checked(engine: Engine, args: Args) -> tuple[Any, ...]:
        found = parse(engine, args)
        if engine.game.board.board[found[-1]] != engine.game.board.board[found[-2]]:
            raise KiaiError("vertices must be stones of the same colour")
        return found

    return checked


_pair, _move_and_pair = _one_colour("stone", "stone"), _one_colour("move", "stone", "stone")


def _string_and_area(engine: Engine, args: Args) -> tuple[Any, ...]:
    """A stone and the area (one or more points) after it."""
    args.expect(2, 1 << 20)
    area = frozenset(args.vertex(i) for i in range(1, len(args)))
    if 0 in area:
        raise KiaiError("the area must be points on the board, not PASS")
    return args.stone_vertex(0, engine.game.board.color), area


Parse = Callable[[Engine, Args], tuple[Any, ...]]

# name, service, its method, how the arguments are read, and what it answers
QUESTIONS: list[tuple[str, Slot[Any], str, Parse, str]] = [
    ("attack", TACTICAL, "attack", _stone, "Can the string at V be captured: code and move."),
    ("defend", TACTICAL, "find_defense", _stone, "Can the string at V be saved: code and move."),
    ("does_attack", TACTICAL, "does_attack", _move_and_stone, "Does move M attack the string at V: code."),
    ("does_defend", TACTICAL, "does_defend", _move_and_stone, "Does move M defend the string at V: code."),
    ("attack_either", TACTICAL, "attack_either", _stones,
     "Can one of the strings at V1 and V2 be captured: code and move."),
    ("defend_both", TACTICAL, "defend_both", _stones,
     "Can both strings at V1 and V2 be saved with one move: code and move."),
    ("connect", CONNECTION, "string_connect", _pair,
     "Can the strings at V1 and V2 be connected, their owner moving first: code and move."),
    ("disconnect", CONNECTION, "disconnect", _pair,
     "Can the strings at V1 and V2 be cut apart, the opponent moving first: code and move."),
    ("break_in", CONNECTION, "break_in", _string_and_area,
     "Can the string at V reach the area (the points after it), its owner moving first: code and move."),
    ("block_off", CONNECTION, "block_off", _string_and_area,
     "Can the string at V be kept out of the area (the points after it), the opponent moving first: code and move."),
    ("owl_attack", OWL, "owl_attack", _stone, "Can the dragon at V be killed, its opponent moving first: code and move."),
    ("owl_defend", OWL, "owl_defend", _stone, "Can the dragon at V be saved, its owner moving first: code and move."),
    ("owl_does_attack", OWL, "owl_does_attack", _move_and_stone, "Does move M kill the dragon at V: code."),
    ("owl_does_defend", OWL, "owl_does_defend", _move_and_stone, "Does move M save the dragon at V: code."),
    ("owl_threaten_attack", OWL, "owl_threaten_attack", _stone,
     "Can the dragon at V be killed with two moves in a row: code and both moves."),
    ("owl_threaten_defense", OWL, "owl_threaten_defense", _stone,
     "Can the dragon at V be saved with two moves in a row: code and both moves."),
    ("owl_connection_defends", OWL, "owl_connection_defends", _move_and_pair,
     "Does move M join the dragons at V1 and V2 into one that lives: code."),
    ("owl_substantial", OWL, "owl_substantial", _stone,
     "1 if capturing the string at V gives the capturer a living group, else 0."),
]


def _question(slot: Slot[Any], method: str, parse: Parse) -> Callable[[Engine, Args], str]:
    def answer(engine: Engine, args: Args) -> str:
        inputs = parse(engine, args)
        board = engine.game.board
        result = getattr(engine.services.get(slot), method)(board, *inputs)
        if isinstance(result, int):
            return str(result)
        if len(result) == 3:  # a threat: the code and two moves
            code, first, second = result
            return f"{code} {vertex(board.size, first)} {vertex(board.size, second)}" if code else "0"
        return result_text(board.size, *result)

    return answer


for _name, _slot, _method, _parse, _doc in QUESTIONS:
    REGISTRY.add(_name, _question(_slot, _method, _parse), _doc)


def _semeai(engine: Engine, args: Args) -> str:
    """analyze_semeai A B: 'A-survives B-dies move', A's owner moving first."""
    a, b = _stones(engine, args)
    board = engine.game.board
    if board.board[a] == board.board[b]:
        raise KiaiError("analyze_semeai needs two dragons of opposite colours")
    survives, dies, move = engine.services.get(OWL).analyze_semeai(board, a, b)
    return f"{survives} {dies} {vertex(board.size, move)}"


REGISTRY.add("analyze_semeai", _semeai,
             "The capturing race between the dragons at A and B, A's owner moving first: whether A survives, "
             "whether B dies, and A's move (PASS when none is needed).")


def _counter_commands(counter: NodeCounter) -> tuple[Callable[[Engine, Args], str], Callable[[Engine, Args], str]]:
    def reset(engine: Engine, args: Args) -> str:
        args.expect(0)
        counter.reset()
        return ""

    def get(engine: Engine, args: Args) -> str:
        args.expect(0)
        return str(counter.value)

    return reset, get


def register_node_counters(registry: Registry, counters: dict[str, NodeCounter]) -> None:
    """reset_NAME_node_counter and get_NAME_node_counter for every declared counter."""
    for name, counter in sorted(counters.items()):
        reset, get = _counter_commands(counter)
        registry.add(f"reset_{name}_node_counter", reset, f"Set the {counter.description} node counter to zero.")
        registry.add(f"get_{name}_node_counter", get, f"{counter.description.capitalize()} nodes since the last reset.")
