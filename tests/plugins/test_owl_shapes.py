"""Owl on life-and-death shapes of our own: a lunch that makes the second eye, a false
eye owl must see through, a capturable stone that does not split an eye in two, a stone
dropped into a framework, a ko for life, a shortage of liberties, a throw-in, the threats (two
moves in a row), a connection that saves, connecting to a strong friend, the edge shapes
of the pattern databases, each side trying the opponent's best move, the first two lines
near the dragon, the approach to a vital point that would be a self-atari, and the caches
(persistent, transpositions) agreeing with fresh reading."""

from __future__ import annotations

import gc
import time
from types import SimpleNamespace

import pytest

from core.analysis.amalgamation import shape_dragon
from core.analysis.eyes import EyeSpace
from core.board.boardcheck import snapshot
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex, vertex
from core.board.diagram import board_from_diagram
from core.host.plugins import PluginHost
from core.host.services import OWL
from core.reading.results import KO_A, KO_B, WIN
from plugins.owl.reader import Limits
from plugins.owl.service import CHECKED_DEFEND, THREATEN_ATTACK, OwlService
from plugins.tactical.service import TacticalService

# Black's corner: one eye at A9, and the white stone at C9, already without escape (its
# one liberty D9 is suicide for white), is a lunch: black's second eye.
LUNCH = """
. X O . X O . . .
X X X X X O . . .
O O O O O O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# Black's corner: a real eye at A9 and a false one at C9 (white D8 takes its diagonal,
# and D9 is in atari there): one eye only.
FALSE_EYE = """
. X . X O . . . .
X X X O O . . . .
O O O O . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# A black stone dropped into white's framework on the right: open ground, but white's, and
# three lines wide, too narrow to live in (GNU Go 3.8: killed at H5, no defence). With the
# wall on the D column GNU Go finds no kill and defends at F5; owl, once its root reads
# every candidate, defends too (E9), though it still kills moving first.
FRAMEWORK = """
. . . . X O . . .
. . . . X O . . .
. . . . X O . X .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
"""

# Black's corner: white B9 splits the space A9-B8, and black can capture it (B8 is atari,
# and white cannot connect out), but the capture makes one eye, not two; D9 is no eye.
SPLIT_EYE = """
. O X . O . . . .
X . X X O . . . .
X X X O . . . . .
X X X O . . . . .
O O O O . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# Black's corner: one eye at A9-B9; the eye at D9 is false while white E8 stands on its
# diagonal. White F8 saves E8 and kills; black F8 captures it, but the capturing stone
# can be retaken at E8: black lives in a ko he takes first (white needs a threat). White
# D9 kills too: it takes E9, and if black retakes at E9, white F8 leaves him one eye.
KO_FOR_LIFE = """
. . X . X O O . .
X X X X O . O . .
O O O X X O . . .
. . O O O O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# Black's rectangular six in the corner, walled by two strings that white D7 keeps apart:
# D9-D8 breathes only at C9 and C8, A7-C7 only at A8, B8 and C8. Six closed points look
# like two sure eyes, but a white stone at B8 or C8 runs the walls short of liberties
# (black cannot fill in time), and so does the 2-1 point B9, which black must take first
# to make the eyes.
SHORTAGE = """
. . . X O . . . .
. . . X O . . . .
X X X O O . . . .
O O O O . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# Black's corner: one eye at A9, and the space E9-F9 on the edge, where black's D9 crawls
# under white's D8. White's throw-in at E9 is captured (black F9), but E9 is then an edge
# point whose diagonal D8 is white's, a false eye, and E9 is also the two strings' only
# link: white retakes there and captures. White F9 instead is captured by black E9, which
# joins the strings around a real eye at F9.
THROW_IN = """
. X X X . . X O .
X X O O X X X O .
O O O O O O O O .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# Black's straight three on the top edge, for threats and the cache: B9 decides it.
STRAIGHT_THREE = """
. . . X O . . . .
X X X X O . . . .
O O O O O . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# Two black stones on the second line under a white wall, the first line open.
UNDER_THE_WALL = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . O O O O . . .
. . O X X O . . .
. . . . . . . . .
"""

# Black's base on the second and third lines, walled by white on both sides: on each side
# the first-line point under the two second-line stones is where the base is won or lost.
BASE = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. O O O O O O . .
. O X X X X O . .
. O X . . X O . .
. . . . . . . . .
"""

# Two black stones (F6, F5) in white's wall; black's three-stone string on the left, with
# five liberties and open ground behind it, is a separate dragon (white at E5 would not be
# captured: the cut there lives). E5 joins the two and saves the stones.
STRONG_FRIEND = """
. . . . . . . . .
. . . . . . . . .
. . . . O O O . .
. . . X O X . O .
. . . X . X . O .
. . . X O O O . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def owl(cache: int = 200, table: bool = True) -> OwlService:
    service = OwlService()
    service.configure({"owl_cache": cache} if table else {"owl_cache": cache, "hash": 0})
    service.tactical = TacticalService()
    return service


def test_a_lunch_is_an_eye() -> None:
    board, _ = board_from_diagram(LUNCH)
    assert owl().owl_attack(board, parse_vertex("A8", 9))[0] == 0


@pytest.mark.parametrize("diagram, stone", [
    pytest.param(FALSE_EYE, "A8", id="a false eye is seen through"),
    pytest.param(SPLIT_EYE, "A7", id="a capturable stone does not split an eye in two"),
    pytest.param(FRAMEWORK, "H7", id="a stone in a framework has nowhere to run"),
])
def test_a_dead_dragon_is_killed_and_cannot_be_saved(diagram: str, stone: str) -> None:
    board, _ = board_from_diagram(diagram)
    service = owl()
    assert service.owl_attack(board, parse_vertex(stone, 9))[0] == WIN
    assert service.owl_defend(board, parse_vertex(stone, 9))[0] == 0


def test_a_ko_for_life() -> None:
    board, _ = board_from_diagram(KO_FOR_LIFE)
    service = owl()
    code, move = service.owl_attack(board, parse_vertex("B8", 9))
    assert code == WIN and move in (parse_vertex("F8", 9), parse_vertex("D9", 9))
    assert service.owl_defend(board, parse_vertex("B8", 9)) == (KO_A, parse_vertex("F8", 9))
    board.play(parse_vertex("F8", 9), BLACK)  # the capture: white may only retake as a ko
    assert service.owl_attack(board, parse_vertex("B8", 9)) == (KO_B, parse_vertex("E8", 9))


def test_a_shortage_of_liberties_spoils_eyes_that_look_sure() -> None:
    board, _ = board_from_diagram(SHORTAGE)
    service = owl()
    code, move = service.owl_attack(board, parse_vertex("A7", 9))
    assert code == WIN and move in (parse_vertex("B8", 9), parse_vertex("C8", 9), parse_vertex("B9", 9))
    assert service.owl_defend(board, parse_vertex("A7", 9)) == (WIN, parse_vertex("B9", 9))
    board.play(move, WHITE)
    assert service.owl_defend(board, parse_vertex("A7", 9))[0] == 0


def test_the_throw_in_makes_the_eye_false() -> None:
    board, _ = board_from_diagram(THROW_IN)
    service = owl()
    e9, f9, e8 = parse_vertex("E9", 9), parse_vertex("F9", 9), parse_vertex("E8", 9)
    assert service.owl_attack(board, e8) == (WIN, e9)
    assert service.owl_does_attack(board, f9, e8) == 0  # the wrong point lets black connect
    assert service.owl_defend(board, e8) == (WIN, e9)  # "the opponent's vital point is mine"


def test_threats_are_two_moves_in_a_row() -> None:
    board, _ = board_from_diagram(STRAIGHT_THREE)
    service = owl()
    before = snapshot(board)
    d9 = parse_vertex("D9", 9)
    code, first, second = service.owl_threaten_attack(board, d9)
    assert code == WIN and first and second  # white kills even with a move to spare
    code, first, second = service.owl_threaten_defense(board, d9)
    assert code == WIN and first  # black lives with two moves in a row
    assert snapshot(board) == before and board.stackp == 0


def test_a_threat_read_past_its_deadline_is_uncertain_and_not_kept() -> None:
    board, _ = board_from_diagram(STRAIGHT_THREE)
    host = PluginHost()
    service = host.services.get(OWL)
    assert isinstance(service, OwlService)  # the plugin's own, which counts the questions given up
    d9 = parse_vertex("D9", 9)
    host.services.deadline = time.monotonic() - 1.0  # the move's time is up
    gave_up = service.gave_up
    assert service.owl_threaten_attack(board, d9)[0] == 0  # no first move tried
    assert service.gave_up > gave_up
    host.services.deadline = None  # with time again, the threat is read, not taken from a cache
    assert service.owl_threaten_attack(board, d9)[0] == WIN


def test_an_owl_read_stops_at_its_first_node_past_the_deadline() -> None:
    # An owl node costs a thousand tactical ones (its eye spaces, shapes and lunch
    # reading): owl reads the clock at every node, where tactical reading reads it at every
    # 32nd; with every 32nd, an owl task in genmove returned up to 0.1 s past its deadline.
    board, _ = board_from_diagram(SHORTAGE)
    host = PluginHost()
    service = host.services.get(OWL)
    assert isinstance(service, OwlService)
    d9 = parse_vertex("D9", 9)
    before = service.counter.value
    host.services.deadline = time.monotonic() - 1.0
    assert service.owl_attack(board, d9)[0] == 0  # cut short: uncertain, claims nothing
    assert service.counter.value - before == 1
    host.services.deadline = None
    assert service.owl_attack(board, d9)[0] == WIN
    assert service.counter.value - before > 100  # (the read it cut short is a long one)


def test_a_connection_that_saves_both_dragons() -> None:
    board, _ = board_from_diagram(FALSE_EYE)
    service = owl()
    # black filling C9 joins D9 to the rest, but the eye it fills leaves one eye: no save
    assert service.owl_connection_defends(board, parse_vertex("C9", 9), parse_vertex("A8", 9),
                                          parse_vertex("D9", 9)) == 0


def test_connecting_to_a_strong_friend_is_the_defenders_first_move() -> None:
    # "connect to strength": E5, the liberty that joins the strong string, leads the
    # defender's moves, ahead of the dragon's other liberties (G6, G5, which only crawl
    # into white's wall), and it saves
    board, _ = board_from_diagram(STRONG_FRIEND)
    service = owl()
    f5 = parse_vertex("F5", 9)
    assert parse_vertex("D5", 9) not in shape_dragon(board, f5)  # two dragons
    defense = [vertex(9, m) for m in service.reader(board).candidates(f5, attack=False)]
    assert defense[0] == "E5"
    assert service.owl_defend(board, f5) == (WIN, parse_vertex("E5", 9))


def test_the_caches_agree_with_fresh_reading() -> None:
    # the persistent cache and the transposition table on, against a reader with neither
    hits = transpositions = 0
    for diagram, stone in ((STRAIGHT_THREE, "D9"), (FALSE_EYE, "A8"), (LUNCH, "A8"), (FRAMEWORK, "H7"),
                           (SPLIT_EYE, "A7"), (KO_FOR_LIFE, "B8"), (SHORTAGE, "A7")):
        board, _ = board_from_diagram(diagram)
        p = parse_vertex(stone, 9)
        cached, fresh = owl(200), owl(0, table=False)
        first = (cached.owl_attack(board, p), cached.owl_defend(board, p), cached.owl_threaten_attack(board, p))
        again = (cached.owl_attack(board, p), cached.owl_defend(board, p), cached.owl_threaten_attack(board, p))
        plain = (fresh.owl_attack(board, p), fresh.owl_defend(board, p), fresh.owl_threaten_attack(board, p))
        assert first == again == plain, stone
        assert len(fresh.caches.persistent) == 0 and len(fresh.caches.table) == 0
        hits += cached.caches.persistent.hits
        transpositions += cached.caches.table.hits
    assert hits > 0  # the second asking was answered from the cache
    assert transpositions > 0  # and lines that transposed were not read twice


# Black's stones F6-G4 with the hane at H3, white pressing from E7 and F4: a position
# from one of Kiai's own 9x9 match games (after its 19th move). owl_defend's checked
# answer saves with F5 on 300 nodes and with H7 on 2,000.
PRESSED = """
. . . . . . . . .
. . . . . . . . .
. . X . O . . . .
. . . . . X X . .
. . . . . . X . .
. X X X . O X O O
. O O O . O O X .
. . . . . . . X .
. . . . . . . . .
"""


def test_a_checked_owl_answer_is_kept_by_the_node_limit_it_was_read_on() -> None:
    # owl_defend with its move checks (several reads, some of which may stop at the limit
    # with an answer) on 300 nodes, then on 2000: the second reads afresh, as a service
    # that never read the first would, instead of taking the 300-node answer back
    board, _ = board_from_diagram(PRESSED)
    f6 = parse_vertex("F6", 9)
    service = owl(200)
    short = service.owl_defend(board, f6, 300)
    full = service.owl_defend(board, f6, 2000)
    assert full == owl(200).owl_defend(board, f6, 2000) != short
    checked = {e.limit: e for e in service.caches.persistent.entries if e.routine == CHECKED_DEFEND}
    assert checked[300].result == short and checked[2000].result == full
    assert checked[300].used == 0  # the 2000-node question did not take the 300-node answer
    assert service.owl_defend(board, f6, 300) == short and checked[300].used == 1  # each limit its own


def test_a_result_found_after_the_deadline_is_not_kept() -> None:
    # a question the clock cut short answers as it stood (a root's later moves unread
    # without any read giving up): what it found is not kept for a later question
    board, _ = board_from_diagram(STRAIGHT_THREE)
    a7 = parse_vertex("A7", 9)
    service = owl(200)
    clock = SimpleNamespace(deadline=time.monotonic() + 0.01)
    service.services = clock  # type: ignore[assignment]

    def slow() -> tuple[int, ...]:  # a read of 50 nodes, worth keeping, that ends after 50 ms
        service.counter.add(50)
        time.sleep(0.05)
        return (WIN, a7)

    assert service._remember(board, THREATEN_ATTACK, (a7,), slow, lambda: [a7]) == (WIN, a7)
    assert len(service.caches.persistent) == 0
    clock.deadline = time.monotonic() + 60
    assert service._remember(board, THREATEN_ATTACK, (a7,), slow, lambda: [a7]) == (WIN, a7)
    assert len(service.caches.persistent) == 1


def test_an_owl_read_stopped_at_its_node_limit_is_read_again_with_more_nodes() -> None:
    # owl_attack on 20 nodes stops at its root with candidates unread (Search.stops): its
    # answer goes into the persistent cache as incomplete, and the same question on 4500
    # nodes reads afresh instead of taking it back, as a service with no cache reads it
    board, _ = board_from_diagram(STRAIGHT_THREE)
    a7 = parse_vertex("A7", 9)
    service = owl(200)
    short = service.reader(board, 20)
    short.owl_attack(a7)
    assert short.stops > 0 and not short.aborted
    assert [e.complete for e in service.caches.persistent.entries] == [False]
    hits = service.caches.persistent.hits
    full = service.reader(board, 4500)
    answer = full.owl_attack(a7)
    assert full.stops == 0 and service.caches.persistent.hits == hits
    assert [e.complete for e in service.caches.persistent.entries] == [True]
    assert answer == owl(0, table=False).reader(board, 4500).owl_attack(a7)


def test_the_edge_shapes_lead_both_sides_moves() -> None:
    # white's hane under the second-line stones (C1, F1) comes first; black has his own
    # first-line hanes (B1, G1) and the descents (C1, F1) among his first tries
    board, _ = board_from_diagram(BASE)
    reader = owl().reader(board)
    c3 = parse_vertex("C3", 9)
    attack = [vertex(9, m) for m in reader.candidates(c3, attack=True)]
    defense = [vertex(9, m) for m in reader.candidates(c3, attack=False)]
    assert attack[0] in {"C1", "F1"} and {"C1", "F1"} <= set(attack[:3])
    assert {"B1", "C1", "F1", "G1"} <= set(defense)


def test_owls_moves_leave_nothing_for_the_garbage_collector() -> None:
    # owl offers moves at every node, through its pattern databases and their constraint
    # functions: cycles among them would only go when the collector walks the heap
    board, _ = board_from_diagram(BASE)
    reader = owl().reader(board)
    c3 = parse_vertex("C3", 9)
    gc.collect()
    gc.disable()
    try:
        for attack in (True, False, True):
            assert reader.candidates(c3, attack=attack)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_each_side_tries_the_opponents_best_move_second() -> None:
    # "the opponent's vital point is my vital point": black's first-line hane, his best
    # move, is white's second try, before white's own second hane
    board, _ = board_from_diagram(BASE)
    reader = owl().reader(board)
    c3 = parse_vertex("C3", 9)
    attack = reader.candidates(c3, attack=True)
    defense = reader.candidates(c3, attack=False)
    assert defense[0] not in attack[:1] and attack[1] == defense[0]
    assert attack[0] in defense[:2]  # already near the front of black's moves: not moved


def test_the_first_line_near_a_dragon_is_tried() -> None:
    # two black stones on the second line under a white wall: besides the liberties (D1,
    # E1), the first-line points two steps along (B1, G1) are tried; three steps (A1, H1)
    # are too far
    board, _ = board_from_diagram(UNDER_THE_WALL)
    reader = owl().reader(board)
    reader.limits = Limits(width=40)
    d2 = parse_vertex("D2", 9)
    for attack in (True, False):
        moves = {vertex(9, m) for m in reader.candidates(d2, attack=attack)}
        assert {"B1", "C1", "D1", "E1", "F1", "G1"} <= moves, attack
        assert not {"A1", "H1"} & moves, attack


# White's stone at J8 guards the eye at J7; black's vital point J9 would be a self-atari
# (its one liberty H9), and black's move there is answered by white's capture at H9.
APPROACH = """
. . . . . . X . .
. . . . . . X X O
. . . . . . . X .
. . . . . . . . O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_the_attacker_approaches_a_vital_point_that_would_be_a_self_atari() -> None:
    # "approach before you atari": H9 first, so that J9 then ataris J8 with a liberty behind it
    board, _ = board_from_diagram(APPROACH)
    reader = owl().reader(board)
    j7, j9, h9 = (parse_vertex(v, 9) for v in ("J7", "J9", "H9"))
    space = EyeSpace(WHITE, [j7], min=0, max=1, attack=j9)
    assert reader._approaches([space], BLACK) == [h9]
    settled = EyeSpace(WHITE, [j7], min=1, max=1, attack=j9)  # no vital point: nothing to prepare
    assert reader._approaches([settled], BLACK) == []
    board.play(h9, BLACK)  # J9 now has a liberty behind it: no approach needed
    assert reader._approaches([space], BLACK) == []
