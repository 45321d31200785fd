"""Helpers for GTP tests: an in-process server and a snapshot of everything a command may change."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from core.board.boardcheck import snapshot
from gtp.engine import Engine, Options
from gtp.server import GtpServer

KIAI_GTP = f"{sys.executable} -m gtp.cli gtp"
KIAI_REFERENCE = f"{KIAI_GTP} --workers 0"  # Kiai as a tool's reference engine, in one process


def run_tool(folder: Path, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run `kiai TOOL ARGS` in folder; its exit status and output."""
    return subprocess.run([sys.executable, "-m", "gtp.cli", tool, *args], capture_output=True,
                          text=True, timeout=300, cwd=folder)


def server(size: int = 9, komi: float = 6.5) -> GtpServer:
    """A fresh in-process GTP server."""
    return GtpServer(Engine(Options(size=size, komi=komi)))


def ask(srv: GtpServer, line: str) -> tuple[bool, str]:
    """Send one line; (success, answer text)."""
    answer = srv.handle(line)
    assert answer is not None, f"no answer to {line!r}"
    assert answer.endswith("\n\n") and "\n\n" not in answer[:-2], answer
    head, _, rest = answer[:-2].partition(" ")
    return head.startswith("="), rest


def play_diagram(srv: GtpServer, diagram: str) -> None:
    """Play the stones of an ASCII diagram (X black, O white; the top row is the highest)."""
    rows = diagram.strip().splitlines()
    for row, line in enumerate(rows):
        for col, ch in enumerate(line.split()):
            if ch in "XO":
                move = f"play {'black' if ch == 'X' else 'white'} {'ABCDEFGHJKLMNOPQRST'[col]}{len(rows) - row}"
                assert ask(srv, move)[0], move


def game_state(srv: GtpServer) -> tuple[object, ...]:
    """Everything about the game a failed command must leave untouched."""
    g = srv.engine.game
    return (snapshot(g.board), g.board.stackp, g.board.undo_depth, tuple(g.board.history), g.komi,
            g.handicap, g.to_move, g.size, srv.engine.level, dict(srv.engine.clock.left))
