"""Time management: the budget for a move never exceeds what the clock allows."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.board.color import BLACK
from core.move.clock import Clock


def test_no_time_control_uses_the_default() -> None:
    assert Clock().budget(BLACK, 30, 7.0) == 7.0


def test_sudden_death_spreads_the_remaining_time() -> None:
    clock = Clock()
    clock.settings(60, 0, 0)
    clock.time_left(BLACK, 10, 0)
    assert clock.budget(BLACK, 20, 10.0) <= 10 / 20


def test_byo_yomi_period_is_shared_over_its_stones() -> None:
    clock = Clock()
    clock.settings(0, 30, 5)
    clock.time_left(BLACK, 30, 5)
    assert 4.0 <= clock.budget(BLACK, 50, 10.0) <= 6.0 - 0.5


def test_main_time_with_byo_yomi_after_it() -> None:
    clock = Clock()
    clock.settings(300, 30, 5)
    clock.time_left(BLACK, 120, 0)
    assert clock.budget(BLACK, 40, 10.0) <= max(120 / 40, 30 / 5)


@given(seconds=st.floats(0, 3600), stones=st.integers(0, 25), moves=st.integers(1, 200),
       main=st.integers(0, 3600), byo=st.integers(0, 600), byo_stones=st.integers(0, 25))
def test_budget_never_exceeds_the_time_left(seconds: float, stones: int, moves: int, main: int, byo: int,
                                            byo_stones: int) -> None:
    clock = Clock()
    clock.settings(main, byo, byo_stones)
    clock.time_left(BLACK, seconds, stones)
    budget = clock.budget(BLACK, moves, 30.0)
    assert 0 < budget <= 30.0
    if not clock.unlimited and seconds > 1:
        assert budget <= seconds - clock.safety or budget == 0.05
