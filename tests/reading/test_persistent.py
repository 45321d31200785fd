"""The persistent cache as a mechanism: entries valid while their area is unchanged, the
least useful entry replaced when full, a game move dropping what it touched, a read
stopped at its node limit answering only questions with no more nodes, a result kept by
its node limit answering only that limit."""

from __future__ import annotations

import pytest

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex
from core.reading.caches import ReadingCaches
from core.reading.persistent import PersistentCache
from core.reading.search import Search


def v(name: str) -> int:
    return parse_vertex(name, 9)


def test_an_entry_is_valid_while_its_area_is_unchanged() -> None:
    board = Board(9)
    cache = PersistentCache("test", size=10, min_nodes=5)
    cache.store(board, 1, (v("E5"),), (1, v("E6")), 100, {v("E5"), v("E6")})
    cache.store(board, 1, (v("A1"),), (1, v("A2")), 2, {v("A1")})  # too cheap to keep
    assert len(cache) == 1
    found = cache.lookup(board, 1, (v("E5"),))
    assert found is not None and found.result == (1, v("E6")) and found.used == 1
    assert cache.lookup(board, 2, (v("E5"),)) is None  # another routine
    board.play(v("E6"), WHITE)
    assert cache.lookup(board, 1, (v("E5"),)) is None
    assert (cache.hits, cache.misses) == (1, 2)


def test_the_least_useful_entry_goes_when_the_cache_is_full() -> None:
    board = Board(9)
    cache = PersistentCache("test", size=2, min_nodes=1)
    cache.store(board, 1, (v("A1"),), (1, 0), 10, {v("A1")})
    cache.store(board, 1, (v("B1"),), (1, 0), 50, {v("B1")})
    assert cache.lookup(board, 1, (v("A1"),)) is not None  # used once: score 20
    cache.store(board, 1, (v("C1"),), (1, 0), 30, {v("C1")})  # evicts A1 (20 < 30)
    assert {e.inputs for e in cache.entries} == {(v("B1"),), (v("C1"),)}
    cache.store(board, 1, (v("D1"),), (1, 0), 5, {v("D1")})  # not worth a place
    assert len(cache) == 2


def test_a_game_move_drops_the_entries_it_touches() -> None:
    board = Board(9)
    caches = ReadingCaches("test", megabytes=1, persistent_size=10, min_nodes=1)
    caches.sync(board)
    caches.persistent.store(board, 1, (v("A1"),), (1, 0), 10, {v("A1"), v("A2")})
    caches.persistent.store(board, 1, (v("J9"),), (1, 0), 10, {v("J9")})
    caches.table.put((1, 0, 0), 1, 1, 1)
    board.play(v("A2"), BLACK)
    caches.sync(board)
    assert len(caches.table) == 0
    assert [e.inputs for e in caches.persistent.entries] == [(v("J9"),)]
    assert caches.persistent.invalidations == 1


def test_a_read_stopped_at_its_node_limit_answers_no_question_with_more_nodes(
        capsys: pytest.CaptureFixture[str]) -> None:
    # a read that stopped at its limit with root moves unread is kept as incomplete: it
    # answers a question with as many nodes or fewer (which would stop there too), not
    # one with more, which reads further; a complete read of the question replaces it
    board = Board(9)
    cache = PersistentCache("test", size=10, min_nodes=1, debug=True)
    cache.store(board, 1, (v("E5"),), (0, 0), 2000, {v("E5")}, complete=False)
    assert "stopped at its limit" in capsys.readouterr().err  # the debug flag's store line says so
    assert cache.lookup(board, 1, (v("E5"),), budget=2000) is not None
    assert cache.lookup(board, 1, (v("E5"),), budget=1500) is not None
    assert cache.lookup(board, 1, (v("E5"),), budget=6000) is None
    assert cache.lookup(board, 1, (v("E5"),)) is None  # no limit at all
    cache.store(board, 1, (v("E5"),), (1, v("A5")), 3500, {v("E5")})
    assert len(cache) == 1
    found = cache.lookup(board, 1, (v("E5"),), budget=6000)
    assert found is not None and found.complete and found.result == (1, v("A5"))


def test_a_result_kept_by_its_node_limit_answers_only_that_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # owl's checked answers and threats are made of several reads: where any of them
    # stopped at its limit is not known, so the whole is kept by the limit it was read on
    board = Board(9)
    cache = PersistentCache("test", size=10, min_nodes=1, debug=True)
    cache.store(board, 10, (v("E5"),), (1, v("A5")), 800, {v("E5")}, limit=300)
    assert "E5 on 300 nodes" in capsys.readouterr().err
    assert cache.lookup(board, 10, (v("E5"),), limit=2000) is None
    assert cache.lookup(board, 10, (v("E5"),)) is None  # a caller that keys by no limit
    found = cache.lookup(board, 10, (v("E5"),), limit=300)
    assert found is not None and found.result == (1, v("A5"))
    cache.store(board, 10, (v("E5"),), (1, v("B5")), 900, {v("E5")}, limit=2000)
    assert len(cache) == 2
    board.play(v("E5"), BLACK)
    cache.moved({v("E5")})
    assert len(cache) == 0  # both dropped: the keys that hold the limit are found again


def test_a_search_reads_again_what_its_last_question_stopped_short() -> None:
    # the plumbing in Search.persistent_read: a read that stops at its node limit with an
    # answer (counted in `stops`) is stored incomplete; a question with as many nodes gets
    # it back, one with more reads afresh and stores its complete answer in its place
    board = Board(9)
    cache = PersistentCache("test", size=10, min_nodes=1)
    reads: list[int] = []

    def ask(limit: int) -> tuple[int, int]:
        search = Search(board, node_limit=limit)

        def read() -> tuple[int, int]:  # a question that needs 500 nodes to find its kill
            reads.append(limit)
            search.nodes += min(limit, 500)
            if limit < 500:
                search.stops += 1
                return 0, 0
            return 1, v("A5")

        return search.persistent_read(cache, 1, (v("E5"),), read, lambda shadow: [v("E5")])

    assert ask(200) == (0, 0) and ask(200) == (0, 0) and reads == [200]
    assert ask(1000) == (1, v("A5")) and reads == [200, 1000]
    assert ask(1000) == (1, v("A5")) and reads == [200, 1000]
    assert len(cache) == 1 and cache.entries[0].complete
