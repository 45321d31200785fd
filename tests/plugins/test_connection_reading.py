"""Connection reading on hand-made positions: the bamboo joint, the hanging connection, a
cut decided by a ladder, a connection through a capture, a cut that only works as a ko;
the GTP commands and `kiai decide-connection`."""

from __future__ import annotations

from core.board.board import Board
from core.board.boardcheck import snapshot
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from core.reading.results import KO_A, WIN
from core.reading.table import TranspositionTable
from core.reading.variations import VariationTree
from plugins.connection.distance import (
    DIAGONAL,
    STONE,
    TIGER,
    Gap,
    distances,
    gap,
    point_cost,
    string_seeds,
)
from plugins.connection.reader import ConnectionReader, Goal, Limits, _ranked
from plugins.connection.service import DEFAULT
from plugins.tactical.service import TacticalService
from tests.gtp_helpers import ask, server

BAMBOO = """
. . . . . . .
. . . . . . .
. O X X O . .
. . . . . . .
. O X X O . .
. . . . . . .
. . . . . . .
"""

HANGING = """
. . . . . . .
. . . . . . .
. . . O . . .
. . X . X . .
. . . X . . .
. . . . . . .
. . . . . . .
"""

# Black E6 and D5 stand diagonally; white D6 has taken one of the two links. White's cut
# at E5 leaves the cutting stone two liberties, and black captures it in a ladder (the
# ladder of test_reading, colours swapped) unless white has a ladder breaker at G4.
LADDER_CUT = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . O X . . . .
. . . X . . . . .
. . . X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# White D1-D3 stands between black C1-C3 and E1-E3 with one liberty left (D4).
THROUGH_CAPTURE = """
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . X O X . .
. . X O X . .
. . X O X . .
"""

# Black B1-C1-B2 and E1-F1-F2 meet at D1. The black stone D2 has one liberty, D1, so
# white's D1 captures it: a ko, which black may retake at D2.
KO_CUT = """
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . O O O . .
. X O X O X .
. X X . X X .
"""


def reading(diagram: str, **limits: int) -> tuple[Board, ConnectionReader]:
    board, _ = board_from_diagram(diagram)
    return board, ConnectionReader(board, TacticalService(), Limits(**limits))


def v(name: str, board: Board) -> int:
    return parse_vertex(name, board.size)


LINKS = """
. . . . . . .
. X . . . . .
. . X . . . .
. . . . . . .
. . . X . X .
. . . . X . .
. . . . . . .
"""


def test_the_distance_knows_diagonals_and_tigers_mouths() -> None:
    board, _ = board_from_diagram(LINKS)
    b6, c5, d3, f3 = (v(x, board) for x in ("B6", "C5", "D3", "F3"))
    diagonal = gap(board, b6, string_seeds(board, c5), 1, 4 * STONE)
    assert diagonal.total == DIAGONAL  # no stone needed: white cannot cut both sides
    assert diagonal.direct() == sorted([v("B5", board), v("C6", board)])  # the two ways to join
    tiger = gap(board, d3, string_seeds(board, f3), 1, 4 * STONE)
    assert point_cost(board, v("E3", board), 1) == TIGER  # white there would be captured at once
    assert point_cost(board, v("E4", board), 1) == STONE
    assert tiger.total <= TIGER and v("E3", board) in tiger.within(0)
    apart = gap(board, b6, string_seeds(board, f3), 1, 4 * STONE)
    assert STONE < apart.total < 4 * STONE  # C5 to D3 is a knight's move: one stone and a link


# White C4-D4 stands between black B4 and E4 with three liberties (C5, D5, D3); without
# black E4 it has four.
SHORT_CUTTER = """
. . . . . . .
. . . . . . .
. . . . . . .
. X O O X . .
. . X . . . .
. . . . . . .
. . . . . . .
"""


def test_a_cutting_string_with_three_liberties_is_a_road_of_three_stones() -> None:
    board, _ = board_from_diagram(SHORT_CUTTER)
    b4, c4 = v("B4", board), v("C4", board)
    assert distances(board, {b4: 0}, 1, 4 * STONE)[c4] == 3 * STONE  # a move per liberty
    board, _ = board_from_diagram(SHORT_CUTTER.replace("O O X", "O O ."))
    assert c4 not in distances(board, {b4: 0}, 1, 4 * STONE)  # four liberties: a wall


STEP_TO_CUTTER = """
. . . . . . .
. . . . . . .
. X . X . . .
. . O O X . .
. . X . . . .
. . . . . . .
. . . . . . .
"""


def test_a_stone_played_beside_the_cutting_string_takes_one_of_its_liberties() -> None:
    board, _ = board_from_diagram(STEP_TO_CUTTER)
    b5, c4 = v("B5", board), v("C4", board)
    assert distances(board, {b5: 0}, 1, 4 * STONE)[c4] == 3 * STONE  # B4 (or C5), then the other two


def test_the_bamboo_joint_cannot_be_cut() -> None:
    board, r = reading(BAMBOO)
    a, b = v("C5", board), v("C3", board)
    before = snapshot(board)
    assert r.disconnect(a, b) == (0, 0)
    code, move = r.string_connect(a, b)
    assert code == WIN and move in (v("C4", board), v("D4", board))
    assert snapshot(board) == before and board.stackp == 0


def test_the_hanging_connection_holds() -> None:
    board, r = reading(HANGING)
    a, b = v("C4", board), v("E4", board)
    assert r.disconnect(a, b)[0] == 0  # white D4 is captured at D5; other cuts are answered at D4
    assert r.string_connect(a, b) == (WIN, v("D4", board))
    assert r.nodes > 2  # read, not guessed


def test_a_cut_that_works_only_because_of_a_ladder() -> None:
    board, r = reading(LADDER_CUT)
    a, b = v("E6", board), v("D5", board)
    assert r.disconnect(a, b)[0] == 0  # the cut at E5 is captured in a ladder
    assert r.string_connect(a, b) == (WIN, v("E5", board))
    board.setup(black=board.stones(1), white=board.stones(2) + [v("G4", board)])  # a ladder breaker
    r = ConnectionReader(board, TacticalService(), Limits())
    assert r.disconnect(a, b) == (WIN, v("E5", board))


def test_a_connection_through_a_capture() -> None:
    board, r = reading(THROUGH_CAPTURE)
    a, b = v("C3", board), v("E3", board)
    d4 = v("D4", board)
    assert r.string_connect(a, b) == (WIN, d4)  # capture the cutting stones
    assert r.disconnect(a, b) == (WIN, d4)  # white saves them by extending


def test_a_cut_that_only_works_as_a_ko() -> None:
    board, r = reading(KO_CUT)
    a, b = v("C1", board), v("E1", board)
    assert r.string_connect(a, b) == (WIN, v("D1", board))
    assert r.disconnect(a, b) == (KO_A, v("D1", board))  # white takes the ko first
    r2 = ConnectionReader(board, TacticalService(), Limits(ko_depth=0))
    assert r2.disconnect(a, b) == (WIN, v("D1", board))  # without ko threats black cannot retake


# Black E6-E5 and G6-G5 have two ways to join: F6, and capturing white F5 (two liberties)
# by F4 or F6. They are not independent: white's F6 takes the one and gives F5 the
# liberties to escape the other ("a cutting stone with room is no capture"). The board
# is 11x11: on a smaller one the edge is near enough to capture the cutting stones.
ESCAPE_CUT = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . X . X . . . .
. . . . X O X . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

# Black B5 and H5 are five points apart on an empty line.
FAR_APART = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. X . . . . . X .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_a_capture_that_one_cut_prevents_is_no_second_link() -> None:
    board, r = reading(ESCAPE_CUT)
    a, b, f6 = v("E6", board), v("G6", board), v("F6", board)
    g = gap(board, a, string_seeds(board, b), 1, 4 * STONE, r._capture_move)
    assert g.direct() == sorted([f6, v("F4", board)])
    assert not g.double_link()  # white's F6 gives F5 room: the capture needs reading
    assert r.disconnect(a, b) == (WIN, f6)
    assert r.nodes > 1


def test_strings_already_apart_are_cut_on_the_road_between() -> None:
    board, r = reading(FAR_APART)
    a, b = v("B5", board), v("H5", board)
    code, move = r.disconnect(a, b)
    assert code == WIN and r.nodes == 1  # too far apart to read
    assert move in [v(x, board) for x in ("C5", "D5", "E5", "F5", "G5")]
    assert r.block_off(a, frozenset({v("H6", board)}))[0] == WIN


def test_moves_are_ranked_by_distance_and_forcing_moves_gain_half_a_stone() -> None:
    road = Gap(total=STONE, points={10: STONE, 11: STONE + 30, 12: STONE + 60, 14: 3 * STONE})
    # 12 is an atari on the road, 13 an atari off it; 14 is too far to be a connecting point
    def tie(m: int) -> tuple[int, int]:
        return 0, 0

    assert _ranked(road, [12, 13], tie) == [10, 12, 11, 13]
    assert _ranked(road, [12, 12], tie) == [12, 10, 11]  # two threats at once


# Two roads of two points each. Top: white's cut at B3 touches its own C3 and has four
# liberties, the cut at B4 only three. Bottom: black E3 has a liberty fewer than B3
# (white E4), so the cut at D3 presses it, where C3 would not.
STRONG_CUT = """
. . . . . . .
. . . . . . .
. X . . . . .
. . . . . . .
. . O . . . .
. X . . . . .
. . . . . . .
"""
WEAK_END = """
. . . . . . .
. . . . . . .
. . . . . . .
. . . . O . .
. X . . X . .
. . . . . . .
. . . . . . .
"""


def test_equal_cuts_go_where_the_cutter_is_strong_and_the_end_weak() -> None:
    for diagram, (x, y), first in ((STRONG_CUT, ("B5", "B2"), "B3"), (WEAK_END, ("B3", "E3"), "D3")):
        board, r = reading(diagram)
        a, goal = v(x, board), Goal(stone=v(y, board))
        g = r._gap(a, goal, board.board[a])
        assert g.points[v(first, board)] == g.total  # a tie on the road decides nothing
        assert r._cutter_moves(a, goal, g)[0] == v(first, board), diagram


# The road from black B4 to F4 captures white C4 and E4 (each in atari) and passes
# through black D4, itself in atari: white's D3 takes the bridge and saves both. At the
# root black saves the bridge there before taking a stone.
BRIDGE = """
. . . . . . .
. . . . . . .
. . . O . . .
. X O X O X .
. . X . X . .
. . . . . . .
. . . . . . .
"""


def test_a_bridge_in_atari_is_a_forcing_point_for_both_sides() -> None:
    board, r = reading(BRIDGE)
    a, b, d3, d4 = v("B4", board), v("F4", board), v("D3", board), v("D4", board)
    g = gap(board, a, string_seeds(board, b), 1, 4 * STONE, r._capture_move)
    assert d4 in g.bridges and g.total == 2 * STONE  # two captures, through D4
    goal = Goal(stone=b)
    cuts, joins = r._cutter_moves(a, goal, g), r._connector_moves(a, goal, g)
    first = [v(x, board) for x in ("C5", "E5")]  # the captures and the saving extensions
    assert cuts[:3] == first + [d3] and joins[:3] == [d3] + first


# Black A7-B7 reaches H7-J7 through D7 (four liberties) and F7 (two), between white
# walls: C7, E7 and G7 cost the same. E7 and G7 press F7, the weakest link, and E7 also
# has D7 on its other side.
WEAK_BRIDGE = """
. . . . . . . . .
. O O . O O O . .
X X . X . X . X X
. O O . O O O . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_at_the_root_equal_cuts_press_the_weakest_string_on_the_road() -> None:
    board, r = reading(WEAK_BRIDGE)
    a, goal = v("B7", board), Goal(stone=v("H7", board))
    g = r._gap(a, goal, board.board[a])
    c7, e7, g7 = v("C7", board), v("E7", board), v("G7", board)
    assert g.points[c7] == g.points[e7] == g.points[g7] == g.total
    assert r._cutter_moves(a, goal, g)[:2] == [e7, g7]
    assert r.disconnect(a, goal.stone) == (WIN, e7)
    assert board.trymove(v("A1", board), 1)  # below the root only the two ends count
    assert r._cutter_moves(a, goal, g)[0] == c7
    board.popgo()


# Black B4-C4 is in atari at C5, away from the road to B2 (C2 and A3 capture white's
# B3-C3 more cheaply). Any other move lets white take C5 and the two stones.
END_IN_ATARI = """
. . . . . . .
. . . . . . .
. O . . . . .
O X X O . . .
. O O X . . .
. X . . . . .
. . . . . . .
"""


def test_an_end_in_atari_is_saved_before_the_road_is_walked() -> None:
    board, r = reading(END_IN_ATARI)
    a, goal = v("B4", board), Goal(stone=v("B2", board))
    g = r._gap(a, goal, board.board[a])
    c2, c5 = v("C2", board), v("C5", board)
    assert g.points[c2] < g.points[c5]  # the saving move is off the cheapest road
    assert r._connector_moves(a, goal, g)[:2] == [c5, c2]


# White C4 is in atari inside black's end B4-D4-B3-D3; black's C5 would take it. The
# cheapest road runs down to B1 through B2, and C5 costs a stone more.
CUTTER_IN_ATARI = """
. . . . . . .
. . . . . . .
. . . . . . .
. X O X . . .
. X X X . . .
. . . . . . .
. X . X . . .
"""


def test_a_cutting_stone_in_atari_beside_an_end_is_saved_first() -> None:
    board, r = reading(CUTTER_IN_ATARI)
    a, goal = v("B4", board), Goal(stone=v("B1", board))
    g = r._gap(a, goal, board.board[a])
    b2, c5 = v("B2", board), v("C5", board)
    assert g.points[b2] == g.total < g.points[c5] <= g.total + STONE
    assert r._cutter_moves(a, goal, g)[:2] == [c5, b2]


# Black E6-E5 is in atari at F5. A road from E8 down to E3 runs through it: take white
# E7 (in atari at F7), walk through E6-E5, take white E4 (two liberties). The cheapest
# points are F7, D4 and F4; F5 lies on a road a stone longer.
ROAD_IN_ATARI = """
. . . . . . . . .
. . . . X . . . .
. . . X O . . . .
. . . O X O . . .
. . . O X . . . .
. . . . O . . . .
. . . . X . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_at_the_root_a_road_string_in_atari_is_taken_or_saved_first() -> None:
    board, r = reading(ROAD_IN_ATARI)
    a, goal = v("E8", board), Goal(stone=v("E3", board))
    g = r._gap(a, goal, board.board[a])
    e6, f5, f7 = v("E6", board), v("F5", board), v("F7", board)
    assert board.origin(e6) in g.bridges and g.points[f5] == g.total + STONE
    assert r._cutter_moves(a, goal, g)[:2] == [f7, f5]  # the cutting stone in atari beside an end first
    assert r._connector_moves(a, goal, g)[0] == f5
    assert board.trymove(v("A1", board), 2)  # below the root the liberty ranks by its road
    assert r._connector_moves(a, goal, g)[0] == f7
    assert f5 not in r._cutter_moves(a, goal, g)[:3]
    board.popgo()


# White B3 cuts black A3-A2 from C3-C2 and is in atari; its only extension, B2, leaves
# two stones in atari on the edge. Black A3-A2 has two liberties, so the cut is read.
INTO_ATARI = """
. . . . . . .
. . . . . . .
. . . . . . .
O X . . . . .
X O X . . . .
X . X . . . .
. . . . . . .
"""


def test_neither_side_extends_into_atari() -> None:
    board, r = reading(INTO_ATARI)
    a, b, b2 = v("A3", board), v("C3", board), v("B2", board)
    assert r._into_atari(b2, 2) and not r._into_atari(b2, 1)  # black's B2 captures
    r.tree = VariationTree(board)  # every move the reading plays
    assert r.disconnect(a, b)[0] == 0
    data = r.tree.to_bytes()
    assert b"W[" in data and b"W[bf]" not in data  # "do not extend into atari": white never plays B2 (bf)


def test_results_agree_with_and_without_the_table() -> None:
    for diagram, (x, y) in ((BAMBOO, ("C5", "C3")), (HANGING, ("C4", "E4")), (LADDER_CUT, ("E6", "D5")),
                            (THROUGH_CAPTURE, ("C3", "E3")), (KO_CUT, ("C1", "E1")), (ESCAPE_CUT, ("E6", "G6")),
                            (BRIDGE, ("B4", "F4")), (INTO_ATARI, ("A3", "C3"))):
        board, _ = board_from_diagram(diagram)
        a, b = v(x, board), v(y, board)
        results = []
        for table in (TranspositionTable(16), TranspositionTable(0)):
            r = ConnectionReader(board, TacticalService(), Limits(), table)
            results.append((r.string_connect(a, b)[0], r.disconnect(a, b)[0]))
        assert results[0] == results[1], diagram


def test_break_in_and_block_off() -> None:
    board, r = reading(HANGING)
    a = v("C4", board)
    area = frozenset({v("E4", board), v("F4", board)})
    assert r.break_in(a, area)[0] == WIN
    assert r.block_off(a, area)[0] == 0
    far = frozenset({v("G7", board)})
    assert r.break_in(a, far)[0] == 0  # out of reach


def test_a_node_limit_gives_no_answer_and_leaves_the_board() -> None:
    board, r = reading(LADDER_CUT, node_limit=3)
    before = snapshot(board)
    assert r.disconnect(v("E6", board), v("D5", board)) == (0, 0)
    assert snapshot(board) == before and board.stackp == 0


def test_connection_commands_over_gtp() -> None:
    srv = server(size=7)
    for move in ("C4", "E4", "D3"):
        assert ask(srv, f"play b {move}")[0]
    assert ask(srv, "play w D5")[0] is True
    assert ask(srv, "reset_connection_node_counter") == (True, "")
    assert ask(srv, "connect C4 E4") == (True, "1 D4")
    ok, nodes = ask(srv, "get_connection_node_counter")
    assert ok and int(nodes) > 0
    assert ask(srv, "disconnect C4 C4") == (True, "0")
    assert ask(srv, "connect C4 C4") == (True, "1 PASS")
    ok, answer = ask(srv, "break_in C4 F4 G4")
    assert ok and answer.startswith("1 ")
    assert ask(srv, "block_off C4 E4")[0]
    assert not ask(srv, "connect C4 D5")[0]  # stones of different colours
    assert not ask(srv, "connect C4 A1")[0]  # an empty point
    assert not ask(srv, "break_in C4 PASS")[0]
    assert not ask(srv, "break_in C4")[0]


def test_the_command_line_defaults_are_the_readers_limits() -> None:
    from gtp.cli import (
        build_parser,  # the options the plugin declares reach the command line
    )

    args = build_parser().parse_args([])
    assert (args.connection_depth, args.connection_nodes) == (DEFAULT.depth, DEFAULT.node_limit)
