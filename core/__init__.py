"""Kiai's typed core, grouped by concern:

- `core.board`: the board with cheap undo, colours and coordinates, Zobrist hashing,
  positions on the wire (msgpack), SGF, games, diagrams and random playouts;
- `core.analysis`: what a position is made of: worms, eye spaces, dragons, influence, score;
- `core.reading`: the reading toolkit every reader shares: result codes, the komaster,
  transposition tables, persistent caches, the search skeleton, node counters, variations;
- `core.move`: move generation: move reasons, patterns, valuation, the genmove pipeline,
  the clock;
- `core.host`: the plugin host: hook specs, typed services, plugin options, the worker
  pool and the context a plugin runs in.

`core.errors` holds the exceptions every part raises, `core.build` decides whether the
compiled build runs. Core imports no plugin.
"""

import gc as _gc
import os as _os

from core import build as _build

_build.install()

# Kiai's numpy grids are 19x19: BLAS threads would only spin beside the workers.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    _os.environ.setdefault(_name, "1")
# Reading allocates millions of small tuples, lists and sets that reference counting
# frees at once; a collection every 700 of them finds no cycles and costs a tenth of the
# time. The collector is paused during a command (core/host/collector.py), and what a
# command leaves alive is mostly its transposition tables' entries (up to some 300,000
# tuples after an owl question), which die with the position at the next one. Collect
# young objects once a million have accumulated, so that a walk seldom meets a live
# table: every 100,000, the walk after each command cost 5% of owl.tst's time (README,
# Benchmarks).
_gc.set_threshold(1_000_000, 20, 100)
