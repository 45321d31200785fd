"""Time management: the budget spreads the time left over the moves left, keeps to every
time system's rules, follows the engine's own moves between the controller's reports,
and never exceeds what the clock allows."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.board.color import BLACK, WHITE
from core.move.clock import ABSOLUTE, BYOYOMI, CANADIAN, FLOOR, NONE, OVERHEAD, Clock


def test_no_time_control_uses_the_default() -> None:
    assert Clock().budget(BLACK, 30, 7.0) == 7.0
    clock = Clock()
    clock.settings(0, 5, 0)  # byo-yomi time but no stones: no limit, as GTP says
    assert clock.unlimited


def test_sudden_death_spreads_the_time_over_the_moves_left() -> None:
    clock = Clock()
    clock.settings(10, 0, 0)
    assert clock.kind == ABSOLUTE
    budget = clock.budget(BLACK, 30, 10.0)
    assert 10 / 30 - OVERHEAD - 0.05 < budget <= 10 / 30  # a short clock still gets a real budget
    clock.time_left(BLACK, 2, 0)
    assert FLOOR <= clock.budget(BLACK, 30, 10.0) <= 2 / 30


def test_canadian_period_is_shared_over_its_stones() -> None:
    clock = Clock()
    clock.settings(0, 30, 5)
    assert clock.kind == CANADIAN and clock.left[BLACK] == (30, 5)
    assert 5.0 <= clock.budget(BLACK, 50, 10.0) <= 6.0
    clock.settings(300, 30, 5)
    clock.time_left(BLACK, 120, 0)
    assert 120 / 40 - 1 <= clock.budget(BLACK, 40, 10.0) <= max(120 / 40, 30 / 5)


def test_japanese_byoyomi_has_a_period_per_move() -> None:
    clock = Clock()
    clock.set(BYOYOMI, 0, 10, 3)
    assert 8.5 <= clock.budget(BLACK, 100, 30.0) < 10
    clock.spent(BLACK, 12)  # overran a period
    assert clock.left[BLACK] == (10, 2)
    clock.spent(BLACK, 4)  # within the period: kept
    assert clock.left[BLACK] == (10, 2)


def test_the_engine_keeps_its_own_clock_between_reports() -> None:
    clock = Clock()
    clock.settings(10, 20, 2)
    clock.spent(BLACK, 4)
    assert clock.left[BLACK] == (6, 0)
    clock.spent(BLACK, 7)  # main time runs out: one second of the period and one stone go
    assert clock.left[BLACK] == (19, 1)
    clock.spent(BLACK, 5)  # the period's last stone: a new period
    assert clock.left[BLACK] == (20, 2)
    assert clock.left[WHITE] == (10, 0)
    clock.time_left(BLACK, 3, 1)  # the controller's word wins
    assert clock.left[BLACK] == (3, 1)


def test_kgs_systems_through_gtp() -> None:
    from tests.gtp_helpers import ask, server

    srv = server()
    clock = srv.engine.clock
    assert ask(srv, "kgs-time_settings byoyomi 60 10 3") == (True, "")
    assert (clock.kind, clock.main_time, clock.byo_time, clock.byo_periods) == (BYOYOMI, 60, 10, 3)
    assert ask(srv, "kgs-time_settings canadian 0 30 5")[0] and clock.left[BLACK] == (30, 5)
    assert ask(srv, "kgs-time_settings absolute 300")[0] and clock.kind == ABSOLUTE
    assert ask(srv, "kgs-time_settings none")[0] and clock.kind == NONE
    assert not ask(srv, "kgs-time_settings fischer 60 10")[0]
    assert not ask(srv, "kgs-time_settings byoyomi 60 10")[0]


@given(seconds=st.floats(0, 3600), stones=st.integers(0, 25), moves=st.floats(1, 200),
       main=st.integers(0, 3600), byo=st.integers(0, 600), byo_stones=st.integers(0, 25))
def test_budget_never_exceeds_the_time_left(seconds: float, stones: int, moves: float, main: int, byo: int,
                                            byo_stones: int) -> None:
    clock = Clock()
    clock.settings(main, byo, byo_stones)
    clock.time_left(BLACK, seconds, stones)
    budget = clock.budget(BLACK, moves, 30.0)
    assert FLOOR <= budget <= 30.0
    if not clock.unlimited and (stones > 0 or clock.kind == ABSOLUTE):
        assert budget <= seconds - OVERHEAD or budget == FLOOR
