"""Reading benchmarks: a long ladder, and attack/defend on 2-, 3- and 4-liberty strings."""

from __future__ import annotations

from typing import Any

import pytest

from core.board.board import Board
from core.board.coords import point
from core.reading.table import TranspositionTable
from plugins.tactical.reader import Depths, Reader
from tests.benchmarks.conftest import middle_game, run_and_rate


def long_ladder() -> tuple[Board, int]:
    """A ladder that runs from the upper left to the lower right edge of a 19x19 board."""
    board = Board(19)
    r, c = 3, 3
    board.setup(black=[point(19, r, c)], white=[point(19, r - 1, c), point(19, r, c - 1), point(19, r + 1, c - 1)])
    return board, point(19, r, c)


def test_ladder_reading(benchmark: Any) -> None:
    board, stone = long_ladder()
    nodes: list[int] = []

    def read() -> None:
        reader = Reader(board, Depths(), TranspositionTable(0))
        code, _ = reader.attack(stone)
        assert code == 1
        nodes.append(reader.nodes)

    run_and_rate(benchmark, read, "ladders_per_second", 1)
    benchmark.extra_info["nodes"] = nodes[-1]
    benchmark.extra_info["nodes_per_second"] = round(benchmark.extra_info["ladders_per_second"] * nodes[-1])


@pytest.mark.parametrize("liberties", [2, 3, 4])
def test_attack_and_defend_in_crowded_positions(benchmark: Any, liberties: int) -> None:
    boards = [middle_game(19, moves, seed) for moves, seed in ((150, 3), (180, 5), (200, 9))]
    targets = [(b, s.origin) for b in boards for s in b.strings() if len(s.libs) == liberties][:12]
    assert targets
    nodes: list[int] = []

    def read() -> None:
        total = 0
        for board, s in targets:
            reader = Reader(board, Depths(), TranspositionTable(16))
            reader.attack(s)
            reader.find_defense(s)
            total += reader.nodes
        nodes.append(total)

    rate = run_and_rate(benchmark, read, "strings_per_second", len(targets))
    benchmark.extra_info["nodes_per_second"] = round(rate * nodes[-1] / len(targets))
    benchmark.extra_info["strings"] = len(targets)
