"""Owl reading, first form, on diagrams: the vital point of a straight three for both
sides, two eyes that nothing kills, a dragon that runs out (and is defended with a move), a
pinched stone that runs by jumping, a dragon that runs to a strong friend, a crawl along
the edge that is no way out, a clearly more forcing kill among several, the killing move
read first by the defender, every candidate read at the root (a node limit past the width
leaving the first candidates' verdict; a threat probe stopping at its first kill), the
diagonal steps read at the defender's root where nothing else saves, the attacker's lunch
rescues and near points where nothing else kills, the liberties of the friend a dragon
leans on read at the root, a dragon taken by a ko capture, and the GTP commands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sgfmill import sgf

from core.analysis.amalgamation import shape_dragon
from core.board.board import Board
from core.board.boardcheck import snapshot
from core.board.color import EMPTY, WHITE
from core.board.coords import NO_POINT, parse_vertex, vertex
from core.board.diagram import board_from_diagram
from core.reading.results import KO_B, WIN
from core.reading.variations import VariationTree
from plugins.owl.reader import FORCING_SHARE, _static
from plugins.owl.status import ESCAPE_POINTS, FRIEND_POINTS, crawl_line
from plugins.owl.service import OwlService
from plugins.tactical.service import TacticalService
from tests.gtp_helpers import ask, server

# Black's corner: a straight three on the first line (A9-C9), walled in by white.
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

# The same group with two separate eyes (A9 and C9).
TWO_EYES = """
. X . X O . . . .
X X X X O . . . .
O O O O O . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# Black's two stones in the centre, white approaching from below: they run upwards.
RUNNING = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . X . . . .
. . . . X . . . .
. . . O . O . . .
. . . . O . . . .
. . . . . . . . .
"""

# Black's six stones on the side between two white walls: the eye space below them is open
# to the right through F4. Several white moves kill (placements in the space, the block).
SIDE = """
. . . . . . . . .
O O O O O O O . .
X X X X X X O . .
. . . . . X O . .
. . . . . . . . .
O O O O O . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# A black stone on the 4-4 point of a 13x13 board, pinched by white on three sides (C11,
# F11, D9): it has open ground all around and runs out by jumping.
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

# Black's two stones (E2, E3) hemmed in by white on both sides, two points below a black wall
# (C6-F6): there is little open ground, but running up joins a strong friend.
TOWARDS_WALL = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . X X X X . . .
. . . . . . . . .
. . O . . . O . .
. . O . X . O . .
. . . O X O . . .
. . . . . . . . .
"""

# Black's five stones on the second line under a white wall on the fourth: the third line
# beside the wall is contested, so the open ground left is the first two lines.
CRAWL = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O O O O O
. . . . . . . . .
X X X X X . . . .
. . . . . . . . .
"""

# The same stones with the wall a line higher: the third line is open.
CRAWL_HIGHER = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
X X X X X . . . .
. . . . . . . . .
"""

# CRAWL_HIGHER on 19x19: the open third line under white's fifth-line wall is still a
# crawl on a full board (on 9x9 the third line is two lines from the centre, here seven)...
CRAWL_THIRD_LINE = """
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
O O O O O O O O O O O O O O O O O O O
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
X X X X X . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
"""

# ...and with the wall on the sixth line, the open fourth line is a way out.
CRAWL_FOURTH_LINE = """
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
O O O O O O O O O O O O O O O O O O O
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
X X X X X . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
"""


def owl() -> OwlService:
    service = OwlService()
    service.tactical = TacticalService()
    return service


def test_the_vital_point_of_a_straight_three_kills_or_lives() -> None:
    board, _ = board_from_diagram(STRAIGHT_THREE)
    before = snapshot(board)
    service = owl()
    b9 = parse_vertex("B9", 9)
    assert service.owl_attack(board, parse_vertex("D9", 9)) == (WIN, b9)  # the placement in the middle
    assert service.owl_defend(board, parse_vertex("D9", 9)) == (WIN, b9)  # two eyes by taking it first
    assert service.owl_does_attack(board, b9, parse_vertex("D9", 9)) == WIN
    assert service.owl_does_attack(board, parse_vertex("A9", 9), parse_vertex("D9", 9)) == 0  # black answers B9
    assert snapshot(board) == before and board.stackp == 0


def test_two_eyes_cannot_be_killed() -> None:
    board, _ = board_from_diagram(TWO_EYES)
    service = owl()
    assert service.owl_attack(board, parse_vertex("D9", 9))[0] == 0
    assert service.owl_defend(board, parse_vertex("D9", 9))[0] == WIN


def test_a_dragon_owl_cannot_kill_is_not_asked_for_a_defence() -> None:
    # owl_status, as the examine step asks it: a dragon that lives when the attacker moves
    # first needs no defence, and reading one would only spend nodes
    board, _ = board_from_diagram(RUNNING)
    e5 = parse_vertex("E5", 9)
    service = owl()
    start = service.counter.value
    assert service.owl_status(board, e5) == (0, NO_POINT, WIN, NO_POINT)
    status_nodes = service.counter.value - start
    service = owl()
    start = service.counter.value
    assert service.owl_attack(board, e5)[0] == 0
    assert status_nodes == service.counter.value - start
    start = service.counter.value
    assert service.owl_defend(board, e5)[0] == WIN and service.counter.value > start  # a read it skipped


def test_the_judgment_of_a_node_in_words() -> None:
    # what owl makes of a node before reading its moves (the audit's "judged" endings)
    board, _ = board_from_diagram(STRAIGHT_THREE)
    service = owl()

    def judge(*args: Any) -> str:
        return service.judgment(*args)[0]

    black = frozenset(p for p in (parse_vertex(v, 9) for v in ("D9", "A8", "B8", "C8", "D8")))
    assert judge(board, black, 1, 0, True) == "open (eye spaces 1/2): 3 moves offered"
    _, offered = service.judgment(board, black, 1, 0, True)
    assert offered[0] == parse_vertex("B9", 9) and len(offered) == 3  # the vital point first
    assert judge(board, black, 1, 12, True) == \
        "at the depth limit: the eye count (eye spaces 1/2) gives it to the side to move"
    assert board.trymove(parse_vertex("B9", 9), WHITE)
    assert judge(board, black, 1, 1, False) == "open (eye spaces 0/0 0/0, 0 open points): 2 moves offered"
    board.popgo()
    running, _ = board_from_diagram(RUNNING)
    stones = frozenset(parse_vertex(v, 9) for v in ("E5", "E4"))
    assert judge(running, stones, 1, 0, True).startswith("open (")  # the attacker blocks first
    assert judge(running, stones, 1, 1, True).startswith("open (")  # after the defender's root move too
    assert judge(running, stones, 1, 2, True) == "alive by running: 17 open points within reach"
    two_eyes = board_from_diagram(TWO_EYES)[0]
    assert judge(two_eyes, black, 1, 1, False) == "alive: two sure eyes (eye spaces 1/1 1/1)"
    assert judge(two_eyes, black, 1, 1, True) == "two sure eyes, 0 vital moves against them"
    assert judge(Board(9), black, 1, 3, True).startswith("dead: ")  # every stone captured
    assert board.stackp == 0 and running.stackp == 0


# Black's two one-point spaces, A9 and C9, on either side of white's B9.
SPLIT_BY_A_STONE = """
. O . X O . . . .
X X X X O . . . .
O O O O O . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


class _UnsettledB9(TacticalService):
    """Tactical reading that finds white's B9 both capturable and savable (as a lunch whose
    defence runs out of nodes is read)."""

    def attack_and_defend(self, board: Board, s: int, node_limit: int | None = None, *,
                          afresh: bool = False) -> tuple[int, int, int, int]:
        if board.origin(s) == board.origin(parse_vertex("B9", 9)):
            return WIN, parse_vertex("A9", 9), WIN, NO_POINT
        return super().attack_and_defend(board, s, node_limit, afresh=afresh)


def test_a_space_beside_an_unsettled_enemy_string_is_no_sure_eye() -> None:
    # while either side can settle B9, neither A9 nor C9 is an eye of its own: captured, B9
    # joins them into one space, and saved, it keeps them from closing
    board, _ = board_from_diagram(SPLIT_BY_A_STONE)
    service = OwlService()
    service.tactical = _UnsettledB9()
    black = frozenset(parse_vertex(v, 9) for v in ("D9", "A8", "B8", "C8", "D8"))
    assert service.judgment(board, black, 1, 1, False)[0] == \
        "open (eye spaces 0/1 0/1, 0 open points): 2 moves offered"


def test_a_dragon_with_room_to_run_is_not_dead() -> None:
    board, _ = board_from_diagram(RUNNING)
    assert owl().owl_attack(board, parse_vertex("E5", 9))[0] == 0


def test_a_dragon_with_a_string_in_atari_does_not_run_away() -> None:
    # black's D3, cut off in atari (its last liberty D4 beside E4), is the dragon's too:
    # white takes it before the rest runs, so the node is read, not judged alive
    board, _ = board_from_diagram("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . O X O O . . .
        . . . O O . . . .
        . . . . . . . . .
        """)
    service = owl()
    stones = frozenset(parse_vertex(v, 9) for v in ("E5", "E4"))
    assert service.judgment(board, stones, 1, 2, True)[0].startswith("alive by running")
    cut_off = stones | {parse_vertex("D3", 9)}
    assert service.judgment(board, cut_off, 1, 2, True)[0].startswith("open (")


def test_a_save_gets_one_block_before_the_dragon_counts_as_running() -> None:
    # white's G5, alone in black's framework: after white's G7, the two stones have ten
    # open points within reach, but black blocks first (G6, as a fresh owl_attack after
    # G7 reads it); deeper in a line the same node is alive by running
    board, _ = board_from_diagram("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . X . X .
        . . . . . . . . .
        . . . . X . O . .
        . . . . . . . . .
        . . . . . X . X .
        . . . . . . . . .
        . . . . . . . . .
        """)
    service = owl()
    assert service.owl_defend(board, parse_vertex("G5", 9))[0] == 0
    assert board.trymove(parse_vertex("G7", 9), WHITE)  # joined to G5 by the jump
    jumped = frozenset(parse_vertex(v, 9) for v in ("G5", "G7"))
    assert service.judgment(board, jumped, WHITE, 1, True)[0].startswith("open (")
    assert service.judgment(board, jumped, WHITE, 3, True)[0] == "alive by running: 10 open points within reach"


def test_two_eyes_are_not_sure_while_a_string_of_the_dragon_is_in_atari() -> None:
    # black's E4, cut off in atari below the wall, is the question's stone: the eyes of the
    # corner group it hangs from (A9, C9) are not its own until it is saved
    board, _ = board_from_diagram("""
        . X . X O . . . .
        X X X X O . . . .
        O O O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . O X O . . .
        . . . . O . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    service = owl()
    corner = frozenset(parse_vertex(v, 9) for v in ("B9", "D9", "A8", "B8", "C8", "D8"))
    assert service.judgment(board, corner, 1, 1, False)[0].startswith("alive: two sure eyes")
    hanging = corner | {parse_vertex("E4", 9)}
    assert service.judgment(board, hanging, 1, 1, False)[0].startswith("open (")


def test_a_dragon_that_can_run_is_defended_with_a_move() -> None:
    # at the root the attacker may block first, so the defender's answer is a move, not a pass
    board, _ = board_from_diagram(RUNNING)
    service = owl()
    code, move = service.owl_defend(board, parse_vertex("E5", 9))
    assert code == WIN and move != NO_POINT and board.board[move] == EMPTY


def test_the_attack_keeps_a_clearly_more_forcing_kill() -> None:
    # every root candidate is read; a later kill replaces the one kept only when its proof
    # tree (the defence read after it) is a quarter smaller: a near tie keeps the move
    # owl values more
    board, _ = board_from_diagram(SIDE)
    service = owl()
    s = parse_vertex("A7", 9)
    before = snapshot(board)
    code, move = service.owl_attack(board, s, node_limit=5000)
    assert code == WIN
    proofs: dict[int, int] = {}
    every = service.reader(board)
    every.limits = replace(every.limits, width=100)
    for m in every.candidates(s, attack=True):
        assert board.trymove(m, WHITE)
        reader = service.reader(board, node_limit=5000)
        # as one ply inside the attack: no wider than a node there, and no diagonal steps
        reader.limits = replace(reader.limits, root_width=reader.limits.width, root_steps=False)
        if reader.owl_defend(s, NO_POINT)[0] == 0:  # read as inside the attack: no killing move first
            proofs[m] = reader.nodes
        board.popgo()
    assert len(proofs) >= 2 and move in proofs
    kept = None
    for m, cost in proofs.items():  # in the order read
        if kept is None or cost < int(proofs[kept] * FORCING_SHARE):
            kept = m
    assert move == kept
    assert move != min(proofs, key=proofs.__getitem__)  # here a smaller proof, but not by a quarter
    assert snapshot(board) == before


def test_a_pinched_stone_in_open_ground_runs_out() -> None:
    # the defender's jumps are read, and a stone that joins the dragon by shape counts as
    # the dragon's: crawling alone, the stone was read dead
    board, _ = board_from_diagram(PINCHED)
    assert owl().owl_defend(board, parse_vertex("D10", 13))[0] == WIN


def test_a_dragon_that_can_run_to_a_strong_friend_is_not_dead() -> None:
    board, _ = board_from_diagram(TOWARDS_WALL)
    assert owl().owl_defend(board, parse_vertex("E3", 9))[0] == WIN


def test_only_a_strong_friend_is_a_way_out() -> None:
    # the wall with five liberties or more counts as open ground for the running dragon; the
    # same wall hemmed in by white stones (three liberties left) counts nothing
    board, _ = board_from_diagram(TOWARDS_WALL)
    e3 = parse_vertex("E3", 9)
    reader = owl().reader(board)
    reader._start(e3)
    strong = reader._escape(reader._strings(), set())
    for v in ("B6", "C7", "D7", "E7", "F7", "G6"):
        assert board.trymove(parse_vertex(v, 9), WHITE)
    reader._start(e3)
    assert reader._escape(reader._strings(), set()) == strong - FRIEND_POINTS


def test_a_question_about_given_stones_kills_only_by_taking_them_all() -> None:
    # white's F1, in atari, is a dragon of its own; asked about it with the living string
    # A2-E2 as well, owl finds no kill: taking F1 leaves the rest alive with two eyes
    board, _ = board_from_diagram("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X X . .
        O O O O O X X . .
        . O . O . O X . .
        """)
    f1, e1 = parse_vertex("F1", 9), parse_vertex("E1", 9)
    goal = shape_dragon(board, f1) | shape_dragon(board, parse_vertex("A2", 9))
    service = owl()
    assert service.ask(board, None, lambda r: r.owl_attack(f1), (0, NO_POINT)) == (WIN, e1)
    assert service.ask(board, None, lambda r: r.owl_attack(f1, goal=goal), (0, NO_POINT)) == (0, NO_POINT)


def test_owl_commands_through_gtp() -> None:
    srv = server(size=9)
    moves = [("black", v) for v in ("D9", "A8", "B8", "C8", "D8")] + [("white", v) for v in
                                                                       ("E9", "E8", "A7", "B7", "C7", "D7", "E7")]
    for color, v in moves:
        assert ask(srv, f"play {color} {v}")[0]
    assert ask(srv, "owl_attack D9") == (True, "1 B9")
    assert ask(srv, "owl_defend D9") == (True, "1 B9")
    assert ask(srv, "owl_does_attack B9 D9") == (True, "1")
    ok, nodes = ask(srv, "get_owl_node_counter")
    assert ok and int(nodes) > 0
    assert not ask(srv, "owl_attack A9")[0]  # an empty point


def _root_vertices(tree: VariationTree) -> list[str]:
    """The moves a reading recorded at its root, as vertices."""
    out = []
    for node in sgf.Sgf_game.from_bytes(tree.to_bytes()).get_root():
        _, (row, col) = node.get_move()
        out.append("ABCDEFGHJKLMNOPQRST"[col] + str(row + 1))
    return out


def _first_root_move(tree: VariationTree) -> str:
    """The first move a reading recorded at its root, as a vertex."""
    return _root_vertices(tree)[0]


def test_the_defender_reads_the_killing_move_first() -> None:
    # "the opponent's vital point is my vital point": owl_defend tries the attacker's
    # killing move before its own candidates
    board, _ = board_from_diagram(TOWARDS_WALL)
    e3 = parse_vertex("E3", 9)
    service = owl()
    code, kill = service.owl_attack(board, e3)
    assert code == WIN
    firsts = []
    for hint in (kill, NO_POINT):
        reader = owl().reader(board)  # a fresh persistent cache: the defence is read each time
        reader.tree = VariationTree(board)
        reader.owl_defend(e3, hint)
        firsts.append(_first_root_move(reader.tree))
    assert firsts[0] == vertex(9, kill) != firsts[1]


def _root_moves(tree: VariationTree) -> int:
    """How many moves a reading recorded at its root."""
    return len(sgf.Sgf_game.from_bytes(tree.to_bytes()).get_root())


def test_the_root_reads_every_candidate_beyond_the_width() -> None:
    # SIDE's black group has more candidates on both sides than a narrow width: at the root
    # every one is read (a kill or a save ranked past the width is still found), however
    # narrow the reading below it
    board, _ = board_from_diagram(SIDE)
    a7 = parse_vertex("A7", 9)
    for attack in (True, False):
        counts = []
        for width in (1, 5):
            reader = owl().reader(board)
            reader.limits = replace(reader.limits, width=width)
            reader.tree = VariationTree(board)
            if attack:
                reader.owl_attack(a7)
            else:
                reader.owl_defend(a7, NO_POINT)
            counts.append(_root_moves(reader.tree))
        assert counts[0] == counts[1] > 5


def test_any_kill_stops_the_attackers_root_at_its_first_kill() -> None:
    # a threat probe needs a kill, not the most forcing one: with any_kill the root stops
    # at the first kill in its order, where the full attack reads every candidate on
    board, _ = board_from_diagram(SIDE)
    a7 = parse_vertex("A7", 9)
    read: list[list[str]] = []
    answers = []
    for any_kill in (False, True):
        reader = owl().reader(board)
        reader.tree = VariationTree(board)
        answers.append(reader.owl_attack(a7, any_kill=any_kill))
        read.append(_root_vertices(reader.tree))
        assert not reader.any_kill  # the flag is the question's alone
    assert answers[0][0] == answers[1][0] == WIN
    assert answers[1][1] == parse_vertex(read[1][-1], 9)  # the last root move read is the kill
    assert read[1] == read[0][:len(read[1])] and len(read[1]) < len(read[0])


def _root_tier(diagram: str, where: str, attack: bool) -> tuple[set[str], set[str], tuple[int, int], set[str]]:
    """For the dragon at where: the moves owl's root offers (the opponent's best among
    them), its last tier (the attacker's near points, the defender's diagonal steps), the
    question's answer and the moves its root read."""
    board, _ = board_from_diagram(diagram)
    s = parse_vertex(where, 9)
    reader = owl().reader(board)
    reader._start(s)
    strings = reader._strings()
    _, spaces, _, _ = reader._judge(strings)
    offered = {vertex(9, p) for p in reader._moves(strings, spaces, attack, True)}
    tier = {vertex(9, p) for p in (reader._near_points(strings) if attack else reader._diagonal_steps(strings))}
    reader = owl().reader(board)
    reader.tree = VariationTree(board)
    answer = reader.owl_attack(s) if attack else reader.owl_defend(s, NO_POINT)
    return offered, tier, answer, set(_root_vertices(reader.tree))


def test_where_no_offered_move_saves_the_defender_steps_diagonally() -> None:
    # SIDE's group cannot be saved. Once every offered move has failed, owl_defend's root
    # reads the diagonal steps from the dragon's stones as well (the kosumi that runs or
    # links, which no source offers); where a save is found first, it reads none of them
    offered, steps, answer, read = _root_tier(SIDE, "A7", attack=False)
    assert steps == {"E5", "G5"}  # from F6; F5 and the points of row 6 touch the dragon
    assert steps - offered and answer == (0, NO_POINT) and steps - offered <= read
    _, steps, answer, read = _root_tier(RUNNING, "E5", attack=False)
    assert answer[0] == WIN and steps and not steps & read


def test_where_no_offered_move_kills_the_attacker_reads_the_near_points() -> None:
    # RUNNING's two stones cannot be killed. Once every offered move has failed, owl_attack's
    # root reads every empty point within two lines of the dragon's stones as well (the net,
    # the block a diagonal or a jump away), which no source offers; where a kill is found first
    # (SIDE's group), it reads none of them
    offered, near, answer, read = _root_tier(RUNNING, "E5", attack=True)
    assert {"E7", "C5", "G4", "D6"} <= near and "E8" not in near and "D3" not in near
    assert near - offered and answer == (0, NO_POINT) and near - offered <= read
    offered, near, answer, read = _root_tier(SIDE, "A7", attack=True)
    assert answer[0] == WIN and near - offered and not (near - offered) & read


# White's corner group lives only by eating black's three stones E9 F9 E8 (in atari at D9):
# with them its space C9 D9 C8 grows into two eyes, and A9 is no eye (A8 is black's). Black
# saves them from afar: H9 captures G9, which gives them a liberty there and joins them to
# his wall, and white is left one eye. No source offers H9 (it touches neither the dragon nor its eye space).
LUNCH = """
. O . . X X O . .
X O . O X O X X X
X O O O O O X . .
X X X . . X X . .
. . X X X X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_where_no_offered_move_kills_the_attacker_saves_the_lunch() -> None:
    # "Take away its lunch": where nothing offered kills, owl_attack's root reads the
    # attacker's rescues of the strings the dragon's lunch reading can capture, before the
    # near points; white saves first by eating them
    offered, near, answer, read = _root_tier(LUNCH, "B9", attack=True)
    h9 = parse_vertex("H9", 9)
    assert "H9" not in offered and "H9" not in near and answer == (WIN, h9) and "H9" in read
    board, _ = board_from_diagram(LUNCH)
    reader = owl().reader(board)
    reader._start(parse_vertex("B9", 9))
    assert reader._lunch_rescues(reader._strings()) == [h9]
    assert owl().owl_defend(board, parse_vertex("B9", 9)) == (WIN, parse_vertex("D9", 9))


def test_running_out_of_nodes_past_the_width_leaves_the_first_moves_verdict() -> None:
    # The first `width` candidates are the question's own: once they are read, a node limit
    # hit among the later ones leaves their answer (SIDE's group cannot be saved), and only
    # a limit hit among the first ones leaves the question uncertain
    board, _ = board_from_diagram(SIDE)
    a7 = parse_vertex("A7", 9)
    answers = []
    for width in (1, 20):
        reader = owl().reader(board, node_limit=50)
        reader.limits = replace(reader.limits, width=width)
        answers.append((reader.owl_defend(a7, NO_POINT), reader.aborted, reader.nodes >= 50))
    assert answers == [((0, NO_POINT), False, True), ((0, NO_POINT), True, True)]  # both read to the limit
    full = owl().reader(board)
    assert full.owl_defend(a7, NO_POINT) == (0, NO_POINT) and not full.aborted and full.nodes > 50


def test_a_side_with_no_playable_move_passes_at_the_leaf() -> None:
    # One sure eye and one space either side can settle (a half eye's worth): whoever
    # moves there decides. Where the side to move has nothing it may play (its offered
    # moves are illegal, or a ko the komaster bars), it passes and the opponent settles it.
    values = [(1, 1), (0, 1)]
    assert _static(True, values) == WIN  # the attacker takes the second eye
    assert _static(True, values, passes=True) == 0  # he cannot: the owner makes it
    assert _static(False, values) == WIN
    assert _static(False, values, passes=True) == 0
    assert _static(True, [(1, 1), (1, 1)], passes=True) == 0 and _static(True, [(0, 1)], passes=True) == WIN


# Black's corner, walled in: four white stones inside (B3 B2 C2 C1) breathe at B1 and C3.
# Black B1 ataris them; white A1 takes B1, and black's retake at B1 is a ko. Once black
# has retaken, white has nothing he may play (A1 is the ko, C3 is suicide): he passes and
# black captures at C3 and lives. Counted statically at that node, the two one-point
# spaces gave the passing attacker one of them, and the ko looked like a clean kill.
CORNER_KO = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O . . . .
X X X X O . . . .
X X X X O . . . .
X O . X O . . . .
X O O X O . . . .
. . O X O . . . .
"""


def test_a_side_that_cannot_move_passes_and_the_other_reads_on() -> None:
    board, _ = board_from_diagram(CORNER_KO)
    service = owl()
    assert service.owl_defend(board, parse_vertex("A5", 9)) == (KO_B, parse_vertex("B1", 9))  # GNU Go 3.8 agrees
    # (its attack answers KO_B at A1; Kiai's white B1 kills outright: both black replies
    # leave black's group the last liberty of a capturing race white wins)
    assert service.owl_attack(board, parse_vertex("A5", 9)) == (WIN, parse_vertex("B1", 9))


# Black's lone stone J7 breathes only at J8. White's J8 takes it, but as a ko: J8 is left
# with the one liberty J7 (J9 and H8 are black's), and black could retake at J7 after a
# threat. Nothing else rides on that ko (black's top lives with three eyes), so the stone
# is dead once taken, as GNU Go 3.8 counts it too (owl_attack 1 J8); black's J8 saves it.
KO_TAKEN = """
. X . X . X X X X
X X X X X X O X .
O O O O O O O O X
. . . . . . . . O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# The same ko with something riding on it: black's G8 H8 H9 J9 breathe at G9 (white's
# G9 would be suicide) and J8, so white's J8 takes J7 and ataris them too.
KO_STAKE = """
X X . . X X . X X
. X X X X O X X .
O O O O O O O O X
. . . . . . . . O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_a_dragon_taken_by_a_ko_capture_is_read_on_only_where_the_ko_decides_more() -> None:
    j7, j8 = parse_vertex("J7", 9), parse_vertex("J8", 9)
    board, _ = board_from_diagram(KO_TAKEN)
    assert owl().owl_attack(board, j7) == (WIN, j8)
    assert owl().owl_defend(board, j7) == (WIN, j8)
    for diagram, retaken in ((KO_TAKEN, False), (KO_STAKE, True)):
        board, _ = board_from_diagram(diagram)
        before = snapshot(board)
        reader = owl().reader(board)
        reader._start(j7)
        board.trymove(j8, WHITE)  # the capture
        assert reader._strings() == [] and board.ko == j7
        # the retake is the node's one move only where black's stones are in atari
        assert reader._retake(1) == (j7 if retaken else NO_POINT)
        assert reader._retake(5) == NO_POINT  # past KO_RETAKE a ko the rule bars is not retaken
        board.popgo()
        assert snapshot(board) == before


def test_crawling_along_the_edge_is_not_running() -> None:
    # ten open points on the first two lines are a crawl: no escape; the same stones with
    # the wall a line higher reach the open third line and count as running
    board, _ = board_from_diagram(CRAWL)
    a2 = parse_vertex("A2", 9)
    reader = owl().reader(board)
    reader._start(a2)
    assert reader._escape(reader._strings(), set()) == 0
    higher, _ = board_from_diagram(CRAWL_HIGHER)
    reader = owl().reader(higher)
    reader._start(a2)
    assert reader._escape(reader._strings(), set()) >= ESCAPE_POINTS


def test_on_a_full_board_the_third_line_is_a_crawl_too() -> None:
    a2 = parse_vertex("A2", 19)
    for diagram, runs in ((CRAWL_THIRD_LINE, False), (CRAWL_FOURTH_LINE, True)):
        board, _ = board_from_diagram(diagram)
        reader = owl().reader(board)
        reader._start(a2)
        assert (reader._escape(reader._strings(), set()) >= ESCAPE_POINTS) == runs


# A lone stone on the second line: its one-point jump up (B4) lands beside the enemy's
# stone, the jump along the line (D2) in open ground.
SHAPE_JUMP = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . O . . . . . .
. . . . . . . . .
. X . . . . . . .
. . . . . . . . .
"""

# Two stones on the second line of a full board, nothing near: H3 is on the third line,
# two steps from their liberties, neither a liberty nor a jump.
SECOND_LINE_PAIR = """
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . X X . . . . . . . .
. . . . . . . . . . . . . . . . . . .
"""


def test_the_defender_jumps_beside_an_enemy_stone_for_eye_shape() -> None:
    # a jump beside the enemy's stone makes eye shape on the side: offered, and ahead of
    # the jump into open ground, which only runs
    board, _ = board_from_diagram(SHAPE_JUMP)
    reader = owl().reader(board)
    reader._start(parse_vertex("B2", 9))
    strings = reader._strings()
    open_jumps, shape_jumps = reader._jumps(strings)
    assert [vertex(9, p) for p in open_jumps] == ["D2"] and [vertex(9, p) for p in shape_jumps] == ["B4"]
    _, spaces, _, _ = reader._judge(strings)
    moves = [vertex(9, p) for p in reader._defense_moves(strings, spaces)]
    assert moves.index("B4") < moves.index("D2")


def test_on_a_full_board_the_defender_makes_its_base_on_the_third_line() -> None:
    # the crawl lines are where a base is made: the defender looks at the third line near
    # the dragon on 19x19, the attacker at the first two only, and on 9x9 both at two
    assert crawl_line(19) == 3 and crawl_line(9) == 2
    board, _ = board_from_diagram(SECOND_LINE_PAIR)
    reader = owl().reader(board)
    reader._start(parse_vertex("K2", 19))
    strings = reader._strings()
    _, spaces, _, _ = reader._judge(strings)
    h3 = parse_vertex("H3", 19)
    assert h3 in reader._defense_moves(strings, spaces)
    assert h3 not in reader._attack_moves(strings, spaces)


# Two black stones in a loose net: four open points near them that no white stone
# touches, the ground beyond them open; and the same stones inside a closed white ring,
# the same four points open inside it.
LOOSE_NET = """
. . . . . . . . .
. . . . . . . . .
. . O . . O . . .
. . . . . . . . .
. . O X X O . . .
. . . . . . . . .
. . O . . O . . .
. . . . . . . . .
. . . . . . . . .
"""

RING = """
. . . . . . . . .
. . O O O O . . .
. O . . . . O . .
. O . . . . O . .
. O . X X . O . .
. O . . . . O . .
. O . . . . O . .
. . O O O O . . .
. . . . . . . . .
"""


def _limit_verdicts(diagram: str) -> tuple[int, int, int]:
    """The eye count's code for the attacker to move at D5's dragon, and _at_limit's codes
    for the attacker to move and for the defender."""
    board, _ = board_from_diagram(diagram)
    reader = owl().reader(board)
    reader._start(parse_vertex("D5", 9))
    strings = reader._strings()
    _, _, values, escape = reader._judge(strings)
    assert 0 < escape < ESCAPE_POINTS  # a way out, too short to run by
    return (_static(True, values), reader._at_limit(True, strings, values, escape),
            reader._at_limit(False, strings, values, escape))


def test_where_the_depth_runs_out_a_dragon_with_a_way_out_is_not_dead() -> None:
    # no eyes: the eye count kills both; where the depth runs out the attacker's kill
    # stands only inside the ring, and the defender to move still needs his eyes
    assert _limit_verdicts(LOOSE_NET) == (WIN, 0, 0)
    assert _limit_verdicts(RING) == (WIN, WIN, 0)


def test_the_leading_moves_alone_begin_the_whole_list() -> None:
    # the mirror wants only the opponent's first move, a deep node only its side's first
    # it may play: the sources are read until some moves are worth more than any source
    # left could offer, and those moves begin the whole list, in its order
    cases = [(STRAIGHT_THREE, "D9"), (SIDE, "A7"), (PINCHED, "D10"), (TOWARDS_WALL, "E3"),
             (CORNER_KO, "A5"), (CRAWL, "A2"), (SHAPE_JUMP, "B2"), (SECOND_LINE_PAIR, "K2")]
    for diagram, target in cases:
        board, _ = board_from_diagram(diagram)
        reader = owl().reader(board)
        reader._start(parse_vertex(target, board.size))
        strings = reader._strings()
        _, spaces, _, _ = reader._judge(strings)
        for moves in (reader._attack_moves, reader._defense_moves):
            whole = moves(strings, spaces)
            leading = moves(strings, spaces, True)
            assert leading == whole[:len(leading)] and (leading or not whole), (target, moves.__name__)


def test_a_vital_point_ends_the_search_for_the_leading_moves() -> None:
    # in the straight three the vital point B9 outranks any capture: white's first move
    # is known without reading whether black's strings can be captured, which his whole
    # list reads
    board, _ = board_from_diagram(STRAIGHT_THREE)
    service, tactical = OwlService(), TacticalService()
    service.tactical = tactical
    reader = service.reader(board)
    reader._start(parse_vertex("D9", 9))
    strings = reader._strings()
    _, spaces, _, _ = reader._judge(strings)
    start = tactical.counter.value
    assert reader._attack_moves(strings, spaces, True) == [parse_vertex("B9", 9)]
    assert tactical.counter.value == start
    assert reader._attack_moves(strings, spaces)[0] == parse_vertex("B9", 9)
    assert tactical.counter.value > start


# Black's three stones on the left side (A6 B6 C6 C5) lean on a lone stone a jump below
# (C3, three liberties, outside the dragon: white can cut at C4). The friend's liberties
# away from the dragon, B3 and C2, touch neither the dragon nor its liberties.
LEANING = """
. . . . . . . . .
. . . . . . . . .
O O O O . . . . .
X X X O . . . . .
. . X O . . . . .
. . . . . . . . .
. . X O . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_the_root_reads_the_liberties_of_the_friend_the_dragon_leans_on() -> None:
    # "attack the friend it leans on": no source offers C2, the friend's far liberty; the
    # root reads the friend's liberties after the offered moves (every attacker's candidate
    # is read there), and below the root they are not offered
    board, _ = board_from_diagram(LEANING)
    s = parse_vertex("C5", 9)
    reader = owl().reader(board)
    reader._start(s)
    strings = reader._strings()
    assert {vertex(9, p) for p in reader.goal} == {"A6", "B6", "C6", "C5"}
    links = [vertex(9, p) for p in reader._friend_links(strings, WHITE)]
    assert links == ["B3", "C2"]
    _, spaces, _, _ = reader._judge(strings)
    assert "C2" not in {vertex(9, p) for p in reader._moves(strings, spaces, True, True)}
    reader = owl().reader(board)
    reader.tree = VariationTree(board)
    assert reader.owl_attack(s)[0] == WIN
    read = _root_vertices(reader.tree)
    assert read[-1] == "C2" and read.count("B3") == 1  # offered already, read once
