"""The GTP server: reads commands, dispatches them through the registry, writes answers.

Every line gets an answer; a failing command answers '?' with a message and leaves the
game as it was; the server itself never dies on input.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from typing import BinaryIO, Callable, Final, TextIO

import gtp.commands  # noqa: F401  (registers every command)
from core.errors import KiaiError
from core.host.collector import collector_paused, collector_running
from gtp.commands.reading import register_node_counters
from gtp.engine import Engine
from gtp.lines import TOO_LONG, InputLines
from gtp.protocol import MAX_LINE, clean, failure, parse, success
from gtp.registry import REGISTRY, Args, Registry
from gtp.stream import Stream

STREAM_POLL: Final = 0.02  # seconds between looks at the input while an answer streams
END_GRACE: Final = 0.3  # seconds a command in progress may still finish after the input ends


class GtpServer:
    """Answers GTP lines for one engine."""

    def __init__(self, engine: Engine, registry: Registry = REGISTRY) -> None:
        self.engine = engine
        self.registry = registry.copy()
        register_node_counters(self.registry, engine.counters)
        for name in engine.host.implementers("kiai_gtp_commands"):
            engine.host.call(name, "kiai_gtp_commands", registry=self.registry)
        self.finished = False
        self.busy = False  # a command is being answered
        self.input: InputLines | None = None
        self.output: TextIO | None = None  # where a streaming answer goes, while serving

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
            with collector_paused():
                answer = spec.handler(self.engine, Args(cmd.name, cmd.args, self.engine.game.size, self.registry))
            if isinstance(answer, Stream):
                if self.output is None or self.input is None:
                    with collector_paused():  # a stream answered at once: its one round
                        answer = answer.once()
                else:
                    self._stream(cmd.id, answer, self.output, self.input)
                    return None
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

    def _stream(self, ident: str | None, stream: Stream, out: TextIO, lines: InputLines) -> None:
        """Write a streaming answer: '=' at once, a round per interval until the next input
        line (or the end of the input) arrives, the last line if any, and the empty line."""
        try:
            out.write(f"={ident or ''}\n")
            out.flush()
            with collector_running():  # (serve paused it for the command; a round is a unit of its own)
                self._rounds(stream, out, lines)
        finally:
            if stream.close is not None:
                stream.close()
        out.write("\n")
        out.flush()

    def _rounds(self, stream: Stream, out: TextIO, lines: InputLines) -> None:
        """The stream's rounds, each written as it comes, until its last line or the next input line."""
        while True:
            try:
                with collector_paused():
                    text = stream.round()
                    closing = stream.last() if stream.last is not None else None
            except Exception:  # a bug ends the stream, never the answer's framing
                traceback.print_exc(file=sys.stderr)
                break
            if text:
                out.write(text + "\n")
                out.flush()
            if closing is not None:
                out.write(closing + "\n")
                break
            wake = time.monotonic() + stream.interval
            while not lines.waiting() and time.monotonic() < wake:
                time.sleep(STREAM_POLL)
            if lines.waiting():
                break

    def _restore(self, board: object, depth: int) -> None:
        """Pop reading moves a failed command left on the stack."""
        current = self.engine.game.board
        if current is board:
            while current.stackp > depth:
                current.popgo()

    def serve(self, inp: BinaryIO, out: TextIO, on_end: Callable[[], None] | None = None) -> None:
        """Answer lines from inp on out until quit or end of input (on_end, if given, is
        called on the reading thread the moment the input ends)."""
        self.input = InputLines(inp, on_end)
        self.output = out
        while not self.finished:
            raw = self.input.next()
            if raw is None:
                break
            if raw == TOO_LONG:
                _write(out, failure(None, f"line too long (more than {MAX_LINE} bytes)"))
                continue
            self.busy = True
            try:
                with collector_paused():  # it collects once the answer is out (handle's own pause: before)
                    _write(out, self.handle(raw.decode("utf-8", errors="replace")))
            finally:
                self.busy = False


def _write(out: TextIO, answer: str | None) -> None:
    """Send an answer, if there is one, at once."""
    if answer is not None:
        out.write(answer)
        out.flush()


def main_loop(engine: Engine) -> None:
    """Serve GTP on the process's stdin and stdout. When the input ends in the middle of a
    command (a GUI closed the engine's stdin), the engine does not finish the command for
    no one: it stops its workers and exits; input that ends after a quit, or a script's
    batch (`printf 'loadsgf f.sgf\\ngenmove b\\n' | kiai`), is answered in full first."""
    server = GtpServer(engine)

    def input_ended() -> None:
        time.sleep(END_GRACE)
        if server.busy and not (server.input is not None and server.input.answers_wanted()):
            engine.pool.kill()
            os._exit(0)

    # The input thread reads its own file object on a copy of stdin's descriptor, never
    # sys.stdin: every child forked while that thread waits in a read (a pool worker, the
    # analysis's refining child) closes its copy of sys.stdin first, and would hang for good
    # on a lock the read holds, before a worker ever watches its parent.
    inp = open(os.dup(sys.stdin.fileno()), "rb")
    code = 0
    try:
        server.serve(inp, sys.stdout, input_ended)
    except KeyboardInterrupt:
        code = 130
    except BaseException:
        traceback.print_exc(file=sys.stderr)
        code = 1
    finally:
        engine.close()
        sys.stdout.flush()
        sys.stderr.flush()
        # the input thread may still be blocked reading stdin, and an interpreter that
        # finalises under it aborts: leave at once, everything is closed
        os._exit(code)
