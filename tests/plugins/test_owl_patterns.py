"""Owl's pattern databases: they ship in the owl plugin and load through core's loader,
constraint functions of owl's are bound to board points, and the shapes find the moves
they describe on diagrams of our own."""

from __future__ import annotations

from typing import Final

import pytest

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex, vertex
from core.board.diagram import board_from_diagram
from core.move.patterns import Matcher, PatternError, load_database, parse_patterns
from plugins.owl.shapes import DATABASES, owl_matches
from tests.plugins.test_owl_shapes import THROW_IN

# Black's group on the lower edge; white has crawled along the first line to A1.
EDGE = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O O . . .
O X X X X O . . .
O X X . X O . . .
O . . . X O . . .
"""


@pytest.mark.parametrize("name", DATABASES)
def test_every_owl_database_loads_from_the_plugin(name: str) -> None:
    patterns = load_database(name, "plugins.owl")
    assert patterns, name
    for p in patterns:
        assert p.value > 0, p.name  # every owl move is ordered
        assert p.comment, p.name  # and says which Go knowledge it comes from


def test_a_missing_database_is_a_clear_error() -> None:
    with pytest.raises(PatternError, match="no pattern database 'nope.db' in package 'plugins.owl'"):
        load_database("nope.db", "plugins.owl")
    with pytest.raises(PatternError, match="in package 'no.such.package'"):
        load_database("owl_attack.db", "no.such.package")


def test_a_reader_adds_constraint_functions_of_points() -> None:
    (pattern,) = parse_patterns("Pattern Marked\n# only where marked\n.*.\n:- value(10)\n;marked('*')\n")
    board, _ = board_from_diagram(EDGE)
    target = parse_vertex("H5", 9)
    found = Matcher([pattern]).match(board, BLACK, None, None, {"marked": lambda p: p == target})
    assert {m.move for m in found} == {target}  # in both orientations of the shape


def _shapes(board: Board, database: str, color: int, owner: int, eye: set[int]) -> set[tuple[str, str]]:
    """The database's (pattern, move) pairs for color to move around owner's stones (the
    dragon), with eye as its eye space; every placed stone is safe and none capturable."""
    dragon = {p for p in board.points if board.board[p] == owner}
    where = [p for p in board.points if board.board[p] == 0]
    helpers = {"goal": lambda p: p in dragon, "eye": lambda p: p in eye, "safe": lambda p: True,
               "capturable": lambda p: False}
    return {(m.pattern.name, vertex(9, m.move))
            for m in owl_matches(database, board, color, where, helpers, color == owner, dragon, eye)}


def _named(board: Board, database: str, color: int, owner: int, name: str,
           eye: frozenset[int] = frozenset()) -> set[str]:
    """The moves of one of the database's patterns, as _shapes finds them (with eye as the
    dragon's eye space, none by default)."""
    return {move for pattern, move in _shapes(board, database, color, owner, set(eye)) if pattern == name}


def test_the_first_line_hane_and_its_block_are_offered() -> None:
    board, _ = board_from_diagram(EDGE)
    attack = _shapes(board, "owl_attack.db", WHITE, BLACK, set())
    assert ("EdgeHane", "B1") in attack  # white A1 crawls under black B2
    defense = _shapes(board, "owl_defense.db", BLACK, BLACK, set())
    assert ("EdgeBlock", "B1") in defense  # "the opponent's vital point is my vital point"


# White's corner group, black outside it; below, the 2-2 point (B2) empty, white's or
# black's, or black's stone on the 3-1 point (A3) about to slide into the corner.
OPEN_CORNER = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
X X X X . . . . .
O O O X . . . . .
. . O X . . . . .
. . O X . . . . .
. . O X . . . . .
"""
CORNER_EYE: Final = ("A1", "A2", "A3", "B1", "B2", "B3")


def _corner_shapes(database: str, color: int, black: str = "", white: str = "") -> set[tuple[str, str]]:
    """The database's (pattern, move) pairs for color around white's corner group, with
    one more black or white stone at the point named."""
    board, _ = board_from_diagram(OPEN_CORNER)
    board.setup(black=[parse_vertex(black, 9)] if black else [], white=[parse_vertex(white, 9)] if white else [])
    return _shapes(board, database, color, WHITE, {parse_vertex(v, 9) for v in CORNER_EYE})


def test_the_corner_placement_needs_a_stone_on_the_2_2_point() -> None:
    empty = _corner_shapes("owl_attack.db", BLACK)
    assert not {move for name, move in empty if name.startswith("CornerPlacement21")}
    white = _corner_shapes("owl_attack.db", BLACK, white="B2")
    assert {("CornerPlacement21", "A2"), ("CornerPlacement21", "B1")} <= white
    assert ("CornerPlacement21BesideOurs", "A2") in _corner_shapes("owl_attack.db", BLACK, black="B2")


def test_the_defenders_2_1_point_needs_a_stone_on_the_2_2_or_3_1_point() -> None:
    empty = _corner_shapes("owl_defense.db", WHITE)
    assert not {move for name, move in empty if name.startswith("CornerTwoOne")}
    white = _corner_shapes("owl_defense.db", WHITE, white="B2")
    assert {("CornerTwoOne", "A2"), ("CornerTwoOne", "B1")} <= white
    assert ("CornerTwoOneBesideTheirs", "A2") in _corner_shapes("owl_defense.db", WHITE, black="B2")
    slide = _corner_shapes("owl_defense.db", WHITE, black="A3")
    assert ("CornerTwoOneBlock", "A2") in slide  # block the slide into the corner


def test_the_throw_in_is_offered_under_our_second_line_stone() -> None:
    # black crawls along the first line under white's C8 and D8; E9, beside the crawl,
    # is where white's stone thrown in leaves a false eye (its diagonal D8 is white's)
    board, _ = board_from_diagram(THROW_IN)
    # not F9, whose diagonals are black's
    assert _named(board, "owl_attack.db", WHITE, BLACK, "ThrowInOnTheEdge") == {"E9"}


def test_the_vital_cuts_need_two_strings_of_the_dragon() -> None:
    # black's one-point jump D5-F5 with white on both sides of E5, and black's diagonal
    # D7-E8 whose crossing point D8 is white's: the cuts at E5 and E7 (every white stone
    # is read as safe here)
    board, _ = board_from_diagram("""
. . . . . . . . .
. . . O X . . . .
. . . X . . . . .
. . . . O . . . .
. . . X . X . . .
. . . . O . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
""")
    cuts = _shapes(board, "owl_vital.db", WHITE, BLACK, set())
    assert ("CutThroughTheJump", "E5") in cuts
    assert ("CutBetweenEyes", "E7") in cuts
    board.setup(black=[parse_vertex("E7", 9)], white=[])  # one string: nothing to cut
    assert not _named(board, "owl_vital.db", WHITE, BLACK, "CutBetweenEyes")


def test_the_block_ahead_stops_a_crawl_on_the_second_line() -> None:
    # white's wall on the fourth line, black's F2 crawling in under it: white blocks a
    # point ahead at D2, where a block in contact at E2 would meet black's hane or cut
    board, _ = board_from_diagram("""
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O O X . .
. . . . . . X . .
. . . . . X . . .
. . . . . . . . .
""")
    assert _named(board, "owl_defense.db", WHITE, WHITE, "SecondLineBlockAhead") == {"D2"}
    board.setup(black=[parse_vertex("D3", 9)], white=[])  # no room under the wall: no block
    assert not _named(board, "owl_defense.db", WHITE, WHITE, "SecondLineBlockAhead")


def test_the_block_under_the_eye_stops_a_first_line_hane() -> None:
    # white's second-line stones C2 and E2 guard the eye at D2; black's hane at C1 under
    # C2 is blocked at D1, and D2 stays an eye
    board, _ = board_from_diagram("""
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . X X X X . . .
. X O O O O X . .
. X O . O . X . .
. . X . . . . . .
""")
    assert _named(board, "owl_defense.db", WHITE, WHITE, "FirstLineBlockUnderTheEye") == {"D1"}
    board.setup(black=[parse_vertex("D2", 9)], white=[])  # the point above is taken: no eye to keep
    assert not _named(board, "owl_defense.db", WHITE, WHITE, "FirstLineBlockUnderTheEye")


def test_the_2_2_point_is_offered_inside_the_corner_s_eye_space() -> None:
    # white's wall on the fourth lines encloses the corner's nine points: the 2-2 point
    # B2 makes its eye, but only while it lies in the dragon's eye space
    board, _ = board_from_diagram("""
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
X X X X X . . . .
O O O O X . . . .
. . . O X . . . .
. . . O X . . . .
. . . O X . . . .
""")
    corner = frozenset(parse_vertex(v, 9) for v in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"))
    assert _named(board, "owl_defense.db", WHITE, WHITE, "CornerTwoTwo", corner) == {"B2"}
    assert not _named(board, "owl_defense.db", WHITE, WHITE, "CornerTwoTwo")  # outside the eye space
    board.setup(black=[parse_vertex("C3", 9)], white=[])  # their stone in the corner: not an empty corner
    assert not _named(board, "owl_defense.db", WHITE, WHITE, "CornerTwoTwo", corner)
