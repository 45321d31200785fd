"""Endgame candidates where territories still touch, asked for when the biggest move is small."""
