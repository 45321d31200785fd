"""The `kiai` command line: the GTP engine, the regression runner, the match referee, the
decide tools, and every plugin's options and tools (gtp names no plugin's setting)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any, Sequence

from core.host.options import Option
from core.reading.caches import DEFAULT_MEMORY
from gtp.arguments import amount, count
from gtp.engine import Engine, Options

if TYPE_CHECKING:
    from core.host.plugins import PluginHost

DEBUG_FLAGS = ("hooks", "owl", "persistent", "reading")  # --debug: what to report on stderr


def _every_plugin(argv: Sequence[str] | None) -> PluginHost:
    """A host of every plugin found, with the --plugin modules named in argv."""
    from core.host.plugins import PluginHost, PluginSpec

    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--plugin", action="append", default=[])
    known, _ = pre.parse_known_args(list(argv or []))
    return PluginHost(PluginSpec((), tuple(m for m in known.plugin if "=" in m)))


def add_engine_options(p: argparse.ArgumentParser, options: dict[str, list[Option]],
                       sub: bool = False) -> list[argparse.Action]:
    """Options that configure a Kiai engine: the engine's own, then each plugin's; a
    subcommand's (sub) set only what is given after it, so `kiai --level 5 gtp` keeps 5.
    Returns the options' actions."""
    actions: list[argparse.Action] = []

    def default(value: Any) -> Any:
        return argparse.SUPPRESS if sub else value

    def add(*flags: str, **kw: Any) -> None:
        actions.append(p.add_argument(*flags, **kw))

    add("--size", type=int, default=default(19), help="initial board size (default 19)")
    add("--komi", type=float, default=default(7.5), help="initial komi (default 7.5)")
    add("--level", type=int, default=default(10), choices=range(1, 11), metavar="1-10",
          help="playing level: lower is faster and weaker (default 10)")
    add("--seed", type=int, default=default(0), help="random seed (default 0)")
    add("--superko", action="store_true", default=default(False), help="forbid positional superko in game play")
    add("--move-time", type=amount(0.0, above=True), default=default(10.0),
          help="seconds per move when no time control is set (default 10)")
    add("-t", "--trace", action="count", default=default(0),
          help="trace what the engine does on stderr (repeat for more)")
    add("--live-gfx", action="store_true", default=default(False),
          help="draw the candidates on stderr for GoGui (gogui-gfx:) while a move is made")
    add("--debug", action="append", default=default([]), metavar="FLAG",
          help=f"report on stderr: {', '.join(DEBUG_FLAGS)} (repeatable, or comma-separated)")
    add("--workers", type=count(0), default=default(None),
          help="worker processes for plugin tasks (default: CPUs, at most 4; 0 runs them in-process)")
    add("--disable", action="append", default=default([]), metavar="PLUGIN",
          help="do not load this plugin (repeatable); see `kiai plugins`")
    add("--plugin", action="append", default=default([]), metavar="NAME=MODULE",
          help="also load a plugin module that has no entry point (repeatable)")
    add("--memory", type=amount(0.0), default=default(DEFAULT_MEMORY),
          help=f"MB of caches in each process: the readers', the eye values' and the superstrings' (default {DEFAULT_MEMORY:g})")
    add("--hash", type=int, default=default(1), choices=(0, 1), help="0 turns the reading caches off")
    names: list[str] = []
    for plugin, declared in sorted(options.items()):
        group = p.add_argument_group(f"{plugin} plugin")
        for o in declared:
            value = int(o.default) if o.integer else o.default
            kind = count(int(o.minimum)) if o.integer else amount(o.minimum)
            actions.append(group.add_argument(o.flag, type=kind, default=default(value),
                                              dest=o.name, metavar="N" if o.integer else "X",
                                              help=f"{o.help} (default {value:g})"))
            names.append(o.name)
    p.set_defaults(plugin_settings=names)
    return actions


def engine_flags(args: argparse.Namespace, skip: Sequence[str] = ()) -> list[str]:
    """The engine options args sets to other than their defaults, as command-line flags
    (for a Kiai engine started as a subprocess); skip names options the caller sets itself."""
    parser = argparse.ArgumentParser(add_help=False)
    actions = add_engine_options(parser, _every_plugin([f"--plugin={m}" for m in getattr(args, "plugin", [])]).options)
    defaults = parser.parse_args([])
    flags: list[str] = []
    for action in actions:
        dest = action.dest
        if dest in skip or not hasattr(args, dest):
            continue
        value = getattr(args, dest)
        if value == getattr(defaults, dest):
            continue
        flag = action.option_strings[-1]
        if isinstance(value, bool):  # a switch
            flags.append(flag)
        elif isinstance(value, list):  # repeatable
            for item in value:
                flags += [flag, str(item)]
        elif action.nargs == 0:  # a count (-t -t)
            flags += [flag] * int(value)
        else:
            flags += [flag, str(value)]
    return flags


def default_workers() -> int:
    """Worker processes when none are asked for: one per CPU, at most four."""
    return max(1, min(4, os.cpu_count() or 1))


def debug_flags(args: argparse.Namespace) -> list[str]:
    """The --debug flags given, checked; 'hooks' also turns on hook tracing in every process."""
    from core.errors import KiaiError
    from core.host import tracing

    flags = [f.strip() for item in args.debug for f in item.split(",") if f.strip()]
    unknown = [f for f in flags if f not in DEBUG_FLAGS]
    if unknown:
        raise KiaiError(f"unknown --debug flag(s): {', '.join(unknown)} (known: {', '.join(DEBUG_FLAGS)})")
    if "hooks" in flags:
        os.environ[tracing.ENV] = "1"
    return flags


def settings_from(args: argparse.Namespace) -> tuple[tuple[str, float], ...]:
    """The settings every plugin and service gets: the engine's and each plugin's options."""
    settings: dict[str, float] = {"level": args.level, "memory": args.memory, "hash": args.hash}
    for flag in debug_flags(args):
        settings[f"debug_{flag}"] = 1.0
    for name in args.plugin_settings:
        settings[name] = float(getattr(args, name))
    return tuple(settings.items())


def engine_from(args: argparse.Namespace, workers: int | None = None) -> Engine:
    """An Engine configured from parsed command-line options."""
    from core.errors import KiaiError

    count = workers if workers is not None else args.workers if args.workers is not None else default_workers()
    if count < 0:
        raise KiaiError("--workers must be 0 or more")
    for item in args.plugin:
        if "=" not in item:
            raise KiaiError(f"--plugin takes NAME=MODULE, got {item!r}")
    return Engine(Options(size=args.size, komi=args.komi, level=args.level, seed=args.seed,
                          trace=args.trace, superko=args.superko, move_time=args.move_time, workers=count,
                          live_gfx=args.live_gfx,
                          disabled=tuple(args.disable), plugins=tuple(args.plugin), settings=settings_from(args)))


class _Version(argparse.Action):
    """--version: the version and the build, as written (argparse's own would rewrap it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from core import build

        print(build.report())
        parser.exit()


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of `kiai` and its subcommands (argv tells which --plugin modules to ask for options)."""
    from gtp import agree, agree_eyes, agree_moves, audit, decide, referee, regress, roots, show

    host = _every_plugin(argv)
    options = host.options
    parser = argparse.ArgumentParser(prog="kiai", description="Kiai, a Go engine that speaks GTP.")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="the version, and whether the compiled build runs (and which modules)")
    sub = parser.add_subparsers(dest="command")
    gtp_p = sub.add_parser("gtp", help="speak GTP on stdin/stdout (the default)")
    add_engine_options(gtp_p, options, sub=True)
    add_engine_options(parser, options)

    plugins_p = sub.add_parser("plugins", help="list the plugins found, loaded or disabled, and their hooks")
    add_engine_options(plugins_p, options, sub=True)
    plugins_p.set_defaults(run=list_plugins)

    regress.add_parser(sub)
    agree.add_parser(sub)
    agree_eyes.add_parser(sub)
    agree_moves.add_parser(sub)
    referee.add_parser(sub)
    show.add_parser(sub)
    for tool in decide.add_parsers(sub) + [audit.add_parser(sub), roots.add_parser(sub)]:
        add_engine_options(tool, options, sub=True)
    for name in host.implementers("kiai_cli_commands"):
        host.call(name, "kiai_cli_commands", subparsers=sub)
    return parser


def list_plugins(args: argparse.Namespace) -> int:
    """Print every plugin found, whether it is loaded, and the hooks it implements."""
    from core.host.plugins import PluginHost, PluginSpec

    host = PluginHost(PluginSpec(tuple(args.disable), tuple(args.plugin)))
    for name, module, hooks, loaded in host.describe():
        state = "loaded" if loaded else "disabled"
        print(f"{name:<14} {state:<9} {module:<34} {' '.join(hooks)}")
    services = ", ".join(f"{s} ({p})" for s, p in sorted(host.services.providers.items()))
    print(f"services: {services or 'none'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `kiai` command."""
    try:
        return _main(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:  # whoever read our output stopped (`kiai --version | head -1`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit's flush is quiet
        return 1


def _main(argv: list[str]) -> int:
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    from core.errors import KiaiError

    if args.command in (None, "gtp"):
        from core.board.coords import check_size
        from gtp.server import main_loop

        try:
            check_size(args.size)
            engine = engine_from(args)
        except KiaiError as e:
            parser.error(str(e))
        main_loop(engine)
        return 0
    try:
        return int(args.run(args))
    except KiaiError as e:
        print(f"kiai: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
