"""Workers never outlive the engine: kill a real `kiai gtp` during a 19x19 genmove with two
workers (SIGKILL, SIGTERM) or close its stdin, and no process of its tree is left 2 s
later. `quit` returns promptly. A worker forked to replace a lost one, while the engine's
input thread waits on stdin, dies with the engine too."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.board.board import Board
from core.board.color import color_name
from core.board.coords import vertex
from core.board.playout import random_game



def middle_game() -> list[str]:
    """A 19x19 middle game of 150 random moves, as GTP lines: genmove takes seconds there."""
    board = Board(19)
    random_game(board, 150, random.Random(7))
    return ["boardsize 19", "clear_board"] + [f"play {color_name(c)} {vertex(19, p)}" for c, p in board.history]


def alive(pid: int) -> bool:
    """True if the process exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def children(pid: int) -> set[int]:
    """The processes whose parent is pid."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry.name))
    return out


def engine_in_genmove() -> tuple[subprocess.Popen[bytes], set[int]]:
    """A kiai engine with two workers, busy with a 19x19 genmove; it and its workers."""
    proc = subprocess.Popen([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "2", "--move-time", "60"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None
    proc.stdin.write(("\n".join(middle_game()) + "\ngenmove black\n").encode())
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    workers: set[int] = set()
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.2)
        workers = children(proc.pid)
    assert len(workers) == 2, "the engine did not start its workers"
    time.sleep(1.5)  # into the genmove
    assert proc.poll() is None
    return proc, {proc.pid} | workers


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM", "stdin closed"])
def test_no_process_of_the_engine_is_left_two_seconds_after_it_dies(how: str) -> None:
    proc, tree = engine_in_genmove()
    assert proc.stdin is not None
    if how == "stdin closed":
        proc.stdin.close()
    else:
        os.kill(proc.pid, getattr(signal, how))
    time.sleep(2.0)
    left = {pid for pid in tree if alive(pid)}
    for pid in left:  # do not leave them behind for the rest of the run
        os.kill(pid, signal.SIGKILL)
    proc.wait(5)
    assert left == set(), f"{how}: still alive 2 s later: {sorted(left)} of {sorted(tree)}"


def test_quit_returns_promptly() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "2"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"boardsize 9\ngenmove black\n")
    proc.stdin.flush()
    answers = 0
    while answers < 2:
        if proc.stdout.readline() == b"\n":
            answers += 1
    workers = children(proc.pid)
    start = time.monotonic()
    proc.stdin.write(b"quit\n")
    proc.stdin.flush()
    proc.wait(10)
    assert time.monotonic() - start < 0.5
    time.sleep(0.2)
    assert not any(alive(pid) for pid in workers)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_worker_forked_while_the_engine_reads_its_input_dies_with_it() -> None:
    # the engine's input thread sits in a read of stdin when the pool forks a replacement
    # for a lost worker: the fork must not inherit that read's lock and hang in closing
    # its stdin before it starts watching its parent (an orphan left by `kiai play`)
    proc = subprocess.Popen([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "2", "--move-time", "5"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout

    def ask(line: str) -> bytes:
        stdin.write((line + "\n").encode())
        stdin.flush()
        out = []
        while (text := stdout.readline()) not in (b"\n", b""):
            out.append(text)
        return b"".join(out)

    tree: set[int] = set()
    try:
        assert ask("boardsize 9").startswith(b"=")
        workers = children(proc.pid)
        assert len(workers) == 2, "the engine did not start its workers"
        os.kill(min(workers), signal.SIGKILL)
        time.sleep(0.5)  # the input thread is back in its read of stdin
        assert ask("genmove black").startswith(b"=")  # the pool replaces the lost worker
        fresh = children(proc.pid) - workers
        assert fresh, "the lost worker was not replaced"
        time.sleep(1.0)
        tree = {proc.pid} | children(proc.pid)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    time.sleep(2)
    assert [p for p in tree if alive(p)] == []


def test_a_batch_that_ends_with_quit_is_answered_in_full() -> None:
    # a script pipes its commands and closes the pipe: the input ends while a long command
    # runs, but after a quit, so the engine answers everything (only an input that ends
    # while the controller waits on a command, a GUI gone, stops the command in progress)
    answers = answered_in_full([*middle_game(), "genmove black", "final_status_list dead", "quit"])
    assert answers[-3].split()[1] not in ("", "PASS", "resign")  # genmove's move


def answered_in_full(lines: list[str]) -> list[str]:
    """The answers of a kiai engine to lines piped in at once, checked to be one success per
    line and a clean exit."""
    batch = "\n".join(lines) + "\n"
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "0", "--move-time", "2"],
                          input=batch.encode(), capture_output=True, timeout=120)
    answers = [a for a in proc.stdout.decode().split("\n\n") if a.strip()]
    assert proc.returncode == 0
    assert len(answers) == len(lines), answers[-3:]
    assert all(a.startswith("=") for a in answers)
    return answers


def test_a_batch_without_quit_is_answered_in_full() -> None:
    # `printf '...' | kiai`: the input ends at once, while a long command runs and with
    # lines unread: a script, not a GUI gone away, so every line is answered
    answers = answered_in_full([*middle_game(), "genmove black", "final_status_list dead"])
    assert answers[-2].split()[1] not in ("", "PASS", "resign")  # genmove's move


def test_an_input_that_ends_with_its_last_line_is_answered() -> None:
    # `echo genmove b | kiai`: the last line and the end of the input come together, so
    # the long command they end with is answered, not dropped as if a GUI had gone
    proc = subprocess.Popen([sys.executable, "-m", "gtp.cli", "gtp", "--workers", "0", "--move-time", "2"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    setup = middle_game()
    proc.stdin.write(("\n".join(setup) + "\n").encode())
    proc.stdin.flush()
    for _ in setup:
        while proc.stdout.readline() not in (b"\n", b""):
            pass
    proc.stdin.write(b"genmove black\n")
    proc.stdin.close()
    answer = proc.stdout.read().decode()
    assert proc.wait(60) == 0
    assert answer.startswith("= ") and answer.split()[1] not in ("PASS", "resign"), answer
