"""Result codes shared by every reader (tactical, connection, owl).

0 fails, WIN succeeds, KO_A succeeds with ko where the side to move takes the ko first,
KO_B succeeds with ko where the side to move must find the first ko threat.
"""

from __future__ import annotations

from typing import Final

WIN: Final = 1
KO_A: Final = 2
KO_B: Final = 3
RANK: Final = {0: 0, KO_B: 1, KO_A: 2, WIN: 3}
REVERSE: Final = {0: WIN, WIN: 0, KO_A: KO_B, KO_B: KO_A}  # the same line, seen by the other side


def better(a: int, b: int) -> bool:
    """True if result code a is better for its side than b."""
    return RANK[a] > RANK[b]


def after_move(code: int, conditional: bool) -> int:
    """A result reached through a conditional ko capture is at best KO_B."""
    if conditional and code in (WIN, KO_A):
        return KO_B
    return code
