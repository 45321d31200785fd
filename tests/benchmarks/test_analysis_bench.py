"""Eye analysis and dragon building on a 19x19 middle game, and their share of a genmove."""

from __future__ import annotations

import copy
import subprocess
import sys
import time
from typing import Any

import pytest

from core import build
from core.analysis.analysis import Analysis
from core.board.color import BLACK, color_name
from core.board.coords import vertex
from core.host.plugins import PluginHost
from core.host.pool import Pool
from core.analysis.eyeshapes import value
from core.move.genmove import MoveGenerator
from tests.analysis.helpers import SPACE_BOARD, clear_eye_caches, random_space
from tests.benchmarks.conftest import middle_game, run_and_rate


@pytest.mark.slow
def test_eyes_and_dragons_19x19(benchmark: Any) -> None:
    """Eye spaces, unconditional life, amalgamation (with its connection reading) and the
    dragons, on worms the tactical plugin has read; each round on a new host, so no
    reading cache is warm from the round before."""
    board = middle_game(19, 120)
    host = PluginHost()
    start = time.perf_counter()  # one genmove: its time, and the worms its tactical reading made
    result = MoveGenerator(host, Pool(host, 0)).genmove(board, BLACK, 6.5, 300.0)
    genmove = time.perf_counter() - start
    assert result.complete
    worms = result.analysis.worms
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
    benchmark.extra_info["seconds_per_genmove"] = round(genmove, 3)
    benchmark.extra_info["share_of_genmove"] = round(seconds / genmove, 3)


def test_eye_value_search(benchmark: Any) -> None:
    """The eye values' search on 300 random spaces of 3 to 10 points near a corner, with
    marginal points and dead stones, every cache emptied before each round (owl values
    thousands of such spaces a question)."""
    spaces = [random_space(seed) for seed in range(300)]

    def search() -> None:
        clear_eye_caches()
        for points, marginal, dead in spaces:
            value(points, marginal, dead, size=SPACE_BOARD)

    run_and_rate(benchmark, search, "spaces_per_second", len(spaces))


def test_kata_analyze_latency_19x19(benchmark: Any) -> None:
    """kata-analyze B 50 through a GTP pipe on a 19x19 middle game: seconds to the first
    info line, and from the next input line to the end of the stream."""
    board = middle_game(19, 120)
    proc = subprocess.Popen([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "0"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout
    firsts: list[float] = []
    stops: list[float] = []

    def ask(line: str) -> str:
        stdin.write(line + "\n")
        stdin.flush()
        out = []
        while (text := stdout.readline()) != "\n":
            out.append(text)
        return "".join(out)

    try:
        for color, p in board.history:
            assert ask(f"play {color_name(color)} {vertex(19, p)}").startswith("=")

        def analyse() -> None:
            start = time.perf_counter()
            stdin.write("kata-analyze B 50\n")
            stdin.flush()
            assert stdout.readline() == "=\n"
            assert stdout.readline().startswith("info move ")
            firsts.append(time.perf_counter() - start)
            stdout.readline()  # a second round
            stop = time.perf_counter()
            stdin.write("name\n")
            stdin.flush()
            while stdout.readline() != "\n":
                pass
            stops.append(time.perf_counter() - stop)
            assert ask("") == "= Kiai\n"  # the command sent meanwhile was answered, in order

        benchmark(analyse)
    finally:
        stdin.write("quit\n")
        stdin.flush()
        proc.wait(30)
    benchmark.extra_info["first_info_seconds_max"] = round(max(firsts), 3)
    benchmark.extra_info["first_info_seconds"] = [round(x, 3) for x in firsts]
    benchmark.extra_info["stop_seconds_max"] = round(max(stops), 3)
    benchmark.extra_info["build"] = build.state().describe()
