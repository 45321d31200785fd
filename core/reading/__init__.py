"""The reading toolkit: result codes, the komaster scheme, the transposition table, the
persistent cache (one mechanism, an instance per reader kind), the search skeleton every
reader shares (node counting and limits, komaster play and undo, the line's positions,
reading shadows, tracing), node counters and variation trees for the decide tools."""
