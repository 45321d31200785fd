"""`kiai audit-owl`: owl's recorded tree walked beside a reference engine. The walks run
on hand-built trees against a scripted reference (so each ending is forced), and the
command end to end with Kiai itself as the reference."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from core.reading.variations import VariationTree
from gtp.audit import Audit, OwlTree, Walker, report
from tests.gtp.test_decide import straight_three_suite
from tests.gtp_helpers import KIAI_REFERENCE, run_tool

# black's straight three on the top edge (eye space A9-C9 inside A8-D8 and D9), walled in
# by white: white B9 kills it, black B9 lives (the SGF form is test_decide's)
DIAGRAM = """
. . . X O . . . .
X X X X O . . . .
O O O O O . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""
BLACK_STONES = ["D9", "A8", "B8", "C8", "D8"]


def position() -> Board:
    return board_from_diagram(DIAGRAM)[0]


class Scripted:
    """A reference engine whose owl answers depend on the moves played so far."""

    def __init__(self, answers: dict[tuple[str, ...], str]) -> None:
        self.answers = answers
        self.line: list[str] = []
        self.asked: list[str] = []

    def send(self, command: str, timeout: float | None = None) -> tuple[bool, str]:
        words = command.split()
        if words[0] == "play":
            self.line.append(words[2])
            return True, ""
        if words[0] == "undo":
            self.line.pop()
            return True, ""
        self.asked.append(f"{' '.join(self.line)}: {command}")
        return True, self.answers.get(tuple(self.line), "0")

    def close(self) -> None:
        pass


def kiai_tree(board: Board) -> VariationTree:
    """What owl_attack A8 might have read: at the root white C9 and B9 (the kill); after
    B9, black A9 and C9, each answered by white's capture."""
    v = {name: parse_vertex(name, 9) for name in ("A9", "B9", "C9")}
    t = VariationTree(board)
    t.comment("variation 5: owl attack: 1 B9")
    t.push(WHITE, v["C9"])
    t.comment("variation 1: owl defend: 1 B9")
    t.pop()
    t.push(WHITE, v["B9"])
    for first, second in (("A9", "C9"), ("C9", "A9")):
        t.push(BLACK, v[first])
        t.comment(f"variation 2: owl attack: 1 {second}")
        t.pop()
    t.comment("variation 4: owl defend: 0")
    t.pop()
    return t


def walk(tree: VariationTree, answers: dict[tuple[str, ...], str], asked: list[str] | None = None) -> Audit:
    """The attack question walked against the scripted answers; asked, when given, gets
    the questions the reference was asked, each after its line of moves."""
    board = position()
    reference = Scripted(answers)
    audit = Audit("test", "owl_attack A8", "1 B9", "?", None)
    dragon = [parse_vertex(v, 9) for v in BLACK_STONES]
    Walker(board, OwlTree(board, tree), reference, dragon, None).walk(True, audit)
    if asked is not None:
        asked.extend(reference.asked)
    return audit


def test_the_recorded_tree_keeps_each_nodes_answer_and_the_moves_it_read() -> None:
    board = position()
    tree = OwlTree(board, kiai_tree(board))
    root = tree.by_line[()]
    assert (root.code, root.move) == (1, parse_vertex("B9", 9))
    assert root.read == [parse_vertex("C9", 9), parse_vertex("B9", 9)]
    after = tree.by_line[(parse_vertex("B9", 9),)]
    assert after.code == 0 and len(after.read) == 2
    assert sum(1 for (_, attacker) in tree.by_position if attacker) == 3  # the root and two replies


def test_a_move_both_engines_find_ends_the_walk_in_agreement() -> None:
    audit = walk(kiai_tree(position()), {(): "1 B9"})
    assert audit.ending.startswith("agree at the root") and "B9 works" in audit.ending


def test_a_refutation_kiai_read_is_followed_down_the_line() -> None:
    # the reference thinks black lives after B9 with C9; Kiai read C9 there, and captures
    asked: list[str] = []
    audit = walk(kiai_tree(position()), {("B9",): "1 C9"}, asked)
    assert [s.line for s in audit.steps] == [[], [(WHITE, parse_vertex("B9", 9)), (BLACK, parse_vertex("C9", 9))]]
    # the reference is asked after Kiai's B9; after its A9 no black stone is left, so no question
    assert asked == ["B9: owl_defend D9"]
    assert audit.ending.startswith("agree after W:B9 B:C9")


def test_a_refutation_kiai_never_read_is_where_the_walk_ends() -> None:
    audit = walk(kiai_tree(position()), {("B9",): "1 J1"})
    assert audit.ending.startswith("unread after W:B9") and "J1" in audit.ending and "read A9 C9" in audit.ending


def test_a_winning_move_kiai_did_not_read_where_it_finds_nothing() -> None:
    t = VariationTree(position())
    t.comment("variation 1: owl attack: 0")
    t.push(WHITE, parse_vertex("C9", 9))
    t.comment("variation 1: owl defend: 1 B9")
    t.pop()
    audit = walk(t, {(): "1 B9"})
    assert "Kiai finds nothing (read C9)" in audit.steps[0].text
    assert audit.ending.startswith("unread at the root") and "B9" in audit.ending


def test_a_node_kiai_judged_without_reading_ends_the_walk() -> None:
    t = VariationTree(position())
    t.comment("variation 1: owl attack: 1 B9")
    t.push(WHITE, parse_vertex("B9", 9))  # no answer recorded below: a static judgment
    t.pop()
    audit = walk(t, {("B9",): "1 C9"})
    assert audit.ending.startswith("judged after W:B9") and "refutes B9 with C9" in audit.ending


def test_the_report_counts_the_endings() -> None:
    audits = [walk(kiai_tree(position()), {(): "1 B9"}), walk(kiai_tree(position()), {("B9",): "1 J1"}),
              Audit("t", "owl_attack A8", "1 B9", "1 B9", True, ending="passes")]
    text = report(audits)
    assert text.splitlines()[-1] == "3 questions, 1 passing and not walked; walks ended: agree 1, unread 1"


def test_the_report_names_the_first_read_where_the_move_checks_changed_the_answer() -> None:
    # the tree walked is the first read's: the checks' re-reads would be recorded over it
    checked = Audit("t", "owl_attack A8", "1 C9", "1 B9", False, ending="agree at the root", first="1 B9")
    assert report([checked]).splitlines()[0] == \
        "t: owl_attack A8: Kiai 1 C9 (before the move checks 1 B9: the tree walked), reference 1 B9 (fails)"


def test_audit_owl_runs_end_to_end_with_kiai_as_its_own_reference(tmp_path: Path) -> None:
    suite = straight_three_suite(tmp_path, "1 owl_attack A8\n#? [1 B9]\n2 owl_defend A8\n#? [0]\n")
    reference = KIAI_REFERENCE

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return run_tool(tmp_path, "audit-owl", *args)

    proc = run(str(suite), "--engine", reference)
    assert proc.returncode == 0, proc.stderr
    # test 1 passes and is not walked; test 2 fails (B9 saves black): both engines find B9
    assert "mini.tst 2: owl_defend A8: Kiai 1 B9, reference 1 B9 (fails)" in proc.stdout
    assert "=> agree at the root" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "2 questions, 1 passing and not walked; walks ended: agree 1"
    loaded = run("--load", "game.sgf", "--attack", "A8", "--every", "--engine", reference, "--json", "walks.json")
    assert loaded.returncode == 0 and "=> agree at the root" in loaded.stdout, loaded.stderr
    walks = json.loads((tmp_path / "walks.json").read_text())
    assert [(w["question"], w["kiai"], w["kind"]) for w in walks] == [("owl_attack A8", "1 B9", "agree")]
    assert walks[0]["steps"][0]["line"] == "" and walks[0]["steps"][0]["attacker_to_move"]
    for args, complaint in ((["--load", "game.sgf"], "exactly one of --attack"),
                            ([str(suite), "7"], "no owl_attack or owl_defend test numbered 7"),
                            ([str(suite), "--engine", "/nonexistent/engine"], "cannot start the reference")):
        bad = run(*args)
        assert bad.returncode == 2 and complaint in bad.stderr, bad.stderr
