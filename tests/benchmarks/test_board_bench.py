"""Board benchmarks: trymove/popgo pairs, random playouts, Position packing."""

from __future__ import annotations

import random
from typing import Any

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.playout import random_game
from core.board.position import Position
from tests.benchmarks.conftest import middle_game, run_and_rate


def test_trymove_popgo_pairs_19x19(benchmark: Any) -> None:
    board = middle_game()
    empties = board.empty_points()
    legal = [(p, c) for c in (BLACK, WHITE) for p in empties if board.is_legal(p, c)]
    trymove, popgo = board.trymove, board.popgo

    def pairs() -> None:
        for p, c in legal:
            trymove(p, c)
            popgo()

    run_and_rate(benchmark, pairs, "pairs_per_second", len(legal))
    benchmark.extra_info["pairs_per_round"] = len(legal)
    assert board.stackp == 0


def _playout_bench(benchmark: Any, size: int) -> None:
    rng = random.Random(1)
    played: list[int] = []

    def playout() -> None:
        board = Board(size)
        played.append(random_game(board, 3 * size * size, rng))

    run_and_rate(benchmark, playout, "moves_per_second", 1)
    benchmark.extra_info["moves_per_second"] = round(benchmark.extra_info["moves_per_second"] * sum(played) / len(played), 1)


def test_random_playouts_9x9(benchmark: Any) -> None:
    _playout_bench(benchmark, 9)


def test_random_playouts_19x19(benchmark: Any) -> None:
    _playout_bench(benchmark, 19)


def test_position_pack_unpack_19x19(benchmark: Any) -> None:
    pos = Position.from_board(middle_game(), to_move=BLACK, komi=6.5)
    data = pos.pack()

    def round_trip() -> None:
        Position.unpack(pos.pack())

    rate = run_and_rate(benchmark, round_trip, "round_trips_per_second", 1)
    benchmark.extra_info["microseconds"] = round(1e6 / rate, 2)
    benchmark.extra_info["bytes"] = len(data)
    assert Position.unpack(data) == pos
