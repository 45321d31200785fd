"""The tactical reading commands over GTP."""

from __future__ import annotations

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
    # what the caches held was read at other depths: the question is read again
    assert ask(srv, "reset_reading_node_counter")[0] and ask(srv, "attack E5") == (True, "1 F5")
    ok, nodes = ask(srv, "get_reading_node_counter")
    assert ok and int(nodes) > 10
    assert not ask(srv, "attack E7")[0]  # empty point: an error, not a crash
    assert not ask(srv, "attack")[0]


def test_a_move_to_try_must_be_an_empty_point() -> None:
    srv = server(size=9)
    for line in SETUP:
        assert ask(srv, line)[0]
    before = ask(srv, "showboard")
    for command in ("does_attack D5 E5", "does_defend E5 E5", "owl_does_attack E6 E5",
                    "owl_does_defend D4 E5", "owl_connection_defends E5 D5 D4"):
        assert ask(srv, command) == (False, f"move vertex must be empty: {command.split()[1]}")
    assert ask(srv, "owl_does_attack PASS E5")[0] is False
    assert ask(srv, "showboard") == before  # the state is exactly what it was
    assert ask(srv, "owl_does_attack F5 E5")[0]  # an empty point is a move to try


def test_a_depth_change_empties_every_reading_cache() -> None:
    # owl reads captures through the tactical reader: its cached verdicts were read at
    # the old depths too, so after increase_depths the same question is read again
    srv = server(size=9)
    for color, v in [("black", v) for v in ("D9", "A8", "B8", "C8", "D8")] + \
            [("white", v) for v in ("E9", "E8", "A7", "B7", "C7", "D7", "E7")]:
        assert ask(srv, f"play {color} {v}")[0]
    assert ask(srv, "owl_attack D9") == (True, "1 B9")
    assert ask(srv, "reset_owl_node_counter")[0] and ask(srv, "owl_attack D9") == (True, "1 B9")
    assert ask(srv, "get_owl_node_counter") == (True, "0")  # answered from the cache
    assert ask(srv, "increase_depths")[0] and ask(srv, "owl_attack D9") == (True, "1 B9")
    ok, nodes = ask(srv, "get_owl_node_counter")
    assert ok and int(nodes) > 0
