"""Talking GTP to another engine: a subprocess, or a Kiai engine in this process."""

from __future__ import annotations

import os
import queue
import shlex
import subprocess
import threading
from pathlib import Path
from typing import Protocol

from core.errors import KiaiError


class EngineFailure(KiaiError):
    """The engine died, timed out, or answered something that is not GTP."""


class EngineTimeout(EngineFailure):
    """The engine is running but did not answer in time."""


class GtpSession(Protocol):
    """Anything that answers GTP commands: (True, answer) or (False, error message)."""

    def send(self, command: str, timeout: float | None = None) -> tuple[bool, str]:
        """Send one command and wait for its answer."""
        ...

    def close(self) -> None:
        """End the session."""
        ...


class ProcessSession:
    """A GTP engine in a subprocess; answers are read by a thread so timeouts work."""

    def __init__(self, command: str, cwd: str | Path | None = None, stderr: int | None = subprocess.DEVNULL) -> None:
        self.command = command
        try:
            self.proc = subprocess.Popen(
                shlex.split(command), cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=stderr, text=True, bufsize=1, env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        except OSError as e:
            raise EngineFailure(f"cannot start engine {command!r}: {e.strerror or e}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def send(self, command: str, timeout: float | None = None) -> tuple[bool, str]:
        """Send one command; EngineFailure if the engine dies or exceeds the timeout."""
        if self.proc.poll() is not None:
            raise EngineFailure(f"engine {self.command!r} has exited")
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineFailure(f"engine {self.command!r} has exited") from None
        lines: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise EngineTimeout(f"engine {self.command!r} did not answer {command!r} within {timeout}s") from None
            if line is None:
                raise EngineFailure(f"engine {self.command!r} exited while answering {command!r}")
            line = line.rstrip("\r\n")
            if not lines and not line.strip():
                continue  # stray blank lines between answers
            if not line.strip():
                break
            lines.append(line)
        head = lines[0]
        if head[:1] not in ("=", "?"):
            raise EngineFailure(f"engine {self.command!r} answered {head!r}, which is not GTP")
        first = head[1:].lstrip("0123456789")
        text = "\n".join([first[1:] if first.startswith(" ") else first] + lines[1:])
        return head[0] == "=", text.strip() if len(lines) == 1 else text

    def close(self) -> None:
        """Ask the engine to quit, then make sure it is gone."""
        if self.proc.poll() is None:
            try:
                self.send("quit", timeout=5)
            except EngineFailure:
                pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class InProcessSession:
    """A Kiai engine in this process behind the same interface (no timeouts: it is us)."""

    def __init__(self, engine: object | None = None) -> None:
        from gtp.engine import Engine
        from gtp.server import GtpServer

        self.server = GtpServer(engine if isinstance(engine, Engine) else Engine())

    def send(self, command: str, timeout: float | None = None) -> tuple[bool, str]:
        """Answer one command in-process."""
        answer = self.server.handle(command)
        if answer is None:
            return True, ""
        head, _, rest = answer.rstrip("\n").partition(" ")
        ok = head.startswith("=")
        return ok, rest.strip() if "\n" not in rest else rest

    def close(self) -> None:
        """Nothing to release."""
