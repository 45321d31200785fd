"""Python's cycle collector paused for one unit of work (a GTP command, a pool task).

Reading allocates millions of short-lived tuples, lists and sets; reference counting
frees almost all of them, and the few cycles it leaves (an aborted reading's traceback)
are not worth the collector's walks over the young objects while a question is read.
Those walks took 5.7% of owl's time (py-spy on every sixth owl.tst test; README). The
collector runs again once the unit's answer is delivered (the GTP answer written, the
worker's reply sent, the in-process task's timer off): its one walk over what the unit
left, up to 0.3 s after an owl question, then falls between units, outside their clocks.
A streaming answer (lz-analyze and the like) may run for hours: each of its rounds is a
unit, and the collector runs in the waits between them."""

from __future__ import annotations

import gc
from contextlib import AbstractContextManager, contextmanager
from typing import Iterator


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
