"""Combinations: double ataris for us and for the opponent (atari_atari's simplest case)."""
