"""The move-reason contract: every built-in plugin's reasons, and core's own, on a set of
positions, pass the check genmove applies (check_reason: each kind's shape, from one
table), and genmove drops none of them."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.diagram import board_from_diagram
from core.board.playout import random_game
from core.host.context import pack_context
from core.host.plugins import PluginHost
from core.host.pool import Pool, Task
from core.move.genmove import MoveGenerator
from core.move.reasons import Kind, MoveReason, check_reason

# Black's D5 puts white C5 and E5 in atari at once; white can take the point first.
DOUBLE_ATARI = """
. . . . . . . . .
. . . . . . . . .
. . . X . X . . .
. . X O . O X . .
. . . . . . . . .
. . . X . X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def positions() -> list[tuple[Board, int]]:
    out = [(board_from_diagram(DOUBLE_ATARI)[0], color) for color in (BLACK, WHITE)]
    for size, moves, seed in ((9, 30, 1), (9, 50, 2), (9, 70, 3), (13, 90, 4), (19, 160, 5)):
        board = Board(size)
        random_game(board, moves, random.Random(seed))
        out.append((board, BLACK if seed % 2 else WHITE))
    return out


class Recording(MoveGenerator):
    """A move generator that keeps what it reports."""

    def __init__(self, host: PluginHost) -> None:
        super().__init__(host, Pool(host, 0))
        self.reports: list[str] = []

    def report(self, message: str) -> None:
        self.reports.append(message)


@pytest.fixture(scope="module")
def gen() -> Recording:
    return Recording(PluginHost())


@pytest.mark.slow
def test_every_reason_has_its_kinds_shape_and_none_is_dropped(gen: Recording) -> None:
    seen: Counter[tuple[str, Kind]] = Counter()
    for board, color in positions():
        analysis = gen.examine(board, color, 6.5, time.monotonic() + 60)
        ctx = pack_context(analysis, 10)
        for hook in ("kiai_generate", "kiai_endgame"):
            names = gen.host.implementers(hook)
            raw = gen.pool.run(ctx, [Task(n, hook) for n in names], 60.0)
            for result in raw:
                assert result.ok, result.error
                for wire in result.value:
                    reason = check_reason(MoveReason.from_wire(wire), analysis)  # raises on a bad shape
                    seen[(result.task.plugin, reason.kind)] += 1
            kept = gen.accept(raw, analysis, hook)  # what genmove keeps of them
            assert len(kept) == sum(len(r.value) for r in raw)
        for reason in gen.pattern_reasons(analysis) + gen.territorial_candidates(analysis):
            check_reason(reason, analysis)
            seen[("core", reason.kind)] += 1
    assert gen.reports == []
    plugins = {plugin for plugin, _ in seen}
    assert plugins >= {"tactical", "connection", "combination", "endgame", "core"}
    kinds = {kind for _, kind in seen}
    assert {Kind.MY_ATARI_ATARI, Kind.YOUR_ATARI_ATARI, Kind.ATTACK, Kind.DEFEND, Kind.CONNECT, Kind.CUT,
            Kind.ENDGAME, Kind.SHAPE} <= kinds, sorted(k.name for k in kinds)
