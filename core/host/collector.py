"""Python's cycle collector paused for one unit of work (a GTP command, a pool task).

Reading allocates millions of short-lived tuples, lists and sets; reference counting
frees almost all of them, and the few cycles it leaves (an aborted reading's traceback)
are not worth the collector's walks over the young objects while a question is read.
Those walks took 5.7% of owl's time (py-spy on every sixth owl.tst test; README). The
collector runs again once the unit's answer is delivered (the GTP answer written, the
in-process task's timer off; in a worker, below): a walk over what the units since the
last one left falls between units, outside their clocks. It comes only once a million
objects have accumulated (core/__init__.py), mostly transposition keys: with the reading
caches at 256 MB, twice in owl.tst's 261 questions, 0.55 and 0.65 s after the answer
(at 96 MB, none in its first 99).
A streaming answer (lz-analyze and the like) may run for hours: each of its rounds is a
unit, and the collector runs in the waits between them.

A worker never lets the collector start by itself (`worker_collector`). There a walk
came with the first allocation after a reply, that is with the next request, and it went
over everything the last few tasks had left alive (their transposition keys, the eye
values' caches: 0.66 and 0.74 s once each on 200 positions of 9x9 games), so that the
task waiting behind it could run past its deadline until the pool stopped the worker
(once or twice in every 400 positions of agree-genmove). Reading leaves no cycles to
speak of (each of those walks freed the same 2,585 objects, as many as a worker's first
walk frees of what starting left: 2,207 of its own, 378 inherited from the engine), so a
worker walks only once its heap has gained HARD_COUNT tracked objects since the last
walk (`collect_if_leaking`), a bound on a leak; its start-up heap and each walk's
survivors are frozen out of later walks. (A walk at its start to free what starting left
would walk the whole heap it inherits from the engine's process: 0.02 s from Kiai's, but
from a test run's enough to start its first tasks 0.29 s late.)"""

from __future__ import annotations

import gc
from contextlib import AbstractContextManager, contextmanager
from typing import Final, Iterator

# Tracked objects a worker's heap may gain before it walks them, between two tasks: what
# reading keeps alive (tables, caches) stayed under 1.2 million over 194 positions
# of 9x9 games (RSS 217 MB a worker, as with the collector running).
HARD_COUNT: Final = 2_000_000


def collector_paused() -> AbstractContextManager[None]:
    """The cycle collector off for the work inside, then as it was (a nested unit leaves it off)."""
    return _collector(False)


def collector_running() -> AbstractContextManager[None]:
    """The cycle collector on for the work inside (a stream's waits between its rounds), then as it was."""
    return _collector(True)


@contextmanager
def _collector(on: bool) -> Iterator[None]:
    """The collector on or off for the work inside, and back to what it was after."""
    was = gc.isenabled()
    _switch(on)
    try:
        yield
    finally:
        _switch(was)


def _switch(on: bool) -> None:
    """Turn the collector on or off."""
    if on:
        gc.enable()
    else:
        gc.disable()


def worker_collector() -> None:
    """In a worker: the collector never starts by itself, and the heap built so far (the
    modules, the plugins, their databases, and the few cycles starting left) is left out
    of every walk."""
    gc.disable()
    gc.freeze()


def collect_if_leaking() -> bool:
    """In a worker, between two tasks: a walk, its survivors frozen, once the heap has gained
    HARD_COUNT tracked objects since the last (a leak of cycles); True if it walked."""
    if gc.get_count()[0] < HARD_COUNT:
        return False
    gc.collect()
    gc.freeze()
    return True
