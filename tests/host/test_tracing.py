"""Watching plugins: with KIAI_TRACE_HOOKS set, every hook call and pool task is traced on
stderr with the plugin, the hook, the process, the time taken and what came back."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import threading
from typing import IO


def _answer(out: IO[str]) -> str:
    """One GTP answer from the engine's stdout, without its closing empty line."""
    lines: list[str] = []
    while True:
        line = out.readline()
        if not line or (line == "\n" and lines):
            return "".join(lines)
        if line != "\n":
            lines.append(line)


def test_every_hook_call_is_traced_in_the_engine_and_the_workers() -> None:
    # stdin stays open until each answer is in: an engine whose stdin ends during a busy
    # command stops there, and the genmove must run to its end
    commands = ["boardsize 9", "clear_board", "play black E5", "play white D5", "play white E4", "genmove white"]
    with tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "1", "--move-time", "5",
                                 "--debug", "hooks"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                text=True)
        assert proc.stdin is not None and proc.stdout is not None
        watchdog = threading.Timer(120, proc.kill)  # a hung engine fails the test, not CI
        watchdog.start()
        try:
            answers = []
            for command in commands + ["quit"]:
                proc.stdin.write(command + "\n")
                proc.stdin.flush()
                answers.append(_answer(proc.stdout))
            proc.stdin.close()
            proc.wait(timeout=60)
        finally:
            watchdog.cancel()
        err.seek(0)
        stderr = err.read()
    assert len(answers) == len(commands) + 1 and all(a.startswith("=") for a in answers), answers
    lines = [line for line in stderr.splitlines() if line.startswith("kiai hook: ")]
    pattern = re.compile(r"kiai hook: (\w+)\.(\w+) in (engine|worker) \d+ took [\d.]+ ms -> (.+)")
    calls = [pattern.fullmatch(line) for line in lines]
    assert all(calls), lines
    seen = {(m.group(1), m.group(2), m.group(3)) for m in calls if m}
    assert ("tactical", "kiai_services", "engine") in seen
    assert ("tactical", "kiai_examine_worms", "engine") in seen
    assert ("tactical", "read_worm", "worker") in seen  # a pool function, in the worker
    assert ("connection", "kiai_generate", "worker") in seen
    generated = [m.group(4) for m in calls if m and m.group(2) == "kiai_generate"]
    assert any(re.match(r"\d+ reasons \(", g) for g in generated)


def test_no_trace_without_the_flag() -> None:
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "0"], input="genmove black\nquit\n",
                          capture_output=True, text=True, timeout=120)
    assert "kiai hook:" not in proc.stderr


def test_plugin_options_are_offered_grouped_by_plugin() -> None:
    out = subprocess.run([sys.executable, "-m", "gtp.cli", "--help"], capture_output=True, text=True, timeout=60).stdout
    assert "tactical plugin:" in out and "connection plugin:" in out
    tactical = out.split("tactical plugin:")[1]
    assert "--depth N" in tactical and "--connection-depth" not in tactical
