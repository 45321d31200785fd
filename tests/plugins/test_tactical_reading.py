"""Tactical reading on hand-made positions: ladders, snapback, nets, ko and the komaster."""

from __future__ import annotations

import itertools

import pytest

from core.board.color import BLACK, EMPTY, WHITE
from core.board.board import Board
from core.board.coords import parse_vertex, vertex
from core.board.diagram import board_from_diagram
from core.reading.komaster import GRAY_WHITE, komaster_trymove
from core.reading.results import KO_A, KO_B, WIN
from core.reading.table import TranspositionTable
from plugins.tactical.ordering import order_attacks, order_defenses
from plugins.tactical.reader import Depths, Reader

# A ladder: the black stone at E5 has two liberties; after the atari at F5 every
# extension keeps exactly two liberties (white's earlier stones touch it), down to the edge.
LADDER = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . O . . . .
. . . O X . . . .
. . . O . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def reader(diagram: str, **kw: int):  # type: ignore[no-untyped-def]
    board, marks = board_from_diagram(diagram)
    return board, marks, Reader(board, Depths(**kw))


def test_a_ladder_works_without_a_breaker() -> None:
    board, _, r = reader(LADDER)
    x = parse_vertex("E5", 9)
    assert board.countlib(x) == 2
    code, move = r.attack(x)
    assert code == WIN and move == parse_vertex("F5", 9)  # atari from the side that keeps it at two
    assert r.nodes > 10  # it was read out, not guessed


def test_a_ladder_breaker_saves_the_stone() -> None:
    # Known failure, written down: with the breaker further away, at H3, GNU Go 3.8 also
    # says the stone lives (attack E5 -> 0), but Kiai answers 1: deep in the net line the
    # fight becomes a ko (GNU Go: KO_B / KO_A at stackp 11-13) that Kiai's reading, with
    # conditional ko captures only up to ko_depth 8, resolves for the attacker.
    board, _, r = reader(LADDER)
    board.setup(black=board.stones(BLACK) + [parse_vertex("G4", 9)], white=board.stones(WHITE))
    x = parse_vertex("E5", 9)
    assert r.attack(x)[0] == 0  # GNU Go 3.8 agrees: 0


def test_snapback_is_an_attack() -> None:
    board, m, r = reader(
        """
        . . . . .
        . . . . .
        X X X X .
        O O O X .
        O a b X .
        """
    )
    code, move = r.attack(parse_vertex("A1", 5))
    assert code == WIN and move in (m["a"], m["b"])  # the throw-in and snapback, or the plain atari
    assert r.does_attack(m["a"], parse_vertex("A1", 5)) == WIN  # the throw-in works: snapback


def test_the_net_generator_proposes_the_geta() -> None:
    from plugins.tactical.helpers import nets

    board, m = board_from_diagram(
        """
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X . . .
        . . . . a . .
        . . . . . . .
        . . . . . . .
        """
    )
    # D4 can run east or south; a covers both escape routes at once
    assert nets(board, parse_vertex("D4", 7)) == [m["a"]]


def test_a_capture_that_is_a_ko_is_ko_a() -> None:
    board, m, r = reader(
        """
        . . . . .
        . X O . .
        X O a O .
        . X O . .
        . . . . .
        """
    )
    # the white stone at B3 is in atari; taking it at a is a ko capture, which can be retaken
    code, move = r.attack(parse_vertex("B3", 5))
    assert code == KO_A and move == m["a"]


DOUBLE_KO = """
. X O . . . .
X O . O . . .
. X O . . . .
. . . . . . .
. . . . X O .
. . . X O . O
. . . . X O .
"""


def test_komaster_rules_in_a_double_ko() -> None:
    board, _ = board_from_diagram(DOUBLE_KO)
    c6, b6, f2, e2 = (parse_vertex(v, 7) for v in ("C6", "B6", "F2", "E2"))
    # black takes the first ko legally: no komaster yet
    played, conditional, komaster, kom_pos = komaster_trymove(board, c6, BLACK, EMPTY, 0, True)
    assert played and not conditional and komaster == EMPTY
    # white retakes at once: illegal, so only as a conditional capture, and white becomes komaster
    assert not komaster_trymove(board, b6, WHITE, komaster, kom_pos, False)[0]
    played, conditional, komaster, kom_pos = komaster_trymove(board, b6, WHITE, komaster, kom_pos, True)
    assert played and conditional and komaster == WHITE and kom_pos == c6
    # black may not retake the komaster's ko
    assert not komaster_trymove(board, c6, BLACK, komaster, kom_pos, True)[0]
    # black takes the other ko instead: both sides have now taken a ko, the state is gray
    played, _, gray, gray_pos = komaster_trymove(board, f2, BLACK, komaster, kom_pos, True)
    assert played and gray == GRAY_WHITE
    # and in the gray state no ko capture is allowed at all: white cannot win both kos
    assert not komaster_trymove(board, e2, WHITE, gray, gray_pos, True)[0]
    for _ in range(3):
        board.popgo()
    assert board.stackp == 0


def test_a_ko_resolved_for_the_komaster_frees_it() -> None:
    board, _ = board_from_diagram(DOUBLE_KO)
    c6, b6 = parse_vertex("C6", 7), parse_vertex("B6", 7)
    _, _, komaster, kom_pos = komaster_trymove(board, c6, BLACK, EMPTY, 0, True)
    _, _, komaster, kom_pos = komaster_trymove(board, b6, WHITE, komaster, kom_pos, True)
    assert komaster == WHITE
    board.trymove(parse_vertex("A1", 7), BLACK)  # a tenuki
    assert board.trymove(c6, WHITE)  # white connects at the ko point: the ko is over
    played, _, komaster, kom_pos = komaster_trymove(board, parse_vertex("A7", 7), BLACK, komaster, kom_pos, True)
    assert played and komaster == EMPTY and kom_pos == 0


def test_tenuki_is_not_a_defence_but_running_is() -> None:
    board, _, r = reader(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . O X . . .
        . . . O . . .
        . . . . . . .
        . . . . . . .
        """
    )
    x = parse_vertex("D4", 7)
    assert r.attack(x)[0] == 0  # two liberties and open space: no ladder, no net
    assert Reader(board, Depths(), TranspositionTable(0)).attack(x)[0] == 0


def test_two_eyes_need_no_defending_move() -> None:
    # Black's E2 takes the last outside liberty; white then has no good move (both
    # remaining liberties are its own eyes), but it needs none: black can play neither.
    board, _, r = reader(
        """
        . . . . . .
        . . . . . .
        X X X X X .
        O O O O X .
        . O . O . X
        O O O O X .
        """
    )
    o = parse_vertex("A3", 6)
    assert r.attack(o)[0] == 0
    e2 = parse_vertex("E2", 6)
    assert r.does_attack(e2, o) == 0
    assert board.trymove(e2, BLACK)
    assert r.find_defense(o)[0] == 0 and r.attack(o)[0] == 0  # no move helps, none is needed
    board.popgo()


LOCKED_LIBERTY = """
. . . . . . .
. . . . . . .
. . . . . . .
. X X X X X .
O O O O O X .
X X X O O O X
. X . X . . X
"""


def test_the_guard_of_a_locked_liberty_is_attacked() -> None:
    from plugins.tactical.helpers import unlock_liberties

    board, _ = board_from_diagram(LOCKED_LIBERTY)
    target = parse_vertex("A3", board.size)
    c1, e1 = parse_vertex("C1", board.size), parse_vertex("E1", board.size)
    assert board.is_suicide(c1, WHITE)  # black's A2 string has two liberties white cannot take
    assert unlock_liberties(board, target) == [e1]  # atari D1: then C1 captures it
    board.play(e1, WHITE)
    assert not board.is_suicide(c1, WHITE)  # now C1 captures D1


def test_a_capture_retaken_bigger_on_its_own_point_is_no_attack() -> None:
    # White's ring is in atari at a; taking the lone black stone there leaves the ring's
    # only liberty on the stone's own point, and black retakes eight stones: the capture
    # gains nothing, and the black stone is back with room to spare.
    board, m, r = reader(
        """
        . . . . . .
        . . . . . .
        X X X X X .
        X O O O X .
        X O X O X .
        X O a O X .
        """
    )
    stone = parse_vertex("C2", 6)
    assert r.attack(stone) == (0, 0)
    assert r.does_attack(m["a"], stone) == 0
    assert r.find_defense(stone)[0] == WIN


def test_the_attacker_saves_its_own_stones_beside_the_liberty_first() -> None:
    from plugins.tactical.helpers import rescue_guards

    # E1 has two liberties, but a white D1 or F1 lets black answer at D1, capturing the
    # corner. White must first capture the four black stones at A3 with D4 (GNU Go 3.8
    # agrees that D4 works, though its own attack does not find it).
    board, m, r = reader(
        """
        . . . . . . .
        . . . . . . .
        . O O . . . .
        O X X d O O .
        X X O . O . .
        O O X X O . .
        O O O . X . .
        """
    )
    target = parse_vertex("E1", 7)
    assert rescue_guards(board, target) == [m["d"]]
    assert r.attack(target) == (WIN, m["d"])
    assert r.does_attack(parse_vertex("F1", 7), target) == 0


def test_a_ko_capture_becomes_a_plain_one_after_an_atari_beside_it() -> None:
    from plugins.tactical.helpers import ko_approach

    # Taking C2 at C1 is a ko. An atari on B1 (at a) or D1 (at e) first makes the capture
    # at C1 take two stones, and white cannot answer: connecting at C1 is self-atari.
    board, m, r = reader(
        """
        . . . . . .
        . . . . . .
        . X X X . .
        . X X X . .
        X X O X . .
        a O . O e .
        """
    )
    stone, c1 = parse_vertex("C2", 6), parse_vertex("C1", 6)
    assert r.does_attack(c1, stone) == KO_A
    assert ko_approach(board, stone) == [m["a"], m["e"]]
    assert r.attack(stone) == (WIN, m["a"])


def test_the_defender_saves_the_neighbour_that_would_be_taken_with_it() -> None:
    # White A1 would take A2 together with B1-C1 (no ko). Capturing D1 at e first gives
    # C1 a liberty, so A1 takes A2 alone and black retakes it as a ko: KO_B, not lost.
    board, m, r = reader(
        """
        . . . . . .
        . . . . . .
        . . . . . .
        O O . . . .
        X O O X . .
        . X X O e .
        """
    )
    stone = parse_vertex("A2", 6)
    assert r.attack(stone) == (WIN, parse_vertex("A1", 6))
    assert r.find_defense(stone) == (KO_B, m["e"])


def test_the_guard_of_a_self_atari_liberty_is_shortened() -> None:
    from plugins.tactical.helpers import shorten_guards

    # White at D1 would be in atari (only D2 left): E1 guards that point. The candidates
    # are E1's other liberties, e and f; once E1 is short of liberties, D1 captures it.
    board, m, _ = reader(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O . e . .
        . X X . X f .
        """
    )
    target = parse_vertex("B1", 7)
    assert board.is_self_atari(parse_vertex("D1", 7), WHITE)
    assert sorted(shorten_guards(board, target)) == sorted([m["e"], m["f"]])


def test_reading_never_repeats_a_position_of_its_line() -> None:
    # Black B5 takes two; white D5 and black A5 follow; white C5 would take two back and
    # bring the whole board back to where the line began. The board allows the move;
    # the reader refuses it, so a cycle cannot be read over and over until depth runs out.
    board, _, r = reader(
        """
        . . O O X
        O O X X .
        O . X X .
        O X O . .
        O O X . O
        """
    )
    moves = [("B5", BLACK), ("D5", WHITE), ("A5", BLACK)]
    tokens = [r.play(parse_vertex(v, 5), c, False) for v, c in moves]
    assert all(t is not None for t in tokens)
    c5 = parse_vertex("C5", 5)
    assert board.is_legal(c5, WHITE)
    assert r.play(c5, WHITE, False) is None
    for t in reversed(tokens):
        r.undo(t)  # type: ignore[arg-type]
    assert board.stackp == 0 and not r.path


def test_a_race_against_one_more_liberty_is_looked_at_near_the_root() -> None:
    from plugins.tactical.helpers import break_chain_efficient

    # White's B2-B3 shares A3 with black's A2 and has four liberties: too many for the
    # usual shortening of a racing neighbour, but near the root (maxlib 4) its outside
    # liberties are candidates: the indirect defence of taking the racer's liberties.
    board, m, _ = reader(
        """
        . . . . .
        . c . . .
        . O d . .
        X O e . .
        . X . . .
        """
    )
    target = parse_vertex("A2", 5)
    assert break_chain_efficient(board, target) == []
    assert sorted(break_chain_efficient(board, target, 4)) == sorted([m["c"], m["d"], m["e"]])


def test_a_question_asked_afresh_inside_a_line_is_read_as_at_the_top() -> None:
    # LOCKED_LIBERTY's black A2-C2 string is taken in a ko only by a move the attacker
    # finds among the defender's refutations, harvested near a question's top (vital_depth).
    # Asked four moves deep in another reader's line (far stones tried in the other corner),
    # a plain question is past that band and reads the string as safe; asked afresh (as
    # owl asks about its lunches) it is read as on the real board.
    small, _ = board_from_diagram(LOCKED_LIBERTY)
    board = Board(19)
    board.setup(black=[parse_vertex(vertex(small.size, p), 19) for p in small.stones(BLACK)],
                white=[parse_vertex(vertex(small.size, p), 19) for p in small.stones(WHITE)])
    target = parse_vertex("A2", 19)
    top = Reader(board).attack(target)
    assert top[0] == KO_A
    color = BLACK
    for v in ("Q16", "R16", "Q17", "R17"):
        assert board.trymove(parse_vertex(v, 19), color)
        color = 3 - color
    assert Reader(board).attack(target)[0] == 0  # the band counts from the real board
    fresh = Reader(board).afresh()
    assert fresh.attack(target) == top and fresh.ply == 0
    for _ in range(4):
        board.popgo()


# Black's E5 in atari (its liberty E4) beside white's E6 in atari (its liberty E7).
ATARI_BESIDE_ATARI = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X O X . . .
. . . O X O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


@pytest.mark.parametrize("moves", list(itertools.permutations(["F5", "E4", "F4", "D6"])))
def test_attacks_are_ordered_by_their_score_then_point_whatever_order_they_come_in(moves: tuple[str, ...]) -> None:
    board, _, _ = reader(LADDER)
    ordered = order_attacks(board, parse_vertex("E5", 9), [parse_vertex(m, 9) for m in moves])
    assert [vertex(9, m) for m in ordered] == ["F5", "E4", "D6", "F4"]  # the ladder's atari first


@pytest.mark.parametrize("moves", list(itertools.permutations(["E7", "E4", "C5", "D6"])))
def test_defences_are_ordered_by_the_liberties_they_give_whatever_order_they_come_in(moves: tuple[str, ...]) -> None:
    board, _, _ = reader(ATARI_BESIDE_ATARI)
    ordered = order_defenses(board, parse_vertex("E5", 9), [parse_vertex(m, 9) for m in moves])
    # running out to three liberties, then capturing (two liberties and a stone), then a
    # move that gives none; D6 is occupied and dropped
    assert [vertex(9, m) for m in ordered] == ["E4", "E7", "C5"]


# A bamboo joint: the black strings D5-D4 and F5-F4 share the two liberties E5 and E4.
BAMBOO = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X . X . . .
. . . X . X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_the_superstring_memo_holds_one_game_position() -> None:
    from plugins.tactical import superstring as ss

    ss._MEMO.clear()  # (what tests before this one read in this process)
    board, _ = board_from_diagram(BAMBOO)
    d5, f5 = parse_vertex("D5", 9), parse_vertex("F5", 9)
    assert sorted(ss.superstring(board, d5)) == sorted({board.origin(d5), board.origin(f5)})
    board.trymove(parse_vertex("E5", 9), WHITE)  # a reading move: the same game position
    ss.superstring(board, d5)
    assert len(ss._MEMO) == 2
    board.popgo()
    board.play(parse_vertex("A1", 9), WHITE)  # a game move: the memo starts again
    assert sorted(ss.superstring(board, d5)) == sorted({board.origin(d5), board.origin(f5)})
    assert len(ss._MEMO) == 1


@pytest.mark.parametrize("megabytes", [0.0, 0.0005, 1.0])
def test_the_superstring_memo_holds_what_its_memory_allows_and_answers_the_same(megabytes: float) -> None:
    from core.reading.caches import DEFAULT_MEMORY
    from plugins.tactical import superstring as ss

    board, _ = board_from_diagram(BAMBOO)
    strings = sorted({board.origin(p) for p in range(len(board.board)) if board.board[p] in (BLACK, WHITE)})
    expected = [sorted(ss._superstring(board, s)) for s in strings]  # read afresh, past the memo
    try:
        ss.configure(megabytes)
        limit = ss.memo_limit()
        assert limit == int(megabytes * 1_000_000 / ss.ENTRY_BYTES)  # 0, 1 and 2352 entries
        answers = []
        for move in ("E5", "E4", "E6"):  # reading moves, capturing nothing: one game position
            board.trymove(parse_vertex(move, 9), WHITE)
            answers.append([sorted(ss.superstring(board, s)) for s in strings])
            assert len(ss._MEMO) <= limit
            board.popgo()
        assert [sorted(ss.superstring(board, s)) for s in strings] == expected
        assert len(ss._MEMO) <= limit
    finally:
        ss.configure(ss.MEMORY_SHARE * DEFAULT_MEMORY)
    ss._MEMO.clear()
    for move, got in zip(("E5", "E4", "E6"), answers):  # the same with the default's memo
        board.trymove(parse_vertex(move, 9), WHITE)
        assert got == [sorted(ss.superstring(board, s)) for s in strings]
        board.popgo()
