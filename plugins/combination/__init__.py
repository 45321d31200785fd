"""Combinations found by chains of threats: atari_atari (not built yet)."""
