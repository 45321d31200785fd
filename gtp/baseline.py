"""A regression run set against an earlier one (`kiai regress --baseline FILE.json`): per
suite, the passes then and now, the tests gained and lost, how many answers changed, and
the time and node counts, so that a change to one module is measured in one command.

The baseline is a file written by `kiai regress --json`. Tests are matched by number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from core.errors import KiaiError

if TYPE_CHECKING:
    from gtp.regress import SuiteResult


@dataclass(frozen=True)
class BaselineSuite:
    """What an earlier run of one suite gave."""

    passed: int
    seconds: float
    nodes: dict[str, int | None]
    answers: dict[int, tuple[bool, str]]  # test number -> (passed, answer)


def suite_key(suite: str, orient: int) -> str:
    """A suite run's name in a baseline: the suite's, with its orientation unless 0."""
    return suite if not orient else f"{suite} in orientation {orient}"


def load_baseline(path: Path) -> dict[str, BaselineSuite]:
    """The suite runs of a `kiai regress --json` file, by suite_key; KiaiError if it
    cannot be read."""
    try:
        data = json.loads(path.read_text())
        suites: dict[str, BaselineSuite] = {}
        for s in data:
            answers = {int(r["number"]): (bool(r["passed"]), str(r["answer"])) for r in s["results"]}
            nodes = {str(k): (None if v is None else int(v)) for k, v in dict(s.get("nodes") or {}).items()}
            key = suite_key(str(s["suite"]), int(s.get("orient", 0)))
            suites[key] = BaselineSuite(sum(p for p, _ in answers.values()), float(s.get("seconds", 0.0)),
                                        nodes, answers)
        return suites
    except OSError as e:
        raise KiaiError(f"cannot read baseline {path}: {e.strerror}") from None
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        raise KiaiError(f"cannot read baseline {path}: not a `kiai regress --json` file ({e!r})") from None


def compare(suites: list[SuiteResult], baseline: dict[str, BaselineSuite], name: str) -> str:
    """The report of these suite results against the baseline called name."""
    lines = [f"against {name}:"]
    for s in suites:
        base = baseline.get(suite_key(s.suite, s.orient))
        if base is None:
            lines.append(f"{suite_key(s.suite, s.orient)}: not in the baseline")
            continue
        now = {r.number: (bool(r.passed), str(r.answer)) for r in s.results}
        shared = sorted(set(now) & set(base.answers))
        gained = [n for n in shared if now[n][0] and not base.answers[n][0]]
        lost = [n for n in shared if base.answers[n][0] and not now[n][0]]
        changed = sum(1 for n in shared if now[n][1] != base.answers[n][1])
        passed = sum(p for p, _ in now.values())
        lines.append(f"{s.suite}: {base.passed} -> {passed} passed (+{len(gained)} -{len(lost)}), "
                     f"{changed} answer{'' if changed == 1 else 's'} changed, {base.seconds:.1f} s -> {s.seconds:.1f} s")
        if gained:
            lines.append("  gained: " + " ".join(map(str, gained)))
        if lost:
            lines.append("  lost: " + " ".join(map(str, lost)))
        unmatched = len(set(now) ^ set(base.answers))
        if unmatched:
            lines.append(f"  {unmatched} tests in only one of the two runs, not compared")
        counts = [_nodes(k, base.nodes.get(k), v) for k, v in s.nodes.items() if k in base.nodes]
        if counts:
            lines.append("  nodes: " + ", ".join(counts))
    return "\n".join(lines)


def _nodes(counter: str, then: int | None, now: int | None) -> str:
    """One node counter then and now, with the change in percent where both are known."""
    if then is None or now is None:
        return f"{counter} {'-' if then is None else then} -> {'-' if now is None else now}"
    change = f" ({(now - then) / then:+.1%})" if then else ""
    return f"{counter} {then} -> {now}{change}"
