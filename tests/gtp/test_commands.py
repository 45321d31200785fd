"""GTP commands in-process: setup, play, undo, handicap, SGF, scoring, time and errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.build import version
from core.board.sgf import parse_sgf
from tests.gtp_helpers import ask, game_state, server

GAME = b"(;FF[4]SZ[9]KM[5.5];B[ee];W[cc];B[gc];W[eg];B[cg])"


def test_play_undo_and_gg_undo() -> None:
    srv = server()
    for line in ("play b E5", "play w C7", "play b G7"):
        assert ask(srv, line)[0]
    assert ask(srv, "undo") == (True, "")
    assert ask(srv, "color G7") == (True, "empty")
    assert ask(srv, "gg-undo 2") == (True, "")
    assert ask(srv, "list_stones black") == (True, "")
    ok, message = ask(srv, "undo")
    assert not ok and "cannot undo" in message
    ok, message = ask(srv, "gg-undo 3")
    assert not ok


def test_boardsize_clear_board_and_komi() -> None:
    srv = server()
    assert ask(srv, "boardsize 13")[0]
    assert srv.engine.game.size == 13
    assert ask(srv, "boardsize 26") == (False, "unacceptable size")
    assert srv.engine.game.size == 13
    assert ask(srv, "komi 0.5")[0] and srv.engine.game.komi == 0.5
    assert not ask(srv, "komi lots")[0]
    assert ask(srv, "play b A1")[0]
    assert ask(srv, "clear_board")[0]
    assert ask(srv, "list_stones black") == (True, "")


def test_fixed_and_free_handicap() -> None:
    srv = server(size=19)
    assert ask(srv, "fixed_handicap 3") == (True, "Q16 D4 D16")
    assert srv.engine.game.to_move == 2
    ok, message = ask(srv, "fixed_handicap 2")
    assert not ok and "board not empty" in message
    assert ask(srv, "clear_board")[0]
    assert ask(srv, "fixed_handicap 10")[0] is False
    ok, stones = ask(srv, "place_free_handicap 4")
    assert ok and len(stones.split()) == 4
    assert ask(srv, "clear_board")[0]
    assert ask(srv, "set_free_handicap D4 Q16 K10")[0]
    ok, stones = ask(srv, "list_stones black")
    assert ok and sorted(stones.split()) == ["D4", "K10", "Q16"]
    assert not ask(srv, "set_free_handicap D4 D4")[0]


def test_loadsgf_to_a_move_number_and_a_vertex(tmp_path: Path) -> None:
    path = tmp_path / "g.sgf"
    path.write_bytes(GAME)
    srv = server()
    assert ask(srv, f"loadsgf {path} 3") == (True, "black")
    assert ask(srv, "list_stones black") == (True, "E5")
    assert srv.engine.game.komi == 5.5
    assert ask(srv, f"loadsgf {path} G7") == (True, "black")
    assert ask(srv, f"loadsgf {path}") == (True, "white")
    assert ask(srv, f"loadsgf {path} 40") == (True, "white")  # past the end: the whole game
    ok, message = ask(srv, f"loadsgf {path} 0")
    assert not ok and "out of range" in message
    ok, message = ask(srv, f"loadsgf {tmp_path / 'missing.sgf'}")
    assert not ok and "cannot read" in message
    broken = tmp_path / "broken.sgf"
    broken.write_bytes(b"(;SZ[9];B[ee]")
    before = game_state(srv)
    ok, message = ask(srv, f"loadsgf {broken}")
    assert not ok and "SGF" in message
    assert game_state(srv) == before


def test_printsgf_round_trips(tmp_path: Path) -> None:
    srv = server()
    for line in ("play b E5", "play w C3", "play b pass"):
        assert ask(srv, line)[0]
    ok, text = ask(srv, "printsgf")
    assert ok
    rec = parse_sgf(text.encode())
    assert len(rec.moves) == 3 and rec.komi == 6.5
    assert f"AP[Kiai:{version()}]" in text  # the application, from the package's version
    out = tmp_path / "out.sgf"
    assert ask(srv, f"printsgf {out}") == (True, "")
    assert parse_sgf(out.read_bytes()).moves == rec.moves


def test_genmove_plays_a_legal_move_and_reg_genmove_does_not() -> None:
    srv = server()
    ok, move = ask(srv, "reg_genmove black")
    assert ok and srv.engine.game.board.history == []
    ok, move = ask(srv, "genmove black")
    assert ok and move.isupper() and len(srv.engine.game.board.history) == 1
    ok, move = ask(srv, "kgs-genmove_cleanup white")
    assert ok and len(srv.engine.game.board.history) == 2
    assert ask(srv, "gg_genmove white 42")[0]


def test_restricted_genmove_top_moves_for_a_colour_and_cputime() -> None:
    srv = server()
    assert ask(srv, "play b E5")[0]
    ok, top = ask(srv, "top_moves white")
    assert ok and top == ask(srv, "top_moves_white")[1]
    moves = top.split()[::2]
    allowed = moves[1:3]  # not the best one
    assert ask(srv, f"restricted_genmove white {' '.join(allowed)}") == (True, allowed[0])
    assert ask(srv, "restricted_genmove white E5") == (True, "PASS")  # occupied: nothing allowed gains
    assert srv.engine.game.board.history != [] and len(srv.engine.game.board.history) == 1  # nothing played
    ok, seconds = ask(srv, "cputime")
    assert ok and float(seconds) > 0


def test_genmove_never_fills_its_own_eye() -> None:
    srv = server(size=5)
    # Black owns the whole board but two one-point eyes; the only sensible move is pass.
    stones = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6) if f"{c}{r}" not in ("B2", "D4")]
    assert ask(srv, "set_free_handicap " + " ".join(stones))[0]
    assert ask(srv, "genmove black") == (True, "PASS")


def test_final_score_and_status_lists() -> None:
    srv = server(size=5, komi=0.5)
    for line in ("play b C1", "play w D1", "play b C2", "play w D2", "play b C3", "play w D3",
                 "play b C4", "play w D4", "play b C5", "play w D5"):
        assert ask(srv, line)[0]
    assert ask(srv, "final_score") == (True, "B+4.5")  # 15 - 10 - 0.5: black owns A-C, white D-E
    ok, alive = ask(srv, "final_status_list alive")
    assert ok and len(alive.split("\n")) == 2
    assert ask(srv, "final_status_list dead") == (True, "")
    assert ask(srv, "final_status_list seki") == (True, "")
    assert not ask(srv, "final_status_list zombie")[0]


def test_time_settings_time_left_and_level() -> None:
    srv = server()
    assert ask(srv, "time_settings 300 30 5")[0]
    assert ask(srv, "time_left black 120 0")[0]
    assert srv.engine.clock.left[1] == (120, 0)
    assert not ask(srv, "time_settings 300 30")[0]
    assert ask(srv, "level 3")[0] and srv.engine.level == 3
    assert not ask(srv, "level 99")[0]


def test_trymove_popgo_and_board_queries() -> None:
    srv = server()
    assert ask(srv, "play b E5")[0]
    assert ask(srv, "trymove w E6")[0]
    assert ask(srv, "countlib E5") == (True, "3")
    assert ask(srv, "findlib E6") == (True, "E7 D6 F6")  # point order: top row first
    assert ask(srv, "popgo")[0]
    assert ask(srv, "countlib E5") == (True, "4")
    assert not ask(srv, "popgo")[0]
    assert ask(srv, "is_legal w E5") == (True, "0")
    assert not ask(srv, "countlib A1")[0]


def test_last_move_and_move_history_follow_play_and_undo() -> None:
    srv = server()
    ok, message = ask(srv, "last_move")
    assert not ok and "no previous move" in message
    assert ask(srv, "move_history") == (True, "")
    for line in ("play b E5", "play w PASS", "play w C7"):
        assert ask(srv, line)[0]
    assert ask(srv, "last_move") == (True, "white C7")
    assert ask(srv, "move_history") == (True, "white C7\nwhite PASS\nblack E5")  # the latest first
    assert ask(srv, "undo")[0]
    assert ask(srv, "last_move") == (True, "white PASS")


@pytest.mark.parametrize(
    "line",
    ["play", "play b", "play b E5 E6", "play black Z1", "play blak E5", "play b E0", "play w E5",
     "boardsize", "boardsize x", "komi", "genmove", "genmove purple", "undo 3", "fixed_handicap x",
     "loadsgf", "time_left black x 0", "restricted_genmove black", "restricted_genmove black Z9",
     "top_moves purple", "cputime 1", "known_command", "final_status_list", "countlib", "level",
     "last_move 1", "move_history x"],
)
def test_bad_commands_answer_an_error_and_change_nothing(line: str) -> None:
    srv = server()
    assert ask(srv, "play b E5")[0]
    before = game_state(srv)
    ok, message = ask(srv, line)
    assert not ok and message
    assert game_state(srv) == before
