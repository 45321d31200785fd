"""Answers that stream: a command that analyses (lz-analyze, kata-analyze, ...) answers
'=' at once, then one line per interval until the next input line arrives, then the
empty line that ends every GTP answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass
class Stream:
    """A streaming answer: round() gives the next line; last(), if given, the closing line
    (it ends the stream after the first round, as genmove_analyze does); close() runs when
    the stream ends, however it ends."""

    round: Callable[[], str]
    interval: float
    last: Callable[[], str] | None = None
    close: Callable[[], None] | None = None

    def once(self) -> str:
        """The whole answer when nothing reads it as a stream: one round, and the last line."""
        try:
            lines = [self.round()]
            if self.last is not None:
                lines.append(self.last())
            return "\n".join(line for line in lines if line)
        finally:
            if self.close is not None:
                self.close()
