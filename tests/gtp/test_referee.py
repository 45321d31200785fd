"""`kiai play`: games between GTP engines, forfeits, time losses, SGF output, win rate."""

from __future__ import annotations

import datetime
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from core.board.sgf import load_sgf
from gtp.referee import GameResult, Player, Referee, summary, wilson_interval
from tests.gtp_helpers import KIAI_GTP

GNUGO = shutil.which("gnugo") or ("/usr/games/gnugo" if Path("/usr/games/gnugo").exists() else None)

# A GTP engine that always answers genmove with A1 (illegal once A1 is occupied).
STUBBORN = """
import sys
for line in sys.stdin:
    parts = line.split()
    if not parts: continue
    if parts[0] == 'genmove': print('= A1\\n', flush=True)
    elif parts[0] == 'quit': print('=\\n', flush=True); break
    else: print('=\\n', flush=True)
"""

# The stubborn engine, writing every command it is sent to the file named by its argument.
RECORDER = STUBBORN.replace("parts = line.split()", "parts = line.split(); open(sys.argv[1], 'a').write(line)")

SLEEPY = STUBBORN.replace("print('= A1\\n', flush=True)", "import time; time.sleep(30)")

# The recorder, listing set_random_seed among its commands as GNU Go does.
SEEDED = RECORDER.replace("    else: print('=\\n', flush=True)",
                          "    elif parts[0] == 'list_commands': print('= genmove\\nplay\\nset_random_seed\\n', flush=True)\n"
                          "    else: print('=\\n', flush=True)")


def referee(tmp_path: Path, opponent: str, move_time: float = 20.0, size: int = 5, seed: int = 0) -> Referee:
    return Referee(Player("Kiai", KIAI_GTP), Player("opp", opponent), size=size, komi=0.5, move_time=move_time,
                   main_time=0, scorer=None, sgf_dir=tmp_path, max_moves=80, seed=seed)


@contextmanager
def recording(tmp_path: Path, engine: str, **options: Any) -> Iterator[tuple[Referee, Path]]:
    """A referee against a scripted engine (RECORDER or SEEDED) and the log of every command it was sent."""
    script, log = tmp_path / "engine.py", tmp_path / "commands.txt"
    script.write_text(engine)
    ref = referee(tmp_path, f"{sys.executable} {script} {log}", **options)
    try:
        yield ref, log
    finally:
        ref.kiai.stop()
        ref.opponent.stop()


def test_kiai_against_itself_finishes_and_saves_sgf(tmp_path: Path) -> None:
    ref = referee(tmp_path, KIAI_GTP)
    try:
        for n, color in ((1, 1), (2, 2)):
            result = ref.play_game(n, color)
            assert result.sgf is not None and result.sgf.exists()
            rec = load_sgf(result.sgf)
            assert rec.result == result.result and len(rec.moves) == result.moves
            assert rec.black_player and rec.black_player.startswith("Kiai 0.") and rec.white_player == rec.black_player
            assert rec.date == datetime.date.today().isoformat() and rec.rules == "Japanese"
            assert result.reason.startswith(("two passes", "move limit"))
            assert list(result.line) == rec.moves  # the moves the summary compares games by
            rec.replay()  # every move in the SGF is legal
    finally:
        ref.kiai.stop()
        ref.opponent.stop()


def test_illegal_move_forfeits(tmp_path: Path) -> None:
    script = tmp_path / "stubborn.py"
    script.write_text(STUBBORN)
    ref = referee(tmp_path, f"{sys.executable} {script}")
    try:
        result = ref.play_game(1, 2)  # the stubborn engine is black: A1, then A1 again
        assert result.kiai_won and result.result == "W+Forfeit" and "illegal" in result.reason
    finally:
        ref.kiai.stop()
        ref.opponent.stop()


def test_timeout_loses_on_time(tmp_path: Path) -> None:
    script = tmp_path / "sleepy.py"
    script.write_text(SLEEPY)
    ref = referee(tmp_path, f"{sys.executable} {script}", move_time=1.0)
    try:
        result = ref.play_game(1, 1)
        assert result.kiai_won and result.result == "B+Time"
    finally:
        ref.kiai.stop()
        ref.opponent.stop()


def test_each_player_is_told_the_time_a_move_may_take(tmp_path: Path) -> None:
    # with no main time, the move time is every move's byo-yomi period (one stone in T
    # seconds): Kiai, told nothing, planned for its own default and lost on time
    with recording(tmp_path, RECORDER, move_time=3.0) as (ref, log):
        result = ref.play_game(1, 2)
        assert result.result == "W+Forfeit"  # the recorder's second A1
        assert "time_settings 0 3 1" in log.read_text().splitlines()


def test_each_game_tells_an_engine_that_takes_seeds_a_seed_of_its_own(tmp_path: Path) -> None:
    # two deterministic engines would play the same game again and again: game n is told
    # the match's seed plus n - 1, and only by an engine that lists set_random_seed
    with recording(tmp_path, SEEDED, seed=7) as (ref, log):
        for n in (1, 2):
            assert ref.play_game(n, 2).result == "W+Forfeit"  # its second A1
        told = [line for line in log.read_text().splitlines() if line.startswith("set_random_seed")]
        assert told == ["set_random_seed 7", "set_random_seed 8"]
        assert ref.kiai.commands is not None and "set_random_seed" not in ref.kiai.commands  # Kiai is told none


def test_a_match_without_seeds_tells_none(tmp_path: Path) -> None:
    with recording(tmp_path, SEEDED) as (ref, log):
        ref.play_game(1, 2)
        assert not any(line.startswith(("set_random_seed", "list_commands")) for line in log.read_text().splitlines())


@pytest.mark.parametrize("opponent", ["no-such-engine-kiai-test", f"{sys.executable} -c pass"])
def test_a_match_with_an_engine_that_cannot_play_stops_with_an_error(tmp_path: Path, opponent: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "play", "--opponent", opponent, "--games", "2",
                           "--size", "5", "--sgf-dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stdout
    assert "kiai play:" in proc.stderr and "before its first move" in proc.stderr
    assert "Kiai won" not in proc.stdout


def test_wilson_interval() -> None:
    low, high = wilson_interval(10, 20)
    assert low < 0.5 < high and round(high - 0.5, 3) == round(0.5 - low, 3)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0


def test_a_game_that_repeats_another_move_for_move_is_counted_once() -> None:
    def game(number: int, kiai_color: int, winner: int, line: tuple[tuple[int, int], ...]) -> GameResult:
        return GameResult(number, kiai_color, winner, "?", len(line), "two passes", None, line=line)

    a, b = ((1, 13), (2, 14), (1, 0), (2, 0)), ((1, 13), (2, 15), (1, 0), (2, 0))
    games = [game(1, 1, 2, a), game(2, 2, 2, a), game(3, 1, 2, a), game(4, 2, 0, b), game(5, 1, 1, b)]
    # game 3 repeats game 1 (Kiai black both times); game 2 has game 1's moves with Kiai white: another game
    lines = summary(games)
    assert lines[0].startswith("Kiai won 2.5 of 5 games: 50.0%")
    assert lines[1].startswith("1 of the games repeat an earlier one move for move (3 = 1): "
                               "Kiai won 2.5 of the 4 distinct games")
    low, high = wilson_interval(2.5, 4)
    assert f"(95% interval {low:.1%} to {high:.1%})" in lines[1]
    assert len(summary(games[:2])) == 1  # no repeat: the one line


@pytest.mark.slow
@pytest.mark.skipif(GNUGO is None, reason="GNU Go is not installed (.ci/run installs it)")
def test_a_game_against_gnugo_loads_in_gnugo(tmp_path: Path) -> None:
    # 3 s a move: the game is played to its end all the same, and at play's default of 30 s
    # this one test took 318 s of the suite's 1087 s
    proc = subprocess.run(
        [sys.executable, "-m", "gtp.cli", "play", "--opponent", f"{GNUGO} --mode gtp --level 1", "--games", "1",
         "--size", "9", "--move-time", "3", "--sgf-dir", str(tmp_path), "--no-progress"],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Kiai won" in proc.stdout and "95% interval" in proc.stdout
    sgf = tmp_path / "game001.sgf"
    out = subprocess.run([str(GNUGO), "--mode", "gtp"], input=f"loadsgf {sgf}\nfinal_score\nquit\n",
                         capture_output=True, text=True, timeout=120).stdout
    assert out.startswith("= ") and "? " not in out
