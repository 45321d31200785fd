"""A worker sees what the engine sees: the context carries the whole analysis (worms,
dragons, eye spaces, influence) as named records with a format version."""

from __future__ import annotations

import random
import time

import msgpack
import numpy as np
import pytest

from core.board.board import Board
from core.board.color import BLACK
from core.board.playout import random_game
from core.host.context import pack_context, unpack_context
from core.host.plugins import PluginHost
from core.host.pool import Pool
from core.move.genmove import MoveGenerator


def test_the_whole_analysis_crosses_to_a_worker_by_name() -> None:
    board = Board(9)
    random_game(board, 40, random.Random(11))
    host = PluginHost()
    analysis = MoveGenerator(host, Pool(host, 0)).examine(board, BLACK, 6.5, time.monotonic() + 30)
    assert analysis.spaces and analysis.influence is not None and analysis.dragons
    data = pack_context(analysis, 10)
    wire = msgpack.unpackb(data)[2]
    assert wire["version"] == 3 and set(wire) == {"version", "worms", "dragons", "spaces", "influence"}
    assert {"origin", "attack_code", "defense_points"} <= set(wire["worms"][0])  # named, not positional
    ctx = unpack_context(data, host.services, time.monotonic() + 1)
    seen = ctx.analysis
    assert seen.worms == analysis.worms and seen.dragons == analysis.dragons and seen.spaces == analysis.spaces
    assert seen.dragon_of == analysis.dragon_of
    assert seen.influence is not None
    for grid in ("territory", "moyo", "area", "owner"):
        assert np.array_equal(getattr(seen.influence, grid), getattr(analysis.influence, grid))


def test_another_format_is_refused() -> None:
    from core.analysis.analysis import Analysis

    for version in (1, 2):  # 2: before a dragon recorded its race
        with pytest.raises(ValueError, match="unsupported analysis format"):
            Analysis.from_wire(Board(9), BLACK, 6.5, {"version": version, "worms": []})
