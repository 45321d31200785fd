"""A scripted GTP session through a real `kiai gtp` subprocess, covering every standard command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from core.board.sgf import parse_sgf
from gtp.client import ProcessSession
from tests.gtp_helpers import KIAI_GTP

STANDARD = ("protocol_version name version known_command list_commands quit boardsize clear_board komi "
            "play genmove undo fixed_handicap place_free_handicap set_free_handicap final_score "
            "final_status_list time_settings time_left loadsgf showboard printsgf reg_genmove level "
            "gg-undo kgs-genmove_cleanup").split()


def test_every_standard_command_through_a_subprocess(tmp_path: Path) -> None:
    sgf = tmp_path / "game.sgf"
    sgf.write_bytes(b"(;FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gc];W[eg])")
    s = ProcessSession(f"{KIAI_GTP} --size 9", cwd=tmp_path)
    try:
        assert s.send("protocol_version") == (True, "2")
        assert s.send("name") == (True, "Kiai")
        assert s.send("version")[0]
        ok, listing = s.send("list_commands")
        for name in STANDARD:
            assert name in listing.split("\n"), name
            assert s.send(f"known_command {name}") == (True, "true")
        assert s.send("boardsize 9") == (True, "")
        assert s.send("clear_board") == (True, "")
        assert s.send("komi 5.5") == (True, "")
        assert s.send("play black E5") == (True, "")
        ok, move = s.send("genmove white")
        assert ok and move != "E5"
        assert s.send("undo") == (True, "")
        assert s.send("gg-undo 1") == (True, "")
        assert s.send("fixed_handicap 2") == (True, "G7 C3")
        assert s.send("clear_board")[0]
        ok, placed = s.send("place_free_handicap 3")
        assert ok and len(placed.split()) == 3
        assert s.send("clear_board")[0]
        assert s.send("set_free_handicap C3 G7") == (True, "")
        assert s.send("time_settings 60 10 5") == (True, "")
        assert s.send("time_left white 50 0") == (True, "")
        ok, move = s.send("genmove white", timeout=30)
        assert ok and move
        ok, move = s.send("reg_genmove black")
        assert ok and move
        ok, move = s.send("kgs-genmove_cleanup black")
        assert ok and move
        assert s.send("level 5") == (True, "")
        ok, score = s.send("final_score")
        assert ok and (score == "0" or score[:2] in ("B+", "W+"))
        ok, _ = s.send("final_status_list dead")
        assert ok
        assert s.send("loadsgf game.sgf 3") == (True, "black")
        ok, board = s.send("showboard")
        assert ok and "A B C D E F G H J" in board and "X" in board and "O" in board
        ok, text = s.send("printsgf")
        assert ok and parse_sgf(text.encode()).moves
        assert s.send("13 name") == (True, "Kiai")
        assert s.send("quit") == (True, "")
        s.proc.wait(timeout=10)
        assert s.proc.returncode == 0
    finally:
        s.close()


def test_raw_stream_format_ids_and_empty_lines() -> None:
    script = b"1 name\n\n# comment only\n2 play b A1\r\nbogus\n3 play x\x00 A1\n\t4\tprotocol_version\n5 quit\nname\n"
    out = subprocess.run([sys.executable, "-m", "gtp.cli", "gtp"], input=script, capture_output=True,
                         timeout=60).stdout.decode()
    assert out == "=1 Kiai\n\n=2 \n\n? unknown command\n\n" + out.split("\n\n")[3] + "\n\n=4 2\n\n=5 \n\n"
    assert out.split("\n\n")[3].startswith("?3 ")
