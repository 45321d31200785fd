"""Eye analysis and dragon building on a 19x19 middle game, and their share of a genmove."""

from __future__ import annotations

import copy
import time
from typing import Any

from core.analysis.analysis import Analysis
from core.board.color import BLACK
from core.host.plugins import PluginHost
from core.host.pool import Pool
from core.move.genmove import MoveGenerator
from tests.benchmarks.conftest import middle_game, run_and_rate


def test_eyes_and_dragons_19x19(benchmark: Any) -> None:
    """Eye spaces, unconditional life, amalgamation (with its connection reading) and the
    dragons, on worms the tactical plugin has read; each round on a new host, so no
    reading cache is warm from the round before."""
    board = middle_game(19, 120)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    worms = gen.examine(board, BLACK, 6.5, time.monotonic() + 300).worms
    analyses: list[Analysis] = []

    def build() -> None:
        fresh = PluginHost()
        a = Analysis(board, BLACK, 6.5, copy.deepcopy(worms))
        a.build_dragons(services=fresh.services)
        analyses.append(a)

    rate = run_and_rate(benchmark, build, "builds_per_second", 1)
    seconds = 1 / rate
    benchmark.extra_info["seconds_per_build"] = round(seconds, 3)
    a = analyses[-1]
    benchmark.extra_info["dragons"] = len(a.dragons)
    benchmark.extra_info["eye_spaces"] = len(a.spaces)
    fresh = PluginHost()
    start = time.perf_counter()
    assert MoveGenerator(fresh, Pool(fresh, 0)).genmove(board, BLACK, 6.5, 300.0).complete
    genmove = time.perf_counter() - start
    benchmark.extra_info["seconds_per_genmove"] = round(genmove, 3)
    benchmark.extra_info["share_of_genmove"] = round(seconds / genmove, 3)
