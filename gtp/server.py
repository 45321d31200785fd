"""The GTP server: reads commands, dispatches them through the registry, writes answers.

Every line gets an answer; a failing command answers '?' with a message and leaves the
game as it was; the server itself never dies on input.
"""

from __future__ import annotations

import sys
import traceback
from typing import BinaryIO, TextIO

import gtp.commands  # noqa: F401  (registers every command)
from core.errors import KiaiError
from gtp.commands.reading import register_node_counters
from gtp.engine import Engine
from gtp.protocol import MAX_LINE, clean, failure, parse, success
from gtp.registry import REGISTRY, Args, Registry


class GtpServer:
    """Answers GTP lines for one engine."""

    def __init__(self, engine: Engine, registry: Registry = REGISTRY) -> None:
        self.engine = engine
        self.registry = registry.copy()
        register_node_counters(self.registry, engine.counters)
        for name in engine.host.implementers("kiai_gtp_commands"):
            engine.host.call(name, "kiai_gtp_commands", registry=self.registry)
        self.finished = False

    def handle(self, raw: str) -> str | None:
        """The answer to one input line, or None for a line with no command."""
        cmd = parse(clean(raw))
        if cmd is None:
            return None
        if not cmd.name:
            return failure(cmd.id, "empty command")
        spec = self.registry.get(cmd.name)
        if spec is None:
            return failure(cmd.id, "unknown command")
        board = self.engine.game.board
        depth = board.stackp
        try:
            answer = spec.handler(self.engine, Args(cmd.name, cmd.args, self.engine.game.size, self.registry))
        except KiaiError as e:
            self._restore(board, depth)
            return failure(cmd.id, str(e))
        except Exception as e:  # a bug must not kill the session: report it and go on
            traceback.print_exc(file=sys.stderr)
            self._restore(board, depth)
            return failure(cmd.id, f"internal error in {cmd.name}: {type(e).__name__}: {e}")
        if cmd.name == "quit":
            self.finished = True
            self.engine.close()
        return success(cmd.id, answer)

    def _restore(self, board: object, depth: int) -> None:
        """Pop reading moves a failed command left on the stack."""
        current = self.engine.game.board
        if current is board:
            while current.stackp > depth:
                current.popgo()

    def serve(self, inp: BinaryIO, out: TextIO) -> None:
        """Answer lines from inp on out until quit or end of input."""
        while not self.finished:
            raw = inp.readline(MAX_LINE + 1)
            if not raw:
                break
            if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                while True:  # skip the rest of the overlong line
                    rest = inp.readline(MAX_LINE)
                    if not rest or rest.endswith(b"\n"):
                        break
                out.write(failure(None, f"line too long (more than {MAX_LINE} bytes)"))
                out.flush()
                continue
            answer = self.handle(raw.decode("utf-8", errors="replace"))
            if answer is not None:
                out.write(answer)
                out.flush()


def main_loop(engine: Engine) -> None:
    """Serve GTP on the process's stdin and stdout."""
    try:
        GtpServer(engine).serve(sys.stdin.buffer, sys.stdout)
    finally:
        engine.close()
