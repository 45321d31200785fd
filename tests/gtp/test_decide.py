"""The decide tools: one question read on a position from SGF, the answers with their node
counts on stdout, every variation read written to SGF with numbered comments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.board.sgf import parse_sgf

LADDER = b"(;FF[4]SZ[9];W[ed];B[ee];W[de];B[aa];W[df])"  # black E5 in a ladder
HANGING = b"(;FF[4]SZ[7];B[cd];W[dc];B[ed];W[aa];B[de])"  # black C4 and E4, a hanging connection between
# black's straight three on the top edge (A9-C9 inside A8-D8 and D9), walled in by white
STRAIGHT_THREE = b"(;FF[4]SZ[9]AB[da][ab][bb][cb][db]AW[ea][eb][ac][bc][cc][dc][ec]PL[B])"
# black's eyeless chain A4-D4, D3-D1 against white's corner A3, B3, B2, B1 with its eye A1-A2
EYE_AGAINST_NO_EYE = b"(;FF[4]SZ[9]AB[af][bf][cf][df][dg][dh][di]AW[ae][be][ce][de][ee][ef][eg][eh][ei][ag][bg][bh][bi])"


def straight_three_suite(folder: Path, tests: str) -> Path:
    """A suite mini.tst in folder that loads STRAIGHT_THREE (as game.sgf), then these tests."""
    (folder / "game.sgf").write_bytes(STRAIGHT_THREE)
    suite = folder / "mini.tst"
    suite.write_text("loadsgf game.sgf\n" + tests)
    return suite


@pytest.mark.parametrize("tool, game, question, answers, first, bad, complaint", [
    ("decide-string", LADDER, "E5", ["E5: attack 1 at F5", "E5: defense"], "attack", "A1", "no stone"),
    ("decide-connection", HANGING, "C4/E4", ["C4/E4: connect 1 at D4", "C4/E4: disconnect"], "connect", "C4/D5",
     "one colour"),
    ("decide-owl", STRAIGHT_THREE, "A8", ["A8: owl attack 1 at B9", "A8: owl defense 1 at B9"], "owl attack", "A1",
     "no stone"),
    ("decide-semeai", EYE_AGAINST_NO_EYE, "A3/A4",
     ["A3/A4: semeai, A3 first (survives, other dies) 1 1 at ", "A4/A3: semeai, A4 first (survives, other dies) 0 0 ("],
     "semeai, A3 first (survives, other dies)", "A3/B3", "opposite colours"),
])
def test_a_decide_tool_prints_answers_and_writes_variations(tmp_path: Path, tool: str, game: bytes, question: str,
                                                            answers: list[str], first: str, bad: str,
                                                            complaint: str) -> None:
    position = tmp_path / "game.sgf"
    position.write_bytes(game)
    out = tmp_path / "vars.sgf"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "gtp.cli", tool, *args, "--load", str(position)],
                              capture_output=True, text=True, timeout=120)

    proc = run(question, "--sgf", str(out))
    assert proc.returncode == 0, proc.stderr
    assert all(a in proc.stdout for a in answers) and "nodes)" in proc.stdout
    data = out.read_bytes()
    assert b"variation 1:" in data and f"{first} variations follow".encode() in data
    assert parse_sgf(data).moves  # a readable tree
    refused = run(bad)
    assert refused.returncode == 2 and complaint in refused.stderr


def test_decide_dragons_prints_each_dragon_static_and_read(tmp_path: Path) -> None:
    position = tmp_path / "game.sgf"
    position.write_bytes(STRAIGHT_THREE)
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "decide-dragons", "--load", str(position)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    rows = {line.split()[0]: line.split() for line in proc.stdout.splitlines()[1:]}
    # black's dragon lives or dies at B9, whoever moves first; white's wall cannot be killed
    assert rows["D9"][1:3] == ["black", "5"] and rows["D9"][-3] == "critical" and "B9" in rows["D9"]
    assert rows["E9"][1] == "white" and rows["E9"][-3] == "alive"
