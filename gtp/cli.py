"""The `kiai` command line: the GTP engine, the regression runner and the match referee."""

from __future__ import annotations

import argparse
import os
import sys

from gtp.engine import Engine, Options


def add_engine_options(p: argparse.ArgumentParser) -> None:
    """Options that configure a Kiai engine."""
    p.add_argument("--size", type=int, default=19, help="initial board size (default 19)")
    p.add_argument("--komi", type=float, default=7.5, help="initial komi (default 7.5)")
    p.add_argument("--level", type=int, default=10, choices=range(1, 11), metavar="1-10",
                   help="playing level: lower is faster and weaker (default 10)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--superko", action="store_true", help="forbid positional superko in game play")
    p.add_argument("--move-time", type=float, default=10.0,
                   help="seconds per move when no time control is set (default 10)")
    p.add_argument("-t", "--trace", action="count", default=0,
                   help="trace what the engine does on stderr (repeat for more)")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes for plugin tasks (default: CPUs, at most 4; 0 runs them in-process)")
    p.add_argument("--disable", action="append", default=[], metavar="PLUGIN",
                   help="do not load this plugin (repeatable); see `kiai plugins`")
    p.add_argument("--plugin", action="append", default=[], metavar="NAME=MODULE",
                   help="also load a plugin module that has no entry point (repeatable)")


def default_workers() -> int:
    """Worker processes when none are asked for: one per CPU, at most four."""
    return max(1, min(4, os.cpu_count() or 1))


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
                          disabled=tuple(args.disable), plugins=tuple(args.plugin)))


def build_parser() -> argparse.ArgumentParser:
    """The parser of `kiai` and its subcommands."""
    parser = argparse.ArgumentParser(prog="kiai", description="Kiai, a Go engine that speaks GTP.")
    sub = parser.add_subparsers(dest="command")
    gtp_p = sub.add_parser("gtp", help="speak GTP on stdin/stdout (the default)")
    add_engine_options(gtp_p)
    add_engine_options(parser)

    plugins_p = sub.add_parser("plugins", help="list the plugins found, loaded or disabled, and their hooks")
    add_engine_options(plugins_p)
    plugins_p.set_defaults(run=list_plugins)

    from gtp import referee, regress
    from plugins.tactical import decide

    regress.add_parser(sub)
    referee.add_parser(sub)
    decide.add_parser(sub)
    return parser


def list_plugins(args: argparse.Namespace) -> int:
    """Print every plugin found, whether it is loaded, and the hooks it implements."""
    from core.plugins import PluginHost, PluginSpec

    host = PluginHost(PluginSpec(tuple(args.disable), tuple(args.plugin)))
    for name, module, hooks, loaded in host.describe():
        state = "loaded" if loaded else "disabled"
        print(f"{name:<14} {state:<9} {module:<34} {' '.join(hooks)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `kiai` command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command in (None, "gtp"):
        from core.coords import check_size
        from core.errors import KiaiError
        from gtp.server import main_loop

        try:
            check_size(args.size)
            engine = engine_from(args)
        except KiaiError as e:
            parser.error(str(e))
        main_loop(engine)
        return 0
    from core.errors import KiaiError

    try:
        return int(args.run(args))
    except KiaiError as e:
        print(f"kiai: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
