"""Kiai's built-in move generators, each a pluggy plugin found through an entry point."""
