"""Caches are measurably correct: on a corpus of positions, reading gives the same result
codes (and node counts) with and without the transposition table, with and without the
persistent cache, and with 0 or 2 workers."""

from __future__ import annotations

import random

import pytest

from core.analysis.analysis import initial_analysis
from core.board.board import Board
from core.board.playout import random_game
from core.host.context import pack_context
from core.host.plugins import PluginHost
from core.host.pool import Pool, Task
from core.reading.persistent import PersistentCache
from core.reading.table import TranspositionTable
from plugins.tactical.reader import Depths, Reader

DEPTHS = Depths(depth=10, branch_depth=8, backfill_depth=7, fourlib_depth=4, ko_depth=5, vital_depth=2)


def corpus() -> list[tuple[Board, list[int]]]:
    """Random middle-game positions and their strings with two or three liberties."""
    out = []
    for size, moves, seed in ((7, 30, 1), (9, 40, 2), (9, 60, 3), (13, 90, 4)):
        board = Board(size)
        random_game(board, moves, random.Random(seed))
        targets = [s.origin for s in board.strings() if 2 <= len(s.libs) <= 3]
        out.append((board, targets))
    assert sum(len(t) for _, t in out) >= 30
    return out


def read_all(board: Board, targets: list[int], table: TranspositionTable,
             persistent: PersistentCache | None) -> list[tuple[int, int, int, int]]:
    out = []
    for s in targets:
        r = Reader(board, DEPTHS, table, persistent)
        a, _ = r.attack(s)
        d, _ = r.find_defense(s)
        out.append((a, d, r.nodes, board.stackp))
    return out


def codes(rows: list[tuple[int, int, int, int]]) -> list[tuple[int, int]]:
    return [(a, d) for a, d, _, _ in rows]


def test_results_agree_with_and_without_the_transposition_table() -> None:
    for board, targets in corpus():
        without = read_all(board, targets, TranspositionTable(0), None)
        with_table = read_all(board, targets, TranspositionTable(16), None)
        assert codes(without) == codes(with_table)
        # cache hits count the nodes their search cost, so the counts agree too
        assert [n for _, _, n, _ in without] == [n for _, _, n, _ in with_table]


def test_results_agree_with_the_persistent_cache_warm() -> None:
    for board, targets in corpus():
        cold = read_all(board, targets, TranspositionTable(0), None)
        cache = PersistentCache("tactical", size=500, min_nodes=1)
        first = read_all(board, targets, TranspositionTable(0), cache)
        again = read_all(board, targets, TranspositionTable(0), cache)  # answered from the cache
        assert codes(cold) == codes(first) == codes(again)
        assert cache.hits >= len(targets)


def test_the_persistent_cache_is_invalidated_where_a_stone_lands() -> None:
    board, targets = corpus()[1]
    cache = PersistentCache("tactical", size=500, min_nodes=1)
    read_all(board, targets, TranspositionTable(0), cache)
    entries = len(cache.entries)
    empty = board.empty_points()
    move = next(p for p in empty if board.is_legal(p, 1) and any(p in e.area for e in cache.entries))
    cache.moved({move})
    assert cache.invalidations >= 1 and len(cache.entries) < entries
    board.play(move, 1)
    fresh = read_all(board, [t for t in targets if board.board[t]], TranspositionTable(0), None)
    cached = read_all(board, [t for t in targets if board.board[t]], TranspositionTable(0), cache)
    assert codes(fresh) == codes(cached)


@pytest.mark.parametrize("workers", [0, 2])
def test_worm_reading_is_the_same_with_0_or_2_workers(workers: int) -> None:
    host = PluginHost()
    pool = Pool(host, workers)
    local = Pool(host, 0)
    try:
        for board, targets in corpus()[:3]:
            ctx = pack_context(initial_analysis(board, 1, 6.5), 10)
            tasks = [Task("tactical", "read_worm", (t,)) for t in targets]
            a = [r.value for r in pool.run(ctx, tasks, 60.0)]
            b = [r.value for r in local.run(ctx, tasks, 60.0)]
            assert all(v is not None for v in a + b)
            # codes and points agree; the last field (positions visited) depends on what each
            # process had cached
            assert [v[:6] for v in a] == [v[:6] for v in b]
    finally:
        pool.close()
