"""Regions: the flood of a colour's enclosed areas, and the small-region flood that gives up
on open ground without changing which small regions it finds."""

from __future__ import annotations

from core.analysis.regions import flood, small_region
from core.board.color import BLACK, WHITE
from core.board.diagram import board_from_diagram

# A black eye of two points (a, b) in the corner, and the open board beyond the wall:
# c lies in that open ground.
DIAGRAM = """
    a b X . . . . . .
    X X X . . . . . .
    . . . . . . c . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """


def test_flood_finds_the_whole_region_and_its_borders() -> None:
    board, m = board_from_diagram(DIAGRAM)
    seen: set[int] = set()
    points, borders, touches = flood(board, m["a"], BLACK, seen)
    assert sorted(points) == sorted([m["a"], m["b"]]) and len(borders) == 1 and not touches
    open_points, _, _ = flood(board, m["c"], BLACK, set())
    assert len(open_points) == 81 - 4 - 2  # every point but the four stones and the eye


def test_small_region_gives_up_on_open_ground_from_every_start() -> None:
    board, m = board_from_diagram(DIAGRAM)
    seen: set[int] = set()
    big: set[int] = set()
    # 75 open points, given up after 40: the rest, fewer than 40, the first flood never reached
    assert small_region(board, m["c"], BLACK, seen, limit=40, big=big) is None
    assert m["c"] in big and len(big) > 40
    rest = [p for p in board.points if board.board[p] == 0 and p not in seen and p not in (m["a"], m["b"])]
    assert 0 < len(rest) <= 40
    # they are open ground too, not a small region of their own (the flood from them
    # stops at the points the first flood marked, and those are in big)
    for start in rest:
        if start not in seen:
            assert small_region(board, start, BLACK, seen, limit=40, big=big) is None
    found = small_region(board, m["a"], BLACK, seen, limit=40, big=big)
    assert found is not None and sorted(found[0]) == sorted([m["a"], m["b"]])


def test_small_region_passes_through_the_given_points() -> None:
    board, m = board_from_diagram(
        """
        a O X . .
        X X X . .
        . . . . .
        . . . . .
        . . . . .
        """
    )
    dead = {p for p in board.points if board.board[p] == WHITE}
    found = small_region(board, m["a"], BLACK, set(), through=dead, limit=10)
    assert found is not None and len(found[0]) == 2 and not found[2]
    alone = small_region(board, m["a"], BLACK, set(), limit=10)
    assert alone is not None and alone[0] == [m["a"]] and alone[2]  # the white stone touches it
