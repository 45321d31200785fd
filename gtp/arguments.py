"""Numbers on the command line: argparse types that refuse a value out of range with a
clear message before any engine or game starts (`kiai: error: argument --memory: must be
0 or more (a finite number), not '-5'`). A time, a size in megabytes, a count of games,
workers or plies has no meaning below its minimum, and nan or inf is no amount."""

from __future__ import annotations

import argparse
import math
from typing import Callable


def count(minimum: int = 0) -> Callable[[str], int]:
    """An argparse type: a whole number, minimum or more."""

    def read(text: str) -> int:
        try:
            value: int | None = int(text)
        except ValueError:
            value = None
        if value is None or value < minimum:
            raise argparse.ArgumentTypeError(f"must be {minimum} or more (a whole number), not {text!r}")
        return value

    return read


def amount(minimum: float = 0.0, above: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number, minimum or more (above minimum, with above)."""

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or value < minimum or (above and value == minimum):
            bound = f"more than {minimum:g}" if above else f"{minimum:g} or more"
            raise argparse.ArgumentTypeError(f"must be {bound} (a finite number), not {text!r}")
        return value

    return read
