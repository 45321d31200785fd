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
    reading = p.add_argument_group("tactical reading (GNU Go's parameters, scaled by --level)")
    reading.add_argument("--depth", type=int, default=16, help="reading depth (default 16)")
    reading.add_argument("--branch-depth", type=int, default=13, help="branching stops beyond this (default 13)")
    reading.add_argument("--backfill-depth", type=int, default=12, help="backfilling is tried up to here (default 12)")
    reading.add_argument("--fourlib-depth", type=int, default=7, help="4-liberty strings are read up to here (default 7)")
    reading.add_argument("--ko-depth", type=int, default=8, help="conditional ko captures up to here (default 8)")
    reading.add_argument("--break-chain-depth", type=int, default=7,
                         help="defending by shortening 2-3 liberty neighbours up to here (default 7)")
    reading.add_argument("--superstring-depth", type=int, default=3,
                         help="superstring moves are tried up to here (default 3)")
    reading.add_argument("--connection-depth", type=int, default=11,
                         help="plies of connection reading (default 11)")
    reading.add_argument("--connection-nodes", type=int, default=3000,
                         help="connection nodes per question before it is left unanswered (default 3000)")
    reading.add_argument("--memory", type=float, default=32.0, help="transposition table size in MB (default 32)")
    reading.add_argument("--hash", type=int, default=1, choices=(0, 1), help="0 turns the reading caches off")


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
    settings = {"level": args.level, "depth": args.depth, "branch_depth": args.branch_depth,
                "backfill_depth": args.backfill_depth, "fourlib_depth": args.fourlib_depth,
                "ko_depth": args.ko_depth, "break_chain_depth": args.break_chain_depth,
                "superstring_depth": args.superstring_depth, "connection_depth": args.connection_depth,
                "connection_nodes": args.connection_nodes, "memory": args.memory, "hash": args.hash}
    return Engine(Options(size=args.size, komi=args.komi, level=args.level, seed=args.seed,
                          trace=args.trace, superko=args.superko, move_time=args.move_time, workers=count,
                          disabled=tuple(args.disable), plugins=tuple(args.plugin),
                          settings=tuple((k, float(v)) for k, v in settings.items())))


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

    from core.host.plugins import PluginHost
    from gtp import referee, regress

    regress.add_parser(sub)
    referee.add_parser(sub)
    host = PluginHost()
    for name in host.implementers("kiai_cli_commands"):
        host.hook_function(name, "kiai_cli_commands")(subparsers=sub)
    return parser


def list_plugins(args: argparse.Namespace) -> int:
    """Print every plugin found, whether it is loaded, and the hooks it implements."""
    from core.host.plugins import PluginHost, PluginSpec

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
        from core.board.coords import check_size
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
