"""Colours of points: empty, black, white and the off-board border."""

from __future__ import annotations

from typing import Final

from core.errors import InvalidColor

EMPTY: Final = 0
BLACK: Final = 1
WHITE: Final = 2
BORDER: Final = 3

_NAMES: Final = {EMPTY: "empty", BLACK: "black", WHITE: "white", BORDER: "border"}
_PARSE: Final = {"b": BLACK, "black": BLACK, "w": WHITE, "white": WHITE}


def other(color: int) -> int:
    """The opponent of a stone colour."""
    return 3 - color


def color_name(color: int) -> str:
    """The lower-case English name of a colour."""
    return _NAMES[color]


def parse_color(text: str) -> int:
    """BLACK or WHITE from 'b', 'black', 'w' or 'white' in any case."""
    try:
        return _PARSE[text.lower()]
    except KeyError:
        raise InvalidColor(f"invalid color: {text!r} (expected black, b, white or w)") from None
