"""Input lines read on their own thread, so the server notices what arrives while it works:
a line sent during a long command waits in order (none is lost), a command that streams
(analysis) can stop when the next line arrives, and the end of input is seen at once,
knowing whether the controller still wants every answer: a `quit` came before it, or the
input was a script's batch (`echo`, `printf`, a file), whose end came with lines still
unread or hard on its last line's heels.

An overlong line is skipped and stands in the queue as TOO_LONG, answered in its turn.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import BinaryIO, Callable, Final

from gtp.protocol import MAX_LINE, clean, parse

TOO_LONG: Final = b"\x00too long"  # what stands for a skipped overlong line (no real line has a NUL at its start)
BATCH_GAP: Final = 0.2  # seconds: an input that ends sooner after its last line was written all at once


class InputLines:
    """Lines of a binary stream, read by a daemon thread into a queue."""

    def __init__(self, stream: BinaryIO, on_end: Callable[[], None] | None = None) -> None:
        self._queue: queue.Queue[bytes | None] = queue.Queue()
        self._on_end = on_end
        self.ended = threading.Event()
        self.quit_read = False  # a quit command has arrived: the input's end was announced
        self.batch = False  # the input ended with lines unread, or within BATCH_GAP of its last line
        self._thread = threading.Thread(target=self._read, args=(stream,), name="kiai-gtp-input", daemon=True)
        self._thread.start()

    def _read(self, stream: BinaryIO) -> None:
        last = time.monotonic()
        try:
            while True:
                raw = stream.readline(MAX_LINE + 1)
                if not raw:
                    break
                last = time.monotonic()
                if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                    while True:  # skip the rest of the overlong line
                        rest = stream.readline(MAX_LINE)
                        if not rest or rest.endswith(b"\n"):
                            break
                    raw = TOO_LONG
                elif _is_quit(raw):
                    self.quit_read = True
                self._queue.put(raw)
        except (OSError, ValueError):
            pass  # a closed or broken stream ends the input like end-of-file
        self.batch = not self._queue.empty() or time.monotonic() - last < BATCH_GAP
        self.ended.set()
        self._queue.put(None)
        if self._on_end is not None:
            self._on_end()

    def next(self) -> bytes | None:
        """The next line (waiting for it), or None at the end of the input."""
        return self._queue.get()

    def answers_wanted(self) -> bool:
        """True once the input has ended and its writer still wants every answer: it sent
        quit, or the input was a batch; false while the input lasts."""
        return self.ended.is_set() and (self.quit_read or self.batch)

    def waiting(self) -> bool:
        """True if a line (or the end of the input) has arrived and is not yet taken."""
        return not self._queue.empty()


def _is_quit(raw: bytes) -> bool:
    """The line is a quit command, with or without an id (read as the server reads it)."""
    command = parse(clean(raw.decode("utf-8", errors="replace")))
    return command is not None and command.name == "quit"
