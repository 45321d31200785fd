"""`kiai agree-genmove`: Kiai's moves in the positions of games, scored by a reference
engine's move values. The scoring runs on hand-made values; the command end to end with
Kiai itself as the reference."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from gtp.agree_moves import Position, compare, positions, report
from tests.gtp_helpers import KIAI_REFERENCE, run_tool

# a short 9x9 game of our own: Kiai black, Other white
GAME = "(;GM[1]FF[4]SZ[9]KM[7]PB[Kiai 0.1.0]PW[Other];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec])"


def test_positions_before_each_move_of_a_player(tmp_path: Path) -> None:
    game = tmp_path / "g.sgf"
    game.write_text(GAME)
    every = positions([game], 40, None)
    assert [(p.load, p.color, p.played) for p in every[:2]] == [
        (f"loadsgf {game} 1", "black", "E5"), (f"loadsgf {game} 2", "white", "C7")]
    assert len(every) == 6
    kiai = positions([game], 4, "kiai")  # the name's text, any case; the first four moves
    assert [(p.number, p.color) for p in kiai] == [(1, "black"), (3, "black")]


def test_the_loss_is_the_best_value_less_that_of_kiais_move() -> None:
    values = {"C3": 20.0, "G7": 15.5, "E5": 4.0}
    assert Position("loadsgf g.sgf 1", "black", "C3", values, "C3").loss == 0.0
    assert Position("loadsgf g.sgf 1", "black", "C3", values, "G7").loss == 4.5
    assert Position("loadsgf g.sgf 1", "black", "C3", values, "A1").loss == 16.0  # unlisted: a lower bound
    assert Position("loadsgf g.sgf 1", "black", "C3", {}, "A1").loss is None  # the reference would pass
    ps = [Position("loadsgf g.sgf 1", "black", "C3", values, "C3"),
          Position("loadsgf g.sgf 12", "black", "C3", values, "G7"),
          Position("loadsgf g.sgf 13", "black", "C3", values, "A1"),
          Position("loadsgf g.sgf 14", "black", "C3", {}, "A1"),
          Position("loadsgf g.sgf 15", "black", "C3", values, "? timed out")]
    text = report(ps).splitlines()
    assert text[0].startswith("3 positions: mean loss 6.83 ")
    assert "best 1 (33%), listed 2 (67%)" in text[0]
    assert text[1:] == ["  moves 1-10: 1 positions, mean loss 0.00", "  moves 11-20: 2 positions, mean loss 10.25",
                        "  Kiai gave no move in 1 positions"]
    before = [Position(p.load, p.color, p.played, p.values, "C3") for p in ps]
    assert compare(ps, before, "old.json") == ("against old.json: mean loss 0.00 -> 6.83 over 3 positions; "
                                              "2 moves changed, 0 to a smaller loss, 2 to a larger")


def test_agree_genmove_runs_end_to_end_with_kiai_as_its_own_reference(tmp_path: Path) -> None:
    (tmp_path / "g.sgf").write_text(GAME)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return run_tool(tmp_path, "agree-genmove", "g.sgf", "--moves", "3", "--kiai-args", "--workers 0", *args)

    proc = run("--reference", KIAI_REFERENCE, "--json", "a.json")
    assert proc.returncode == 0, proc.stderr
    assert "3 positions of 1 games" in proc.stdout
    found = json.loads((tmp_path / "a.json").read_text())
    assert [(p["color"], p["played"]) for p in found] == [("black", "E5"), ("white", "C7"), ("black", "G7")]
    assert all(p["values"] and p["kiai"] and not p["kiai"].startswith("?") for p in found)
    # with a baseline that holds every position's values, the reference is never started
    again = run("--reference", str(tmp_path / "no-such-engine"), "--baseline", "a.json")
    assert again.returncode == 0, again.stderr
    assert "against a.json: mean loss" in again.stdout and "over 3 positions" in again.stdout
    missing = run("--reference", str(tmp_path / "no-such-engine"))
    assert missing.returncode == 2 and "cannot start engine" in missing.stderr
    broken = run("--baseline", "nothing.json")
    assert broken.returncode == 2 and "cannot read the baseline" in broken.stderr
    nogame = run_tool(tmp_path, "agree-genmove", "none.sgf")
    assert nogame.returncode == 2 and "none.sgf" in nogame.stderr
