"""Endgame moves for when the biggest move on the board is small (not built yet)."""
