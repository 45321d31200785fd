"""Move generation: move reasons and their shapes, core's patterns, the valuator (values
in points), the genmove pipeline, the fallback move and the clock."""
