"""Kiai's typed core: board, hashing, positions on the wire, SGF, and (later) analysis."""
