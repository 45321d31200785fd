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
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cycle collector off for the work inside, unless it is off already (a nested unit, or a caller's choice)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@contextmanager
def collector_running() -> Iterator[None]:
    """The cycle collector on for the work inside (a stream's waits between its rounds), then as it was."""
    paused = not gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if paused:
            gc.disable()
