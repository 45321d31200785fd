"""`kiai agree-eyes`: Kiai's eye values beside a reference engine's on every small eye
space of the suites' positions, the measure behind the Eyes section's "spaces differ".

The positions are every `loadsgf` of the suites given (their tests are not run). In each,
Kiai's eye spaces are listed through GTP (`eye_data` of both colours at every point, one
space per colour and origin); a space of at most --max-points points with a point that is
not marginal is compared. The reference (GNU Go 3.8 by default) is asked `eye_data` at
each of its points: the space is matched when the reference puts every point in one space
of its own with as many points and as many marginal points. For a matched space, Kiai's
value (`eye_data`'s min and max) is compared with the reference's `eval_eye` at its first
point that is not marginal. Both engines are asked only GTP commands, so any engine that
speaks GNU Go's dialect can stand on either side.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

from core.errors import KiaiError
from gtp.agree import add_common_options, positions
from gtp.arguments import count
from gtp.client import EngineFailure, GtpSession, InProcessSession, ProcessSession

MAX_POINTS = 10  # the largest space compared by default (the Eyes section's figures use it)
COLORS = ("black", "white")


@dataclass
class Space:
    """One of Kiai's eye spaces, with the reference's value where it matched one of its own."""

    load: str
    color: str
    points: list[str]
    marginal: list[str] = field(default_factory=list)
    kiai: list[int] = field(default_factory=list)  # min and max
    reference: list[int] = field(default_factory=list)  # min and max; empty where not matched

    @property
    def matched(self) -> bool:
        """The reference has a space with the same points and marginal points."""
        return bool(self.reference)

    @property
    def differs(self) -> bool:
        """Matched, with another value."""
        return self.matched and self.reference != self.kiai


def _fields(text: str) -> dict[str, str]:
    """eye_data's lines as a mapping of name to the rest of the line."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        name, _, rest = line.strip().partition(" ")
        if name:
            out[name] = rest.strip()
    return out


def _value(text: str) -> list[int]:
    """The first two words as min and max eyes; empty where they are not two numbers."""
    words = text.split()[:2]
    return [int(w) for w in words] if len(words) == 2 and all(w.lstrip("-").isdigit() for w in words) else []


def _send(session: GtpSession, command: str, timeout: float | None) -> str:
    """The answer, or an EngineFailure that names the command."""
    ok, text = session.send(command, timeout)
    if not ok:
        raise EngineFailure(f"{command!r} refused: {text}")
    return text


def board_points(session: GtpSession, timeout: float | None) -> list[str]:
    """Every vertex of the session's board, its size read from showboard's column letters."""
    for line in _send(session, "showboard", timeout).splitlines():
        letters = line.split()
        if letters and all(len(w) == 1 and w.isalpha() for w in letters):
            return [f"{c}{r}" for r in range(len(letters), 0, -1) for c in letters]
    raise EngineFailure("showboard names no columns")


def kiai_spaces(session: GtpSession, load: str, max_points: int, timeout: float | None) -> list[Space]:
    """The session's eye spaces of the loaded position with at most max_points points and
    a point that is not marginal."""
    seen: set[tuple[str, str]] = set()
    out: list[Space] = []
    for p in board_points(session, timeout):
        for color in COLORS:
            data = _fields(_send(session, f"eye_data {color} {p}", timeout))
            if "origin" not in data or (color, data["origin"]) in seen:
                continue
            seen.add((color, data["origin"]))
            points = data.get("points", "").split()
            marginal = [q for q in data.get("marginal", "-").split() if q != "-"]
            if len(points) > max_points or len(marginal) == len(points):
                continue
            value = _value(data.get("value", ""))
            if not value:
                continue
            out.append(Space(load, color, points, marginal, value))
    return out


def match(reference: GtpSession, space: Space, timeout: float | None) -> None:
    """Fill space.reference with the reference's value where it holds the same space."""
    origins: set[str] = set()
    for p in space.points:
        data = _fields(_send(reference, f"eye_data {space.color} {p}", timeout))
        origins.add(data.get("origin", ""))
        if data.get("esize") != str(len(space.points)) or data.get("msize") != str(len(space.marginal)):
            return
    if len(origins) != 1 or "" in origins:
        return
    inner = next(p for p in space.points if p not in space.marginal)
    space.reference = _value(_send(reference, f"eval_eye {inner}", timeout))


def compare(kiai: GtpSession, reference: GtpSession, loads: list[str], max_points: int = MAX_POINTS,
            timeout: float | None = None) -> tuple[list[Space], list[str]]:
    """Kiai's small eye spaces of every position the two sessions both load, matched and
    valued by the reference; and the positions one of them could not load."""
    out: list[Space] = []
    skipped: list[str] = []
    for load in loads:
        if not kiai.send(load, timeout)[0] or not reference.send(load, timeout)[0]:
            skipped.append(load)
            continue
        spaces = kiai_spaces(kiai, load, max_points, timeout)
        for space in spaces:
            match(reference, space, timeout)
        out.extend(spaces)
    return out, skipped


def report(spaces: list[Space], loads: int, max_points: int, skipped: Sequence[str] = ()) -> str:
    """Each differing space, then the counts, and the positions not loaded."""
    lines = [f"{s.load} {s.color} {' '.join(s.points)}" + (f" (marginal {' '.join(s.marginal)})" if s.marginal else "")
             + f": Kiai {s.kiai[0]} {s.kiai[1]}, reference {s.reference[0]} {s.reference[1]}"
             for s in spaces if s.differs]
    matched = sum(s.matched for s in spaces)
    lines.append(f"{loads} positions: {len(spaces)} eye spaces of at most {max_points} points, {matched} matched by "
                 f"the reference, {sum(s.differs for s in spaces)} of them valued otherwise")
    if skipped:
        lines.append(f"positions not loaded by both engines: {len(skipped)}; the first: {skipped[0]}")
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    """Register the `agree-eyes` subcommand."""
    p = sub.add_parser("agree-eyes", help="eye values against a reference engine's eval_eye on every small eye "
                       "space of the suites' positions")
    add_common_options(p)
    p.add_argument("--max-points", type=count(1), default=MAX_POINTS, help="the largest space compared")
    p.add_argument("--json", type=Path, help="also write every space compared as JSON to this file")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Compare and print; 2 if a suite or the reference engine cannot be used, else 0."""
    from gtp.cli import build_parser, engine_from

    try:
        loads = positions(args.suites)
        flags = shlex.split(args.kiai_args)
        parsed = build_parser(flags).parse_args(flags)
        kiai = InProcessSession(engine_from(parsed, workers=0))  # (the eye analysis needs no workers)
        reference = ProcessSession(args.reference)
        try:
            spaces, skipped = compare(kiai, reference, loads, args.max_points, args.timeout)
        finally:
            reference.close()
    except KiaiError as e:
        print(f"kiai agree-eyes: {e}", file=sys.stderr)
        return 2
    print(report(spaces, len(loads), args.max_points, skipped))
    if args.json:
        args.json.write_text(json.dumps([asdict(s) for s in spaces], indent=1))
    return 0
