"""Dragons: which worms amalgamate, lunches, unconditional life and status."""

from __future__ import annotations

from core.analysis.amalgamation import amalgamate, shape_dragon
from core.analysis.analysis import Analysis, initial_analysis
from core.analysis.dragons import Status
from core.analysis.eyes import eye_spaces
from core.board.color import BLACK
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from tests.analysis.helpers import examined, space

SHAPES = """
. . . . . . . . .
. X . X . . . . .
. X . X . . . . .
. . . . . . . . .
. . . . . . X . .
. . X . X . . . .
. . . . . . . X .
. . . . . . . . .
. . . . . . . . .
"""


EDGE_JUMP = """
. . X . X . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def same(a: Analysis, p: str, q: str) -> bool:
    """The stones at p and q are in one dragon."""
    size = a.board.size
    return a.dragon(parse_vertex(p, size)).origin == a.dragon(parse_vertex(q, size)).origin


def test_two_shared_liberties_join_and_open_jumps_stay_apart() -> None:
    a, _ = examined(SHAPES)
    assert same(a, "B8", "D8")  # two shared liberties, C8 and C7: no single cut
    assert not same(a, "C4", "E4")  # an open one-point jump: white D4 stands
    assert not same(a, "G5", "H3")  # a knight's move can be cut


def test_a_jump_whose_wedge_is_captured_at_once_joins() -> None:
    a, _ = examined(EDGE_JUMP)
    # white D9 would have one liberty (D8): the jump along the first line holds
    assert same(a, "C9", "E9")


def test_a_diagonal_around_a_stone_in_atari_joins() -> None:
    # white E8 can only be captured (E9 and D8 take its liberties but F8): the cut at D7
    # is answered by taking it, which connects D8 to E7
    a, _ = examined("""
        . . . . X . . . .
        . . . X O . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    assert a.worm(parse_vertex("E8", 9)).attack_code != 0
    assert same(a, "D8", "E7")


def test_worms_around_a_dead_cutting_stone_join() -> None:
    a, _ = examined("""
        . X O X . . . . .
        . X . X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    assert a.worm(parse_vertex("C9", 9)).tactically_dead
    assert same(a, "B9", "D9")


def test_connection_reading_has_the_last_word_on_a_candidate() -> None:
    board, _ = board_from_diagram(EDGE_JUMP)
    a = initial_analysis(board, BLACK, 0.5)
    spaces = eye_spaces(board, a.worms)
    c9, e9 = parse_vertex("C9", 9), parse_vertex("E9", 9)
    asked: list[tuple[int, int]] = []

    def cut(x: int, y: int) -> bool:
        asked.append((x, y))
        return False

    assert amalgamate(board, a.worms, spaces, cut)[e9] != c9  # the reader found a cut
    assert asked == [(c9, e9)]
    assert amalgamate(board, a.worms, spaces, lambda x, y: None)[e9] == c9  # it ran out: shape decides
    assert amalgamate(board, a.worms, spaces, lambda x, y: True)[e9] == c9


def test_a_lunch_is_worth_an_eye() -> None:
    a, m = examined("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O . . .
        X X X X X O . . .
        a X O c X O . . .
        X X O X X O . . .
        """)
    d = a.dragon(parse_vertex("A3", 9))
    assert d.lunch == a.board.origin(parse_vertex("C2", 9))
    capture = space(a, m["c"])
    assert sorted(capture.dead) == sorted(parse_vertex(p, 9) for p in ("C2", "C1"))
    assert (capture.min, capture.max) == (1, 1)
    assert d.genus == (2, 2) and d.status == Status.ALIVE


def test_unconditional_life_without_and_with_a_dame() -> None:
    a, m = examined("""
        . O . X . X O O .
        X X X X X X d O .
        O O O O O O O O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    status = a.unconditional.status
    b = a.board
    assert status(b, parse_vertex("D9", 9)) == "alive"
    assert status(b, parse_vertex("B9", 9)) == "dead"  # white's stone in black's eye
    assert status(b, parse_vertex("C9", 9)) == status(b, parse_vertex("E9", 9)) == "black_territory"
    assert status(b, m["d"]) == "undecided"  # the dame is nobody's
    assert status(b, parse_vertex("G9", 9)) == "undecided"  # white has no eyes here
    d = a.dragon(parse_vertex("D9", 9))
    assert d.unconditional and d.status == Status.ALIVE
    assert parse_vertex("B9", 9) in a.dead_stones()


def test_two_eyes_that_share_a_string_are_not_unconditional_when_one_is_false() -> None:
    a, _ = examined("""
        . X . X O . . . .
        X O X X O . . . .
        O . O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    assert a.unconditional.status(a.board, parse_vertex("B9", 9)) == "undecided"


# A black stone pinched by three white stones in open ground (D10): short of liberties,
# and no enemy string beside it is.
PINCHED = """
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . O . . O . . . . . . .
. . . X . . . . . . . . .
. . . O . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
"""


def test_a_weak_stone_in_open_ground_is_not_in_seki() -> None:
    # seki needs liberties shared with enemy strings as short of them as the dragon: here
    # white can fill every liberty safely
    a, _ = examined(PINCHED)
    d10 = parse_vertex("D10", 13)
    dragon = next(d for d in a.dragons.values() if d10 in [p for o in d.worms for p in a.worms[o].stones])
    assert dragon.liberties == 3 and not dragon.seki


def test_a_cut_that_captures_is_no_failed_cut() -> None:
    # black J7 has one liberty, but only because it takes J8: white's retake is a ko at
    # best, so J8 hangs from H7 by nothing sure (the cut that captures is a cut)
    board, _ = board_from_diagram("""
        . . . . . . . X X
        . . . . . . . X O
        . . . . . . O O .
        . . . . . . O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    j8 = parse_vertex("J8", 9)
    assert shape_dragon(board, j8) == frozenset({j8})
