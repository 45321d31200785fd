"""The genmove pipeline: legal moves, no silent fallbacks, passing at the end, and the
same choices whatever the number of workers."""

from __future__ import annotations

import random
import time

import pytest

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import PASS, parse_vertex
from core.board.diagram import board_from_diagram
from core.board.playout import random_game
from core.host.plugins import PluginHost, PluginSpec
from core.host.pool import Pool
from core.move.genmove import MoveGenerator


# owl questions on a small budget: the comparison is of the pool against local work,
# and at the default 1000 nodes owl's reading of every dragon took minutes on 19x19
SMALL_OWL = PluginSpec(settings=(("owl_nodes", 250.0),))


@pytest.fixture(scope="module")
def generators():  # type: ignore[no-untyped-def]
    host = PluginHost(SMALL_OWL)
    local = MoveGenerator(host, Pool(host, 0))
    pooled = MoveGenerator(host, Pool(host, 2))
    yield local, pooled
    pooled.pool.close()


def positions() -> list[tuple[Board, int]]:
    out = []
    for size, moves, seed in ((9, 20, 1), (9, 40, 2), (13, 50, 3), (19, 60, 4)):
        board = Board(size)
        random_game(board, moves, random.Random(seed))
        out.append((board, BLACK if moves % 2 == 0 else WHITE))
    return out


@pytest.mark.slow
def test_same_moves_and_reasons_with_and_without_workers(generators) -> None:  # type: ignore[no-untyped-def]
    local, pooled = generators
    for board, color in positions():
        # identical as long as neither runs out of time: give both a generous budget
        a = local.genmove(board, color, 6.5, 300.0)
        b = pooled.genmove(board, color, 6.5, 300.0)
        assert a.problems == [] and b.problems == []
        assert a.complete and b.complete
        assert a.move == b.move
        assert sorted(a.reasons) == sorted(b.reasons)
        assert [(v.move, round(v.total, 6)) for v in a.values] == [(v.move, round(v.total, 6)) for v in b.values]
        assert board.is_legal(a.move, color)
        assert b.pool.tasks > 0


def test_a_finished_game_is_passed() -> None:
    board, _ = board_from_diagram(
        """
        . X . X O . O . .
        X X X X O O O O O
        . X . X O . O . O
        X X X X O O O O O
        . X . X O . O . .
        X X X X O O O O O
        . X . X O . . . O
        X X X X O O O O O
        . X . X O . O . O
        """
    )
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    for color in (BLACK, WHITE):
        result = gen.genmove(board, color, 0.5, 10.0)
        assert result.move == PASS, result.values[:3]


def test_cleanup_removes_dead_stones_before_passing() -> None:
    from tests.plugins.test_owl_shapes import FRAMEWORK  # a black stone dropped into white's framework

    board, _ = board_from_diagram(FRAMEWORK)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, WHITE, 0.5, 1e9)
    assert parse_vertex("H7", 9) in analysis.dead_stones()
    move = gen.choose(analysis, [], cleanup=True, seed=0)
    assert move in board.findlib(parse_vertex("H7", 9))
    assert gen.choose(analysis, [], cleanup=False, seed=0) == PASS


@pytest.mark.slow
def test_genmove_never_plays_illegal_or_eye_filling_moves_in_a_game() -> None:
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    board = Board(7)
    color = BLACK
    passes = 0
    for _ in range(120):
        result = gen.genmove(board, color, 0.5, 10.0)
        assert result.problems == []
        board.play(result.move, color)  # raises if illegal
        passes = passes + 1 if result.move == PASS else 0
        if passes == 2:
            break
        color = 3 - color
    assert passes == 2


@pytest.mark.parametrize("size, moves, budget", [(9, 0, 0.02), (9, 30, 0.05), (19, 0, 0.05), (19, 150, 0.1)])
def test_a_short_clock_gets_a_quick_move_not_a_pass(size: int, moves: int, budget: float) -> None:
    board = Board(size)
    random_game(board, moves, random.Random(5))
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    result = gen.genmove(board, BLACK, 6.5, budget)
    assert result.move != PASS and board.is_legal(result.move, BLACK)


# The areas are settled; column C holds neutral points between the walls.
DAME = """
. X . O .
. X . O .
. X . O .
. X . O .
. X . O .
"""


def test_a_neutral_point_is_filled_rather_than_passing_first() -> None:
    from core.move.valuation import MoveValue

    board, _ = board_from_diagram(DAME)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, BLACK, 0.5, 1e9)
    c3, a3, e3 = parse_vertex("C3", 5), parse_vertex("A3", 5), parse_vertex("E3", 5)
    # worth nothing to either side (about zero, the estimate's noise): a dame, not a pass
    values = [MoveValue(a3, [], total=0.02), MoveValue(c3, [], total=0.0), MoveValue(e3, [], total=-0.1)]
    assert gen.choose(analysis, values, cleanup=False, seed=0) == PASS
    assert gen.dame(analysis, values) == c3  # A3 fills our own area, E3 touches no black stone
    assert gen.dame(analysis, [MoveValue(c3, [], total=-2.0)]) == PASS  # it costs: pass


# White to move on 9x9. The first fight is in the upper left; the lower right corner is
# open ground that no stone reaches within two points, yet narrower than the opening
# patterns' empty corners (six and seven points wide).
OPEN_CORNER = """
. . . . . . . . .
. . . O . . . . .
. . . . . X . . .
. . O . . . . . .
. . . X X . . . .
. X . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_the_open_corner_of_a_small_board_is_a_candidate_and_taken() -> None:
    # "corners first": the open corner's points on the third and fourth lines are
    # territorial candidates, and the valuator prefers one of them to the moves near
    # the stones
    board, _ = board_from_diagram(OPEN_CORNER)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, WHITE, 7.0, time.monotonic() + 60)
    candidates = {r.move for r in gen.territorial_candidates(analysis)}
    assert {parse_vertex(v, 9) for v in ("F3", "G3", "G4")} <= candidates  # three steps or more from every stone
    assert parse_vertex("H2", 9) not in candidates  # the second line is no open ground's candidate
    move = gen.genmove(board, WHITE, 7.0, 10.0).move
    assert move in {parse_vertex(v, 9) for v in ("F3", "G3", "F4", "G4", "H3", "H4", "G5", "H5")}
