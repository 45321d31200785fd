"""Fuzzing the GTP server: every line gets one answer, the server never dies, and a failed
command leaves the game exactly as it was."""

from __future__ import annotations

import io
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtp.registry import REGISTRY
from gtp.server import GtpServer
from tests.gtp_helpers import ask, game_state, server

NAMES = [n for n in REGISTRY.names() if n not in ("quit", "loadsgf", "printsgf")]
# digits and letters that are not ASCII, which Python's int() and str.isdigit() accept
UNICODE_DIGITS = "²٣３१߃᠓"
UNICODE_LETTERS = "ÉéｂＢßİı"
WORDS = st.one_of(
    st.sampled_from(["b", "w", "black", "white", "blak", "B", "pass", "PASS", "A1", "E5", "j9", "T19", "Z99",
                     "I5", "0", "-1", "3", "9", "19", "26", "1e9", "nan", "alive", "dead", "seki", "x", "1_0",
                     "A²", "E٣", "Ｅ5", "É1", "ｂ", "٣", "１９", "0x10", "½", "inf"]),
    st.builds(lambda a, b: a + b, st.sampled_from("ABCDEFGHJ" + UNICODE_LETTERS),
              st.text(alphabet="0123456789" + UNICODE_DIGITS, min_size=1, max_size=3)),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=8),
)
LINES = st.builds(lambda i, n, a: " ".join(([i] if i else []) + [n] + a),
                  st.one_of(st.none(), st.integers(0, 999).map(str)),
                  st.one_of(st.sampled_from(NAMES), st.text(max_size=6)),
                  st.lists(WORDS, max_size=4))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(LINES, min_size=1, max_size=12))
def test_random_commands_never_crash_and_failures_change_nothing(lines: list[str]) -> None:
    srv = server(size=9)
    ask(srv, "play b E5")
    for line in lines:
        before = game_state(srv)
        answer = srv.handle(line)
        if answer is None:
            continue
        assert answer.endswith("\n\n") and "\n\n" not in answer[:-2]
        assert answer[0] in "=?"
        assert "internal error" not in answer, line
        if answer[0] == "?":
            assert game_state(srv) == before, line
        while srv.engine.game.board.stackp:  # keep trymove'd positions from piling up
            srv.engine.game.board.popgo()


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=300))
def test_random_bytes_get_answers_and_do_not_stop_the_server(data: bytes) -> None:
    srv = server()
    out = io.StringIO()
    srv.serve(io.BytesIO(data.replace(b"quit", b"qu1t") + b"\nname\n"), out)
    assert out.getvalue().endswith("= Kiai\n\n")


def test_overlong_line_is_refused_and_the_session_goes_on() -> None:
    srv = server()
    out = io.StringIO()
    srv.serve(io.BytesIO(b"play b " + b"A" * 200_000 + b"\nname\n"), out)
    assert out.getvalue().startswith("? line too long")
    assert out.getvalue().endswith("= Kiai\n\n")
    assert srv.engine.game.board.history == []


def test_a_real_process_survives_garbage() -> None:
    garbage = bytes(range(256)) * 4 + b"\n" + b"x" * 100_000 + b"\nplay b\nplay w ZZ\ngenmove\n1 name\n"
    result = subprocess.run([sys.executable, "-m", "gtp.cli", "gtp"], input=garbage, capture_output=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.decode().endswith("=1 Kiai\n\n")


def test_failed_loadsgf_keeps_the_game(tmp_path: object) -> None:
    srv: GtpServer = server()
    ask(srv, "play b E5")
    before = game_state(srv)
    for line in ("loadsgf /nonexistent/file.sgf", "loadsgf /dev/null", "loadsgf . 3", "loadsgf x y z"):
        ok, _ = ask(srv, line)
        assert not ok
        assert game_state(srv) == before
