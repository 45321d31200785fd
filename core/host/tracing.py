"""Watching plugins: every hook call and pool task on stderr, with the plugin, the hook,
the process, the time taken and what came back.

Turned on by the environment variable KIAI_TRACE_HOOKS=1 (`kiai --debug hooks` sets it),
so worker processes, which inherit the environment, trace too. A user who swaps a plugin
sees that it ran and what it gave.
"""

from __future__ import annotations

import os
import sys
from typing import Final

ENV: Final = "KIAI_TRACE_HOOKS"
SHOWN: Final = 4  # move reasons listed per call; the rest are counted


def enabled() -> bool:
    """True when hook calls are traced."""
    return os.environ.get(ENV, "") not in ("", "0")


def summary(value: object) -> str:
    """What a hook returned, in a few words: the move reasons it gave, or the value's kind."""
    from core.move.reasons import MoveReason

    if value is None:
        return "nothing"
    if isinstance(value, (list, tuple)):
        reasons = [r for r in value if isinstance(r, MoveReason)]
        if reasons and len(reasons) == len(value):
            names = ", ".join(f"{r.kind.name}@{r.move}" for r in reasons[:SHOWN])
            more = f" and {len(reasons) - SHOWN} more" if len(reasons) > SHOWN else ""
            return f"{len(reasons)} reasons ({names}{more})"
        return f"{len(value)} items"
    if isinstance(value, dict):
        return f"{{{', '.join(sorted(map(str, value)))}}}"
    return type(value).__name__


def report(plugin: str, hook: str, role: str, seconds: float, value: object, error: str = "") -> None:
    """One line of hook trace on stderr."""
    outcome = f"raised {error}" if error else summary(value)
    print(f"kiai hook: {plugin}.{hook} in {role} {os.getpid()} took {seconds * 1000:.1f} ms -> {outcome}",
          file=sys.stderr, flush=True)
