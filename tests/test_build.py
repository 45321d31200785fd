"""The compiled build: it is what runs after the setup command, it never runs stale, it gives
exactly the pure-Python build's answers, and the board, reading and connection tests pass
on pure Python as well (so CI covers both builds)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core import build

ROOT = Path(__file__).resolve().parent.parent
compiled = pytest.mark.skipif(build.decide(environ={}).pure,
                              reason="no compiled build here (no C compiler): nothing compiled to compare")


def python(code: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != build.PURE_ENV}
    environ.update(env, PYTHONPATH=str(cwd))
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=environ, capture_output=True, text=True,
                          timeout=600)


def copy_of_the_tree(to: Path) -> Path:
    """The packages with their compiled extensions and manifest, and mypyc's shared library."""
    for package in ("core", "plugins", "gtp"):
        shutil.copytree(ROOT / package, to / package, ignore=shutil.ignore_patterns("__pycache__"))
    for lib in ROOT.glob("*__mypyc*"):
        shutil.copy2(lib, to / lib.name)
    return to


@compiled
def test_the_setup_command_leaves_the_compiled_build_running() -> None:
    state = build.decide(environ={})
    assert set(state.compiled) == set(build.COMPILED)
    out = python("import core.board.board as b; print(b.__file__)", ROOT).stdout
    assert out.strip().endswith(".so")
    version = subprocess.run([sys.executable, "-m", "gtp.cli", "--version"], capture_output=True, text=True,
                             timeout=60).stdout
    assert "compiled build: " in version and "core.board.board" in version


@compiled
def test_an_edited_module_runs_from_source_with_one_warning(tmp_path: Path) -> None:
    tree = copy_of_the_tree(tmp_path)
    probe = "import core.board.coords as c, core.board.board as b; print(c.__file__); print(b.__file__)"
    untouched = python(probe, tree)
    assert untouched.stdout.split()[0].endswith(".so") and untouched.stderr == ""
    coords = tree / "core" / "board" / "coords.py"
    coords.write_text(coords.read_text() + "\n\ndef edited() -> int:\n    return 42\n")
    edited = python(probe + "; print(c.edited())", tree)
    files = edited.stdout.split()
    assert files[0].endswith("coords.py") and files[1].endswith("board.py")  # every compiled module: native calls
    assert files[2] == "42"  # the edit is what runs
    assert edited.stderr.count("stale build: core/board/coords.py changed") == 1
    pure = python(probe, tree, KIAI_PURE="1")  # asked for: no warning
    assert pure.stdout.split()[0].endswith(".py") and "stale" not in pure.stderr


CORPUS = r'''
import json, random
from core.board.board import Board
from core.board.playout import random_game
from core.host.plugins import PluginHost, PluginSpec
from core.host.pool import Pool
from core.host.services import CONNECTION, TACTICAL
from core.move.genmove import MoveGenerator
from core import build

host = PluginHost()
tactical, connection = host.services.get(TACTICAL), host.services.get(CONNECTION)
out = {"build": build.state().describe(), "reading": [], "connection": [], "genmove": []}
for size, moves, seed in ((9, 40, 2), (9, 60, 3), (13, 90, 4)):
    board = Board(size)
    random_game(board, moves, random.Random(seed))
    strings = sorted(s.origin for s in board.strings() if 2 <= len(s.libs) <= 3)
    for s in strings:
        before = host.counters["reading"].value
        out["reading"].append([s, *tactical.attack(board, s), *tactical.find_defense(board, s),
                               host.counters["reading"].value - before])
    for a, b in zip(strings, strings[1:]):
        if board.board[a] == board.board[b]:
            before = host.counters["connection"].value
            out["connection"].append([a, b, *connection.string_connect(board, a, b), *connection.disconnect(board, a, b),
                                      host.counters["connection"].value - before])
    if size == 9:  # a whole genmove (owl included, on a small budget) takes minutes on pure Python
        small = PluginHost(PluginSpec(settings=(("owl_nodes", 300.0),)))
        gen = MoveGenerator(small, Pool(small, 0))
        result = gen.genmove(board, 1 + moves % 2, 6.5, 300.0)
        out["genmove"].append([result.move, result.complete])
print(json.dumps(out))
'''


@pytest.mark.slow
@compiled
def test_the_pure_and_compiled_builds_answer_alike() -> None:
    runs = {}
    for pure in ("0", "1"):
        proc = python(CORPUS, ROOT, KIAI_PURE=pure)
        assert proc.returncode == 0, proc.stderr
        runs[pure] = json.loads(proc.stdout)
    compiled_run, pure_run = runs["0"], runs["1"]
    assert compiled_run["build"].startswith("compiled") and pure_run["build"].startswith("pure")
    assert len(compiled_run["reading"]) > 20 and len(compiled_run["connection"]) > 5
    for kind in ("reading", "connection", "genmove"):  # codes, moves and node counts
        assert compiled_run[kind] == pure_run[kind], kind
    assert len(compiled_run["genmove"]) == 2 and all(complete for _, complete in compiled_run["genmove"])


@pytest.mark.slow
def test_board_reading_and_connection_tests_pass_on_pure_python() -> None:
    environ = dict(os.environ, KIAI_PURE="1")
    # the owl corpus run with and without the cache and the workers tests the pool and the
    # cache, not compiled code, and takes minutes on pure Python: the compiled run has it
    # (in one process: the suite around this test already has a worker on each core)
    corpus = "tests/plugins/test_owl_engine.py::test_the_cache_and_the_workers_do_not_change_owls_verdicts"
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "tests/board",
                           "tests/reading", "tests/plugins", "--deselect", corpus], cwd=ROOT, env=environ,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout
