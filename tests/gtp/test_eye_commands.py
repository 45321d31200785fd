"""The eye and life commands through GTP: eval_eye, eye_data, half_eye,
unconditional_status, dragon_data and the GoGui pictures, with bad input."""

from __future__ import annotations

from core.board.coords import vertex
from core.board.diagram import board_from_diagram
from gtp.server import GtpServer
from tests.gtp_helpers import ask, game_state, server

# Black's corner group has a bent three (its bend v is the vital point), a one-point eye
# a, and a half eye h on the edge whose contested diagonal is B4 (white's stone there would
# lean on C4: black could not capture it).
POSITION = """
v . X X O . . . .
. X X X O . . . .
X X a X O . . . .
X X X X O . . . .
h X O O O . . . .
X . O . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def loaded(diagram: str) -> tuple[GtpServer, dict[str, str]]:
    """A 9x9 server holding the diagram's stones, and its marks as vertices."""
    board, marks = board_from_diagram(diagram)
    srv = server(size=board.size)
    for color, name in ((1, "black"), (2, "white")):
        for p in board.stones(color):
            assert ask(srv, f"play {name} {vertex(board.size, p)}")[0]
    return srv, {k: vertex(board.size, p) for k, p in marks.items()}


def test_eval_eye_and_eye_data_on_a_bent_three() -> None:
    srv, m = loaded(POSITION)
    assert ask(srv, f"eval_eye {m['v']}") == (True, "1 2 A9 A9")
    ok, data = ask(srv, "eye_data black B9")
    fields = dict(line.split(None, 1) for line in data.split("\n"))
    assert ok and fields["color"] == "black" and fields["value"] == "1 2"
    assert sorted(fields["points"].split()) == ["A8", "A9", "B9"]
    assert fields["attack"] == fields["defense"] == "A9"
    assert ask(srv, f"eval_eye {m['a']}") == (True, "1 1")
    assert ask(srv, f"half_eye {m['a']}") == (True, "0 real")
    assert ask(srv, f"half_eye {m['h']}") == (True, "6 half B4 B4")
    assert ask(srv, f"eval_eye {m['h']}") == (True, "0 1 B4 B4")


def test_unconditional_status_and_dragon_data() -> None:
    srv, _ = loaded("""
        . X . X O . . . .
        X X X X O . . . .
        O O O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    assert ask(srv, "unconditional_status B9") == (True, "alive")
    assert ask(srv, "unconditional_status C9") == (True, "black_territory")
    assert ask(srv, "unconditional_status E9") == (True, "undecided")
    assert ask(srv, "unconditional_status J1") == (True, "undecided")
    ok, data = ask(srv, "dragon_data B9")
    assert ok and "status alive" in data and "genus 2 2" in data and "unconditional 1" in data


def test_eye_commands_off_an_eye_space_answer_as_gnu_go_does() -> None:
    srv, _ = loaded(POSITION)
    before = game_state(srv)
    assert ask(srv, "eval_eye J1") == (True, "-1")  # open ground: no eye space
    assert ask(srv, "eye_data white A9") == (True, "")
    assert ask(srv, "half_eye J1") == (True, "")
    assert ask(srv, "half_eye D9") == (True, "")  # a stone is no eye point
    for bad in ("eval_eye", "eval_eye Z99", "eye_data black", "eye_data purple A9", "half_eye A1 A2",
                "unconditional_status", "unconditional_status pass", "dragon_status J1", "same_dragon J1 D9",
                "dragon_data J1"):
        ok, message = ask(srv, bad)
        assert not ok and message, bad
    assert game_state(srv) == before


def test_gogui_draws_eye_spaces_and_dragons() -> None:
    srv, _ = loaded(POSITION)
    ok, listing = ask(srv, "gogui-analyze_commands")
    assert ok and "gfx/Eye spaces/kiai-gfx_eyes" in listing and "gfx/Dragons/kiai-gfx_dragons" in listing
    ok, eyes = ask(srv, "kiai-gfx_eyes")
    lines = dict(line.split(" ", 1) for line in eyes.split("\n"))
    assert ok and "A9 1/2" in lines["LABEL"] and "C7 1" in lines["LABEL"] and "A5 0/1" in lines["LABEL"]
    assert lines["CIRCLE"].split() == ["A9", "B4"]
    ok, dragons = ask(srv, "kiai-gfx_dragons")
    colored = [line for line in dragons.split("\n") if line.startswith("COLOR #")]
    assert ok and len(colored) == 2  # black's group and white's wall
    assert "LABEL" in dragons


def test_final_status_list_names_the_stones_in_seki() -> None:
    srv, _ = loaded("""
        . . . . . . . . .
        X X X X X X X . .
        X O O O O O X . .
        X O X X X O X . .
        X O X . . O X . .
        X O O O O O X . .
        X X X X X X X . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    ok, seki = ask(srv, "final_status_list seki")
    strings = {line.split()[0] for line in seki.split("\n")}
    assert ok and strings == {"B7", "C6"}  # the white ring and the black stones inside it
    ok, alive = ask(srv, "final_status_list alive")
    assert ok and alive.split("\n")[0].split()[0] == "A8" and "B7" not in alive
    assert ask(srv, "final_status_list dead") == (True, "")


def test_a_critical_dragon_is_dead_when_the_game_is_over() -> None:
    # black's straight three on the top edge lives only if black moves first at B9: the
    # game is over, so white, the attacker, moves first in the dispute
    srv, _ = loaded("""
        . . . X O . . . .
        X X X X O . . . .
        O O O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """)
    ok, status = ask(srv, "dragon_status A8")
    assert ok and status.startswith("critical")
    ok, dead = ask(srv, "final_status_list dead")
    assert ok and sorted(dead.split()) == ["A8", "B8", "C8", "D8", "D9"]  # one string
