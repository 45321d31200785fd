"""The plugin host and faults in plugins: every failure is reported with the plugin's
name, its reasons are dropped, and genmove still answers a legal move in time."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from core.board.board import Board
from core.board.color import BLACK
from core.board.coords import parse_vertex
from core.host.plugins import PluginError, PluginHost, PluginSpec
from core.host.pool import Pool, slot
from core.move.genmove import MoveGenerator

BUILT_IN = ["combination", "connection", "endgame", "owl", "tactical"]


def generator(workers: int, *modules: str) -> MoveGenerator:
    host = PluginHost(PluginSpec((), tuple(modules)))
    return MoveGenerator(host, Pool(host, workers))


def test_built_in_plugins_come_through_the_entry_point_group() -> None:
    host = PluginHost()
    assert host.loaded() == BUILT_IN
    assert set(host.implementers("kiai_generate")) >= {"tactical", "connection", "owl", "combination"}
    assert host.implementers("kiai_endgame") == ["endgame"]
    assert host.services.has("tactical")


def test_disabling_plugins() -> None:
    host = PluginHost(PluginSpec(("tactical", "owl")))
    assert host.loaded() == ["combination", "connection", "endgame"]
    assert not host.services.has("tactical")
    rows = {name: loaded for name, _, _, loaded in host.describe()}
    assert rows["tactical"] is False and rows["endgame"] is True
    with pytest.raises(PluginError, match="unknown plugin"):
        PluginHost(PluginSpec(("nonesuch",)))


@pytest.mark.parametrize("workers", [0, 2])
def test_an_outside_plugin_reaches_the_valuator(workers: int) -> None:
    gen = generator(workers, "centre=tests.fixtures.outside_plugin")
    try:
        board = Board(9)
        result = gen.genmove(board, BLACK, 7.0, 10.0)
        assert result.move == parse_vertex("E5", 9)
        sources = {r.source for v in result.values if v.move == result.move for r in v.reasons}
        assert "centre" in sources
        assert result.values[0].total >= 99.0
    finally:
        gen.pool.close()


@pytest.mark.parametrize("workers", [0, 2])
@pytest.mark.parametrize("plugin", ["raising", "garbage", "hanging"])
def test_broken_plugins_are_reported_and_dropped(workers: int, plugin: str, capfd: pytest.CaptureFixture[str]) -> None:
    gen = generator(workers, f"broken_{plugin}=tests.fixtures.broken_plugins:{plugin}")
    try:
        board = Board(9)
        board.play(parse_vertex("E5", 9), BLACK)
        start = time.monotonic()
        result = gen.genmove(board, 3 - BLACK, 7.0, 2.0)
        elapsed = time.monotonic() - start
        assert board.is_legal(result.move, 3 - BLACK)
        assert elapsed < 2.0 + 1.5  # the budget, plus slack for replacing a killed worker
        err = capfd.readouterr().err
        assert f"broken_{plugin}" in err
        assert all(r.source != f"broken_{plugin}" for r in result.reasons)
        assert any(v.total > 0 for v in result.values)  # the other plugins still count
    finally:
        gen.pool.close()


def test_a_dying_worker_is_replaced(capfd: pytest.CaptureFixture[str]) -> None:
    gen = generator(2, "dying=tests.fixtures.broken_plugins:dying")
    try:
        before = set(gen.pool.pids())
        board = Board(9)
        for _ in range(2):
            result = gen.genmove(board, BLACK, 7.0, 5.0)
            assert board.is_legal(result.move, BLACK)
        assert "worker process died" in capfd.readouterr().err
        assert len(gen.pool.pids()) == 2 and set(gen.pool.pids()) != before
    finally:
        gen.pool.close()


def test_killed_worker_between_moves_is_replaced() -> None:
    import os
    import signal

    gen = generator(2)
    try:
        board = Board(9)
        gen.genmove(board, BLACK, 7.0, 5.0)
        os.kill(gen.pool.pids()[0], signal.SIGKILL)
        time.sleep(0.2)
        result = gen.genmove(board, BLACK, 7.0, 5.0)
        assert board.is_legal(result.move, BLACK)
    finally:
        gen.pool.close()


def test_kiai_plugins_lists_and_disables() -> None:
    out = subprocess.run([sys.executable, "-m", "gtp.cli", "plugins", "--disable", "owl"], capture_output=True,
                         text=True, timeout=60).stdout
    rows, services = out.splitlines()[:-1], out.splitlines()[-1]
    lines = {line.split()[0]: line.split()[1] for line in rows}
    assert lines == {**{n: "loaded" for n in BUILT_IN}, "owl": "disabled"}
    assert services == "services: connection (connection), tactical (tactical)"


def test_gtp_engine_with_a_broken_plugin_still_plays() -> None:
    script = "boardsize 9\nclear_board\ngenmove black\ngenmove white\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "1", "--move-time", "2",
                           "--plugin", "broken=tests.fixtures.broken_plugins:raising"],
                          input=script, capture_output=True, text=True, timeout=120)
    answers = [a for a in proc.stdout.split("\n\n") if a]
    assert all(a.startswith("=") for a in answers), proc.stdout
    assert "broken" in proc.stderr and "broken on purpose" in proc.stderr


def test_a_task_lost_with_a_killed_worker_is_retried_on_another() -> None:
    import os
    import signal
    import threading

    from core.analysis.analysis import initial_analysis
    from core.host.context import pack_context

    host = PluginHost(PluginSpec((), ("slow=tests.fixtures.slow_plugin",)))
    pool = Pool(host, 2)
    try:
        ctx = pack_context(initial_analysis(Board(9), BLACK, 7.0), 10)
        victim = pool.pids()[0]
        threading.Timer(0.25, lambda: os.kill(victim, signal.SIGKILL)).start()
        results = pool.map(ctx, "slow", "slow_square", [(n,) for n in range(4)], 10.0)
        assert [r.value[0] for r in results] == [0, 1, 4, 9]  # nothing lost
        assert victim not in {r.value[1] for r in results}
        assert victim not in pool.pids() and len(pool.pids()) == 2
    finally:
        pool.close()


def test_tasks_with_one_affinity_key_run_on_one_worker() -> None:
    from core.analysis.analysis import initial_analysis
    from core.host.context import pack_context

    host = PluginHost(PluginSpec((), ("slow=tests.fixtures.slow_plugin",)))
    pool = Pool(host, 2)
    try:
        ctx = pack_context(initial_analysis(Board(9), BLACK, 7.0), 10)
        keys = [4, 7, 10, 13, 22, 5]
        first = [r.value for r in pool.map(ctx, "slow", "which_worker", [(k,) for k in keys], 10.0, affinity=keys)]
        again = [r.value for r in pool.map(ctx, "slow", "which_worker", [(k,) for k in reversed(keys)], 10.0,
                                           affinity=list(reversed(keys)))]
        assert first == list(reversed(again))  # every key went back to its worker
        by_slot = [{pid for k, pid in zip(keys, first) if slot(k, 2) == n} for n in (0, 1)]
        assert len(by_slot[0]) == 1 and len(by_slot[1]) == 1 and by_slot[0] != by_slot[1]  # one worker a slot
    finally:
        pool.close()


def _time_given(workers: int, hard: list[int]) -> list[float]:
    """The seconds each of three questions of one batch (one affinity key, 0.9 s in all)
    had when it last started; hard[k] 1: question k works until its deadline."""
    from core.analysis.analysis import initial_analysis
    from core.host.context import pack_context

    host = PluginHost(PluginSpec((), ("slow=tests.fixtures.slow_plugin",)))
    pool = Pool(host, workers)
    try:
        ctx = pack_context(initial_analysis(Board(9), BLACK, 7.0), 10)
        results = pool.map(ctx, "slow", "greedy", [(h,) for h in hard], 0.3, time.monotonic() + 0.9,
                           affinity=[5] * len(hard))
        assert all(r.ok for r in results)
        return [r.value for r in results]
    finally:
        pool.close()


@pytest.mark.parametrize("workers", [0, 2])
def test_one_greedy_task_does_not_starve_the_others_of_its_batch(workers: int) -> None:
    # three dragons' questions on one worker, each working until its deadline: each
    # gets a share of the time (before, the first took it all and the others none)
    given = _time_given(workers, [1, 1, 1])
    assert all(0.1 < g < 0.5 for g in given), given


@pytest.mark.parametrize("workers", [0, 2])
def test_a_starved_task_gets_what_the_quick_ones_of_its_batch_left(workers: int) -> None:
    # the first dragon's question is hard, the two behind it easy: it is cut at its share
    # (a third), then asked again with the two thirds the easy ones left
    given = _time_given(workers, [1, 0, 0])
    assert given[0] > 0.45, given
    assert 0.2 < given[1] < 0.4 and given[2] > 0.45, given  # a half, then all of what is left


def test_affinity_slots_spread_keys_of_one_parity() -> None:
    # dragons' origins of one position: every one odd, all on one worker by key modulo 2
    origins = [61, 65, 25, 51, 33, 47]
    assert {slot(k, 2) for k in origins} == {0, 1}
    assert {slot(k, 3) for k in origins} == {0, 1, 2}


@pytest.mark.parametrize("workers", [0, 2])
def test_tasks_the_clock_leaves_unstarted_are_traced_not_reported(workers: int,
                                                                  capfd: pytest.CaptureFixture[str]) -> None:
    # an examine hook's run() past its deadline: no answers, and no plugin called broken
    from core.analysis.analysis import initial_analysis

    gen = generator(workers, "slow=tests.fixtures.slow_plugin")
    try:
        gen.trace_level = 1
        run = gen._runner(initial_analysis(Board(9), BLACK, 7.0), time.monotonic() - 1.0, "slow")
        assert run("which_worker", [(1,), (2,)]) == [None, None]
        err = capfd.readouterr().err
        assert "slow: 2 of 2 which_worker tasks not run: out of time" in err
        assert "kiai: plugin" not in err
        assert gen.pool.stats.failures == []  # nor counted among the move's problems
    finally:
        gen.pool.close()
