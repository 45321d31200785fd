"""Every hook a Kiai plugin can implement, each with a one-line docstring.

Hooks marked "runs in the pool" are called in a worker process (or in-process with
--workers 0) on a Context rebuilt from msgpack bytes; the others run in the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pluggy

if TYPE_CHECKING:
    from core.host.context import Context
    from core.move.reasons import MoveReason

PROJECT = "kiai"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def kiai_configure(settings: dict[str, float]) -> None:
    """Take the engine's settings (reading depths, memory, level) given on the command line."""


@hookspec
def kiai_services() -> dict[str, Any] | None:
    """Services this plugin offers to others by name (e.g. 'tactical': a TacticalReader)."""


@hookspec
def kiai_pool_functions() -> dict[str, Callable[..., Any]] | None:
    """Functions of this plugin that analysis may run as pool tasks: f(ctx, *args) -> msgpack-able value."""


@hookspec
def kiai_examine_worms(analysis: Any, run: Any) -> None:
    """Examine step: fill in worm facts (tactical codes); run(plugin, fn, argslist) maps pool tasks."""


@hookspec
def kiai_examine_dragons(analysis: Any, run: Any) -> None:
    """Examine step, after dragons exist: refine their status (owl); run maps pool tasks."""


@hookspec
def kiai_generate(ctx: Context) -> list[MoveReason] | None:
    """Runs in the pool: move reasons for ctx.color in ctx's position."""


@hookspec
def kiai_endgame(ctx: Context) -> list[MoveReason] | None:
    """Runs in the pool: endgame move reasons, asked for when the biggest move is small."""


@hookspec
def kiai_gtp_commands(registry: Any) -> None:
    """Register this plugin's GTP commands in the registry."""


@hookspec
def kiai_cli_commands(subparsers: Any) -> None:
    """Add this plugin's subcommands (tools such as decide-string) to the kiai command line."""
