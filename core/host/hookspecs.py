"""Every hook a Kiai plugin can implement, each with a one-line docstring.

Hooks marked "runs in the pool" are called in a worker process (or in-process with
--workers 0) on a Context rebuilt from msgpack bytes; the others run in the engine.
Every hook call can be watched on stderr: set KIAI_TRACE_HOOKS=1 (or --debug hooks).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Callable

import pluggy

if TYPE_CHECKING:
    from core.analysis.analysis import Analysis
    from core.host.context import Context
    from core.host.gtpview import CommandRegistry
    from core.host.options import Option, Settings
    from core.host.pool import PoolRun
    from core.move.reasons import MoveReason
    from core.reading.counters import NodeCounter

PROJECT = "kiai"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def kiai_options() -> list[Option] | None:
    """The settings this plugin reads, with defaults and help (the command line offers them)."""


@hookspec
def kiai_configure(settings: Settings) -> None:
    """Take the engine's settings, for state the plugin keeps outside its service objects."""


@hookspec
def kiai_services() -> dict[str, object] | None:
    """Fresh service objects this plugin offers to others, by name (called once per host)."""


@hookspec
def kiai_node_counters() -> list[NodeCounter] | None:
    """The node counters this plugin's reading adds to (GTP reset/get_NAME_node_counter)."""


@hookspec
def kiai_pool_functions() -> dict[str, Callable[..., Any]] | None:
    """Functions analysis may run as pool tasks: f(ctx, *args) -> a msgpack-able value."""


@hookspec
def kiai_examine_worms(analysis: Analysis, run: PoolRun) -> None:
    """Examine step: fill in worm facts (tactical codes); run(function, argslist) maps this plugin's pool tasks."""


@hookspec
def kiai_examine_dragons(analysis: Analysis, run: PoolRun) -> None:
    """Examine step, after dragons exist: refine their status (owl); run maps this plugin's pool tasks."""


@hookspec
def kiai_generate(ctx: Context) -> list[MoveReason] | None:
    """Runs in the pool: move reasons for ctx.color in ctx's position."""


@hookspec
def kiai_endgame(ctx: Context) -> list[MoveReason] | None:
    """Runs in the pool: endgame move reasons, asked for when the biggest move is small."""


@hookspec
def kiai_gtp_commands(registry: CommandRegistry) -> None:
    """Register this plugin's GTP commands in the registry."""


@hookspec
def kiai_cli_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add this plugin's subcommands (tools) to the kiai command line."""
