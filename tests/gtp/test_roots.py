"""`kiai roots-owl`: each owl test's root candidates asked as does-questions. The kinds of
failure and the summary on hand-made answers, and the command end to end with Kiai itself
as the reference."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from gtp.regress import RegressTest
from gtp.roots import Candidate, Root, _classify, compare, summary
from tests.gtp.test_decide import straight_three_suite
from tests.gtp_helpers import KIAI_REFERENCE, run_tool


def root(regex: str, kiai: str, cands: list[tuple[str, str, int, str]], negate: bool = False,
         question: str = "owl_attack A8") -> Root:
    """A classified root: the suite's regex, Kiai's answer and the candidates (move, Kiai's
    code, nodes, the reference's code)."""
    test = RegressTest(1, question, regex, negate)
    r = Root("mini.tst 1", question, regex, kiai, test.check(kiai),
             candidates=[Candidate(*c) for c in cands])
    _classify(r, test)
    return r


@pytest.mark.parametrize("regex, kiai, cands, negate, kind", [
    ("1 B9", "1 B9", [("B9", "1", 10, "1")], False, ""),  # passes: no kind
    # Kiai's own check accepts the suite's C9, the root chose B9
    ("1 C9", "1 B9", [("B9", "1", 10, "1"), ("C9", "1", 30, "1")], False, "choice"),
    # the suite's C9 is read, but Kiai's check gives it no kill
    ("1 C9", "1 B9", [("B9", "1", 10, "1"), ("C9", "0", 30, "1")], False, "refuted"),
    # a ko where the suite expects a clean kill is a misreading too
    ("1 C9", "2 C9", [("C9", "2", 30, "1")], False, "refuted"),
    ("1 E5", "1 B9", [("B9", "1", 10, "1")], False, "unoffered"),
    ("0", "1 B9", [("B9", "1", 10, "0")], False, "no move"),
    ("1 B9", "1 B9", [("B9", "1", 10, "1")], True, "no move"),  # a negation
])
def test_a_failure_gets_its_kind(regex: str, kiai: str, cands: list[tuple[str, str, int, str]], negate: bool,
                                 kind: str) -> None:
    assert root(regex, kiai, cands, negate).kind == kind


def test_the_other_rules_choose_the_first_and_the_cheapest_move_that_works() -> None:
    cands = [("A9", "0", 5, "0"), ("B9", "1", 40, "1"), ("C9", "1", 20, "0")]
    first = root("1 B9", "1 C9", cands)  # the first that works is B9, the cheapest C9
    assert (first.passed, first.first_works, first.cheapest_works) == (False, True, False)
    cheap = root("1 C9", "1 B9", cands)
    assert (cheap.first_works, cheap.cheapest_works) == (False, True)
    # where no candidate works, each rule keeps Kiai's own answer
    none = root("0", "0", [("A9", "0", 5, "0")])
    assert (none.passed, none.first_works, none.cheapest_works) == (True, True, True)


def test_the_summary_counts_kinds_rules_and_the_does_codes_each_engine_alone_accepts() -> None:
    roots = [root("1 B9", "1 B9", [("B9", "1", 10, "1"), ("C9", "0", 9, "1")]),
             root("1 C9", "1 B9", [("B9", "1", 10, "0"), ("C9", "0", 9, "0")]),
             root("1 A9", "0", [("A9", "0", 3, "1")], question="owl_defend A8")]
    roots[1].label, roots[2].label = "mini.tst 2", "mini.tst 3"
    text = summary(roots)
    assert text.splitlines()[0] == "3 questions, 1 pass"
    assert "  refuted: 2 (2, 3)" in text and "  choice: 0" in text
    assert "  owl_attack: Kiai's answer passes 1 of 2, the first candidate that works 1, the cheapest that works 1" \
        in text
    assert "  does-questions: 5, Kiai's code is the reference's in 2" in text
    assert "    owl_does_attack: works for Kiai alone 1, for the reference alone 1" in text
    assert "    owl_does_defend: works for Kiai alone 0, for the reference alone 1" in text


def test_the_comparison_lists_changed_tests_and_counts_does_codes_that_came_to_agree_or_stopped() -> None:
    before = {"mini.tst 1": root("1 C9", "1 B9", [("B9", "1", 10, "1"), ("C9", "0", 9, "1"), ("A9", "0", 3, "0")])}
    now = root("1 C9", "1 C9", [("C9", "1", 9, "1"), ("B9", "0", 10, "1"), ("D9", "1", 4, "0")])
    text = compare([now], before, "old.json")
    assert text.splitlines()[0] == "against old.json: 0 -> 1 passing of 1 questions in both"
    assert "  mini.tst 1: refuted -> passes (Kiai [1 B9] -> [1 C9], expected [1 C9])" in text
    # C9 came to agree, B9 stopped; D9 and A9 are not in both runs
    assert text.splitlines()[-1] == "  does-questions in both: 2, 1 came to agree with the reference, 1 stopped"


def test_roots_owl_runs_end_to_end_with_kiai_as_its_own_reference(tmp_path: Path) -> None:
    # white B9 kills black's straight three; C9 is refuted (black B9 captures it: two eyes)
    suite = straight_three_suite(tmp_path, "1 owl_attack A8\n#? [1 B9]\n2 owl_attack A8\n#? [1 C9]\n"
                                 "3 owl_attack A8\n#? [1 E5]\n4 owl_defend A8\n#? [0]\n")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return run_tool(tmp_path, "roots-owl", *args)

    proc = run(str(suite), "--engine", KIAI_REFERENCE, "--jobs", "2", "--json", "roots.json")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("mini.tst 1: owl_attack A8: expected [1 B9], Kiai [1 B9] passes; B9:1/1")
    assert "fails (refuted)" in lines[1] and " C9:0/0" in lines[1]
    assert "fails (unoffered)" in lines[2] and "fails (no move)" in lines[3]
    assert "4 questions, 1 pass" in proc.stdout
    assert "Kiai's code is the reference's in" in proc.stdout
    saved = json.loads((tmp_path / "roots.json").read_text())
    assert [r["kind"] for r in saved] == ["", "refuted", "unoffered", "no move"]
    assert all(c["reference"] for r in saved for c in r["candidates"])
    assert all(c["nodes"] > 0 for c in saved[0]["candidates"])  # each does-question read owl nodes
    again = run(str(suite), "1", "2", "--engine", KIAI_REFERENCE, "--baseline", "roots.json")
    assert again.returncode == 0 and "against roots.json: 1 -> 1 passing of 2 questions in both" in again.stdout
    assert "came to agree with the reference, 0 stopped" in again.stdout, again.stdout
    alone = run(str(suite), "1", "--no-reference")
    assert alone.returncode == 0 and "B9:1 " in alone.stdout + " " and "does-questions" not in alone.stdout
    for args, complaint in (([str(suite), "--candidates", "0"], "must be 1 or more"),
                            ([str(suite), "9"], "no owl_attack or owl_defend test numbered 9"),
                            ([str(suite), "--baseline", "missing.json"], "cannot read the baseline"),
                            ([str(suite), "--engine", "/nonexistent/engine"], "cannot start the engines")):
        bad = run(*args)
        assert bad.returncode == 2 and complaint in bad.stderr, bad.stderr
