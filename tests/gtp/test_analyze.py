"""Streaming analysis: lz-analyze, kata-analyze, analyze and the genmove_analyze pair,
in-process (one round) and through a served session (rounds until the next line)."""

from __future__ import annotations

import io
import math
import threading
import time

import pytest

from gtp.commands.analyze import winrate
from tests.gtp_helpers import ask, game_state, server


def infos(text: str) -> list[str]:
    """The info groups of an answer's line."""
    return ["info " + part.strip() for part in text.split("info ") if part.strip()]


def test_kata_analyze_reports_candidates_with_score_lead_and_ownership() -> None:
    srv = server(size=9)
    assert ask(srv, "play b E5")[0]
    ok, text = ask(srv, "kata-analyze W 50 ownership true")
    assert ok
    body, _, owned = text.partition(" ownership ")
    groups = infos(body)
    assert groups and groups[0].split()[:2] == ["info", "move"]
    words = groups[0].split()
    fields = dict(zip(words[1:words.index("pv"):2], words[2:words.index("pv"):2]))
    assert fields["order"] == "0" and 0 < float(fields["winrate"]) < 1
    lead = float(fields["scoreLead"])
    assert math.isclose(float(fields["winrate"]), winrate(lead, 9), abs_tol=1e-3)  # lead is printed to 0.01
    assert len(owned.split()) == 81 and all(-1 <= float(x) <= 1 for x in owned.split())
    assert float(owned.split()[4 * 9 + 4]) < 0  # E5 is black's stone: white's view of it is negative


def test_lz_analyze_uses_leela_zero_integers_and_maxmoves() -> None:
    srv = server(size=9)
    ok, text = ask(srv, "lz-analyze B 10 maxmoves 3")
    groups = infos(text)
    assert ok and 1 <= len(groups) <= 3
    for i, group in enumerate(groups):
        words = group.split()
        fields = dict(zip(words[1:words.index("pv"):2], words[2:words.index("pv"):2]))
        assert fields["order"] == str(i) and fields["winrate"].isdigit() and 0 <= int(fields["winrate"]) <= 10000
        assert words[words.index("pv") + 1] == words[2]  # the pv starts with the move


def test_genmove_analyze_plays_its_move_after_the_info_lines() -> None:
    srv = server(size=9)
    ok, text = ask(srv, "kata-genmove_analyze b 50")
    lines = text.split("\n")
    assert ok and lines[0].startswith("info move ") and lines[-1].startswith("play ")
    move = lines[-1].split()[1]
    assert len(srv.engine.game.board.history) == 1
    assert ask(srv, "list_stones black") == (True, move)


@pytest.mark.parametrize("line", ["kata-analyze B 50 ownership maybe", "kata-analyze B 50 colour red",
                                  "lz-analyze B 50 maxmoves", "lz-analyze B 50 maxmoves 0", "analyze purple",
                                  "lz-genmove_analyze B 50 minmoves x",
                                  "analyze \u00b2", "lz-analyze B \u00b293"])  # a digit int() refuses
def test_bad_analysis_options_answer_an_error_and_change_nothing(line: str) -> None:
    srv = server(size=9)
    assert ask(srv, "play b E5")[0]
    before = game_state(srv)
    ok, message = ask(srv, line)
    assert not ok and "syntax error" in message
    assert game_state(srv) == before


class Pipe(io.RawIOBase):
    """An input stream fed line by line from the test."""

    def __init__(self) -> None:
        self.lines: list[bytes] = []
        self.ready = threading.Condition()

    def feed(self, line: str) -> None:
        with self.ready:
            self.lines.append(line.encode() + b"\n")
            self.ready.notify()

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        with self.ready:
            while not self.lines:
                self.ready.wait()
            return self.lines.pop(0)


def test_a_served_stream_repeats_until_the_next_line_and_loses_no_command() -> None:
    srv = server(size=9)
    pipe, out = Pipe(), io.StringIO()
    thread = threading.Thread(target=srv.serve, args=(pipe, out), daemon=True)
    thread.start()
    pipe.feed("1 kata-analyze B 10")
    deadline = time.monotonic() + 60
    while out.getvalue().count("\ninfo move") < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    pipe.feed("2 play b E5")
    pipe.feed("3 list_stones black")
    pipe.feed("4 quit")
    thread.join(60)
    text = out.getvalue()
    stream, _, rest = text.partition("\n\n")
    assert stream.startswith("=1\ninfo move ") and len(stream.split("\n")) >= 3  # '=1' and two rounds or more
    assert all(line.startswith("info move ") for line in stream.split("\n")[1:])
    assert rest == "=2 \n\n=3 E5\n\n=4 \n\n"
