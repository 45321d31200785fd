"""The board and what travels with it: strings with cheap undo (`board`), colours and
coordinates, Zobrist hashing, positions on the wire (msgpack), SGF records, games,
ASCII diagrams, a consistency check and random playouts."""
