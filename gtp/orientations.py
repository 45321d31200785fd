"""A suite measured in several of the board's orientations at once (`kiai regress
--orient all --jobs N`): each orientation's passes, their mean and spread, and the tests
whose verdict depends on how the position is drawn.

A position means the same in each of the board's eight symmetries, so an engine whose
answer changes with the orientation is choosing among equal moves by where they lie. One
orientation's score then carries that luck; the mean over several does not, and is the
measure to judge a change by. Orientations run in parallel processes, one suite and
orientation a task; when there are fewer of those than processes, each is shared out by
positions among several (`kiai regress owl.tst --jobs 2`), and their parts put together
again.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.errors import KiaiError

if TYPE_CHECKING:
    from gtp.baseline import BaselineSuite
    from gtp.regress import SuiteResult, TestResult

EVERY: tuple[int, ...] = tuple(range(8))


def parse_orientations(text: str) -> list[int]:
    """The orientations an --orient value names: K, a list (0,1,4), a range (0-3) or all."""
    text = text.strip().lower()
    if text == "all":
        return list(EVERY)
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high or low)
        except ValueError:
            raise ValueError(f"not an orientation: {part.strip()!r} (0 to 7, a list, a range or all)") from None
        if not 0 <= first <= last <= 7:
            raise ValueError(f"orientations run from 0 to 7, not {part.strip()!r}")
        out.extend(k for k in range(first, last + 1) if k not in out)
    return out


Task = tuple[Path, str | None, float | None, list[str], int, int]
_COUNTS: list[Any] = []  # in a worker process: each run's shared count of positions taken


def _one(task: Task) -> SuiteResult:
    """One suite in one orientation, or a part of it (a worker process's task): the parts
    of one run take its positions from the run's shared count."""
    from gtp.regress import Claims, run_suite

    path, engine, timeout, engine_args, k, run = task
    claims = Claims(_COUNTS[run]) if _COUNTS else None  # (counts only where a run is shared)
    return run_suite(path, engine, False, timeout, engine_args, k, claims)


def _start_worker(counts: list[Any]) -> None:
    """A worker process keeps the runs' shared counts."""
    _COUNTS[:] = counts


def run_orientations(paths: list[Path], engine: str | None, orientations: list[int], jobs: int,
                     timeout: float | None = None, engine_args: list[str] | None = None) -> list[SuiteResult]:
    """Each suite in each orientation, jobs at a time, in suite then orientation order
    (each shared out by positions among jobs // runs processes when there are fewer runs
    than jobs); KiaiError if a suite cannot be read or a worker process dies."""
    for path in paths:  # before any run starts
        if not path.is_file():
            raise KiaiError(f"cannot read suite {str(path)!r}")
    runs = len(paths) * len(orientations)
    parts = max(1, jobs // runs)
    tasks = [(p, engine, timeout, list(engine_args or []), k, run)
             for run, (p, k) in enumerate((p, k) for p in paths for k in orientations) for _ in range(parts)]
    if jobs <= 1 or len(tasks) == 1:
        return [_done(_one(task)) for task in tasks]
    done: list[SuiteResult] = []
    counts = [multiprocessing.Value("i", 0) for _ in range(runs)] if parts > 1 else []
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_start_worker,
                             initargs=(counts,)) as pool:
        futures = [pool.submit(_one, t) for t in tasks]
        try:
            for f in futures:
                done.append(f.result())  # a KiaiError raised in the worker is raised here
                if parts == 1:
                    _done(done[-1])
        except BrokenProcessPool as e:
            raise KiaiError(f"a regression worker process died: {e}") from None
        finally:
            for f in futures:
                f.cancel()
    if parts == 1:
        return done
    return [_done(merge(done[i:i + parts])) for i in range(0, len(done), parts)]


def merge(parts: list[SuiteResult]) -> SuiteResult:
    """One suite's run put together from its parts, run side by side: the tests in the
    suite's order, the node counters and the parts' seconds added up, and the longest
    part's seconds as the run's."""
    from gtp.regress import SuiteResult

    first = parts[0]
    nodes: dict[str, int | None] = {}
    for kind in first.nodes:
        counts = [p.nodes.get(kind) for p in parts]
        nodes[kind] = None if None in counts else sum(c for c in counts if c is not None)
    results = sorted((t for p in parts for t in p.results), key=lambda t: t.number)
    return SuiteResult(first.suite, results, max(p.seconds for p in parts), nodes, first.orient, len(parts),
                       sum(p.seconds for p in parts))


def _done(result: SuiteResult) -> SuiteResult:
    """Report one finished run on stderr."""
    print(f"{result.suite} in orientation {result.orient}: {result.passed} passed, {result.seconds:.1f} s",
          file=sys.stderr, flush=True)
    return result


def _by_suite(results: list[SuiteResult]) -> dict[str, list[SuiteResult]]:
    grouped: dict[str, list[SuiteResult]] = defaultdict(list)
    for r in results:
        grouped[r.suite].append(r)
    return grouped


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def summary(results: list[SuiteResult]) -> str:
    """Per suite: passes in each orientation, their mean and range; how many tests pass in
    every orientation, in none and in some; and each test whose verdict depends on the
    orientation, with the orientations that gave each of its answers."""
    lines: list[str] = []
    for name, runs in _by_suite(results).items():
        passed = [r.passed for r in runs]
        ks = [r.orient for r in runs]
        lines.append(f"{name} by orientation: " + ", ".join(f"{k}: {p}" for k, p in zip(ks, passed))
                     + f"; mean {_mean(passed):.1f}, {min(passed)} to {max(passed)}, "
                     f"{sum(r.seconds for r in runs):.1f} s in all")
        tests: dict[int, list[TestResult]] = defaultdict(list)
        for r in runs:
            for t in r.results:
                tests[t.number].append(t)
        counts = {n: sum(t.passed for t in ts) for n, ts in tests.items()}
        every = sum(1 for n, c in counts.items() if c == len(tests[n]))
        none = sum(1 for c in counts.values() if c == 0)
        lines.append(f"  {len(tests)} tests: {every} pass in every orientation, {none} in none, "
                     f"{len(tests) - every - none} in some")
        alike = sum(1 for n, ts in tests.items() if counts[n] in (0, len(ts)) and len({t.answer for t in ts}) > 1)
        if alike:
            lines.append(f"  {alike} more with answers that differ by orientation but not their verdict")
        for n, ts in tests.items():
            if counts[n] in (0, len(ts)):
                continue
            answers: dict[str, list[int]] = defaultdict(list)
            for k, t in zip(ks, ts):
                answers[t.answer].append(k)
            lines.append(f"  {name}:{n} passes in {counts[n]} of {len(ts)} (expected [{ts[0].expected}]): "
                         + "; ".join(f"{a or '(empty)'} in {','.join(map(str, o))}" for a, o in answers.items()))
    return "\n".join(lines)


def compare_orientations(results: list[SuiteResult], baseline: dict[str, BaselineSuite], name: str) -> str:
    """Per suite, the mean over the orientations run now and in the baseline (those both
    ran), and each test whose number of passing orientations changed."""
    from gtp.baseline import suite_key

    lines = [f"over the orientations, against {name}:"]
    for suite, runs in _by_suite(results).items():
        shared = [r for r in runs if suite_key(suite, r.orient) in baseline]
        if not shared:
            lines.append(f"{suite}: no orientation of it in the baseline")
            continue
        then = [baseline[suite_key(suite, r.orient)] for r in shared]
        lines.append(f"{suite}: mean over orientations {','.join(str(r.orient) for r in shared)}: "
                     f"{_mean([b.passed for b in then]):.1f} -> {_mean([r.passed for r in shared]):.1f}")
        before = Counter(n for b in then for n, (ok, _) in b.answers.items() if ok)
        after = Counter(t.number for r in shared for t in r.results if t.passed)
        moved = [f"{n} ({before[n]}->{after[n]})" for n in sorted(set(before) | set(after)) if before[n] != after[n]]
        if moved:
            lines.append("  passing orientations changed: " + " ".join(moved))
    return "\n".join(lines)

