"""`kiai agree-genmove`: Kiai's move choice scored by a reference engine's own move values,
on the positions of finished games: a finer measure of move quality than a match's wins.

The positions are those before each move of the games given (the first --moves of each,
and with --player only the moves of the player whose name holds that text). In each, the
reference engine (GNU Go 3.8 at level 10 without its opening book, by default) lists its
best moves with their values in points (`top_moves_black` / `top_moves_white`, up to
ten), and Kiai answers `reg_genmove`. The loss of Kiai's move is the reference's best
value less the reference's value of Kiai's move; where Kiai's move is not in the list,
the best less the lowest listed, a lower bound. Positions where the reference lists nothing (it would pass) are left out. The
reference's values are its own judgement, not the truth: the measure says how far Kiai's
choices are from GNU Go's, in GNU Go's points.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from core.board.color import color_name
from core.board.coords import vertex
from core.board.sgf import load_sgf
from core.errors import KiaiError
from gtp.arguments import amount, count
from gtp.client import EngineFailure, GtpSession, InProcessSession, ProcessSession

REFERENCE = "/usr/games/gnugo --mode gtp --level 10 --nofusekidb"  # its valuator: the opening book
# gives each of its moves 75 points, which would measure agreement with the book instead
PHASE = 10  # moves per line of the report by phase


@dataclass
class Position:
    """One position of a game, the reference's move values there and Kiai's move."""

    load: str  # loadsgf FILE N: the position before move N
    color: str  # black or white: the side to move
    played: str  # the move played in the game
    values: dict[str, float] = field(default_factory=dict)  # the reference's best moves
    kiai: str = ""

    @property
    def number(self) -> int:
        """The move number of the position's move."""
        return int(self.load.split()[2])

    @property
    def loss(self) -> float | None:
        """The reference's best value less its value of Kiai's move (less the lowest
        listed where Kiai's move is not listed); None without values or a move."""
        if not self.values or not self.kiai or self.kiai.startswith("?"):
            return None
        best = max(self.values.values())
        return best - self.values.get(self.kiai.upper(), min(self.values.values()))


def positions(games: list[Path], moves: int, player: str | None) -> list[Position]:
    """The positions before each of the first `moves` moves of each game (only the moves
    of the player whose name holds `player`, if given), paths made absolute."""
    out: list[Position] = []
    for path in games:
        record = load_sgf(path)
        names = {1: record.black_player or "", 2: record.white_player or ""}
        for number, (color, point) in enumerate(record.moves[:moves], 1):
            if player is not None and player.lower() not in names[color].lower():
                continue
            out.append(Position(f"loadsgf {path.resolve()} {number}", color_name(color),
                                vertex(record.size, point)))
    return out


def reference_values(session: GtpSession, ps: list[Position], timeout: float | None) -> None:
    """Each position's best moves with their values, from the session's top_moves_COLOR."""
    for p in ps:
        ok, text = session.send(p.load, timeout)
        if not ok:
            raise KiaiError(f"the reference engine cannot load {p.load!r}: {text}")
        ok, text = session.send(f"top_moves_{p.color}", timeout)
        if not ok:
            raise KiaiError(f"the reference engine does not list its best moves: {text}")
        words = text.split()
        try:
            p.values = {words[i].upper(): float(words[i + 1]) for i in range(0, len(words) - 1, 2)}
        except ValueError:
            raise KiaiError(f"cannot read the reference's move values: {text!r}") from None


def kiai_moves(session: GtpSession, ps: list[Position], timeout: float | None) -> None:
    """Kiai's reg_genmove in each position ('?' and the message where it fails)."""
    for p in ps:
        try:
            ok, text = session.send(p.load, timeout)
            if ok:
                ok, text = session.send(f"reg_genmove {p.color}", timeout)
        except EngineFailure as e:
            ok, text = False, str(e)
        p.kiai = text.strip().upper() if ok else f"? {text}"


def report(ps: list[Position]) -> str:
    """The mean loss, how often Kiai plays the reference's best or a listed move, and the
    mean loss by phase of the game."""
    scored = [p for p in ps if p.loss is not None]
    if not scored:
        return "no position with the reference's values and Kiai's move"
    losses = [p.loss for p in scored if p.loss is not None]
    best = sum(1 for p, loss in zip(scored, losses) if loss == 0.0)
    listed = sum(1 for p in scored if p.kiai in p.values)
    n = len(scored)
    lines = [f"{n} positions: mean loss {sum(losses) / n:.2f} of the reference's points (a lower bound where "
             f"Kiai's move is not listed); the reference's best {best} ({100 * best / n:.0f}%), "
             f"listed {listed} ({100 * listed / n:.0f}%)"]
    phases: dict[int, list[float]] = {}
    for p, loss in zip(scored, losses):
        phases.setdefault((p.number - 1) // PHASE, []).append(loss)
    for k in sorted(phases):
        group = phases[k]
        lines.append(f"  moves {k * PHASE + 1}-{(k + 1) * PHASE}: {len(group)} positions, "
                     f"mean loss {sum(group) / len(group):.2f}")
    failed = len([p for p in ps if p.kiai.startswith("?")])
    if failed:
        lines.append(f"  Kiai gave no move in {failed} positions")
    return "\n".join(lines)


def compare(ps: list[Position], before: list[Position], name: str) -> str:
    """The mean loss against an earlier run's on the positions both scored, and the
    positions whose move changed."""
    old = {(p.load, p.color): p for p in before}
    pairs = [(p, old[p.load, p.color]) for p in ps if (p.load, p.color) in old]
    pairs = [(p, q) for p, q in pairs if p.loss is not None and q.loss is not None]
    if not pairs:
        return f"against {name}: no position in common"
    mean_now = sum(p.loss or 0.0 for p, _ in pairs) / len(pairs)
    mean_then = sum(q.loss or 0.0 for _, q in pairs) / len(pairs)
    changed = [(p, q) for p, q in pairs if p.kiai != q.kiai]
    better = sum(1 for p, q in changed if (p.loss or 0.0) < (q.loss or 0.0))
    worse = sum(1 for p, q in changed if (p.loss or 0.0) > (q.loss or 0.0))
    return (f"against {name}: mean loss {mean_then:.2f} -> {mean_now:.2f} over {len(pairs)} positions; "
            f"{len(changed)} moves changed, {better} to a smaller loss, {worse} to a larger")


def load_positions(path: Path) -> list[Position]:
    """The positions of an earlier run's --json file."""
    try:
        return [Position(**d) for d in json.loads(path.read_text())]
    except (OSError, ValueError, TypeError) as e:
        raise KiaiError(f"cannot read the baseline {str(path)!r}: {e}") from None


def add_parser(sub: Any) -> None:
    """Register the `agree-genmove` subcommand."""
    p = sub.add_parser("agree-genmove", help="Kiai's moves in the positions of finished games, scored by a "
                       "reference engine's move values (mean loss in its points)")
    p.add_argument("games", nargs="+", type=Path, help="SGF files of games whose positions are used")
    p.add_argument("--moves", type=count(1), default=40, help="positions before each of the first N moves (default 40)")
    p.add_argument("--player", help="only the moves of the player whose name holds this text, e.g. Kiai")
    p.add_argument("--reference", default=REFERENCE, help=f"the reference GTP engine (default: {REFERENCE!r})")
    p.add_argument("--json", type=Path, help="also write the positions, values and moves as JSON to this file")
    p.add_argument("--baseline", type=Path, help="an earlier run's --json file: its reference values are used "
                   "(the reference is not asked) and the losses compared")
    p.add_argument("--timeout", type=amount(0.0, above=True), default=None, help="seconds allowed per command")
    p.add_argument("--kiai-args", default="", help="options for the Kiai engine, e.g. '--move-time 3'")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Ask the reference (unless a baseline gives its values), then Kiai, and print the
    losses; 2 if a game, the baseline or the reference engine cannot be used, else 0."""
    from gtp.cli import build_parser, engine_from

    try:
        before = load_positions(args.baseline) if args.baseline else None
        ps = positions(args.games, args.moves, args.player)
        known = {(p.load, p.color): p.values for p in before or []}
        if all((p.load, p.color) in known for p in ps):
            for p in ps:
                p.values = dict(known[p.load, p.color])
        else:
            reference = ProcessSession(args.reference)
            try:
                reference_values(reference, ps, args.timeout)
            finally:
                reference.close()
        flags = shlex.split(args.kiai_args)
        parsed = build_parser(flags).parse_args(flags)
        engine = engine_from(parsed)
        try:
            start = time.monotonic()
            kiai_moves(InProcessSession(engine), ps, args.timeout)
            seconds = time.monotonic() - start
        finally:
            engine.close()
    except KiaiError as e:
        print(f"kiai agree-genmove: {e}", file=sys.stderr)
        return 2
    print(report(ps))
    print(f"{len(ps)} positions of {len(args.games)} games; Kiai answered in {seconds:.1f} s")
    if before is not None:
        print(compare(ps, before, str(args.baseline)))
    if args.json:
        args.json.write_text(json.dumps([asdict(p) for p in ps], indent=1))
    return 0
