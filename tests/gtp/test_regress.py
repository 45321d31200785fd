"""`kiai regress` on a suite written for this test, in-process and through a subprocess."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core.board.color import BLACK, WHITE
from core.board.coords import vertex
from core.board.sgf import load_sgf
from gtp.baseline import compare, load_baseline
from gtp.orientations import compare_orientations, parse_orientations, summary
from gtp.regress import TestResult as Outcome
from gtp.regress import Claims, Orientation, SuiteResult, in_folder, parse_suite, report, run_suite
from tests.gtp_helpers import KIAI_GTP

SUITE = """\
# a tiny suite: one loadsgf, passes, a failure, a known failure, negation, unchecked, an error
loadsgf positions/small.sgf 3
1 countlib E5
#? [4]
2 color C7
#? [white]
3 countlib E5
#? [1]
4 countlib E5
#? [2]*
5 color E5
#? [!white]
6 reg_genmove black
#? [.*]&
7 countlib A1
#? [0]
play black D5
8 countlib E5
#? [6]
9 list_stones black
#? [(D5|E5) (D5|E5)]
"""


def write_suite(tmp_path: Path) -> Path:
    (tmp_path / "positions").mkdir()
    (tmp_path / "positions" / "small.sgf").write_bytes(b"(;FF[4]SZ[9];B[ee];W[cc];B[gc])")
    path = tmp_path / "tiny.tst"
    path.write_text(SUITE)
    return path


def test_parse_suite_flags() -> None:
    items = parse_suite(SUITE)
    tests = [it for it in items if not isinstance(it, str)]
    assert [t.number for t in tests] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert tests[3].known_failure and tests[4].negate and tests[5].unchecked
    assert [it for it in items if isinstance(it, str)] == ["loadsgf positions/small.sgf 3", "play black D5"]


def _check(result_passed: list[bool], errors: list[bool]) -> None:
    assert result_passed == [True, True, False, False, True, True, False, True, True]
    assert errors == [False] * 6 + [True, False, False]


def test_in_process_run(tmp_path: Path) -> None:
    result = run_suite(write_suite(tmp_path), None, progress=False)
    _check([r.passed for r in result.results], [r.error for r in result.results])
    assert (result.passed, result.failed, result.errors) == (6, 2, 1)
    text = report([result])
    assert "tiny.tst:3 FAILED: 3 countlib E5\n    expected [1], got [4]" in text
    assert "tiny.tst:4 FAILED (known failure)" in text
    assert "tiny.tst:7 ERROR" in text


@pytest.mark.parametrize("k", range(8))
def test_every_orientation_of_the_suite_gives_the_same_results(tmp_path: Path, k: int) -> None:
    result = run_suite(write_suite(tmp_path), None, progress=False, orient=k)
    _check([r.passed for r in result.results], [r.error for r in result.results])
    assert sorted(result.results[8].answer.split()) == ["D5", "E5"]  # turned back to the suite's orientation
    assert result.results[1].command == "2 color C7"  # reported as the suite writes it


def test_an_orientation_loads_a_turned_copy_of_the_game_and_turns_every_vertex(tmp_path: Path) -> None:
    write_suite(tmp_path)
    orientation = Orientation(1, tmp_path)  # left and right mirrored
    with in_folder(tmp_path):
        words = orientation.command("loadsgf positions/small.sgf 3").split()
    assert words[0] == "loadsgf" and words[2] == "3"
    board, _ = load_sgf(words[1]).replay()  # black E5 and G7, white C7, mirrored
    assert sorted(vertex(9, p) for p in board.stones(BLACK)) == ["C7", "E5"]
    assert [vertex(9, p) for p in board.stones(WHITE)] == ["G7"]
    assert orientation.command("play black D5") == "play black F5"
    assert orientation.answer("F5 E5") == "D5 E5"
    assert orientation.command("loadsgf positions/none.sgf") == "loadsgf positions/none.sgf"  # the engine refuses it


def test_an_orientation_out_of_range_is_refused(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(write_suite(tmp_path)), "--orient", "8"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--orient" in proc.stderr


def test_subprocess_engine_and_json_from_the_command_line(tmp_path: Path) -> None:
    suite = write_suite(tmp_path)
    out = tmp_path / "results.json"
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(suite), "--engine", KIAI_GTP,
                           "--json", str(out), "--no-progress"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr  # 3 and 7 fail and are not marked as known failures
    assert "tiny.tst" in proc.stdout and "expected [1], got [4]" in proc.stdout
    data = json.loads(out.read_text())
    assert data[0]["passed"] == 6 and data[0]["failed"] == 2 and data[0]["errors"] == 1


def test_missing_suite_is_a_clear_error(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(tmp_path / "none.tst")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "cannot read suite" in proc.stderr


def test_exit_status_is_zero_when_only_known_failures_fail(tmp_path: Path) -> None:
    (tmp_path / "ok.tst").write_text("boardsize 9\nplay black A1\n1 countlib A1\n#? [2]\n2 color A1\n#? [white]*\n")
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(tmp_path / "ok.tst")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "FAILED (known failure)" in proc.stdout
    assert "\r" not in proc.stderr  # no progress bar when stderr is not a terminal


def _baseline(tmp_path: Path, passed: dict[int, bool], answers: dict[int, str]) -> Path:
    """A `--json` file as an earlier run of the tiny suite might have written it."""
    results = [{"number": n, "command": "", "expected": "", "answer": answers.get(n, ""), "passed": p,
                "error": False, "known_failure": False, "seconds": 0.0} for n, p in passed.items()]
    path = tmp_path / "before.json"
    path.write_text(json.dumps([{"suite": "tiny.tst", "passed": sum(passed.values()), "failed": 0, "errors": 0,
                                 "seconds": 2.0, "nodes": {"reading": 100}, "results": results}]))
    return path


def test_a_run_against_a_baseline_names_the_tests_gained_and_lost(tmp_path: Path) -> None:
    result = run_suite(write_suite(tmp_path), None, progress=False)  # 1, 2, 5, 6, 8, 9 pass; 3, 4, 7 fail
    then = {n: n in (2, 3, 5, 6, 8, 9) for n in range(1, 10)}  # 1 gained since, 3 lost
    answers = {r.number: r.answer for r in result.results} | {8: "5"}
    text = compare([result], load_baseline(_baseline(tmp_path, then, answers)), "before.json")
    assert "tiny.tst: 6 -> 6 passed (+1 -1)" in text
    assert "  gained: 1\n  lost: 3" in text
    assert "1 answer changed, 2.0 s -> " in text  # 8's answer was "5" then
    assert re.search(r"nodes: reading 100 -> \d+ \(\+\d", text), text  # reg_genmove read


def test_a_broken_baseline_is_a_clear_error_before_anything_runs(tmp_path: Path) -> None:
    suite = write_suite(tmp_path)
    for content in ("{not json", json.dumps([{"suite": "tiny.tst"}]), json.dumps({"a": 1})):
        (tmp_path / "bad.json").write_text(content)
        proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(suite), "--baseline",
                               str(tmp_path / "bad.json"), "--no-progress"], capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and "cannot read baseline" in proc.stderr, proc.stderr
        assert "tests" not in proc.stdout  # no suite was run
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(suite), "--baseline",
                           str(tmp_path / "missing.json")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "cannot read baseline" in proc.stderr


def test_a_suite_the_baseline_lacks_is_said_so(tmp_path: Path) -> None:
    result = run_suite(write_suite(tmp_path), None, progress=False)
    path = tmp_path / "other.json"
    path.write_text(json.dumps([{"suite": "other.tst", "seconds": 1.0, "nodes": {}, "results": []}]))
    assert compare([result], load_baseline(path), "other.json") == "against other.json:\ntiny.tst: not in the baseline"


def test_orientations_are_named_one_by_one_in_lists_ranges_or_all() -> None:
    assert parse_orientations("5") == [5]
    assert parse_orientations("0,1,4") == [0, 1, 4]
    assert parse_orientations("0-3,2,7") == [0, 1, 2, 3, 7]
    assert parse_orientations("all") == list(range(8))
    for bad in ("8", "x", "3-1", "0,,1"):
        with pytest.raises(ValueError):
            parse_orientations(bad)


def _result(orient: int, answers: list[str]) -> SuiteResult:
    tests = [Outcome(n, f"{n} owl_attack A1", "1 B2", a, a == "1 B2", False, False, 0.1)
             for n, a in enumerate(answers, 1)]
    return SuiteResult("s.tst", tests, 1.0, {}, orient)


def test_the_summary_names_the_tests_whose_answer_depends_on_the_orientation() -> None:
    runs = [_result(0, ["1 B2", "0", "1 B2"]), _result(1, ["1 B2", "0", "1 C3"]), _result(5, ["1 B2", "0", "1 C3"])]
    text = summary(runs)
    assert "s.tst by orientation: 0: 2, 1: 1, 5: 1; mean 1.3, 1 to 2, 3.0 s in all" in text
    assert "3 tests: 1 pass in every orientation, 1 in none, 1 in some" in text
    assert "s.tst:3 passes in 1 of 3 (expected [1 B2]): 1 B2 in 0; 1 C3 in 1,5" in text
    assert "s.tst:2 " not in text  # the same wrong answer in every orientation
    other = summary([_result(0, ["0"]), _result(1, ["1 C3"])])
    assert "1 more with answers that differ by orientation but not their verdict" in other
    assert "s.tst:1 " not in other


def test_orientations_compared_with_a_baseline_by_their_mean_and_each_test(tmp_path: Path) -> None:
    before = tmp_path / "before.json"
    before.write_text(json.dumps([
        {"suite": "s.tst", "orient": k, "passed": 0, "seconds": 1.0,
         "results": [{"number": n, "passed": n == 1, "answer": "x"} for n in (1, 2, 3)]} for k in (0, 1)]))
    baseline = load_baseline(before)
    assert set(baseline) == {"s.tst", "s.tst in orientation 1"}
    text = compare_orientations([_result(0, ["1 B2", "0", "1 B2"]), _result(1, ["1 B2", "0", "1 C3"])],
                                baseline, "before.json")
    assert "s.tst: mean over orientations 0,1: 1.0 -> 1.5" in text
    assert "passing orientations changed: 3 (0->1)" in text


def test_every_orientation_at_once_in_parallel_from_the_command_line(tmp_path: Path) -> None:
    suite = write_suite(tmp_path)
    out = tmp_path / "all.json"
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(suite), "--orient", "all", "--jobs", "2",
                           "--json", str(out), "--baseline", str(_tiny_baseline(tmp_path))],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr  # 3 and 7 fail in every orientation
    assert "tiny.tst by orientation: 0: 6, 1: 6, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6, 7: 6; mean 6.0, 6 to 6" in proc.stdout
    assert "9 tests: 6 pass in every orientation, 3 in none, 0 in some" in proc.stdout
    assert "tiny.tst: mean over orientations 0: 5.0 -> 6.0" in proc.stdout
    assert "passing orientations changed: 1 (0->1)" in proc.stdout
    data = json.loads(out.read_text())
    assert [d["orient"] for d in data] == list(range(8)) and {d["passed"] for d in data} == {6}


def _tiny_baseline(tmp_path: Path) -> Path:
    """A baseline of the tiny suite in orientation 0 alone, with test 1 failing."""
    path = tmp_path / "before.json"
    results = [{"number": n, "passed": n in (2, 5, 6, 8, 9), "answer": "x"} for n in range(1, 10)]
    path.write_text(json.dumps([{"suite": "tiny.tst", "passed": 5, "seconds": 1.0, "results": results}]))
    return path


def test_a_missing_suite_among_several_orientations_is_refused_before_any_runs(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(write_suite(tmp_path)),
                           str(tmp_path / "none.tst"), "--orient", "0,1", "--jobs", "2"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "cannot read suite" in proc.stderr and "in orientation" not in proc.stderr


def test_jobs_below_one_are_refused(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(write_suite(tmp_path)), "--jobs", "0"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--jobs" in proc.stderr


TWO_POSITIONS = SUITE + """\
loadsgf positions/small.sgf
10 countlib C7
#? [4]
11 color G7
#? [black]
play white D7
12 countlib C7
#? [6]
"""


def _two_positions(tmp_path: Path) -> Path:
    suite = write_suite(tmp_path)
    suite.write_text(TWO_POSITIONS)
    return suite


class _Given:
    """A count shared with runs that are not there: each read gives this run the next of
    the positions given (the others took those between)."""

    def __init__(self, *positions: int) -> None:
        self.positions = iter(positions)

    def get_lock(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    @property
    def value(self) -> int:
        return next(self.positions)

    @value.setter
    def value(self, _: int) -> None:
        pass  # (the other runs move it on)


def _shared(suite: Path, *given: int) -> SuiteResult:
    """A run of the suite that gets the positions given from a shared count."""
    return run_suite(suite, None, progress=False, claims=Claims(_Given(*given)))


def test_parts_of_a_suite_share_its_positions_and_put_together_answer_as_the_whole(tmp_path: Path) -> None:
    from gtp.orientations import merge

    suite = _two_positions(tmp_path)
    whole = run_suite(suite, None, progress=False)
    first, second = _shared(suite, 2, 3), _shared(suite, 1, 3)  # positions 2 (10-12) and 1 (1-9)
    assert [t.number for t in first.results] == list(range(10, 13))
    assert [t.number for t in second.results] == list(range(1, 10))
    together = merge([second, first])
    assert [(t.number, t.answer, t.passed) for t in together.results] == \
        [(t.number, t.answer, t.passed) for t in whole.results]
    assert (together.processes, together.seconds, together.busy) == \
        (2, max(first.seconds, second.seconds), first.seconds + second.seconds)
    assert together.passed == whole.passed == 9  # 10-12 pass: each part found its board as the whole run did


def test_runs_sharing_a_count_take_each_position_once_in_order() -> None:
    import multiprocessing

    count = multiprocessing.Value("i", 0)
    a, b = Claims(count), Claims(count)
    assert a.mine(0) and not b.mine(0)  # a took 0; b, asking after it, the next one: 1
    assert b.mine(1) and not a.mine(1)  # a, past 0, took 2
    assert a.mine(2) and not b.mine(2)  # b, past 1, took 3
    assert b.mine(3) and a.mine(4) and count.value == 5  # a skipped to 4, the first none had taken


def test_a_run_with_a_shared_count_takes_what_the_others_left(tmp_path: Path) -> None:
    import multiprocessing

    suite = _two_positions(tmp_path)
    count = multiprocessing.Value("i", 1)  # position 0 (tests before any loadsgf) taken already: none
    first = run_suite(suite, None, progress=False, claims=Claims(count))
    assert [t.number for t in first.results] == list(range(1, 13))  # alone, a run takes every position
    count.value = 2  # position 1 taken by another run: this one reads position 2 alone
    second = run_suite(suite, None, progress=False, claims=Claims(count))
    assert [t.number for t in second.results] == list(range(10, 13))


def test_a_suite_shared_out_among_processes_from_the_command_line(tmp_path: Path) -> None:
    suite = _two_positions(tmp_path)
    out = tmp_path / "shared.json"
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "regress", str(suite), "--jobs", "2", "--no-progress",
                           "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr  # 3 and 7 fail, as in one process
    assert re.search(r"tiny\.tst\s+12\s+9\s+2\s+1", proc.stdout)
    assert "in 2 processes at once:" in proc.stdout
    assert "tiny.tst:3 FAILED: 3 countlib E5" in proc.stdout
    data = json.loads(out.read_text())
    assert data[0]["processes"] == 2 and [r["number"] for r in data[0]["results"]] == list(range(1, 13))


PLAYED_POSITIONS = """\
# positions set up move by move: boardsize and clear_board start each, loadsgf none
boardsize 9
clear_board
play black E5
1 countlib E5
#? [4]
play white E6
2 countlib E5
#? [3]
boardsize 9
clear_board
play black A1
3 countlib A1
#? [2]
4 color A1
#? [black]
clear_board
5 color A1
#? [empty]
"""


def test_positions_set_up_by_boardsize_and_clear_board_are_shared_out_too(tmp_path: Path) -> None:
    from gtp.orientations import merge

    suite = tmp_path / "played.tst"
    suite.write_text(PLAYED_POSITIONS)
    whole = run_suite(suite, None, progress=False)
    parts = [_shared(suite, 2, 4), _shared(suite, 1, 3, 4)]  # positions 2; 1 and 3
    assert [[t.number for t in p.results] for p in parts] == [[3, 4], [1, 2, 5]]
    assert whole.passed == 5
    assert [(t.number, t.answer, t.passed) for t in merge(parts).results] == \
        [(t.number, t.answer, t.passed) for t in whole.results]
