"""Python's cycle collector is paused while a GTP command or a pool task runs, and runs
again once it ends, whatever way it ends; a worker walks only between tasks, once its heap
has grown past a leak's bound (core/host/collector.py)."""

from __future__ import annotations

import gc
import io
import os
from typing import Iterator

import pytest

from core.analysis.analysis import initial_analysis
from core.host import collector
from core.host.collector import collect_if_leaking, collector_paused, worker_collector
from gtp.engine import Engine, Options
from gtp.protocol import MAX_LINE
from gtp.registry import REGISTRY, Args, Registry
from gtp.server import GtpServer
from gtp.stream import Stream
from tests.gtp_helpers import ask


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The collector off for the test, and on again after it, nothing left frozen."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.enable()


def _young(n: int) -> list[list[int]]:
    """n young container objects that the collector tracks (kept alive by the list)."""
    return [[i] for i in range(n)]


def test_the_collector_is_off_inside_and_on_again_after_even_on_an_error() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # a nested unit leaves it to the outer one
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError):
        with collector_paused():
            raise ValueError("a command that fails")
    assert gc.isenabled()


def test_a_caller_that_turned_the_collector_off_keeps_it_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_gtp_command_runs_with_the_collector_off_and_a_failing_one_turns_it_on_again() -> None:
    seen: list[bool] = []

    def probe(engine: Engine, args: Args) -> str:
        """Note whether the collector runs; fail when asked to."""
        seen.append(gc.isenabled())
        if len(args):
            raise RuntimeError("a bug in a command")
        return ""

    registry = REGISTRY.copy()
    registry.add("probe_collector", probe)
    srv = GtpServer(Engine(Options(size=9)), registry)
    try:
        assert ask(srv, "probe_collector") == (True, "")
        assert gc.isenabled()
        ok, text = ask(srv, "probe_collector fail")
        assert not ok and "bug" in text
        assert gc.isenabled()
        assert ask(srv, "play black E5")[0]  # the engine goes on
        assert seen == [False, False]
    finally:
        srv.engine.close()


class Output(io.StringIO):
    """A GTP output that notes, for each piece written, whether the collector was on."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[tuple[str, bool]] = []

    def write(self, text: str) -> int:
        self.writes.append((text, gc.isenabled()))
        return super().write(text)


def served(lines: bytes, registry: Registry = REGISTRY) -> Output:
    """What a fresh server writes while it serves the lines to their end."""
    srv = GtpServer(Engine(Options(size=9)), registry)
    out = Output()
    try:
        srv.serve(io.BytesIO(lines), out)
    finally:
        srv.engine.close()
    return out


def test_the_answer_goes_out_before_the_collector_runs_again() -> None:
    out = served(b"play black E5\n" + b"x" * (MAX_LINE + 1) + b"\nquit\n")
    assert out.getvalue().startswith("= \n\n? line too long")
    # the line too long is answered outside any command
    assert [on for _, on in out.writes] == [False, True, False]
    assert gc.isenabled()


def test_a_streaming_answer_pauses_the_collector_for_each_round_and_not_between() -> None:
    rounds: list[bool] = []

    def round_() -> str:
        rounds.append(gc.isenabled())
        return "info"

    def analyse(engine: Engine, args: Args) -> Stream:
        """A stream whose rounds note whether the collector runs."""
        return Stream(round_, 0.01)

    registry = REGISTRY.copy()
    registry.add("probe_stream", analyse)
    out = served(b"probe_stream\nquit\n", registry)
    assert out.getvalue().startswith("=\ninfo\n\n")
    assert rounds[0] is False  # the round paused
    assert out.writes[:3] == [("=\n", False), ("info\n", True), ("\n", False)]  # its line written with it on
    assert gc.isenabled()

    srv = GtpServer(Engine(Options(size=9)), registry)  # not serving: the stream answered at once
    try:
        assert ask(srv, "probe_stream") == (True, "info")
    finally:
        srv.engine.close()
    assert rounds[-1] is False  # its one round paused too
    assert gc.isenabled()


@pytest.mark.parametrize("workers", [0, 1])
def test_a_pool_task_runs_with_the_collector_off_in_the_engine_or_a_worker(workers: int) -> None:
    engine = Engine(Options(size=9, workers=workers, plugins=("probe=tests.fixtures.depth_probe",)))
    try:
        context = engine.generator.context(initial_analysis(engine.game.board, 1, engine.game.komi))
        results = engine.pool.map(context, "probe", "collector", [(0,)], 30.0)
        assert all(r.ok for r in results), [r.error for r in results]
        [[pid, enabled, frozen]] = [list(r.value) for r in results]
        assert (pid != os.getpid()) == (workers > 0)
        assert enabled == 0
        assert (frozen > 1000) == (workers > 0)  # a worker's start-up heap is out of its walks
        assert gc.isenabled()  # and on again in the engine's process
    finally:
        engine.close()


def test_a_worker_walks_between_tasks_only_once_its_heap_has_grown_past_the_hard_count(
        collector_off: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector, "HARD_COUNT", 50_000)
    few = _young(1000)
    assert not collect_if_leaking()  # what a task leaves alive is no leak: no walk
    assert gc.get_count()[0] >= 1000
    frozen = gc.get_freeze_count()
    many = _young(50_000)
    assert collect_if_leaking()  # the heap grew past the bound: one walk
    assert gc.get_count()[0] < 100
    assert gc.get_freeze_count() >= frozen + 51_000  # its survivors are left out of the next walks
    assert not gc.isenabled()  # and the collector stays off for the next task
    del few, many


def test_a_worker_leaves_its_start_up_heap_out_of_every_walk(collector_off: None) -> None:
    gc.enable()
    worker_collector()
    assert not gc.isenabled()
    assert gc.get_freeze_count() > 1000  # the modules, classes and functions loaded so far
