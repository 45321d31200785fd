"""The workers read as the engine does after GTP's level, increase_depths and
decrease_depths: each task's context carries the level and the services' states, and a
worker whose depths change empties its reading caches; plugins started again for a new
setting keep the level in force; every process sizes its caches from the engine's --memory.

A probe plugin (tests/fixtures/depth_probe.py) reports, from the process that runs its
pool task, the tactical reader's depths and the entries in its transposition table, or
the table's capacity, the sizes of the eye values' caches and the superstring memo's.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.analysis import eyeshapes
from core.analysis.analysis import initial_analysis
from core.board.board import Board
from core.board.coords import parse_vertex
from core.host.plugins import PluginHost, PluginSpec
from core.host.pool import Pool, slot
from core.move.genmove import MoveGenerator
from core.reading.caches import DEFAULT_MEMORY
from core.reading.table import ENTRY_BYTES
from plugins.tactical import superstring
from plugins.tactical.service import MEMORY_SHARE as TACTICAL_SHARE
from gtp.engine import Engine, Options
from gtp.server import GtpServer
from tests.gtp_helpers import ask

# a ladder for the workers' tactical reading to read: black's E5, white around it
SETUP = ["play w E6", "play w D5", "play w D4", "play b E5", "play b C6", "play w G3"]


def probe(engine: Engine) -> list[list[int]]:
    """[pid, depth, branch depth, table entries] from each worker (the engine's process
    twice without workers), through the context genmove gives its pool tasks."""
    keys = [k for k in range(8) if slot(k, 2) == 0][:1] + [k for k in range(8) if slot(k, 2) == 1][:1]
    analysis = initial_analysis(engine.game.board, 1, engine.game.komi)
    results = engine.pool.map(engine.generator.context(analysis), "probe", "depths", [(k,) for k in keys], 30.0,
                              affinity=keys)
    assert all(r.ok for r in results), [r.error for r in results]
    return [list(r.value) for r in results]


@pytest.mark.parametrize("workers", [0, 2])
def test_the_workers_follow_the_engines_level_and_depth_changes(workers: int) -> None:
    engine = Engine(Options(size=9, workers=workers, move_time=3.0, plugins=("probe=tests.fixtures.depth_probe",)))
    srv = GtpServer(engine)
    try:
        def depths() -> list[int]:
            main: Any = engine.services.named("tactical")  # (a new one after kiai-param)
            return [main.depths.depth, main.depths.branch_depth]

        for line in SETUP:
            assert ask(srv, line)[0]
        assert ask(srv, "genmove b")[0]  # the workers read the position's strings
        before = probe(engine)
        assert len({pid for pid, *_ in before}) == (2 if workers else 1)
        assert all(d == depths() for _, *d, _ in before)
        assert any(entries for *_, entries in before)

        assert ask(srv, "increase_depths")[0] and ask(srv, "increase_depths")[0]
        after = probe(engine)
        assert depths() == [before[0][1] + 2, before[0][2] + 2]
        assert all(d == depths() for _, *d, _ in after)
        assert all(entries == 0 for *_, entries in after)  # read at the old depths: emptied

        assert ask(srv, "genmove w")[0] and ask(srv, "decrease_depths")[0]
        assert all(d == depths() for _, *d, _ in probe(engine))

        assert ask(srv, "level 4")[0]  # a level takes plies off every depth, and resets the shift
        at_level = depths()
        assert at_level[0] < before[0][1]
        assert all(d == depths() for _, *d, _ in probe(engine))

        assert ask(srv, "kiai-param owl_nodes 2000")[0]  # the plugins start again, at the level in force
        assert depths() == at_level
        assert all(d == at_level for _, *d, _ in probe(engine))
    finally:
        engine.close()


def test_every_process_sizes_its_caches_from_the_engines_memory() -> None:
    # --memory 64: the tactical table takes nine tenths of tactical reading's part, the
    # eye values' caches theirs (16 MB of the 80 they hold at full size), the superstring
    # memo its own
    engine = Engine(Options(size=9, workers=2, plugins=("probe=tests.fixtures.depth_probe",),
                            settings=(("memory", 64.0),)))
    try:
        keys = [k for k in range(8) if slot(k, 2) == 0][:1] + [k for k in range(8) if slot(k, 2) == 1][:1]
        analysis = initial_analysis(engine.game.board, 1, engine.game.komi)
        results = engine.pool.map(engine.generator.context(analysis), "probe", "memory", [(k,) for k in keys],
                                  30.0, affinity=keys)
        assert all(r.ok for r in results), [r.error for r in results]
        eyes = [int(n * eyeshapes.MEMORY_SHARE * 64 / eyeshapes.FULL_MEGABYTES) for n in eyeshapes.CACHE_ENTRIES]
        assert eyes == [n // 5 for n in eyeshapes.CACHE_ENTRIES]
        assert eyeshapes.cache_sizes() == eyes  # the engine's own process
        table = int(0.9 * (TACTICAL_SHARE * 64) * 1_000_000 / ENTRY_BYTES)
        memo = int(superstring.MEMORY_SHARE * 64 * 1_000_000 / superstring.ENTRY_BYTES)
        assert superstring.memo_limit() == memo  # the engine's own process
        assert [r.value[1:] for r in results] == [[table, *eyes, memo]] * 2
        assert len({r.value[0] for r in results}) == 2
    finally:
        engine.close()
        eyeshapes.configure(eyeshapes.FULL_MEGABYTES)
        superstring.configure(superstring.MEMORY_SHARE * DEFAULT_MEMORY)
    assert eyeshapes.cache_sizes() == list(eyeshapes.CACHE_ENTRIES)
    assert superstring.memo_limit() == int(superstring.MEMORY_SHARE * DEFAULT_MEMORY * 1_000_000 / superstring.ENTRY_BYTES) > memo


def test_a_generator_reads_at_its_hosts_level() -> None:
    # the decide tools build their generator on a host set up from the command line's
    # --level: the generator takes that level, and its own tasks leave the host at it
    host = PluginHost(PluginSpec(settings=(("level", 5.0),)))
    tactical: Any = host.services.named("tactical")
    depths = tactical.depths
    gen = MoveGenerator(host, Pool(host, 0))
    board = Board(9)
    for v, c in (("E5", 1), ("E6", 2), ("D5", 2), ("D4", 2)):
        board.play(parse_vertex(v, 9), c)
    gen.genmove(board, 1, 6.5, 3.0)
    assert gen.level == 5 and host.level == 5
    assert tactical.depths == depths  # (the same service: not configured again)
    assert host.services.named("tactical") is tactical
