"""GTP 2 wire rules: cleaning a raw line, splitting off the id, and formatting answers."""

from __future__ import annotations

from dataclasses import dataclass

from core.board.coords import is_number
from core.errors import KiaiError

MAX_LINE = 1 << 16  # longer lines are answered with an error, not processed


class GtpError(KiaiError):
    """A command failed; the server answers '?' with this message."""


@dataclass(frozen=True)
class Command:
    """One parsed GTP command."""

    id: str | None
    name: str
    args: list[str]


def clean(raw: str) -> str:
    """The line with comments and control characters (other than HT, LF) removed, HT as space."""
    out = []
    for ch in raw:
        if ch == "#":
            break
        o = ord(ch)
        if ch == "\t":
            out.append(" ")
        elif o >= 32 and o != 127:
            out.append(ch)
    return "".join(out).strip()


def parse(line: str) -> Command | None:
    """The command on a cleaned line, or None if the line is empty."""
    tokens = line.split()
    if not tokens:
        return None
    ident = None
    if is_number(tokens[0]):
        ident = tokens.pop(0)
        if not tokens:
            return Command(ident, "", [])
    return Command(ident, tokens[0], tokens[1:])


def success(ident: str | None, answer: str) -> str:
    """A success answer: '=id answer' and an empty line; no empty lines inside."""
    return _format("=", ident, answer)


def failure(ident: str | None, message: str) -> str:
    """A failure answer: '?id message' and an empty line."""
    return _format("?", ident, message)


def _format(mark: str, ident: str | None, text: str) -> str:
    # The first line may be empty (showboard starts on the next line); no later line may.
    lines = [ln.rstrip() for ln in text.rstrip().split("\n")]
    body = "\n".join(lines[:1] + [ln if ln else " " for ln in lines[1:]])
    head = mark + (ident or "")
    return f"{head} {body}\n\n"
