"""Eye spaces and their values: the shape families on the open board, the edge and the
corner; real, half and false eyes; a ko eye; dead stones inside an eye space; seki."""

from __future__ import annotations

import pytest

from core.analysis.eyeshapes import EyeShapeError, parse, value
from core.analysis.halfeye import topology
from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex, point
from tests.analysis.helpers import examine, examined, space, v

# Each family as (row, column) points drawn from the top left, with its value in Go terms:
# (min, max, the vital point) in the open, on the edge (the top row on the first line) and
# in the corner (the top left point on the 1-1 point). A vital point of None: min == max.
FAMILIES: dict[str, tuple[list[tuple[int, int]], dict[str, tuple[int, int, tuple[int, int] | None]]]] = {
    "straight three": ([(0, 0), (0, 1), (0, 2)], {"open": (1, 2, (0, 1)), "edge": (1, 2, (0, 1)),
                                                  "corner": (1, 2, (0, 1))}),
    "bent three": ([(0, 0), (0, 1), (1, 0)], {"open": (1, 2, (0, 0)), "edge": (1, 2, (0, 0)),
                                              "corner": (1, 2, (0, 0))}),
    "square four": ([(0, 0), (0, 1), (1, 0), (1, 1)], {"open": (1, 1, None), "edge": (1, 1, None),
                                                       "corner": (1, 1, None)}),
    "pyramid four": ([(0, 0), (0, 1), (0, 2), (1, 1)], {"open": (1, 2, (0, 1)), "edge": (1, 2, (0, 1)),
                                                        "corner": (1, 2, (0, 1))}),
    "bulky five": ([(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], {"open": (1, 2, (1, 0)), "edge": (1, 2, (1, 0)),
                                                              "corner": (1, 2, (1, 0))}),
    "crossed five": ([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)], {"open": (1, 2, (1, 1)), "edge": (1, 2, (1, 1)),
                                                                "corner": (1, 2, (1, 1))}),
    "rabbity six": ([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)], {"open": (1, 2, (1, 1)),
                                                                       "edge": (1, 2, (1, 1)),
                                                                       "corner": (1, 2, (1, 1))}),
    # bent four: two eyes in the open and on the edge; in the corner, bent at the 1-1
    # point, the placement beside the corner on the long arm kills (a ko at best)
    "bent four": ([(0, 0), (0, 1), (1, 0), (2, 0)], {"open": (2, 2, None), "edge": (2, 2, None),
                                                     "corner": (1, 2, (1, 0))}),
    "straight four": ([(0, 0), (0, 1), (0, 2), (0, 3)], {"open": (2, 2, None), "edge": (2, 2, None),
                                                         "corner": (2, 2, None)}),
}
OFFSET = {"open": (3, 3), "edge": (0, 3), "corner": (0, 0)}


def walled(size: int, points: list[tuple[int, int]]) -> Board:
    """A board where black stones fill every point around the points (diagonals included)."""
    board = Board(size)
    inside = {point(size, r, c) for r, c in points}
    wall = {q for p in inside for q in (*board.nbrs[p], p - board.stride - 1, p - board.stride + 1,
                                        p + board.stride - 1, p + board.stride + 1)
            if q not in inside and q in board.points}
    board.setup(sorted(wall))
    return board


@pytest.mark.parametrize("place", ["open", "edge", "corner"])
@pytest.mark.parametrize("transposed", [False, True])
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_shape_family_has_its_value_everywhere(family: str, place: str, transposed: bool) -> None:
    shape, values = FAMILIES[family]
    r0, c0 = OFFSET[place]

    def at(rc: tuple[int, int]) -> tuple[int, int]:
        r, c = (rc[1], rc[0]) if transposed else rc
        return r + r0, c + c0

    board = walled(9, [at(p) for p in shape])
    a = examine(board)
    s = space(a, point(9, *at(shape[0])))
    low, high, vital = values[place]
    assert (s.min, s.max) == (low, high)
    expected = point(9, *at(vital)) if vital is not None else None
    assert (s.vital or None) == expected, f"vital {v(a, s.vital)}"


def test_the_database_matches_every_orientation_and_offset() -> None:
    crossed = frozenset({(3, 4), (4, 3), (4, 4), (4, 5), (5, 4)})
    assert value(crossed, size=19) == value(crossed) and value(crossed).attack == (4, 4)
    bent = [(0, 0), (0, 1), (1, 0)]
    for dr, dc in ((5, 5), (10, 2)):
        for flip_r in (1, -1):
            for flip_c in (1, -1):
                pts = frozenset((dr + flip_r * r, dc + flip_c * c) for r, c in bent)
                assert value(pts).attack == (dr, dc)


def test_a_malformed_database_is_refused_with_a_message() -> None:
    with pytest.raises(EyeShapeError, match="rows must use"):
        parse("shape broken 1 2\n  . x .\n")
    with pytest.raises(EyeShapeError, match="header"):
        parse("shape broken 1\n  . * .\n")


# Eye points and their diagonals. The white blocks are safe; an empty diagonal white can
# play on is contested.
CENTRE = """
. . . . . . . . .
. . O O O . . . .
. . O O O . . . .
. . . O X X . . .
. . . X a X . . .
. . . X X {se} . .
. . . . . {s2} . .
. . . . . . . . .
. . . . . . . . .
"""


@pytest.mark.parametrize("se, s2, kind, low, high", [
    ("O O", "O O", "false", 0, 0),  # two diagonals the enemy's: a false eye
    (". .", ". .", "half", 0, 1),  # one the enemy's, one he can still take: a half eye
    ("X .", ". .", "real", 1, 1),  # one enemy diagonal in the open is not enough
])
def test_an_eye_in_the_open_is_real_half_or_false_by_its_diagonals(se: str, s2: str, kind: str,
                                                                   low: int, high: int) -> None:
    a, m = examined(CENTRE.format(se=se, s2=s2))
    top = topology(a.board, m["a"], BLACK, a.worms, frozenset([m["a"]]))
    assert kind == ("real" if top.real else "half" if top.half else "false")
    s = space(a, m["a"])
    assert (s.min, s.max) == (low, high)
    if kind == "half":  # the contested diagonal decides, for either side
        assert v(a, s.attack) == v(a, s.defense) == "F4"


def test_on_the_edge_and_in_the_corner_one_contested_diagonal_makes_a_half_eye() -> None:
    # white's stone on B8 would lean on C7 and live: the diagonal is his to take
    a, m = examined("""
        a X X . . X b X .
        X . . . . X X X .
        X . O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    corner, edge = space(a, m["a"]), space(a, m["b"])
    assert (corner.min, corner.max, v(a, corner.vital)) == (0, 1, "B8")  # the corner's one diagonal
    assert (edge.min, edge.max) == (1, 1)  # both diagonals black: real


def test_in_the_corner_an_enemy_diagonal_makes_a_false_eye() -> None:
    a, m = examined("""
        a X X . . . . . .
        X O O . . . . . .
        X O O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    s = space(a, m["a"])
    assert (s.min, s.max) == (0, 0) and m["a"] in s.marginal


def test_a_ko_eye_on_the_edge_is_a_half_eye_decided_at_the_ko() -> None:
    # White D8 can be saved at D7, and black captures it there only as a ko: worth 3 halves,
    # with the edge's 4 a half eye whose key is the ko point
    a, m = examined("""
        . X a X . . . . .
        . X X O X . . . .
        . X O k O . . . .
        . X O O O . . . .
        . X . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    top = topology(a.board, m["a"], BLACK, a.worms, frozenset([m["a"]]))
    assert top.half and top.score == 7
    s = space(a, m["a"])
    assert (s.min, s.max) == (0, 1) and s.attack == s.defense == m["k"]


def test_a_throw_in_that_starts_a_ko_makes_a_half_eye() -> None:
    # White's eye at H1: black's stone on G2 has one liberty, F2, and captures nothing, but
    # white's stone capturing it at F2 stands in atari among black's stones, and black
    # takes back at G2: a ko for the eye. Worth 3 halves, with the edge's 4 a half eye
    # whose key is G2 (it once counted as white's: a stone in atari, no threat).
    a, m = examined("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . O O O O
        . . . . X O . . .
        . . . . X X O O O
        . . . . X . g O O
        . . . . X X O a O
        """)
    top = topology(a.board, m["a"], WHITE, a.worms, frozenset([m["a"]]))
    assert top.half and top.score == 7 and top.attack == top.defense == m["g"]
    s = space(a, m["a"], WHITE)
    assert (s.min, s.max) == (0, 1) and s.attack == m["g"]


# C7's diagonals: D6 is white's for good, and a white stone on B8 would have two liberties
# but stand in black's corner, where black captures it whichever liberty he fills first
SPARE_DIAGONAL = """
    . . X O . . . . .
    . d X X O . . . .
    X X a X O . . . .
    X X X O O . . . .
    O O O O . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """


def test_a_diagonal_the_enemy_cannot_hold_leaves_the_eye_real() -> None:
    a, m = examined(SPARE_DIAGONAL)
    inside = frozenset([m["a"]])
    assert topology(a.board, m["a"], BLACK, a.worms, inside).half  # read as a point he can use
    captured = topology(a.board, m["a"], BLACK, a.worms, inside, lambda p, c: p == m["d"])
    assert captured.real and captured.score == 4  # D6 alone
    s = space(a, m["a"])  # the examine step reads the stone on B8 and finds it captured
    assert (s.min, s.max) == (1, 1)
    assert (space(a, m["d"]).min, space(a, m["d"]).max) == (1, 1)  # the corner's square four


# C9's diagonals: B8 is black's, and white's stone on D8 would take E8 (in atari) and have
# two liberties; reading may capture it then, but it has already broken the wall
TAKING_DIAGONAL = """
    . X a X O . . . .
    . X X d X O . . .
    . X X . O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """


def test_a_diagonal_whose_stone_would_capture_stays_contested() -> None:
    a, m = examined(TAKING_DIAGONAL)
    inside = frozenset([m["a"]])
    captured = topology(a.board, m["a"], BLACK, a.worms, inside, lambda p, c: p == m["d"])
    assert captured.half and captured.attack == m["d"]  # a stone that captures is no throw-in
    s = space(a, m["a"])
    assert (s.min, s.max) == (0, 1)


def test_a_dead_stone_on_the_vital_point_leaves_one_eye() -> None:
    a, m = examined("""
        . . . . . . . . .
        . . . . . . . . .
        . . X X X X X . .
        . . X a O b X . .
        . . X X X X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    s = space(a, m["a"])
    assert s.dead == [parse_vertex("E6", 9)] and (s.min, s.max) == (1, 1)


def test_a_dead_stone_at_the_end_of_a_straight_four_leaves_two_eyes() -> None:
    # whatever white adds, black captures and keeps two eyes: one beside each capture
    a, m = examined("""
        . . . . . . . . .
        . . . . . . . . .
        . X X X X X X . .
        . X O a b c X . .
        . X X X X X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    s = space(a, m["b"])
    assert s.dead == [parse_vertex("C6", 9)] and (s.min, s.max) == (2, 2)


def test_the_owner_may_fill_a_dead_stones_liberty_where_a_half_eye_keeps_the_space_searched() -> None:
    # On the top edge, black's space a b W c: the white stone W is dead, and c is a half
    # eye (its diagonal d is white's, the other, k, still open). Black first fills b: W is
    # in atari, and capturing it at c leaves two eyes, at a and at W, whatever k becomes.
    # White first adds a stone at b: black captures both and keeps one eye. (Its value
    # was once one eye either way: the search offered the owner no capture.)
    #     X a b W X
    #     X X X c X
    #     . . d X k
    a, b, w, c, k = (0, 1), (0, 2), (0, 3), (1, 3), (2, 4)
    eye = value(frozenset({a, b, w, c}), dead=frozenset({w}), half=frozenset({(c, k, k)}), size=9)
    assert (eye.min, eye.max) == (1, 2) and eye.attack == eye.defense == b


def test_a_marginal_point_leaves_the_interior_shape_s_vital_point_to_fight_over() -> None:
    # Black's corner six, C9 marginal (white's stone there stays joined to D9): once C9 is
    # taken, what is left is a bulky five, and its vital point A8 decides. Black first
    # takes it and lives (A7 apart, the rest four points); white first takes C9 and the
    # bulky five is one eye. The search once tried only the marginal point and the whole
    # six's vital point (none: closed, the six is alive) and found one eye either way.
    a, m = examined("""
        a b m O . . . . .
        c d X O . . . . .
        e X X O . . . . .
        X X O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    s = space(a, m["a"])
    assert s.marginal == [m["m"]]
    assert (s.min, s.max) == (1, 2) and s.defense == m["c"]


def test_on_the_edge_a_point_diagonal_to_the_opponent_s_marginal_stone_is_a_false_eye() -> None:
    # Black's bent three in the corner, B9 marginal. White's stone on B9 stays, and A8
    # beside it on the edge has it on its diagonal: whatever black fills, the eye left is
    # false. Black first fills B9 (or takes A9) and keeps one eye.
    a, m = examined("""
        a m O . . . . . .
        c X O . . . . . .
        X X O . . . . . .
        O O . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    s = space(a, m["a"])
    assert (s.min, s.max) == (0, 1) and s.attack == m["m"]


def test_a_point_between_two_marginal_points_is_the_opponent_s_to_take() -> None:
    # Black's seven points, m and n marginal (white's stones beside them stay):
    #     X X X X O
    #     X a X m O
    #     X b c d n O
    #     X X X e X
    # White's stone on d joins his wall through m or n, whichever black fills (miai), and
    # leaves black the bent three a b c with c beside it (one eye) and e (none). Black
    # first keeps two eyes, on d itself as well as by filling m: of his equal moves,
    # white's vital point is named. The search once tried only the marginal points for
    # white (each leaves two eyes) and found two eyes whoever moves first.
    a, b, c, d, e, m, n = (2, 1), (3, 1), (3, 2), (3, 3), (4, 3), (2, 3), (3, 4)
    eye = value(frozenset({a, b, c, d, e, m, n}), marginal=frozenset({m, n}), size=9)
    assert (eye.min, eye.max) == (1, 2) and eye.attack == eye.defense == d
    # with one marginal point beside it, black's fill there cuts the stone on d off
    one = value(frozenset({a, b, c, d, e, m}), marginal=frozenset({m}), size=9)
    assert (one.min, one.max) == (2, 2)


def test_a_space_too_big_to_search_is_worth_what_its_interior_makes() -> None:
    # fifteen points, more than the search takes: the points off the margins decide.
    # All margin, the opponent reaches every point: no eye (it once counted as one).
    # Three lone interior points are three half eyes, not an unknown shape of two eyes.
    # A solid interior of ten points still makes two.
    strip = frozenset((r, c) for r in range(3) for c in range(5))
    lone = frozenset({(1, 0), (1, 2), (1, 4)})
    solid = frozenset((r, c) for r in range(1, 3) for c in range(5))
    eyes = [value(strip, marginal=strip - interior) for interior in (frozenset(), lone, solid)]
    assert [(v.min, v.max) for v in eyes] == [(0, 0), (1, 2), (2, 2)]


def test_seki_liberties_are_no_eye_for_either_side() -> None:
    # the inner black stones and the white ring share their last two liberties: whoever
    # plays there first is captured, so neither does
    a, m = examined("""
        . . . . . . . . .
        X X X X X X X . .
        X O O O O O X . .
        X O X X X O X . .
        X O X a b O X . .
        X O O O O O X . .
        X X X X X X X . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    black = space(a, m["a"], BLACK)
    assert (black.min, black.max) == (0, 0) and sorted(black.marginal) == sorted([m["a"], m["b"]])
    assert a.worm(parse_vertex("C6", 9)).attack_code == 0 and a.worm(parse_vertex("B7", 9)).attack_code == 0
    for stone in ("C6", "B7"):
        assert a.dragon(parse_vertex(stone, 9)).status.name == "ALIVE", stone
    assert parse_vertex("C6", 9) not in a.dead_stones()


def test_an_eye_space_is_found_for_white_as_for_black() -> None:
    a, m = examined("""
        . . . . . . . . .
        . . . . . . . . .
        . . O O O O O . .
        . . O a . . O . .
        . . O O O O O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """, to_move=BLACK)
    s = space(a, m["a"], WHITE)
    assert (s.min, s.max, v(a, s.vital)) == (1, 2, "E6")



def test_the_spaces_through_some_points_are_those_of_the_whole_board_that_hold_them() -> None:
    import random

    from core.analysis.eyes import eye_spaces
    from core.analysis.worms import make_worms
    from core.board.playout import random_game

    for seed in range(6):
        board = Board(9)
        random_game(board, 50, random.Random(seed))
        worms = make_worms(board)
        everywhere = eye_spaces(board, worms)
        through = sorted(random.Random(seed).sample(board.points, 20))
        chosen = eye_spaces(board, worms, through=through)
        wanted = [sp for sp in everywhere if set(sp.points) & set(through)]
        assert wanted, seed  # the sample reaches some space
        assert chosen == wanted
