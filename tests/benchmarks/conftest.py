"""Helpers for benchmarks: positions to measure on, and throughput in extra_info."""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from core import build
from core.board.board import Board
from core.board.playout import random_game


def middle_game(size: int = 19, moves: int = 150, seed: int = 7) -> Board:
    """A reproducible middle-game board: `moves` random legal moves from an empty board."""
    board = Board(size)
    random_game(board, moves, random.Random(seed))
    return board


def run_and_rate(benchmark: Any, fn: Callable[[], object], key: str, count: float) -> float:
    """Benchmark fn and store count/seconds under extra_info[key]; returns that rate.

    With benchmarks disabled (the default test run) fn runs once and is timed directly,
    so the figure is still filled in.
    """
    start = time.perf_counter()
    benchmark(fn)
    elapsed = time.perf_counter() - start
    stats = getattr(benchmark, "stats", None)
    seconds = stats.stats.mean if stats is not None else elapsed
    rate = count / seconds
    benchmark.extra_info[key] = round(rate, 1)
    benchmark.extra_info["build"] = build.state().describe()
    return rate
