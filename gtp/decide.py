"""The decide tools, as GNU Go's --decide-string, --decide-connection, --decide-owl,
--decide-semeai and --decide-dragons: read one question (or every dragon) on a position
loaded from SGF with whichever plugins provide the reading, print the answers with the
nodes each cost, and write every variation read to an SGF file, numbered in comments."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Callable

from core.board.board import Board
from core.board.color import BLACK
from core.board.coords import parse_vertex, vertex
from core.board.sgf import load_position
from core.errors import KiaiError
from core.host.plugins import PluginHost, PluginSpec
from core.analysis.dragons import apply_owl as apply
from core.host.pool import Pool
from core.host.services import CONNECTION, OWL, TACTICAL
from core.move.genmove import MoveGenerator
from core.reading.variations import VariationTree


def add_parsers(sub: Any) -> list[argparse.ArgumentParser]:
    """Register the decide-string and decide-connection subcommands; the parsers, for engine options."""
    ds = sub.add_parser("decide-string", help="read a string: attack, defence, node counts, variations to SGF")
    ds.add_argument("vertex", help="a stone of the string to read, e.g. F9")
    dc = sub.add_parser("decide-connection",
                        help="read a connection: connect and disconnect, node counts, variations to SGF")
    dc.add_argument("strings", help="two stones of one colour, e.g. M3/N7")
    do = sub.add_parser("decide-owl", help="owl-read a dragon: attack, defence, node counts, variations to SGF")
    do.add_argument("vertex", help="a stone of the dragon to read, e.g. C3")
    dm = sub.add_parser("decide-semeai",
                        help="read the capturing race between two dragons, each side first: node counts, variations to SGF")
    dm.add_argument("dragons", help="a stone of each dragon, opposite colours, e.g. P8/T9")
    dd = sub.add_parser("decide-dragons", help="owl-read every dragon of a position and print a table")
    for p, run in ((ds, decide_string), (dc, decide_connection), (do, decide_owl), (dm, decide_semeai),
                   (dd, decide_dragons)):
        p.add_argument("--load", required=True, type=Path, help="SGF file with the position")
        p.add_argument("--until", default=None, help="load up to this move number or vertex (as loadsgf)")
        p.add_argument("--sgf", type=Path, default=None, help="write every variation read to this SGF file")
        p.set_defaults(run=run)
    return [ds, dc, do, dm, dd]


def _host(args: argparse.Namespace) -> PluginHost:
    from gtp.cli import settings_from

    return PluginHost(PluginSpec(tuple(args.disable), tuple(args.plugin), settings_from(args)))


class _Session:
    """A position, its variation tree, and the node counters, for one decide run."""

    def __init__(self, args: argparse.Namespace, title: str) -> None:
        self.host = _host(args)
        self.board: Board = load_position(args.load, args.until)
        self.tree = VariationTree(self.board, comment=title) if args.sgf else None
        self.path: Path | None = args.sgf
        self.start = time.monotonic()
        self.total = 0

    def ask(self, label: str, question: Callable[[VariationTree | None], tuple[int, ...]]) -> int:
        """Ask one question, answered by codes then a move; print the answer and the nodes it
        cost; the first code."""
        before = {n: c.value for n, c in self.host.counters.items()}
        if self.tree is not None:
            self.tree.comment(f"{label.split(': ')[-1]} variations follow")
        *codes, move = question(self.tree)
        code = codes[0]
        spent = {n: c.value - before[n] for n, c in self.host.counters.items() if c.value != before[n]}
        self.total += sum(spent.values())
        nodes = ", ".join(f"{v} {n} nodes" for n, v in sorted(spent.items())) or "0 nodes"
        answer = " ".join(str(c) for c in codes)
        print(f"{label} {answer}" + (f" at {vertex(self.board.size, move)}" if code and move else "") + f" ({nodes})")
        return code

    def finish(self) -> int:
        """Report the time and write the variations."""
        print(f"{self.total} nodes in {time.monotonic() - self.start:.2f}s", file=sys.stderr)
        if self.tree is not None and self.path is not None:
            self.tree.save(self.path)
            print(f"variations written to {self.path}", file=sys.stderr)
        return 0


def _stone(args: argparse.Namespace, tool: str) -> tuple[_Session, Board, int, str]:
    """The session of a tool that reads one stone's string or dragon, the board, the
    stone and its name; KiaiError where there is no stone."""
    s = _Session(args, f"{tool} {args.vertex.upper()}")
    p = parse_vertex(args.vertex, s.board.size)
    if s.board.board[p] not in (1, 2):
        raise KiaiError(f"no stone at {args.vertex.upper()}")
    return s, s.board, p, vertex(s.board.size, p)


def _pair(board: Board, text: str) -> tuple[int, int]:
    """The two points of an A/B argument; KiaiError where it is not two vertices."""
    words = text.split("/")
    if len(words) != 2:
        raise KiaiError(f"expected two stones as A/B, got {text!r}")
    return parse_vertex(words[0], board.size), parse_vertex(words[1], board.size)


def decide_string(args: argparse.Namespace) -> int:
    """Read whether a string can be captured and, if so, saved."""
    s, board, p, name = _stone(args, "decide-string")
    tactical = s.host.services.get(TACTICAL)
    if s.ask(f"{name}: attack", lambda tree: tactical.attack(board, p, tree=tree)):
        s.ask(f"{name}: defense", lambda tree: tactical.find_defense(board, p, tree=tree))
    return s.finish()


def decide_connection(args: argparse.Namespace) -> int:
    """Read whether two strings can be connected and whether they can be cut."""
    s = _Session(args, f"decide-connection {args.strings.upper()}")
    board = s.board
    a, b = _pair(board, args.strings)
    if board.board[a] not in (1, 2) or board.board[a] != board.board[b]:
        raise KiaiError(f"{args.strings.upper()} must be two stones of one colour")
    connection = s.host.services.get(CONNECTION)
    pair = f"{vertex(board.size, a)}/{vertex(board.size, b)}"
    s.ask(f"{pair}: connect", lambda tree: connection.string_connect(board, a, b, tree=tree))
    s.ask(f"{pair}: disconnect", lambda tree: connection.disconnect(board, a, b, tree=tree))
    return s.finish()


def decide_owl(args: argparse.Namespace) -> int:
    """Read whether a dragon can be killed and whether it can be saved."""
    s, board, p, name = _stone(args, "decide-owl")
    owl = s.host.services.get(OWL)
    s.ask(f"{name}: owl attack", lambda tree: owl.owl_attack(board, p, tree=tree))
    s.ask(f"{name}: owl defense", lambda tree: owl.owl_defend(board, p, tree=tree))
    return s.finish()


def decide_semeai(args: argparse.Namespace) -> int:
    """Read the capturing race between two dragons, each owner moving first in turn: does
    the mover's dragon survive, does the other die, and the mover's move."""
    s = _Session(args, f"decide-semeai {args.dragons.upper()}")
    board = s.board
    a, b = _pair(board, args.dragons)
    if board.board[a] not in (1, 2) or board.board[b] != 3 - board.board[a]:
        raise KiaiError(f"{args.dragons.upper()} must be two stones of opposite colours")
    owl = s.host.services.get(OWL)
    for first, second in ((a, b), (b, a)):

        def race(tree: VariationTree | None, x: int = first, y: int = second) -> tuple[int, int, int]:
            return owl.analyze_semeai(board, x, y, tree=tree)

        names = f"{vertex(board.size, first)}/{vertex(board.size, second)}"
        s.ask(f"{names}: semeai, {vertex(board.size, first)} first (survives, other dies)", race)
    return s.finish()


def decide_dragons(args: argparse.Namespace) -> int:
    """Read every dragon of the position with owl; print a table of static and owl status."""
    s = _Session(args, "decide-dragons")
    board = s.board
    owl = s.host.services.get(OWL)
    generator = MoveGenerator(s.host, Pool(s.host, 0))
    analysis = generator.examine(board, BLACK, 0.0, time.monotonic() + 3600, refine=False)
    counter = s.host.counters["owl"]
    print(f"{'dragon':>6} {'color':>5} {'stones':>6} {'static':>8} {'attack':>10} {'defense':>10} "
          f"{'status':>8} {'nodes':>6} {'seconds':>7}")
    for d in sorted(analysis.dragons.values(), key=lambda d: d.origin):
        before, start = counter.value, time.monotonic()
        static = d.status.name.lower()
        result = owl.owl_status(board, d.origin)
        if result is None:
            attack = defense = "?"
        else:
            acode, apoint, dcode, dpoint = result
            attack = f"{acode} {vertex(board.size, apoint)}" if acode and apoint else str(acode)
            defense = f"{dcode} {vertex(board.size, dpoint)}" if dcode and dpoint else str(dcode)
            apply(d, list(result))
        status = d.status.name.lower() if result is not None else "uncertain"
        print(f"{vertex(board.size, d.origin):>6} {'black' if d.color == 1 else 'white':>5} {d.stones:>6} "
              f"{static:>8} {attack:>10} {defense:>10} {status:>8} {counter.value - before:>6} "
              f"{time.monotonic() - start:>7.2f}")
        s.total += counter.value - before
    return s.finish()
