"""Dragon life and death. Owl reading is not built yet; the plugin offers the vital points
of critical dragons' eye spaces (plugin.py)."""
