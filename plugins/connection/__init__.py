"""Connection reading: string_connect / disconnect (not built yet)."""
