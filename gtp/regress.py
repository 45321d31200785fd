"""`kiai regress`: run GNU Go-format regression suites against Kiai or any GTP engine.

A suite is GTP commands, one per line. A numbered command is a test; the next line,
`#? [REGEX]`, is the expected answer, matched against the whole answer. `!` before the
regex negates it, a trailing `*` marks a known failure, a trailing `&` an unchecked
test. loadsgf paths are relative to the suite's folder, so the engine runs there.

With --orient K every position is turned by one of the board's eight symmetries
(core.board.symmetry): each loadsgf loads a copy of its game turned, the vertices of
every command are turned, and those of every answer turned back before it is checked, so
a suite's expectations hold unchanged. A position means the same in every orientation;
the tests whose answer changes show how much of a score rests on the order in which an
engine happens to meet the points.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final, Iterator

from core.board.coords import is_number
from core.board.sgf import load_sgf
from core.board.symmetry import turn_record, turn_vertices
from core.errors import KiaiError
from gtp.arguments import amount, count
from gtp.baseline import compare, load_baseline, suite_key
from gtp.client import EngineFailure, GtpSession, InProcessSession, ProcessSession

_EXPECT = re.compile(r"^#\?\s*\[(?P<regex>.*)\](?P<flag>[*&]?)\s*$")


@dataclass
class RegressTest:
    """One numbered test of a suite."""

    number: int
    command: str
    regex: str
    negate: bool = False
    known_failure: bool = False
    unchecked: bool = False
    line: int = 0

    def check(self, answer: str) -> bool:
        """True if the answer meets the expectation."""
        try:
            matched = re.fullmatch(self.regex, answer.strip()) is not None
        except re.error:
            matched = False
        return matched != self.negate


@dataclass
class TestResult:
    """What an engine answered to a test, and whether that passes."""

    number: int
    command: str
    expected: str
    answer: str
    passed: bool
    error: bool
    known_failure: bool
    seconds: float


@dataclass
class SuiteResult:
    """The results of one suite."""

    suite: str
    results: list[TestResult] = field(default_factory=list)
    seconds: float = 0.0
    nodes: dict[str, int | None] = field(default_factory=dict)  # the engine's node counters (reading, ...)
    orient: int = 0  # the symmetry of the board every position was turned by
    processes: int = 1  # the engine processes that shared the suite (kiai regress --jobs)
    busy: float = 0.0  # with several, the seconds each took, added up

    def by_command(self) -> dict[str, tuple[int, int]]:
        """Command name -> (passed, tests), in order of first appearance."""
        out: dict[str, tuple[int, int]] = {}
        for r in self.results:
            words = r.command.split()
            name = words[1] if len(words) > 1 and words[0].isdigit() else (words[0] if words else "?")
            passed, total = out.get(name, (0, 0))
            out[name] = (passed + r.passed, total + 1)
        return out

    @property
    def passed(self) -> int:
        """Tests passed."""
        return sum(r.passed for r in self.results)

    @property
    def failed(self) -> int:
        """Tests answered but not as expected."""
        return sum(not r.passed and not r.error for r in self.results)

    @property
    def errors(self) -> int:
        """Tests the engine answered with an error."""
        return sum(r.error for r in self.results)


def parse_suite(text: str) -> list[str | RegressTest]:
    """The suite's items in order: plain commands (str) and tests."""
    items: list[str | RegressTest] = []
    pending: RegressTest | None = None
    for i, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        m = _EXPECT.match(line)
        if m and pending is not None:
            regex = m.group("regex")
            pending.negate = regex.startswith("!")
            pending.regex = regex[1:] if pending.negate else regex
            pending.known_failure = m.group("flag") == "*"
            pending.unchecked = m.group("flag") == "&"
            items.append(pending)
            pending = None
            continue
        if not line or line.startswith("#"):
            continue
        if pending is not None:
            items.append(pending.command)  # a numbered command without expectation: just run it
            pending = None
        head = line.split()[0]
        if is_number(head):
            pending = RegressTest(int(head), line, "", line=i)
        else:
            items.append(line)
    if pending is not None:
        items.append(pending.command)
    return items


@contextmanager
def in_folder(path: Path) -> Iterator[None]:
    """Run the block in this folder (a suite's loadsgf paths are relative to it)."""
    old = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


class Orientation:
    """A suite's commands and answers under one of the board's symmetries (0: as written)."""

    def __init__(self, k: int, folder: Path) -> None:
        self.k = k
        self.folder = folder  # where the turned copies of the games are written
        self.size = 19  # the board's size, from the last loadsgf or boardsize
        self.games = 0

    def command(self, text: str) -> str:
        """The command for the turned position: a loadsgf of a turned copy of its game
        (a file that cannot be read is left for the engine to refuse), else the command
        with its vertices turned."""
        words = text.split()
        if words and words[0] == "boardsize" and len(words) > 1 and is_number(words[1]):
            self.size = int(words[1])
        if not self.k or not words:
            return text
        if words[0] != "loadsgf" or len(words) < 2:
            return turn_vertices(text, self.size, self.k)
        try:
            record = load_sgf(words[1])
        except KiaiError:
            return text
        self.size = record.size
        self.games += 1
        turned = self.folder / f"{self.games}-{Path(words[1]).name}"
        turned.write_bytes(turn_record(record, self.k).to_sgf())
        rest = [w if w.isdigit() else turn_vertices(w, self.size, self.k) for w in words[2:]]
        return " ".join(["loadsgf", str(turned)] + rest)

    def answer(self, text: str) -> str:
        """The answer with its vertices turned back to the suite's orientation."""
        return turn_vertices(text, self.size, self.k, back=True) if self.k else text


def run_suite(path: Path, engine_command: str | None, progress: bool = True,
              timeout: float | None = None, engine_args: list[str] | None = None,
              orient: int = 0, claims: Claims | None = None) -> SuiteResult:
    """Run one suite file and collect its results; with orient, every position turned by
    that symmetry of the board; with claims, only the tests of the positions this run
    takes from a count shared with the other runs of the suite (a position: the items
    from one loadsgf, boardsize or clear_board to the next), every other command still
    sent, so that each test finds the board as a whole run leaves it."""
    try:
        items = parse_suite(path.read_text(encoding="utf-8", errors="replace"))
    except OSError as e:
        raise KiaiError(f"cannot read suite {str(path)!r}: {e.strerror}") from None
    folder = path.resolve().parent
    result = SuiteResult(suite=path.name, orient=orient)
    positions = _positions(items)
    bar = _progress(len(positions), path.name, progress)  # (a shared run's share is known only at its end)
    start = time.monotonic()
    with in_folder(folder), tempfile.TemporaryDirectory(prefix="kiai-orient-") as turned:
        orientation = Orientation(orient, Path(turned))
        session: GtpSession
        if engine_command:
            session = ProcessSession(engine_command, cwd=folder)
        else:
            from gtp.cli import build_parser, engine_from

            parsed = build_parser(engine_args or []).parse_args(engine_args or [])
            session = InProcessSession(engine_from(parsed, workers=0 if parsed.workers is None else None))
        try:
            counters = node_counters(session, timeout)
            for kind in counters:
                session.send(f"reset_{kind}_node_counter", timeout)
            for item in items:
                if isinstance(item, str):
                    session.send(orientation.command(item), timeout)
                    continue
                if claims is not None and not claims.mine(positions[id(item)]):
                    continue
                t0 = time.monotonic()
                try:
                    ok, answer = session.send(orientation.command(item.command), timeout)
                    answer = orientation.answer(answer)
                except EngineFailure as e:
                    ok, answer = False, str(e)
                    session.close()
                    session = ProcessSession(engine_command, cwd=folder) if engine_command else session
                passed = ok and (item.unchecked or item.check(answer))
                result.results.append(TestResult(
                    item.number, item.command, ("!" if item.negate else "") + item.regex, answer,
                    passed, not ok, item.known_failure, time.monotonic() - t0))
                if bar is not None:
                    bar.update(1)
            for kind in counters:
                ok, text = session.send(f"get_{kind}_node_counter", timeout)
                result.nodes[kind] = int(text) if ok and is_number(text.strip()) else None
        finally:
            session.close()
            if bar is not None:
                bar.close()
    result.seconds = time.monotonic() - start
    return result


POSITION_STARTS: Final = frozenset({"loadsgf", "boardsize", "clear_board"})  # commands that set up a new position


def _positions(items: list[str | RegressTest]) -> dict[int, int]:
    """Each test's position by the test's id, numbered from 0 in the suite's order (a
    position starts at loadsgf, boardsize or clear_board; a run of them with no test
    between, as boardsize then clear_board, starts one)."""
    found: dict[int, int] = {}
    position, tested = 0, True  # (the first start counts: tests before it are a position of their own)
    for item in items:
        if isinstance(item, str):
            words = item.split()
            if tested and words and words[0] in POSITION_STARTS:
                position, tested = position + 1, False
        else:
            tested = True
            found[id(item)] = position
    return found


class Claims:
    """The positions one of several runs of a suite reads, taken one at a time in the
    suite's order from a count the runs share (the first position none has taken): a run
    whose positions were quick takes more, so the runs end close together, where every
    other position each (--jobs 2 on owl.tst) left one run 48 s behind the other."""

    def __init__(self, count: Any) -> None:
        self.count = count  # a multiprocessing.Value('i') shared by the runs
        self.taken = -1  # the last position this run took

    def mine(self, position: int) -> bool:
        """Whether this run reads the position's tests, taking positions up to it as needed
        (positions are asked in increasing order)."""
        while self.taken < position:
            with self.count.get_lock():
                self.taken = self.count.value
                self.count.value = self.taken + 1
        return self.taken == position


def node_counters(session: GtpSession, timeout: float | None) -> list[str]:
    """The names of the node counters the engine offers (get_NAME_node_counter), in its order."""
    ok, text = session.send("list_commands", timeout)
    if not ok:
        return []
    found = (re.fullmatch(r"get_(\w+)_node_counter", line.strip()) for line in text.splitlines())
    return [m.group(1) for m in found if m]


def _progress(total: int, name: str, enabled: bool) -> Any:
    if not enabled or not sys.stderr.isatty():  # a log file gets no carriage-return noise
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc=name, unit="test", file=sys.stderr, leave=False)


def report(suites: list[SuiteResult]) -> str:
    """The human-readable report: failures with expected and actual answers, then a summary."""
    lines: list[str] = []
    for s in suites:
        for r in s.results:
            if r.passed and r.known_failure:
                lines.append(f"{s.suite}:{r.number} PASSED (known failure now passes): {r.command}")
            elif not r.passed:
                kind = "ERROR" if r.error else "FAILED"
                known = " (known failure)" if r.known_failure else ""
                lines.append(f"{s.suite}:{r.number} {kind}{known}: {r.command}\n"
                             f"    expected [{r.expected}], got [{r.answer}]")
    lines.append("")
    lines.append(f"{'suite':<24} {'tests':>6} {'passed':>7} {'failed':>7} {'errors':>7} {'seconds':>8}")
    for s in suites:
        lines.append(f"{suite_key(s.suite, s.orient):<24} {len(s.results):>6} {s.passed:>7} {s.failed:>7} "
                     f"{s.errors:>7} {s.seconds:>8.1f}")
        commands = s.by_command()
        if len(commands) > 1:
            lines.append("  by command: " + ", ".join(f"{name} {p}/{t}" for name, (p, t) in commands.items()))
        if s.processes > 1:
            lines.append(f"  in {s.processes} processes at once: {s.busy:.1f} s in all")
        if s.nodes:
            lines.append("  nodes: " + ", ".join(f"{name} {'-' if n is None else n}" for name, n in s.nodes.items()))
    if len(suites) > 1:
        total = [r for s in suites for r in s.results]
        lines.append(f"{'total':<24} {len(total):>6} {sum(r.passed for r in total):>7} "
                     f"{sum(not r.passed and not r.error for r in total):>7} {sum(r.error for r in total):>7} "
                     f"{sum(s.seconds for s in suites):>8.1f}")
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    """Register the `regress` subcommand."""
    p = sub.add_parser("regress", help="run GNU Go-format regression suites (.tst files)")
    p.add_argument("suites", nargs="+", type=Path, help="regression files to run")
    p.add_argument("--engine", help="GTP engine command to test instead of Kiai, e.g. '/usr/games/gnugo --mode gtp'")
    p.add_argument("--json", type=Path, help="also write the results as JSON to this file")
    p.add_argument("--timeout", type=amount(0.0, above=True), default=None, help="seconds allowed per command")
    p.add_argument("--no-progress", action="store_true", help="do not show the progress bar")
    p.add_argument("--kiai-args", default="", help="options for the Kiai engine under test, e.g. '--level 5'")
    p.add_argument("--baseline", type=Path, help="an earlier run's --json file: print the tests gained and lost "
                   "against it, and its time and node counts beside this run's")
    p.add_argument("--orient", type=_orientations, default=[0], metavar="K",
                   help="turn every position by symmetry K of the board (0 to 7; 0: as written), the "
                   "answers turned back before they are checked; several (0,1,4 or 0-3) or all: each "
                   "suite run in each, with the mean and the tests whose answer depends on it")
    p.add_argument("--jobs", type=count(1), default=1, metavar="N",
                   help="run this many engine processes at a time: several orientations or suites side by "
                   "side, and a suite with fewer of them than N shared out by positions")
    p.set_defaults(run=run)


def _orientations(text: str) -> list[int]:
    """argparse's reading of --orient."""
    from gtp.orientations import parse_orientations

    try:
        return parse_orientations(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def run(args: argparse.Namespace) -> int:
    """Run the suites and print the report (and, with --baseline, the comparison with an
    earlier run); with several orientations, each suite in each, and their summary. Exit
    status 1 if a test failed that is not marked as a known failure, 2 if a suite or the
    baseline could not be read, else 0. Kiai's engine takes the engine options given
    before `regress`, then --kiai-args."""
    import shlex

    from gtp.cli import engine_flags
    from gtp.orientations import compare_orientations, run_orientations, summary

    try:
        baseline = load_baseline(args.baseline) if args.baseline else None  # read first: a long run is not wasted
        engine_args = engine_flags(args) + shlex.split(args.kiai_args)
        if len(args.orient) == 1 and args.jobs == 1:
            suites = [run_suite(path, args.engine, not args.no_progress, args.timeout, engine_args, args.orient[0])
                      for path in args.suites]
        else:
            suites = run_orientations(args.suites, args.engine, args.orient, args.jobs, args.timeout, engine_args)
    except KiaiError as e:
        print(f"kiai regress: {e}", file=sys.stderr)
        return 2
    several = len(args.orient) > 1
    print(summary(suites) if several else report(suites))
    if baseline is not None:
        print()
        print(compare_orientations(suites, baseline, str(args.baseline)) if several
              else compare(suites, baseline, str(args.baseline)))
    if args.json:
        data = [{"suite": s.suite, "orient": s.orient, "passed": s.passed, "failed": s.failed, "errors": s.errors,
                 "seconds": round(s.seconds, 3), "processes": s.processes, "busy": round(s.busy, 3),
                 "nodes": s.nodes, "results": [asdict(r) for r in s.results]}
                for s in suites]
        args.json.write_text(json.dumps(data, indent=1))
    unexpected = [r for s in suites for r in s.results if not r.passed and not r.known_failure]
    return 1 if unexpected else 0
