"""The eye values' search and its caches: a space valued with every cache warm from other
spaces gets the value it gets read alone with every cache empty (a cache, whatever its
size, must never change an answer), and a split space adds up its parts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.analysis import eyeshapes
from core.analysis.eyeshapes import Value, components, value
from tests.analysis.helpers import SPACE_BOARD, clear_eye_caches, random_space


def valued(seed: int) -> Value:
    points, marginal, dead = random_space(seed)
    return value(points, marginal, dead, size=SPACE_BOARD)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=2, max_size=8))
def test_a_warm_cache_gives_the_value_a_cold_one_does(seeds: list[int]) -> None:
    clear_eye_caches()
    warm = [valued(seed) for seed in seeds]  # each valued after the ones before filled the caches
    for seed, answer in zip(seeds, warm):
        clear_eye_caches()
        assert valued(seed) == answer, random_space(seed)


def test_the_caches_follow_their_megabytes_and_no_size_changes_a_value() -> None:
    try:
        eyeshapes.configure(eyeshapes.FULL_MEGABYTES / 4)
        assert eyeshapes.cache_sizes() == [n // 4 for n in eyeshapes.CACHE_ENTRIES]
        quarter = [valued(seed) for seed in range(40)]
        eyeshapes.configure(0.0)
        assert eyeshapes.cache_sizes() == [0, 0, 0, 0]
        assert [valued(seed) for seed in range(40)] == quarter
    finally:
        eyeshapes.configure(eyeshapes.FULL_MEGABYTES)
    assert eyeshapes.cache_sizes() == list(eyeshapes.CACHE_ENTRIES)


def test_components_splits_a_set_into_its_connected_parts() -> None:
    parts = components(frozenset({(0, 0), (0, 1), (2, 0), (2, 1), (3, 1), (5, 5)}))
    assert sorted(sorted(p) for p in parts) == [[(0, 0), (0, 1)], [(2, 0), (2, 1), (3, 1)], [(5, 5)]]
    assert components(frozenset()) == ()


def test_a_space_split_in_two_adds_up_its_parts() -> None:
    # two straight threes on the first line, a point apart: each is worth one eye, two
    # to whoever takes its vital point first, so together three eyes whoever moves first
    left = frozenset({(8, 0), (8, 1), (8, 2)})
    right = frozenset({(8, 4), (8, 5), (8, 6)})
    assert value(left, size=SPACE_BOARD) == Value(1, 2, (8, 1), (8, 1))
    both = eyeshapes.Space(left | right, size=SPACE_BOARD)
    assert eyeshapes._after(both, owner_first=True) == 3
    assert eyeshapes._after(both, owner_first=False) == 3
