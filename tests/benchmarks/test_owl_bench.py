"""Owl benchmark: owl_attack and owl_defend of a corner group, each asked of a fresh
service (no cache carried from round to round), with the owl and tactical nodes spent."""

from __future__ import annotations

from typing import Any

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex, point
from core.board.diagram import parse_diagram
from plugins.owl.service import OwlService
from plugins.tactical.service import TacticalService
from tests.benchmarks.conftest import run_and_rate

# The lower left corner of a 19x19 board: black's corner group (C5 and its friends) under
# white's wall, with room to make eyes in the corner; white cannot kill it, and the
# reading has to see that through the hane, placements and the first-line moves.
CORNER = """
. . . . . . . .
. . . . . . . .
O O O O . . . .
X X X O . O . .
. . X X O . . .
. . . X O . . .
. . X . X O . .
. . . . . . . .
"""


def corner() -> Board:
    """The corner position on a 19x19 board."""
    rows, _ = parse_diagram(CORNER)
    shift = 19 - len(rows)  # the diagram's last row is the board's first line
    stones = [(rows[r][c], point(19, r + shift, c)) for r in range(len(rows)) for c in range(len(rows))]
    board = Board(19)
    board.setup(black=[p for color, p in stones if color == BLACK], white=[p for color, p in stones if color == WHITE])
    return board


def test_owl_attack_and_defend_of_a_corner_group(benchmark: Any) -> None:
    board = corner()
    group = parse_vertex("C5", 19)
    nodes: list[tuple[int, int]] = []

    def read() -> None:
        service = OwlService()
        tactical = TacticalService()
        service.tactical = tactical
        service.counter.reset()  # (the counters are the process's, as GTP reports them)
        tactical.counter.reset()
        assert service.owl_attack(board, group)[0] == 0
        assert service.owl_defend(board, group)[0] != 0
        nodes.append((service.counter.value, tactical.counter.value))

    run_and_rate(benchmark, read, "questions_per_second", 2)
    benchmark.extra_info["owl_nodes"], benchmark.extra_info["tactical_nodes"] = nodes[-1]
