"""`kiai decide-string`: read one string, print the results with node counts, and write
every variation read to an SGF file (leaves numbered in comments)."""

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
from plugins.tactical.reader import Depths, Reader


def add_parser(sub: Any) -> None:
    """Register the decide-string subcommand."""
    p = sub.add_parser("decide-string", help="read a string: attack, defence, node counts, variations to SGF")
    p.add_argument("vertex", help="a stone of the string to read, e.g. F9")
    p.add_argument("--load", required=True, type=Path, help="SGF file with the position")
    p.add_argument("--until", default=None, help="load up to this move number or vertex (as loadsgf)")
    p.add_argument("--sgf", type=Path, default=None, help="write every variation read to this SGF file")
    p.add_argument("--depth", type=int, default=16, help="reading depth (default 16)")
    p.add_argument("--hash", type=int, default=1, help="0 turns the transposition table off")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Read the string and report."""
    board = load_position(args.load, args.until)
    s = parse_vertex(args.vertex, board.size)
    if board.board[s] not in (1, 2):
        raise KiaiError(f"no stone at {args.vertex.upper()}")
    tree = VariationTree(board, comment=f"decide-string {args.vertex.upper()}") if args.sgf else None
    reader = Reader(board, Depths(depth=args.depth), TranspositionTable(0 if args.hash == 0 else 32))
    reader.tree = tree
    size = board.size
    t0 = time.monotonic()
    if tree is not None:
        tree.comment("attack variations follow")
    acode, apoint = reader.attack(s)
    attack_nodes = reader.visited
    print(f"{vertex(size, s)}: attack {acode}" + (f" at {vertex(size, apoint)}" if acode else "")
          + f" ({attack_nodes} nodes)")
    if acode:
        reader.variation = 0
        if tree is not None:
            tree.comment("defence variations follow")
        dcode, dpoint = reader.find_defense(s)
        print(f"{vertex(size, s)}: defense {dcode}" + (f" at {vertex(size, dpoint)}" if dcode else "")
              + f" ({reader.visited - attack_nodes} nodes)")
    print(f"{reader.visited} nodes in {time.monotonic() - t0:.2f}s", file=sys.stderr)
    if tree is not None and args.sgf is not None:
        tree.save(args.sgf)
        print(f"variations written to {args.sgf}", file=sys.stderr)
    return 0
