"""Swapping a service swaps it for every consumer: a second tactical reader, registered with
--plugin, answers the GTP commands, the decide tools, connection reading, worm reading
in the pool and the valuator, and the built-in reader reads nothing.

The second reader (tests/fixtures/ladder_reader.py) reads only ataris and ladders. In
LOOSE the white stone escapes every ladder, but black's E5 catches it in a loose ladder
(E3 stands in its way), so the two readers disagree about it: that is how each test
tells which one answered.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.board.coords import parse_vertex, vertex
from core.board.diagram import board_from_diagram
from core.board.sgf import record_from_board
from core.host.plugins import PluginHost, PluginSpec
from core.host.services import CONNECTION, TACTICAL
from gtp.engine import Engine, Options
from gtp.server import GtpServer
from tests.fixtures.ladder_reader import LadderReader
from tests.gtp_helpers import ask

SWAP = "ladder=tests.fixtures.ladder_reader"

LOOSE = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X . . . . .
. . X O . . . . .
. . . . . . . . .
. . . . X . . . .
. . . . . . . . .
. . . . . . . . .
"""

# White D6 has taken one of the links of black's diagonal E6/D5; white's cut at E5 is
# captured in a ladder. Connection reading asks tactical reading about it.
LADDER_CUT = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . O X . . . .
. . . X . . . . .
. . . X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def server(diagram: str, *plugins: str, workers: int = 0) -> GtpServer:
    board, _ = board_from_diagram(diagram)
    srv = GtpServer(Engine(Options(size=board.size, plugins=plugins, workers=workers)))
    for color, name in ((1, "black"), (2, "white")):
        for p in board.stones(color):
            assert ask(srv, f"play {name} {vertex(board.size, p)}")[0]
    return srv


def counters(srv: GtpServer) -> dict[str, int]:
    return {name: c.value for name, c in srv.engine.counters.items()}


def test_the_host_offers_the_swapped_reader_and_binds_consumers_to_it() -> None:
    host = PluginHost(PluginSpec((), (SWAP,)))
    assert isinstance(host.services.get(TACTICAL), LadderReader)
    assert host.services.providers["tactical"] == "ladder"
    board, _ = board_from_diagram(LADDER_CUT)
    e6, d5 = parse_vertex("E6", 9), parse_vertex("D5", 9)
    before = {n: c.value for n, c in host.counters.items()}
    assert host.services.get(CONNECTION).disconnect(board, e6, d5)[0] == 0  # the ladder captures the cut
    spent = {n: c.value - before[n] for n, c in host.counters.items()}
    assert spent["ladder"] > 0 and spent["reading"] == 0


def test_gtp_reading_commands_use_the_swapped_reader() -> None:
    plain, swapped = server(LOOSE), server(LOOSE, SWAP)
    try:
        assert ask(plain, "attack D5") == (True, "1 E5")  # the loose ladder
        before = counters(swapped)
        assert ask(swapped, "attack D5") == (True, "0")  # every ladder fails
        assert ask(swapped, "get_ladder_node_counter")[1] != "0"
        assert counters(swapped)["reading"] == before["reading"]
    finally:
        plain.engine.close()
        swapped.engine.close()


@pytest.mark.parametrize("workers", [0, 2])
def test_worm_reading_and_the_valuator_use_the_swapped_reader(workers: int) -> None:
    plain, swapped = server(LOOSE, workers=workers), server(LOOSE, SWAP, workers=workers)
    d5 = parse_vertex("D5", 9)
    try:
        assert plain.engine.analysis().worm(d5).attack_code == 1
        assert swapped.engine.analysis().worm(d5).attack_code == 0  # read in the pool, by the ladder reader
        before = counters(swapped)
        assert ask(swapped, "reg_genmove black")[0]  # the valuator asks whether new stones can be captured
        after = counters(swapped)
        if workers == 0:
            assert after["ladder"] > before["ladder"]
        assert after["reading"] == before["reading"]
    finally:
        plain.engine.close()
        swapped.engine.close()


def _sgf(path: Path, diagram: str) -> Path:
    board, _ = board_from_diagram(diagram)
    path.write_bytes(record_from_board(board, 6.5).to_sgf())
    return path


def test_decide_tools_use_the_swapped_reader(tmp_path: Path) -> None:
    def decide(*args: str) -> str:
        proc = subprocess.run([sys.executable, "-m", "gtp.cli", *args], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    loose = str(_sgf(tmp_path / "loose.sgf", LOOSE))
    assert "D5: attack 1 at E5" in decide("decide-string", "D5", "--load", loose)
    out = decide("decide-string", "D5", "--load", loose, "--plugin", SWAP)
    assert "D5: attack 0 (" in out and "ladder nodes" in out and "reading nodes" not in out
    cut = str(_sgf(tmp_path / "cut.sgf", LADDER_CUT))
    out = decide("decide-connection", "E6/D5", "--load", cut, "--plugin", SWAP)
    assert "ladder nodes" in out and "reading nodes" not in out
