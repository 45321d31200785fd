"""`kiai agree-owl`: Kiai's owl result codes against a reference engine's on the dragons
of a suite's positions. The counting runs on hand-made questions; the command end to end
with Kiai itself as the reference, which must agree with itself."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from gtp.agree import (Question, ask, check_moves, compare, follow, follow_report, moves_report, positions, questions,
                       report)
from tests.gtp.test_decide import straight_three_suite
from tests.gtp_helpers import KIAI_REFERENCE, run_tool


def test_positions_are_each_loadsgf_once_with_absolute_paths(tmp_path: Path) -> None:
    suite = tmp_path / "a.tst"
    suite.write_text("loadsgf g.sgf 10\n1 owl_attack A1\n#? [0]\nloadsgf g.sgf 10\nloadsgf g.sgf 12\n")
    assert positions([suite]) == [f"loadsgf {tmp_path / 'g.sgf'} 10", f"loadsgf {tmp_path / 'g.sgf'} 12"]


def test_the_report_counts_codes_and_distinct_questions() -> None:
    qs = [Question("loadsgf g.sgf 10", "owl_attack C3", "1 B2", "1 D4"),  # the same code: agrees
          Question("loadsgf g.sgf 12", "owl_attack C3", "1 B2", "0"),  # the same game and dragon again
          Question("loadsgf g.sgf 12", "owl_defend C3", "0", "1 B2"),
          Question("loadsgf h.sgf", "owl_defend C3", "0", "0")]
    text = report(qs, listing=True)
    assert text.splitlines()[0] == "agreement: 2 of 4 questions; 2 of 3 distinct (by game and dragon)"
    assert "  owl_attack: Kiai 0, reference 1: 1" in text
    assert "loadsgf g.sgf 12 | owl_defend C3: Kiai [1 B2], reference [0]" in text
    before = {q.ident: Question(q.load, q.command, q.reference, q.reference) for q in qs}
    changed = compare(qs, before, "old.json")
    assert changed.splitlines()[0] == "against old.json: 4 -> 2 agreeing (+0 -2)"


class _NoSuchFile:
    """A session that cannot load g.sgf and answers every other command with 1."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, command: str, timeout: float | None = None) -> tuple[bool, str]:
        self.sent.append(command)
        return (False, "cannot open g.sgf") if command == "loadsgf g.sgf" else (True, "1")

    def close(self) -> None:
        pass


def test_a_position_that_cannot_be_loaded_gives_no_answers() -> None:
    # its questions would otherwise be answered on the position loaded before
    qs = [Question("loadsgf h.sgf", "owl_attack C3"), Question("loadsgf g.sgf", "owl_attack C3"),
          Question("loadsgf g.sgf", "owl_defend C3")]
    session = _NoSuchFile()
    ask(session, qs, "kiai", None)
    assert [q.kiai for q in qs] == ["1", "? cannot load the position: cannot open g.sgf",
                                    "? cannot load the position: cannot open g.sgf"]
    assert session.sent == ["loadsgf h.sgf", "owl_attack C3", "loadsgf g.sgf"]


class _Scripted:
    """A session answering each command from a table (success with "" when absent)."""

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers = answers
        self.sent: list[str] = []

    def send(self, command: str, timeout: float | None = None) -> tuple[bool, str]:
        self.sent.append(command)
        return True, self.answers.get(command, "")

    def close(self) -> None:
        pass


def test_living_dragons_are_asked_owl_attack_only_with_alive() -> None:
    # a kill owl finds on a dragon the reference calls alive is a false alarm that the
    # critical and dead questions never ask about
    reference = _Scripted({"dragon_status": "C3: critical\nE5: dead\nG7: alive\nJ9: unknown"})
    asked = [q.command for q in questions(reference, ["loadsgf g.sgf"], None)]
    assert asked == ["owl_attack C3", "owl_defend C3", "owl_defend E5"]
    asked = [q.command for q in questions(reference, ["loadsgf g.sgf"], None, alive=True)]
    assert asked == ["owl_attack C3", "owl_defend C3", "owl_defend E5", "owl_attack G7"]


def test_a_disagreement_is_followed_one_move_with_both_engines() -> None:
    # white's C3: the reference kills it at B2, which Kiai's own reading confirms once
    # B2 is on the board (its search missed it); Kiai saves it at D4, which the
    # reference refutes at E5
    qs = [Question("loadsgf g.sgf", "owl_attack C3", "1 B2", "0"),
          Question("loadsgf g.sgf", "owl_defend C3", "0", "1 D4"),
          Question("loadsgf g.sgf 12", "owl_defend C3", "0", "1 D4"),  # the same game and dragon again
          Question("loadsgf h.sgf", "owl_attack E5", "1 F6", "1 G7")]  # agreeing: not followed
    reference = _Scripted({"color C3": "white", "owl_defend C3": "0", "owl_attack C3": "1 E5"})
    kiai = _Scripted({"owl_defend C3": "0", "owl_attack C3": "0"})
    followed = follow(reference, kiai, qs, None)
    assert [(f.mover, f.move, f.reference, f.kiai, f.verdict) for f in followed] == [
        ("reference", "B2", "0", "0", "stands by both"),
        ("kiai", "D4", "1 E5", "0", "refuted by the reference alone")]
    assert reference.sent == ["loadsgf g.sgf", "color C3", "play black B2", "owl_defend C3",  # loaded once
                              "loadsgf g.sgf", "color C3", "play white D4", "owl_attack C3"]
    assert kiai.sent == ["loadsgf g.sgf", "play black B2", "owl_defend C3",
                         "loadsgf g.sgf", "play white D4", "owl_attack C3"]
    text = follow_report(followed)
    assert text.splitlines()[:3] == ["followed: 2 distinct disagreements, one move each",
                                     "  Kiai's move refuted by the reference alone: 1",
                                     "  the reference's move stands by both: 1"]
    assert "loadsgf g.sgf | owl_defend C3: after kiai's D4, owl_attack: Kiai [0], reference [1 E5]: " \
        "refuted by the reference alone" in text


class _Captures(_Scripted):
    """A session on which the move played captures the stone asked about."""

    def send(self, command: str, timeout: float | None = None) -> tuple[bool, str]:
        if command.startswith("play"):
            self.answers["color C3"] = "empty"
        if command == "owl_defend C3":
            self.sent.append(command)
            return False, "vertex must not be empty"
        return super().send(command, timeout)


def test_a_kill_that_captures_the_stone_asked_about_stands() -> None:
    qs = [Question("loadsgf g.sgf", "owl_attack C3", "1 B3", "0")]
    followed = follow(_Scripted({"color C3": "white", "owl_defend C3": "0"}), _Captures({}), qs, None)
    assert [(f.kiai, f.verdict) for f in followed] == [("0 (captured)", "stands by both")]


def test_each_move_kiai_names_is_checked_by_the_reference() -> None:
    # Kiai's kill B2 stands by the reference (its owl_defend answers 0 after it), its
    # save D4 does not (the reference kills at E5); a 0, a PASS and a failed answer name
    # no move and are not checked
    qs = [Question("loadsgf g.sgf", "owl_attack C3", "1 B2", "1 B2"),
          Question("loadsgf g.sgf", "owl_defend C3", "1 D4", "1 D4"),
          Question("loadsgf g.sgf 12", "owl_attack C3", "1 B2", "0"),  # the same game and dragon again
          Question("loadsgf h.sgf", "owl_defend E5", "1 F6", "1 PASS"),
          Question("loadsgf h.sgf", "owl_attack E5", "1 F6", "? timed out")]
    reference = _Scripted({"color C3": "white", "owl_defend C3": "0", "owl_attack C3": "1 E5"})
    check_moves(reference, qs, None)
    assert [q.after for q in qs] == ["0", "1 E5", "", "", ""]
    assert reference.sent == ["loadsgf g.sgf", "color C3", "play black B2", "owl_defend C3",
                              "loadsgf g.sgf", "color C3", "play white D4", "owl_attack C3"]
    assert moves_report(qs).splitlines() == [
        "owl_attack (all): 1 of Kiai's 1 moves stand by the reference's reading (100.0%)",
        "owl_attack (distinct): 1 of Kiai's 1 moves stand by the reference's reading (100.0%)",
        "owl_defend (all): 0 of Kiai's 1 moves stand by the reference's reading (0.0%)",
        "owl_defend (distinct): 0 of Kiai's 1 moves stand by the reference's reading (0.0%)"]


def test_agree_owl_runs_end_to_end_with_kiai_as_its_own_reference(tmp_path: Path) -> None:
    suite = straight_three_suite(tmp_path, "1 owl_attack A8\n#? [1 B9]\n")
    reference = KIAI_REFERENCE

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return run_tool(tmp_path, "agree-owl", *args)

    proc = run(str(suite), "--reference", reference, "--json", "a.json")
    assert proc.returncode == 0, proc.stderr
    # black's straight three (D9's dragon) is critical: both questions asked, both agree
    assert proc.stdout.splitlines()[0] == "agreement: 2 of 2 questions; 2 of 2 distinct (by game and dragon)"
    answers = json.loads((tmp_path / "a.json").read_text())
    assert [(a["command"], a["kiai"], a["reference"]) for a in answers] == [
        ("owl_attack D9", "1 B9", "1 B9"), ("owl_defend D9", "1 B9", "1 B9")]
    again = run(str(suite), "--reference", reference, "--baseline", "a.json", "--follow", "--moves")
    assert "against a.json: 2 -> 2 agreeing (+0 -0)" in again.stdout, again.stderr
    assert "followed: 0 distinct disagreements, one move each" in again.stdout
    # the kill and the save at B9 each stand by the reference's reading (here Kiai's own)
    assert "owl_attack (all): 1 of Kiai's 1 moves stand by the reference's reading (100.0%)" in again.stdout
    assert "owl_defend (all): 1 of Kiai's 1 moves stand by the reference's reading (100.0%)" in again.stdout
    missing = run(str(suite), "--reference", str(tmp_path / "no-such-engine"))
    assert missing.returncode == 2 and "cannot start engine" in missing.stderr
    broken = run(str(suite), "--baseline", "nothing.json")
    assert broken.returncode == 2 and "cannot read the baseline" in broken.stderr
