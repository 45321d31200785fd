"""Owl in the engine: the examine step reads uncertain dragons and takes their status
from owl, genmove plays owl's points with OWL_ATTACK / OWL_DEFEND reasons, and a dragon
whose reading gives up keeps its static status with a note for the trace (a static DEAD
in an open fight is undecided instead)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from core.analysis.dragons import RUN_FREE, Status
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from core.host.plugins import PluginHost, PluginSpec
from core.host.pool import Pool
from core.move.genmove import MoveGenerator
from core.move.reasons import Kind
import plugins.owl.plugin as owl_plugin
from plugins.owl.plugin import kiai_examine_dragons

# Black's straight three on the top edge inside white's wall: B9 decides it (7x7 keeps
# the rest of the board small).
STRAIGHT_THREE = """
. . . X O . .
X X X X O . .
O O O O O . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""


def test_the_examine_step_reads_the_critical_dragon_and_genmove_plays_owls_point() -> None:
    board, _ = board_from_diagram(STRAIGHT_THREE)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    b7 = parse_vertex("B7", 7)
    analysis = gen.examine(board, BLACK, 0.5, time.monotonic() + 60)
    dragon = analysis.dragon(parse_vertex("D7", 7))
    assert dragon.status == Status.CRITICAL and dragon.owl_attack > 0 and dragon.owl_defense > 0
    assert dragon.attack_point == b7 and dragon.defense_point == b7
    for color, kind in ((BLACK, Kind.OWL_DEFEND), (WHITE, Kind.OWL_ATTACK)):
        result = gen.genmove(board, color, 0.5, 30.0)
        assert result.move == b7
        assert kind in {r.kind for r in result.values[0].reasons}


def test_a_dragon_owl_gives_up_on_keeps_its_static_status() -> None:
    board, _ = board_from_diagram(STRAIGHT_THREE)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, BLACK, 0.5, time.monotonic() + 60, refine=False)
    before = {o: (d.status, d.attack_point, d.defense_point) for o, d in analysis.dragons.items()}

    def gave_up(function: str, argslist: Any, affinity: Any = None) -> list[Any]:
        return [None for _ in argslist]  # every question ran past its limit

    kiai_examine_dragons(analysis=analysis, run=gave_up)
    assert {o: (d.status, d.attack_point, d.defense_point) for o, d in analysis.dragons.items()} == before
    assert any("keeps its static status" in note for note in analysis.notes)


# A 9x9 opening fight (from one of Kiai's match games, Black to move): Black's D3 and
# White's F3-G3 have no eyes and, by the influence, no room to run, so the static count
# calls both dead; owl reads each critical. Black's C6 is in atari.
OPEN_FIGHT = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. O X O . . X . .
. . O . X . . . .
. . . O . . X . .
. . . X . O O . X
. . . . . . . . .
. . . . . . . . .
"""

# A black stone dropped into White's closed framework: dead, read or not.
FRAMEWORK = """
. . . . . . . . .
. O O O O O O O .
. O . . . . . O .
. O . . . . . O .
. O . . X . . O .
. O . . . . . O .
. O . . . . . O .
. O O O O O O O .
. . . . . . . . .
"""


def _unread(diagram: str) -> Any:
    """The static analysis of a diagram (Black to move), then the owl hook with every
    question giving up."""
    board, _ = board_from_diagram(diagram)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, BLACK, 6.5, time.monotonic() + 60, refine=False)

    def gave_up(function: str, argslist: Any, affinity: Any = None) -> list[Any]:
        return [None for _ in argslist]

    before = {o: d.status for o, d in analysis.dragons.items()}
    kiai_examine_dragons(analysis=analysis, run=gave_up)
    return analysis, before


def test_an_unread_dragon_in_an_open_fight_is_undecided_not_dead() -> None:
    analysis, before = _unread(OPEN_FIGHT)
    size = analysis.board.size
    for v in ("D3", "F3"):
        d = analysis.dragon(parse_vertex(v, size))
        assert before[d.origin] == Status.DEAD and d.liberties >= owl_plugin.OPEN_LIBERTIES
        assert d.status == Status.UNKNOWN
        assert any(f"dragon at {v} is UNKNOWN, not its static DEAD" in note for note in analysis.notes)
    c6 = analysis.dragon(parse_vertex("C6", size))  # in atari: keeps its static status
    assert c6.status == before[c6.origin] != Status.UNKNOWN
    changed = {o for o, d in analysis.dragons.items() if d.status != before[o]}
    assert changed == {analysis.dragon(parse_vertex(v, size)).origin for v in ("D3", "F3")}


def test_an_unread_stone_in_a_closed_framework_stays_dead() -> None:
    analysis, before = _unread(FRAMEWORK)
    e5 = analysis.dragon(parse_vertex("E5", analysis.board.size))
    assert before[e5.origin] == Status.DEAD == e5.status
    assert any("dragon at E5 keeps its static status (DEAD)" in note for note in analysis.notes)


# White's straight four on the top edge (A7 to D7): two eyes by the static count, but no
# unconditional life (one eye space); shut in by Black's wall, which has the open board
# below to run into.
TWO_EYES = """
. . . . O X .
O O O O O X .
X X X X X X .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""


def test_a_dragon_the_static_count_calls_alive_is_read_unless_it_runs_free() -> None:
    # the static count takes an open space with the enemy's stone in it for two eyes, so
    # a dragon it calls alive is still read (owl confirms two sure eyes at once); only a
    # dragon free to run is left unread, as GNU Go reads only small escape routes
    board, _ = board_from_diagram(TWO_EYES)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, BLACK, 0.5, time.monotonic() + 60, refine=False)
    white, black = analysis.dragon(parse_vertex("E7", 7)), analysis.dragon(parse_vertex("F7", 7))
    assert white.status == Status.ALIVE and white.eye_min >= 2 and white.escape < RUN_FREE
    assert not white.unconditional
    assert black.status == Status.ALIVE and black.escape >= RUN_FREE
    asked: list[int] = []

    def scripted(function: str, argslist: Any, affinity: Any = None) -> list[Any]:
        if function == "read_dragon":
            asked.extend(args[0] for args in argslist)
            return [[1, parse_vertex("B7", 7), 0, 0] for _ in argslist]  # owl says: dead
        return [0 for _ in argslist]

    kiai_examine_dragons(analysis=analysis, run=scripted)
    assert asked == [white.origin]
    assert white.status == Status.DEAD and black.status == Status.ALIVE  # owl's verdict stands
    # read for real, the two eyes stand: owl finds no kill, and the wall is not read
    analysis = gen.examine(board, BLACK, 0.5, time.monotonic() + 60)
    white, black = analysis.dragon(parse_vertex("E7", 7)), analysis.dragon(parse_vertex("F7", 7))
    assert white.status == Status.ALIVE and white.owl_attack == 0 and white.owl_defense > 0
    assert black.owl_attack < 0  # unread


def _examined_with_checks(confirmed: list[int]) -> tuple[Any, list[tuple[str, list[Any]]], int, int]:
    """The straight three examined with scripted pool tasks: the first dragon critical
    (killed and saved at B7), any others alive, every threat at A7, and every check
    answering `confirmed`; the analysis, the tasks asked in order, B7 and A7."""
    board, _ = board_from_diagram(STRAIGHT_THREE)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, BLACK, 0.5, time.monotonic() + 60, refine=False)
    b7, a7 = parse_vertex("B7", 7), parse_vertex("A7", 7)
    asked: list[tuple[str, list[Any]]] = []

    def scripted(function: str, argslist: Any, affinity: Any = None) -> list[Any]:
        asked.append((function, list(argslist)))
        if function == "read_dragon":
            return [[1, b7, 1, b7]] + [[0, 0, 1, 0] for _ in argslist[1:]]
        if function == "threaten_dragon":
            return [a7 for _ in argslist]
        return [list(confirmed) for _ in argslist]

    kiai_examine_dragons(analysis=analysis, run=scripted)
    return analysis, asked, b7, a7


def test_with_many_dragons_a_refuted_kill_in_the_second_round_leaves_it_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    # where more dragons need reading than CHECK_AT_ONCE, the status tasks leave their
    # kills unchecked (so that no check costs another dragon its status) and the second
    # round checks them: a check's verdict replaces the status's
    monkeypatch.setattr(owl_plugin, "CHECK_AT_ONCE", 0)
    analysis, asked, b7, a7 = _examined_with_checks([0, 0, 1, 0])  # every kill refuted
    (_, reads), (function, checks), (last, threatened) = asked
    assert all(r[1] == 0 for r in reads)
    assert function == "confirm_dragon" and checks == [(reads[0][0], 1, b7, 1, b7, 0)]
    dragon = analysis.dragons[reads[0][0]]
    assert dragon.status == Status.ALIVE and not dragon.attack_point
    assert any("its kill is refuted" in note for note in analysis.notes)
    # the threats come last, for the dragons settled by then (every one alive here: 1)
    assert last == "threaten_dragon" and threatened == [(r[0], 1) for r in reads]
    assert all(analysis.dragons[r[0]].owl_threat == a7 for r in reads)


def test_a_critical_dragon_whose_save_is_refuted_is_dead() -> None:
    # the examine step's second round: only the critical dragons are checked, after
    # every dragon has its status, and a check's verdict replaces the status's (the
    # kills were checked in the first round, read_dragon's)
    analysis, asked, b7, a7 = _examined_with_checks([1, parse_vertex("B7", 7), 0, 0])  # every save refuted
    (_, reads), (function, checks), (last, threatened) = asked
    # few dragons: each status task checked its kill at once (the last argument), so the
    # second round checks the save alone
    assert all(r[1] == 1 for r in reads)
    assert function == "confirm_dragon" and checks == [(reads[0][0], 1, b7, 1, b7, 1)]
    dragon = analysis.dragons[reads[0][0]]
    assert dragon.status == Status.DEAD and dragon.attack_point == b7
    assert any("its save is refuted" in note for note in analysis.notes)
    # the threats come last, for the dragons settled by then (the dead one: a threat to
    # save it, 0; the others alive: 1)
    assert last == "threaten_dragon" and threatened == [(reads[0][0], 0)] + [(r[0], 1) for r in reads[1:]]
    assert all(analysis.dragons[r[0]].owl_threat == a7 for r in reads)


def test_a_slow_threat_costs_no_dragon_its_status() -> None:
    # the threat read of the largest dragon had taken the whole examine step on 9x9 and
    # left the critical dragons unread; now every status is asked before any threat
    board, _ = board_from_diagram(STRAIGHT_THREE)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, BLACK, 0.5, time.monotonic() + 60, refine=False)
    order: list[str] = []

    def scripted(function: str, argslist: Any, affinity: Any = None) -> list[Any]:
        order.extend(function for _ in argslist)
        if function == "read_dragon":
            return [[0, 0, 1, 0] for _ in argslist]
        return [None for _ in argslist]  # the clock ran out during the threats

    kiai_examine_dragons(analysis=analysis, run=scripted)
    reads = order.count("read_dragon")
    assert reads >= 1 and order[:reads] == ["read_dragon"] * reads and set(order[reads:]) == {"threaten_dragon"}
    assert all(d.status == Status.ALIVE and d.owl_threat == 0 for d in analysis.dragons.values()
               if d.owl_attack == 0)


@pytest.mark.slow
def test_the_cache_and_the_workers_do_not_change_owls_verdicts() -> None:
    from tests.plugins.test_owl_shapes import FALSE_EYE, FRAMEWORK, KO_FOR_LIFE, LUNCH
    from tests.plugins.test_owl_shapes import STRAIGHT_THREE as EDGE_THREE

    corpus = [board_from_diagram(d)[0] for d in (EDGE_THREE, FALSE_EYE, LUNCH, FRAMEWORK, KO_FOR_LIFE)]
    verdicts: dict[tuple[int, int], list[dict[int, tuple[int, int, int]]]] = {}
    for cache in (200, 0):
        for workers in (0, 2):
            host = PluginHost(PluginSpec(settings=(("owl_cache", float(cache)),)))
            gen = MoveGenerator(host, Pool(host, workers))
            try:
                found = []
                for _ in range(2):  # the second time, a cache on answers from its entries
                    for board in corpus:
                        a = gen.examine(board, BLACK, 0.5, time.monotonic() + 60)
                        found.append({o: (int(d.status), d.owl_attack, d.owl_defense) for o, d in a.dragons.items()})
                verdicts[cache, workers] = found
            finally:
                gen.pool.close()
    first = verdicts[200, 0]
    assert any(d[1] > 0 for f in first for d in f.values())  # owl read something
    assert all(v == first for v in verdicts.values())


def _context(analysis: Any, color: int) -> Any:
    from core.host.context import Context

    return Context(analysis.board, color, 0.5, analysis, PluginHost().services, 10, time.monotonic() + 60)


def test_threats_and_uncertain_verdicts_become_move_reasons() -> None:
    from plugins.owl.plugin import kiai_generate

    board, _ = board_from_diagram(STRAIGHT_THREE)
    host = PluginHost()
    gen = MoveGenerator(host, Pool(host, 0))
    analysis = gen.examine(board, BLACK, 0.5, time.monotonic() + 60, refine=False)
    black = analysis.dragon(parse_vertex("D7", 7))
    b7, a7 = parse_vertex("B7", 7), parse_vertex("A7", 7)
    # owl gave up on the critical dragon: the static points, as uncertain reasons
    assert black.status == Status.CRITICAL and black.owl_attack == -1
    white_moves = {(r.kind, r.move) for r in kiai_generate(_context(analysis, WHITE))}
    black_moves = {(r.kind, r.move) for r in kiai_generate(_context(analysis, BLACK))}
    assert (Kind.UNCERTAIN_OWL_ATTACK, b7) in white_moves
    assert (Kind.UNCERTAIN_OWL_DEFENSE, b7) in black_moves
    # alive with a two-move kill at A7: a threat for white, a point to prevent for black
    black.status, black.owl_attack, black.owl_defense, black.owl_threat = Status.ALIVE, 0, 1, a7
    assert (Kind.OWL_ATTACK_THREAT, a7) in {(r.kind, r.move) for r in kiai_generate(_context(analysis, WHITE))}
    assert (Kind.OWL_PREVENT_THREAT, a7) in {(r.kind, r.move) for r in kiai_generate(_context(analysis, BLACK))}
    # dead with a two-move save: a defence threat for black only
    black.status, black.owl_attack, black.owl_defense = Status.DEAD, 1, 0
    assert (Kind.OWL_DEFEND_THREAT, a7) in {(r.kind, r.move) for r in kiai_generate(_context(analysis, BLACK))}
    assert not any(r.kind == Kind.OWL_DEFEND_THREAT for r in kiai_generate(_context(analysis, WHITE)))


def test_an_uncertain_owl_move_is_worth_less_than_a_read_one() -> None:
    from core.move.reasons import MoveReason
    from core.move.valuation import Valuator

    board, _ = board_from_diagram(STRAIGHT_THREE)
    host = PluginHost()
    analysis = MoveGenerator(host, Pool(host, 0)).examine(board, WHITE, 0.5, time.monotonic() + 60, refine=False)
    black, b7 = analysis.dragon(parse_vertex("D7", 7)), parse_vertex("B7", 7)
    sure = Valuator(analysis).value(b7, [MoveReason(Kind.OWL_ATTACK, b7, (black.origin,))])
    unsure = Valuator(analysis).value(b7, [MoveReason(Kind.UNCERTAIN_OWL_ATTACK, b7, (black.origin,))])
    assert 0 < unsure.territorial < sure.territorial
