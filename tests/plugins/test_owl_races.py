"""Capturing races in the engine: after owl, the examine step reads the race of every two
adjacent dragons owl left dead or critical, both ways. A dead dragon that wins outright
lives; where each side wins by moving first both are critical, with SEMEAI move reasons
at the race's moves; a dragon in several races is as safe as the worst of them; a seki,
an unread race and a dragon owl calls critical keep owl's verdict."""

from __future__ import annotations

import time
from typing import Any

from core.analysis.dragons import Status
from core.board.color import BLACK, WHITE
from core.board.coords import PASS, parse_vertex
from core.board.diagram import board_from_diagram
from core.host.context import Context
from core.host.plugins import PluginHost
from core.host.pool import Pool
from core.move.genmove import MoveGenerator
from core.move.reasons import Kind, MoveReason
from core.move.valuation import value_moves
from plugins.owl.plugin import apply_races, kiai_examine_dragons, kiai_generate, races, read_race
from tests.plugins.test_semeai import SHARED_LIBERTIES

# White's corner group (A3 to C3, C2, C1) and black's chain around it (A4 to E4, E3 to E1)
# share three liberties (D1 to D3); each needs owl (the static count calls the corner
# critical and the chain dead), and white's group has its own space besides.
D2, D3 = parse_vertex("D2", 9), parse_vertex("D3", 9)  # two of the shared liberties


def _analysis() -> tuple[Any, PluginHost]:
    """The race diagram examined without owl's round, and its plugin host."""
    board, _ = board_from_diagram(SHARED_LIBERTIES)
    host = PluginHost()
    return MoveGenerator(host, Pool(host, 0)).examine(board, BLACK, 0.5, time.monotonic() + 60, refine=False), host


def _examined(owl_says: dict[str, list[int]], race_says: dict[str, list[int] | None]) -> tuple[Any, Any, Any]:
    """The position examined with scripted pool tasks: owl's [attack code, move, defence
    code, move] for the corner ("white") and the chain ("black"), any other dragon alive,
    and the races' answers ("white": white moving first, "black": black first); the
    analysis and the two dragons."""
    analysis, _ = _analysis()
    white, black = analysis.dragon(parse_vertex("A3", 9)), analysis.dragon(parse_vertex("A4", 9))
    names = {white.origin: "white", black.origin: "black"}

    def scripted(function: str, argslist: Any, affinity: Any = None) -> list[Any]:
        if function == "read_dragon":
            return [owl_says.get(names.get(args[0], ""), [0, 0, 1, 0]) for args in argslist]
        if function == "read_race":
            return [race_says[names[args[0]]] for args in argslist]
        if function == "confirm_dragon":
            return [list(args[1:5]) for args in argslist]
        return [0 for _ in argslist]  # no threats

    kiai_examine_dragons(analysis=analysis, run=scripted)
    return analysis, white, black


DEAD = [1, PASS, 0, PASS]


def test_the_race_pairs_are_the_adjacent_dead_or_critical_dragons_read_by_owl() -> None:
    analysis, white, black = _examined({"white": DEAD, "black": DEAD}, {"white": [0, 0, PASS], "black": [0, 0, PASS]})
    assert races(analysis) == [tuple(sorted((white.origin, black.origin)))]
    white.status = Status.ALIVE
    assert races(analysis) == []  # a living dragon is in no race
    white.status, white.owl_attack = Status.DEAD, -1
    assert races(analysis) == []  # nor one owl did not read


def test_a_dead_dragon_that_wins_its_race_outright_lives() -> None:
    analysis, white, black = _examined({"white": DEAD, "black": DEAD},
                                       {"white": [1, 1, PASS], "black": [0, 0, PASS]})
    assert white.status == Status.ALIVE and white.race == black.origin and white.owl_attack == 0
    assert black.status == Status.DEAD and black.race == 0  # owl's verdict is never lowered
    assert any("alive by its capturing race with A4" in note for note in analysis.notes)


def test_a_race_either_side_wins_by_moving_first_makes_both_critical() -> None:
    analysis, white, black = _examined({"white": DEAD, "black": DEAD},
                                       {"white": [1, 1, D2], "black": [1, 1, D3]})
    assert (white.status, white.defense_point, white.attack_point) == (Status.CRITICAL, D2, D3)
    assert (black.status, black.defense_point, black.attack_point) == (Status.CRITICAL, D3, D2)
    for color, move, targets in ((BLACK, D3, (black.origin, white.origin)), (WHITE, D2, (white.origin, black.origin))):
        ctx = Context(analysis.board, color, 0.5, analysis, PluginHost().services, 10, time.monotonic() + 60)
        found = [r for r in kiai_generate(ctx) if r.kind == Kind.SEMEAI]
        assert [(r.move, r.targets) for r in found] == [(move, targets)]


def test_a_seki_an_unread_race_and_owls_critical_dragon_keep_owls_verdict() -> None:
    _, white, black = _examined({"white": DEAD, "black": DEAD}, {"white": [1, 0, PASS], "black": [1, 0, PASS]})
    assert white.status == black.status == Status.DEAD and not white.race and not black.race
    analysis, white, black = _examined({"white": DEAD, "black": DEAD}, {"white": [1, 1, PASS], "black": None})
    assert white.status == black.status == Status.DEAD
    assert any("is unread" in note for note in analysis.notes)
    _, white, _ = _examined({"white": [1, D2, 1, D2], "black": DEAD}, {"white": [1, 1, PASS], "black": [0, 0, PASS]})
    assert (white.status, white.attack_point, white.defense_point, white.race) == (Status.CRITICAL, D2, D2, 0)


def test_the_race_read_for_real_and_its_move_valued_as_a_kill_and_a_save() -> None:
    analysis, host = _analysis()
    white, black = analysis.dragon(parse_vertex("A3", 9)), analysis.dragon(parse_vertex("A4", 9))
    ctx = Context(analysis.board, BLACK, 0.5, analysis, host.services, 10, time.monotonic() + 60)
    assert read_race(ctx, white.origin, black.origin) == [1, 1, PASS]
    assert read_race(ctx, black.origin, white.origin) == [0, 0, PASS]  # black moving first does not win
    # valued as the race won: black's chain lives and white's corner dies
    black.status = white.status = Status.CRITICAL
    race_value = value_moves(analysis, [MoveReason(Kind.SEMEAI, D3, (black.origin, white.origin))])[0]
    plain_value = value_moves(analysis, [MoveReason(Kind.EXPAND_TERRITORY, D3, ())])[0]
    assert race_value.territorial > plain_value.territorial + 8  # at least white's five stones, twice
    assert any(note.startswith("SEMEAI A4 against A3") for note in race_value.notes)


def test_a_dragon_in_several_races_is_as_safe_as_the_worst() -> None:
    for wall_race, expected in (([0, 0, PASS], Status.DEAD), ([1, 1, D2], Status.CRITICAL), ([1, 1, PASS], Status.ALIVE)):
        analysis, white, black = _examined({"white": DEAD, "black": DEAD}, {"white": [0, 0, PASS], "black": [0, 0, PASS]})
        wall = analysis.dragon(parse_vertex("A5", 9))
        assert black.status == Status.DEAD and wall.color == WHITE
        # black wins its race with the corner outright; the wall race, black moving first, as given
        # (the wall moving first kills black unless black wins that race outright too)
        wall_first = [0, 0, PASS] if expected == Status.ALIVE else [1, 1, D3]
        apply_races(analysis, [(black.origin, white.origin), (black.origin, wall.origin)],
                    [[1, 1, PASS], [0, 0, PASS], wall_race, wall_first])
        assert black.status == expected
