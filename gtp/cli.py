"""The `kiai` command line: the GTP engine, the regression runner and the match referee."""

from __future__ import annotations

import argparse
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


def engine_from(args: argparse.Namespace) -> Engine:
    """An Engine configured from parsed command-line options."""
    return Engine(Options(size=args.size, komi=args.komi, level=args.level, seed=args.seed,
                          trace=args.trace, superko=args.superko, move_time=args.move_time))


def build_parser() -> argparse.ArgumentParser:
    """The parser of `kiai` and its subcommands."""
    parser = argparse.ArgumentParser(prog="kiai", description="Kiai, a Go engine that speaks GTP.")
    sub = parser.add_subparsers(dest="command")
    gtp_p = sub.add_parser("gtp", help="speak GTP on stdin/stdout (the default)")
    add_engine_options(gtp_p)
    add_engine_options(parser)

    from gtp import referee, regress

    regress.add_parser(sub)
    referee.add_parser(sub)
    return parser


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
        except KiaiError as e:
            parser.error(str(e))
        main_loop(engine_from(args))
        return 0
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
