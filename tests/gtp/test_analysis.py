"""Analysis commands for users and GUIs: top_moves, move_reasons, influence, dragons."""

from __future__ import annotations

import pytest

from tests.gtp_helpers import ask, server


def test_top_moves_and_move_reasons() -> None:
    srv = server(size=9)
    ok, top = ask(srv, "top_moves")
    words = top.split()
    assert ok and len(words) >= 4 and float(words[1]) >= float(words[3])
    ok, reasons = ask(srv, f"move_reasons {words[0]}")
    assert ok and reasons.startswith(f"Move {words[0]} for black:") and "territorial" in reasons
    assert ask(srv, "move_reasons pass")[0] is False
    ok, top_white = ask(srv, "top_moves_white")
    assert ok and top_white


def test_initial_influence_and_gogui_commands() -> None:
    srv = server(size=9)
    assert ask(srv, "play b C3")[0]
    ok, grid = ask(srv, "initial_influence white territory")
    rows = grid.split("\n")
    assert ok and len(rows) == 9 and all(len(r.split()) == 9 for r in rows)
    ok, own = ask(srv, "kiai-ownership")
    assert ok and float(own.split("\n")[6].split()[2]) == 1.0  # the stone itself
    assert not ask(srv, "initial_influence white bogus")[0]
    ok, listing = ask(srv, "gogui-analyze_commands")
    assert ok
    for line in listing.split("\n"):
        kind, label, cmd = line.split("/", 2)
        assert kind in ("dboard", "gfx", "string", "pspairs", "hpstring", "varp", "varpo", "plist", "param") and label
        assert ask(srv, f"known_command {cmd.split()[0]}") == (True, "true")
    assert ask(srv, "kiai-gfx_territory")[0]
    ok, labels = ask(srv, "kiai-gfx_dragon_status")
    assert ok and labels.startswith("LABEL C3 ")


def test_dragon_and_worm_commands() -> None:
    srv = server(size=9)
    for line in ("play b C3", "play b D3", "play w E5"):
        assert ask(srv, line)[0]
    assert ask(srv, "same_dragon C3 D3") == (True, "1")
    assert ask(srv, "same_dragon C3 E5") == (True, "0")
    ok, status = ask(srv, "dragon_status C3")
    assert ok and status in ("alive", "unknown")  # two stones with open space around them
    ok, all_status = ask(srv, "dragon_status")
    assert ok and len(all_status.split("\n")) == 2
    ok, data = ask(srv, "worm_data C3")
    assert ok and "liberties 6" in data
    ok, data = ask(srv, "dragon_data E5")
    assert ok and "color white" in data
    assert not ask(srv, "dragon_status A1")[0]
    assert ask(srv, "worm_stones D3") == (True, "C3 D3")
    assert ask(srv, "dragon_stones E5") == (True, "E5")
    ok, every = ask(srv, "dragon_stones")
    assert ok and sorted(every.split("\n")) == ["C3 D3", "E5"]
    for bad in ("dragon_stones A1", "worm_stones E5 C3", "dragon_stones Z0"):
        assert not ask(srv, bad)[0], bad


@pytest.mark.parametrize("moves, first, second, bad", [
    # white E5 in atari: black captures at E4; the defence extends there
    (("play b D5", "play w E5", "play b F5", "play b E6"), "kiai-attack_line E5", "kiai-defend_line E5",
     "kiai-attack_line A1"),  # an empty point
    # black C5 and E5 with a one-point jump: black connects at D5, white cuts there
    (("play b C5", "play b E5", "play w D6", "play w D4"), "kiai-connect_line C5 E5", "kiai-cut_line C5 E5",
     "kiai-connect_line C5 D6"),  # two colours
])
def test_reading_lines_for_gogui_variations(moves: tuple[str, ...], first: str, second: str, bad: str) -> None:
    srv = server(size=9)
    for line in moves:
        assert ask(srv, line)[0]
    expected = {"kiai-attack_line E5": "E4", "kiai-connect_line C5 E5": "D5"}[first]
    for command in (first, second):
        ok, line = ask(srv, command)
        assert ok and line.split()[0] == expected
    assert not ask(srv, bad)[0]
    assert len(srv.engine.game.board.history) == 4 and srv.engine.game.board.stackp == 0


def test_a_string_nothing_captures_has_no_attack_line() -> None:
    srv = server(size=9)
    for line in ("play b D5", "play w E5", "play b F5", "play b E6"):
        assert ask(srv, line)[0]
    assert ask(srv, "kiai-attack_line D5") == (True, "")


def test_gogui_parameters_list_and_set() -> None:
    srv = server(size=9)
    ok, listing = ask(srv, "kiai-param")
    lines = listing.split("\n")
    assert ok and lines[:2] == ["[string] level 10", "[string] move_time 10"]
    assert "[string] depth 16" in lines and "[string] connection_depth 11" in lines  # the plugins' options
    assert ask(srv, "kiai-param level 3") == (True, "")
    assert ask(srv, "kiai-param move_time 2.5") == (True, "")
    assert ask(srv, "kiai-param depth 8") == (True, "")  # the plugins start again with it
    lines = ask(srv, "kiai-param")[1].split("\n")
    assert lines[:2] == ["[string] level 3", "[string] move_time 2.5"] and "[string] depth 8" in lines
    assert srv.engine.services.tactical() is not None and ask(srv, "play b E5")[0] and ask(srv, "attack E5")[0]
    for bad in ("kiai-param level 11", "kiai-param move_time -1", "kiai-param nodepth 5", "kiai-param level",
                "kiai-param depth x"):
        assert not ask(srv, bad)[0], bad


def test_live_gfx_draws_the_candidates_on_stderr_during_genmove(capsys: pytest.CaptureFixture[str]) -> None:
    srv = server(size=9)
    assert ask(srv, "genmove black")[0]
    assert "gogui-gfx:" not in capsys.readouterr().err  # off by default
    assert ask(srv, "kiai-live_gfx on") == (True, "")
    ok, move = ask(srv, "genmove white")
    err = capsys.readouterr().err
    blocks = [b for b in err.split("\n\n") if b.startswith("gogui-gfx:")]
    assert ok and len(blocks) == 2
    assert blocks[0].split("\n")[1].startswith("SQUARE ") and "TEXT valuing" in blocks[0]
    label = blocks[1].split("\n")[1]
    assert label.startswith("LABEL ") and move in label.split()
    assert not ask(srv, "kiai-live_gfx maybe")[0]
