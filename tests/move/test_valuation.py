"""The valuator on hand-made positions: captures, shape, minimum values, antisuji, safety."""

from __future__ import annotations

from typing import Any

import pytest

from core.analysis.analysis import initial_analysis
from core.board.boardcheck import snapshot
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from core.move.reasons import Kind, MoveReason
from core.move.valuation import INVADER, KNIGHT_SHARE, LINK_SHARE, Valuator, _shape_factor, value_moves
from core.reading.results import WIN


def prepared(diagram: str, color: int):  # type: ignore[no-untyped-def]
    board, marks = board_from_diagram(diagram)
    a = initial_analysis(board, color, 0.0)
    for w in a.worms.values():  # strings in atari are unstable: whoever moves first decides
        if w.liberties == 1:
            w.attack_code = w.defense_code = 1
            w.attack_point = w.defense_point = board.findlib(w.origin)[0]
    a.build_dragons()
    a.build_influence()
    return a, marks


def test_shape_factor_follows_the_rule() -> None:
    assert _shape_factor([]) == 1.0
    assert _shape_factor([5, 3]) == pytest.approx(1.05 ** 6)  # largest, plus 1 for the other
    assert _shape_factor([5, -3, -1]) == pytest.approx(1.05 ** (5 - 4))


def test_capturing_a_big_string_is_worth_at_least_twice_its_stones() -> None:
    a, m = prepared(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X X . . . .
        X O O O O a . . .
        . X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """, BLACK)
    target = a.board.origin(parse_vertex("B5", 9))  # four white stones in atari at a
    assert a.board.findlib(target) == [m["a"]]
    reasons = [MoveReason(Kind.ATTACK, m["a"], (target,)), MoveReason(Kind.EXPAND_MOYO, parse_vertex("H8", 9), ())]
    values = value_moves(a, reasons)
    assert values[0].move == m["a"]
    assert values[0].territorial >= 8.0


def test_minimum_value_antisuji_and_illegal_moves() -> None:
    a, m = prepared(
        """
        . . . . .
        . X X X .
        . X a X .
        . X X X .
        . . . . .
        """, BLACK)
    b2 = parse_vertex("A1", 5)
    values = {v.move: v for v in value_moves(a, [
        MoveReason(Kind.MIN_VALUE, b2, (), 20.0),
        MoveReason(Kind.ANTISUJI, m["a"], ()), MoveReason(Kind.EXPAND_TERRITORY, m["a"], ()),
    ])}
    assert values[b2].total >= 20.0 and values[b2].min_value == 20.0
    assert values[m["a"]].antisuji


def test_a_stone_that_can_be_captured_at_once_gains_nothing() -> None:
    a, m = prepared(
        """
        . . . . . . .
        . . O O O . .
        . . O a O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """, BLACK)
    v = Valuator(a).value(m["a"], [MoveReason(Kind.EXPAND_TERRITORY, m["a"], ())])
    assert not v.safe and v.total <= 0.5


def test_sente_counts_double_and_ko_threats_in_full() -> None:
    a, _ = prepared(
        """
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X . . .
        . . . O . . .
        . . . . . . .
        . . . . . . .
        """, WHITE)
    p = parse_vertex("E4", 7)
    target = a.board.origin(parse_vertex("D4", 7))
    reasons = [MoveReason(Kind.ATTACK_THREAT, p, (target,)), MoveReason(Kind.FOLLOWUP, p, (), 3.0)]
    normal = Valuator(a).value(p, reasons)
    ko = Valuator(a).value(p, reasons, ko_threats_count=True)
    assert ko.total >= normal.total and ko.total >= normal.followup


# White's stones on the left are one dragon, its stone at D4 in atari; a saves it for now.
DOOMED = """
    . . . . . . . . .
    X X X X X . . . .
    O O O X . . . . .
    . . O O X . . . .
    X X O a X . . . .
    . X X O X . . . .
    . . X X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """


def test_saving_a_string_of_a_dragon_owl_reads_dead_is_worth_nothing() -> None:
    # "don't save stones that are already dead": the rescue keeps the string on the board
    # for one move, and the dragon dies all the same
    a, m = prepared(DOOMED, WHITE)
    target = a.board.origin(parse_vertex("D4", 9))
    assert a.board.findlib(target) == [m["a"]]
    dragon = a.dragons[a.dragon_of[target]]
    reasons = [MoveReason(Kind.DEFEND, m["a"], (target,))]
    dragon.owl_defense = -1  # not read: the rescue counts
    saved = Valuator(a).value(m["a"], reasons)
    dragon.owl_defense = 0  # owl read it and found no save
    doomed = Valuator(a).value(m["a"], reasons)
    assert saved.territorial > 2.0
    assert doomed.territorial < saved.territorial - 2.0
    assert any("stays dead" in n for n in doomed.notes)


# Black's wall encloses the bottom; a white stone at a is an invasion owl can kill, b a
# move on open ground.
INVASION = """
    . . . . . . . . .
    . . . . . . . b .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    . . . . . . . . .
    . . . . a . . . .
    . . . . . . . . .
    . . . . . . . . .
    """


class FakeOwl:
    """An owl that kills every stone on the points it is given, and nothing else."""

    def __init__(self, kills: set[int]) -> None:
        self.kills = kills
        self.asked: list[int] = []

    def owl_attack(self, board: Any, s: int, node_limit: int | None = None, **_: Any) -> tuple[int, int]:
        self.asked.append(s)
        return (WIN, 0) if s in self.kills else (0, 0)


def test_the_best_move_s_weak_new_stone_is_read_by_owl() -> None:
    a, m = prepared(INVASION, WHITE)
    reasons = [MoveReason(Kind.EXPAND_TERRITORY, m["a"], ()), MoveReason(Kind.EXPAND_MOYO, m["b"], ())]
    guessed = {v.move: v for v in value_moves(a, reasons)}
    assert guessed[m["a"]].lone and 0 < guessed[m["a"]].stone_safety <= INVADER  # on their ground
    owl = FakeOwl({m["a"]})
    values = value_moves(a, reasons, owl=owl)  # type: ignore[arg-type]
    assert owl.asked and owl.asked[0] == m["a"]
    killed = next(v for v in values if v.move == m["a"])
    assert not killed.safe and killed.total < guessed[m["a"]].total
    assert values[0].move == m["b"]
    assert snapshot(a.board) == snapshot(prepared(INVASION, WHITE)[0].board)


# Black's wall, bent down at both edges, closes in the bottom: no room there for a group.
CLOSED = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    . . . . . . . . .
    . . . . a . . . .
    . . . . . . . . .
    X . . . . . . . X
    """


def test_owl_kills_an_invasion_inside_a_closed_wall() -> None:
    from plugins.owl.service import OwlService
    from plugins.tactical.service import TacticalService
    owl = OwlService()
    owl.tactical = TacticalService()
    a, m = prepared(CLOSED, WHITE)
    assert Valuator(a).killable(m["a"], owl)
    assert a.board.stackp == 0 and a.board.board[m["a"]] == 0  # the board as it was


# Black's lone stone at D7 in an otherwise empty corner; white's at F4 and C6.
LINKS = """
    . . . . . . . . .
    . . . . . . . . .
    . . . X . . . . .
    . . O . . . . . .
    . . . d e . . . .
    . . . . . O . . .
    . b . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """


def test_a_lone_stone_borrows_safety_from_the_friend_it_links_to_by_shape() -> None:
    a, m = prepared(LINKS, BLACK)
    v = Valuator(a)
    d7 = parse_vertex("D7", 9)
    friend = v.base_safety.get(d7, 1.0)
    dead: set[int] = set()
    safety = dict(v.base_safety)
    # E5: a knight's move from D7 (E6 and D6 empty); B3: nothing of ours in reach
    assert v._link_safety(m["e"], dead, safety) == pytest.approx(KNIGHT_SHARE * friend)
    assert v._link_safety(m["b"], dead, safety) == 0.0
    # D5 would be a one-point jump from D7, but white's C6 touches D6 and wedges in
    assert v._link_safety(m["d"], dead, safety) == 0.0
    assert v._link_safety(m["e"], {d7}, safety) == 0.0  # a dead friend lends nothing


def test_a_one_point_jump_links_unless_the_enemy_touches_its_middle() -> None:
    clear, m = prepared(LINKS.replace("O . . . . . .\n", ". . . . . . .\n", 1), BLACK)
    v = Valuator(clear)
    friend = v.base_safety.get(parse_vertex("D7", 9), 1.0)
    assert v._link_safety(m["d"], set(), dict(v.base_safety)) == pytest.approx(LINK_SHARE * friend)
    reasons = [MoveReason(Kind.EXPAND_MOYO, m["d"], ()), MoveReason(Kind.EXPAND_MOYO, m["b"], ())]
    values = {x.move: x for x in value_moves(clear, reasons)}
    assert values[m["d"]].stone_safety == pytest.approx(LINK_SHARE * friend)
    assert any("linked" in n for n in values[m["d"]].notes)
    assert values[m["b"]].stone_safety < values[m["d"]].stone_safety  # alone on open ground


# Black's a takes white's D2 in a ko; across the empty D2 it would be a jump from C2.
KO_CAPTURE = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . X X . . . . .
    . . X X O . . . .
    . . X O a O . . .
    . . X X O . . . .
    """


def test_a_stone_in_atari_after_a_ko_capture_borrows_nothing_from_its_friends() -> None:
    a, m = prepared(KO_CAPTURE, BLACK)
    d2 = a.board.origin(parse_vertex("D2", 9))
    values = value_moves(a, [MoveReason(Kind.ATTACK, m["a"], (d2,))])
    taken = next(v for v in values if v.move == m["a"])
    assert not any("linked" in n for n in taken.notes)
    assert taken.stone_safety < LINK_SHARE * Valuator(a).base_safety.get(parse_vertex("C2", 9), 1.0)
