"""The reading commands over GTP, and `kiai decide-string` writing its variations to SGF."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from core.board.sgf import parse_sgf
from tests.gtp_helpers import ask, server

# the ladder of test_reading, as moves: black E5, white E6 D5 D4
SETUP = ["play w E6", "play w D5", "play w D4", "play b E5"]


def test_attack_defend_and_friends() -> None:
    srv = server(size=9)
    for line in SETUP:
        assert ask(srv, line)[0]
    assert ask(srv, "reset_reading_node_counter") == (True, "")
    assert ask(srv, "attack E5") == (True, "1 F5")
    ok, nodes = ask(srv, "get_reading_node_counter")
    assert ok and int(nodes) > 10
    assert ask(srv, "defend E5") == (True, "1 F5")  # moving first, black simply extends
    assert ask(srv, "does_attack F5 E5") == (True, "1")
    assert ask(srv, "does_attack A1 E5") == (True, "0")
    assert ask(srv, "does_defend F5 E5") == (True, "1")
    assert ask(srv, "attack D5") == (True, "0")
    ok, either = ask(srv, "attack_either E5 E5")
    assert ok and either.startswith("1 ")
    ok, both = ask(srv, "defend_both D5 D4")
    assert ok and both.startswith("1")
    assert ask(srv, "increase_depths")[0] and ask(srv, "decrease_depths")[0]
    assert not ask(srv, "attack E7")[0]  # empty point: an error, not a crash
    assert not ask(srv, "attack")[0]


def test_decide_string_writes_numbered_variations(tmp_path: Path) -> None:
    game = tmp_path / "ladder.sgf"
    game.write_bytes(b"(;FF[4]SZ[9];W[ed];B[ee];W[de];B[aa];W[df])")
    out = tmp_path / "vars.sgf"
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "decide-string", "E5", "--load", str(game),
                           "--sgf", str(out)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "E5: attack 1 at F5" in proc.stdout and "nodes" in proc.stdout
    data = out.read_bytes()
    assert b"variation 1:" in data and b"attack variations follow" in data
    assert parse_sgf(data).moves  # a readable tree
    bad = subprocess.run([sys.executable, "-m", "gtp.cli", "decide-string", "A1", "--load", str(game)],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "no stone" in bad.stderr
