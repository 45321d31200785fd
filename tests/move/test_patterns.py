"""The pattern language and matcher: parsing, 8 orientations, colour swap, edges, constraints."""

from __future__ import annotations

import gc

import pytest

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex, vertex
from core.board.diagram import board_from_diagram
from core.move.patterns import Matcher, PatternError, load_database, parse_patterns

L_SHAPE = """
Pattern Elbow
# an asymmetric test shape: our stone, their stone, the move
O.
X*
:s shape(2)
"""


@pytest.fixture(scope="module")
def shipped() -> Matcher:
    """The matcher of the shipped database, built once for the tests that read it."""
    return Matcher(load_database())


def test_the_shipped_database_parses() -> None:
    pats = load_database()
    assert len(pats) >= 20
    assert {p.name for p in pats} >= {"HaneAtHeadOfTwo", "EmptyTriangle", "EmptyCorner34", "OwnEye"}
    assert all(p.comment for p in pats)  # every pattern says why


def test_an_asymmetric_pattern_matches_in_all_eight_orientations() -> None:
    (pat,) = parse_patterns(L_SHAPE)
    assert len(pat.orientations) == 8
    # place the shape in 8 transformed copies on a 19x19 board and find each move
    board = Board(19)
    black, white, moves = [], [], []
    transforms = [lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
                  lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r)]
    centres = [(3, 3), (3, 9), (3, 15), (9, 3), (9, 15), (15, 3), (15, 9), (15, 15)]
    for t, (r0, c0) in zip(transforms, centres):
        (ro, co), (rx, cx) = t(-1, -1), t(0, -1)
        black.append((r0 + ro) * 20 + c0 + co + 20)
        white.append((r0 + rx) * 20 + c0 + cx + 20)
        moves.append((r0 + 1) * 20 + c0)
    board.setup(black=black, white=white)
    # (each copy also matches its mirror image on the other side of the two stones)
    found = {m.move for m in Matcher([pat]).match(board, BLACK)}
    assert set(moves) <= found and len(found) == 16
    # with colours swapped, the same shapes are white's
    board2 = Board(19)
    board2.setup(black=white, white=black)
    assert {m.move for m in Matcher([pat]).match(board2, WHITE)} == found


def test_edge_patterns_match_only_at_the_edge(shipped: Matcher) -> None:
    found = sorted(vertex(19, m.move) for m in shipped.match(Board(19), BLACK)
                   if m.pattern.name == "EmptyCorner44")
    assert found == ["D16", "D4", "Q16", "Q4"]


def _most_valuable(matcher: Matcher, size: int) -> set[tuple[str, str]]:
    """The (vertex, pattern) matches of the highest value on an empty board of this size."""
    matches = matcher.match(Board(size), BLACK)
    best = max(m.pattern.min_value for m in matches)
    return {(vertex(size, m.move), m.pattern.name) for m in matches if m.pattern.min_value == best}


@pytest.mark.parametrize("size, centre, name", [(9, "E5", "SmallBoardCentre"), (11, "F6", "SmallBoardCentre11")])
def test_the_centre_of_an_empty_small_board_is_worth_most(shipped: Matcher, size: int, centre: str,
                                                          name: str) -> None:
    assert _most_valuable(shipped, size) == {(centre, name)}
    board = Board(size)
    board.setup(black=[parse_vertex("C3", size)])  # no longer an empty board
    assert not [m for m in shipped.match(board, WHITE) if m.pattern.name == name]


@pytest.mark.parametrize("size", [13, 19])
def test_corners_come_first_on_the_larger_boards(shipped: Matcher, size: int) -> None:
    first = _most_valuable(shipped, size)
    assert {name for _, name in first} == {"EmptyCorner34"} and len(first) == 8


def test_hane_at_the_head_matches_at_both_heads(shipped: Matcher) -> None:
    board, marks = board_from_diagram(
        """
        . . . . . . .
        . . . . . . .
        . . a . . . .
        . . X O . . .
        . . X O . . .
        . . b . . . .
        . . . . . . .
        """
    )
    hane = [m for m in shipped.match(board, WHITE) if m.pattern.name == "HaneAtHeadOfTwo"]
    assert sorted(m.move for m in hane) == sorted([marks["a"], marks["b"]])


ATARI_CAPTURE = """
Pattern TakeIt
# capture a stone in atari: the constraint reads the labelled stone's liberties
X*

a*
:s shape(1)
;lib('a') == 1
"""


# White's C4 stone in atari (its liberty a), and a lone white stone at D1.
ATARI_BOARD = """
. . O . .
. O X a .
. . O . .
. . . . .
. . . X .
"""


def test_constraints_are_checked() -> None:
    board, marks = board_from_diagram(ATARI_BOARD)
    matcher = Matcher(parse_patterns(ATARI_CAPTURE))
    # C4 has one liberty (a): matched there; D1 has three: its neighbours are not matched
    assert sorted(vertex(5, m.move) for m in matcher.match(board, WHITE)) == ["D4"]
    assert sorted(m.move for m in Matcher(parse_patterns(ATARI_CAPTURE.replace(";lib('a') == 1", "")))
                  .match(board, WHITE)) == sorted([marks["a"]] + [parse_vertex(v, 5) for v in ("D2", "C1", "E1")])


def test_matching_leaves_nothing_for_the_garbage_collector() -> None:
    # reading matches patterns at every node: what a match allocates (its constraint
    # helpers, the caller's functions among them) must go by reference counting alone
    board, _ = board_from_diagram(ATARI_BOARD)
    matcher = Matcher(parse_patterns(ATARI_CAPTURE))
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            assert len(matcher.match(board, WHITE, extra={"near": lambda p: p > 0})) == 1
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("text, message", [
    ("Pattern A\nO.\n:s shape(1)\n", "exactly one"),
    ("Pattern A\nOQ*\n:s\n", "unknown symbol"),
    ("Pattern A\nO*\n:z\n", "class"),
    ("Pattern A\nO*\n:s\n;lib('*' >\n", "does not parse"),
])
def test_malformed_patterns(text: str, message: str) -> None:
    with pytest.raises(PatternError, match=message):
        parse_patterns(text)
