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

`core.errors` holds the exceptions every part raises. Core imports no plugin.
"""
