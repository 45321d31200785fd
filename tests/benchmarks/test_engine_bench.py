"""Engine benchmarks: the pattern database, influence, a full genmove, and the pool's overhead."""

from __future__ import annotations

from typing import Any

import pytest

from core.analysis.influence import compute_influence
from core.board.color import BLACK
from core.host.plugins import PluginHost
from core.host.pool import Pool
from core.move.genmove import MoveGenerator
from core.move.patterns import Matcher, load_database
from tests.benchmarks.conftest import middle_game, run_and_rate


def test_pattern_database_on_19x19(benchmark: Any) -> None:
    board = middle_game()
    matcher = Matcher(load_database())

    def match() -> None:
        matcher.match(board, BLACK)
        matcher.match(board, 3 - BLACK)

    run_and_rate(benchmark, match, "boards_per_second", 1)
    benchmark.extra_info["patterns"] = len(matcher.patterns)


def test_influence_19x19(benchmark: Any) -> None:
    board = middle_game()
    run_and_rate(benchmark, lambda: compute_influence(board), "influences_per_second", 1)


@pytest.mark.slow
@pytest.mark.parametrize("size, moves", [(9, 30), (19, 120)])
def test_full_genmove(benchmark: Any, size: int, moves: int) -> None:
    """A whole genmove, in-process, with time to finish: each round on a new engine, so no
    cache is warm from the round before."""
    board = middle_game(size, moves)

    def genmove() -> None:
        host = PluginHost()
        result = MoveGenerator(host, Pool(host, 0)).genmove(board, BLACK, 6.5, 300.0)
        assert result.complete

    rate = run_and_rate(benchmark, genmove, "genmoves_per_second", 1)
    benchmark.extra_info["seconds_per_genmove"] = round(1 / rate, 3)


@pytest.mark.slow
def test_pool_overhead_per_genmove(benchmark: Any) -> None:
    """The pool's own cost (packing, sending, collecting, rebuilding contexts) in real 19x19
    genmoves, each on a new position; plugin work is not counted."""
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 2))
    boards = [middle_game(19, moves, seed=11) for moves in (80, 81, 82, 83)]
    overheads: list[float] = []
    try:
        # the first genmove of a new pool also pays for the workers' start-up (imports)
        first = gen.genmove(middle_game(19, 79, seed=11), BLACK, 6.5, 60.0).pool.overhead
        benchmark.extra_info["first_genmove_overhead_ms"] = round(1000 * first, 3)
        def genmoves() -> None:
            for board in boards:
                result = gen.genmove(board, BLACK, 6.5, 60.0)
                overheads.append(result.pool.overhead)

        run_and_rate(benchmark, genmoves, "genmoves_per_second", len(boards))
        benchmark.extra_info["overhead_ms_per_genmove_mean"] = round(1000 * sum(overheads) / len(overheads), 3)
        benchmark.extra_info["overhead_ms_per_genmove_max"] = round(1000 * max(overheads), 3)
    finally:
        gen.pool.close()
