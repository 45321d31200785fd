"""GTP wire rules: comments, control characters, ids, answer format."""

from __future__ import annotations

from gtp.protocol import clean, failure, parse, success
from tests.gtp_helpers import ask, server


def test_clean_removes_comments_and_control_characters() -> None:
    assert clean("play\tb d4 # a comment") == "play b d4"
    assert clean("na\x01me\x7f\r") == "name"
    assert clean("   # only a comment") == ""


def test_parse_ids_and_arguments() -> None:
    cmd = parse("12 play b D4")
    assert cmd is not None and (cmd.id, cmd.name, cmd.args) == ("12", "play", ["b", "D4"])
    cmd = parse("name")
    assert cmd is not None and cmd.id is None
    assert parse("") is None


def test_answers_end_with_one_empty_line_and_have_none_inside() -> None:
    assert success("3", "D4") == "=3 D4\n\n"
    assert success(None, "") == "= \n\n"
    assert failure("7", "illegal move") == "?7 illegal move\n\n"
    assert success(None, "a\n\nb\n") == "= a\n \nb\n\n"
    assert success(None, "\nboard") == "= \nboard\n\n"


def test_ids_are_echoed_on_success_and_failure() -> None:
    srv = server()
    assert srv.handle("5 name") == "=5 Kiai\n\n"
    assert srv.handle("6 frobnicate") == "?6 unknown command\n\n"
    assert srv.handle("7 play b Z99") is not None and srv.handle("7 play b Z99").startswith("?7 ")  # type: ignore[union-attr]
    assert srv.handle("# nothing") is None
    assert srv.handle("   ") is None


def test_known_command_and_list_commands_agree() -> None:
    srv = server()
    ok, listing = ask(srv, "list_commands")
    names = listing.split("\n")
    assert ok and "genmove" in names and "loadsgf" in names and "kgs-genmove_cleanup" in names
    for name in names:
        assert ask(srv, f"known_command {name}") == (True, "true")
    assert ask(srv, "known_command frobnicate") == (True, "false")
