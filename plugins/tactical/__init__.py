"""Tactical reading of strings: attack / find_defense with ko and caches (not built yet)."""
