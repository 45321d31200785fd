"""`kiai decide-connection A/B`: read whether two strings can be connected and cut, print
the results with node counts, and write every variation read to an SGF file."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from core.board.coords import parse_vertex, vertex
from core.errors import KiaiError
from core.board.sgf import load_position
from core.reading.variations import VariationTree
from core.reading.table import TranspositionTable
from plugins.connection.reader import ConnectionReader, Limits


def add_parser(sub: Any) -> None:
    """Register the decide-connection subcommand."""
    p = sub.add_parser("decide-connection",
                       help="read a connection: connect and disconnect, node counts, variations to SGF")
    p.add_argument("strings", help="two stones of one colour, e.g. M3/N7")
    p.add_argument("--load", required=True, type=Path, help="SGF file with the position")
    p.add_argument("--until", default=None, help="load up to this move number or vertex (as loadsgf)")
    p.add_argument("--sgf", type=Path, default=None, help="write every variation read to this SGF file")
    p.add_argument("--nodes", type=int, default=Limits.node_limit, help="connection node limit per question")
    p.add_argument("--hash", type=int, default=1, help="0 turns the transposition table off")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Read the connection and report."""
    from core.host.plugins import PluginHost, PluginSpec

    tactical = PluginHost(PluginSpec()).services.tactical()  # whichever plugin provides reading
    board = load_position(args.load, args.until)
    words = args.strings.split("/")
    if len(words) != 2:
        raise KiaiError(f"expected two stones as A/B, got {args.strings!r}")
    a, b = (parse_vertex(w, board.size) for w in words)
    if board.board[a] not in (1, 2) or board.board[a] != board.board[b]:
        raise KiaiError(f"{args.strings.upper()} must be two stones of one colour")
    tree = VariationTree(board, comment=f"decide-connection {args.strings.upper()}") if args.sgf else None
    size = board.size
    t0 = time.monotonic()
    total = 0
    for name in ("connect", "disconnect"):
        reader = ConnectionReader(board, tactical, Limits(node_limit=args.nodes),
                                  TranspositionTable(32 if args.hash else 0))
        reader.tree = tree
        if tree is not None:
            tree.comment(f"{name} variations follow")
        code, move = reader.connect(a, b) if name == "connect" else reader.disconnect(a, b)
        total += reader.nodes
        print(f"{vertex(size, a)}/{vertex(size, b)}: {name} {code}"
              + (f" at {vertex(size, move)}" if code else "") + f" ({reader.nodes} nodes)")
    print(f"{total} connection nodes in {time.monotonic() - t0:.2f}s", file=sys.stderr)
    if tree is not None and args.sgf is not None:
        tree.save(args.sgf)
        print(f"variations written to {args.sgf}", file=sys.stderr)
    return 0
