"""Connection benchmarks: the connection distance between nearby strings, and connect plus
disconnect questions on them, in random middle-game positions."""

from __future__ import annotations

from typing import Any

from core.board.board import Board
from plugins.connection.distance import STONE, gap, string_seeds
from plugins.connection.reader import ConnectionReader, Limits
from plugins.tactical.plugin import TacticalService
from tests.benchmarks.conftest import middle_game, run_and_rate


def nearby_pairs(count: int) -> list[tuple[Board, int, int]]:
    """Pairs of strings of one colour two or three lines apart, the questions reading gets."""
    pairs: list[tuple[Board, int, int]] = []
    for moves, seed in ((120, 3), (160, 5), (200, 9)):
        board = middle_game(19, moves, seed)
        strings = list(board.strings())
        for i, s in enumerate(strings):
            for t in strings[i + 1:]:
                rs, cs = divmod(s.origin, board.stride)
                rt, ct = divmod(t.origin, board.stride)
                if s.color == t.color and 2 <= abs(rs - rt) + abs(cs - ct) <= 3:
                    pairs.append((board, s.origin, t.origin))
    assert len(pairs) >= count
    return pairs[:count]


def test_connection_distance(benchmark: Any) -> None:
    pairs = nearby_pairs(60)

    def measure() -> None:
        for board, a, b in pairs:
            gap(board, a, string_seeds(board, b), board.board[a], 4 * STONE)

    run_and_rate(benchmark, measure, "gaps_per_second", len(pairs))


def test_connect_and_disconnect(benchmark: Any) -> None:
    pairs = nearby_pairs(4)
    nodes: list[int] = []

    def read() -> None:
        total = 0
        for board, a, b in pairs:
            reader = ConnectionReader(board, TacticalService(), Limits(node_limit=100))
            reader.string_connect(a, b)
            reader.disconnect(a, b)
            total += reader.nodes
        nodes.append(total)

    rate = run_and_rate(benchmark, read, "pairs_per_second", len(pairs))
    benchmark.extra_info["nodes_per_second"] = round(rate * nodes[-1] / len(pairs))
