"""The examine step on a diagram, with the built-in plugins reading in-process."""

from __future__ import annotations

import functools
import random
import time

from core.analysis import eyeshapes
from core.analysis.analysis import Analysis
from core.analysis.eyes import EyeSpace, space_at
from core.analysis.eyeshapes import Point
from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import vertex
from core.board.diagram import board_from_diagram
from core.host.plugins import PluginHost
from core.host.pool import Pool
from core.move.genmove import MoveGenerator


@functools.cache
def generator() -> MoveGenerator:
    """One move generator for the whole test session (its plugins read in-process)."""
    host = PluginHost()
    return MoveGenerator(host, Pool(host, 0))


def examine(board: Board, to_move: int = WHITE) -> Analysis:
    """Worms read by the plugins, eye spaces, unconditional life and dragons."""
    return generator().examine(board, to_move, 0.5, time.monotonic() + 60)


def examined(diagram: str, to_move: int = WHITE) -> tuple[Analysis, dict[str, int]]:
    """The analysis of a diagram, and its marked points."""
    board, marks = board_from_diagram(diagram)
    return examine(board, to_move), marks


def space(a: Analysis, p: int, color: int = BLACK) -> EyeSpace:
    """The eye space of color holding p (it must exist)."""
    found = space_at(a.spaces, p, color)
    assert found is not None, f"no eye space of {color} at {vertex(a.board.size, p)}"
    return found


def v(a: Analysis, p: int) -> str:
    """A point as GTP writes it."""
    return vertex(a.board.size, p)


SPACE_BOARD = 9  # the board random_space draws on


def clear_eye_caches() -> None:
    """Empty every cache the eye values' search keeps."""
    eyeshapes.clear_caches()


def random_space(seed: int) -> tuple[frozenset[Point], frozenset[Point], frozenset[Point]]:
    """A connected space of 3 to 10 points grown from a point near the lower left corner of a
    9x9 board, with random marginal points and at most two dead enemy stones."""
    rng = random.Random(seed)
    start = (SPACE_BOARD - 1 - rng.randrange(3), rng.randrange(4))
    points = {start}
    target = rng.randint(3, 10)
    while len(points) < target:
        r, c = rng.choice(sorted(points))
        q = rng.choice([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)])
        if 0 <= q[0] < SPACE_BOARD and 0 <= q[1] < SPACE_BOARD:
            points.add(q)
    ordered = sorted(points)
    marginal = {p for p in ordered if rng.random() < 0.3}
    dead = {p for p in ordered if p not in marginal and rng.random() < 0.1}
    return frozenset(points), frozenset(marginal), frozenset(sorted(dead)[:2])
