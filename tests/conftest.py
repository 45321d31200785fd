"""The test run's order and parallelism: the slow tests start first, and a benchmark run
stays in one process.

The README's test command runs the suite in parallel (pytest-xdist, `-n auto` in
pyproject.toml), one worker a core, each handed a test or two at a time (`--maxschedchunk
1`; by default the first quarter of the tests would go to one worker in one block). The
longest tests, marked slow, are put at the front, so that the workers take them first and
the run does not wait at its end on one of them ("longest first" keeps the workers' shares
even). Benchmarks measure time, so a run with --benchmark-enable is never parallel: two
workers would share the cores being measured.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """A benchmark run in one process, whatever -n says."""
    if config.getoption("benchmark_enable", default=False) and config.getoption("numprocesses", default=None):
        config.option.numprocesses = 0
        config.option.dist = "no"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow first, each group in its collected order."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
