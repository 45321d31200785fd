"""Tactical reading of strings: attack / find_defense by liberty count, with the komaster
ko scheme, a transposition table and a persistent cache (see reader.py)."""
