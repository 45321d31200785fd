"""`kiai play`: referee games between Kiai and another GTP engine.

The referee keeps its own board and is the authority: an illegal move, an error answer,
a crash or a move past the time limit loses the game. Two passes in a row end a game,
which a scorer engine (or Kiai's own area count) then scores. Colours alternate; one
SGF file is saved per game; the summary gives the win rate with its 95% interval. Each
game tells the engines that have `set_random_seed` (GNU Go) a seed of its own: two
deterministic engines would otherwise play the same two games over and over, and the
interval would count one game ten times. A seed changes only what an engine leaves to
chance, and games can still repeat (3 of the 20 in a 9x9 match against GNU Go level 1 on
2026-12-07; Kiai takes no seed); the summary says which, and gives the win rate over the
distinct games as well.
"""

from __future__ import annotations

import argparse
import datetime
import math
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.analysis.score import area_score, format_score
from core.board.board import Board
from core.board.color import BLACK, WHITE, color_name
from core.board.coords import PASS, parse_vertex, vertex
from core.board.sgf import record_from_board
from core.errors import KiaiError
from gtp.arguments import amount, count
from gtp.client import EngineFailure, EngineTimeout, GtpSession, ProcessSession


@dataclass
class GameResult:
    """How one game ended."""

    number: int
    kiai_color: int
    winner: int  # BLACK or WHITE; 0 for a draw (jigo)
    result: str  # SGF RE value, e.g. "B+3.5", "W+R", "B+Time", "W+Forfeit"
    moves: int
    reason: str
    sgf: Path | None
    clocks: dict[int, float] | None = None  # main time left per colour at the end, when there is a clock
    line: tuple[tuple[int, int], ...] = ()  # the moves played, (colour, point), in order

    @property
    def kiai_won(self) -> bool:
        """True if Kiai won this game."""
        return self.winner == self.kiai_color

    @property
    def kiai_points(self) -> float:
        """What the game gives Kiai: 1 for a win, a half for a draw, else 0."""
        return 1.0 if self.kiai_won else 0.5 if self.winner == 0 else 0.0


@dataclass
class Player:
    """One side of the match: its GTP session and clock."""

    name: str
    command: str
    session: GtpSession | None = None
    title: str | None = None  # what the engine calls itself, asked once
    commands: set[str] | None = None  # what the running session's list_commands names, asked once

    def start(self) -> GtpSession:
        """The running session, started (or restarted after a crash) on demand."""
        if self.session is None:
            self.session = ProcessSession(self.command)
        return self.session

    def label(self) -> str:
        """The engine as it names itself over GTP (name and version), else our name for it."""
        if self.title is None and self.session is not None:
            try:
                answers = [self.session.send(c, 10) for c in ("name", "version")]
                self.title = " ".join(a for ok, a in answers if ok and a) or self.name
            except EngineFailure:
                return self.name
        return self.title or self.name

    def knows(self, command: str) -> bool:
        """Whether the running engine lists command among its GTP commands."""
        session = self.start()
        if self.commands is None:
            ok, answer = session.send("list_commands", 10)
            self.commands = set(answer.split()) if ok else set()
        return command in self.commands

    def stop(self) -> None:
        """Close the session."""
        if self.session is not None:
            self.session.close()
            self.session = None
        self.commands = None  # a restarted engine is asked again


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(results: list[GameResult]) -> list[str]:
    """The match's win rate with its 95% interval, and, where some games repeat an earlier
    one move for move (Kiai with the same colour), the same over the distinct games: a
    repeat is no new evidence, and the interval over every game would count it twice."""
    wins = sum(r.kiai_points for r in results)
    low, high = wilson_interval(wins, len(results))
    lines = [f"Kiai won {wins:g} of {len(results)} games: {wins / max(len(results), 1):.1%} "
             f"(95% interval {low:.1%} to {high:.1%})"]
    first: dict[tuple[int, tuple[tuple[int, int], ...]], GameResult] = {}
    repeats: list[str] = []
    for r in results:
        key = (r.kiai_color, r.line)
        if key in first:
            repeats.append(f"{r.number} = {first[key].number}")
        else:
            first[key] = r
    if repeats:
        distinct = list(first.values())
        wins = sum(r.kiai_points for r in distinct)
        low, high = wilson_interval(wins, len(distinct))
        lines.append(f"{len(repeats)} of the games repeat an earlier one move for move ({', '.join(repeats)}): "
                     f"Kiai won {wins:g} of the {len(distinct)} distinct games (95% interval {low:.1%} to {high:.1%})")
    return lines


class MatchAborted(KiaiError):
    """An engine could not start, or died before it ever moved: there is no match to score."""


class Referee:
    """Plays games between two GTP players and keeps the score."""

    def __init__(self, kiai: Player, opponent: Player, size: int, komi: float, move_time: float,
                 main_time: float, scorer: Player | None, sgf_dir: Path, max_moves: int,
                 rules: str = "Japanese", seed: int = 0) -> None:
        self.kiai, self.opponent = kiai, opponent
        self.seed = seed  # game n's engines are told seed + n - 1 (0: none is told)
        self.size, self.komi = size, komi
        self.move_time, self.main_time = move_time, main_time
        self.scorer = scorer
        self.sgf_dir = sgf_dir
        self.max_moves = max_moves
        self.rules = rules  # what the scorer counts by, written to each SGF
        self.clocks: dict[int, float] = {}
        self.moved: set[str] = set()  # the players who have made a move in this match

    def _failed(self, player: Player, e: EngineFailure) -> None:
        """Stop a player whose engine failed; MatchAborted if it died (not just ran slow)
        before it ever made a move."""
        player.stop()
        if player.name not in self.moved and not isinstance(e, EngineTimeout):
            raise MatchAborted(f"{player.name} ({player.command}) failed before its first move: {e}")

    def play_game(self, number: int, kiai_color: int) -> GameResult:
        """Play one game and save its SGF."""
        players = {kiai_color: self.kiai, 3 - kiai_color: self.opponent}
        board = Board(self.size)
        clocks = {BLACK: self.main_time, WHITE: self.main_time}
        self.clocks = clocks
        for color, player in players.items():
            try:
                self._setup(player.start())
                if self.seed and player.knows("set_random_seed"):
                    player.start().send(f"set_random_seed {self.seed + number - 1}", 30)
            except EngineFailure as e:
                self._failed(player, e)
                return self._finish(number, kiai_color, board, 3 - color, f"{color_name(3 - color)[0].upper()}+Forfeit",
                                    f"{player.name} failed to start a game: {e}")
        color = BLACK
        passes = 0
        while True:
            player, other = players[color], players[3 - color]
            limit = self.move_time if not self.main_time else min(self.move_time, clocks[color] + 1.0)
            loser_mark = f"{color_name(3 - color)[0].upper()}+"
            try:
                session = player.start()
                if self.main_time:
                    session.send(f"time_left {color_name(color)} {max(0, int(clocks[color]))} 0", limit)
                start = time.monotonic()
                ok, answer = session.send(f"genmove {color_name(color)}", limit + 0.5)
                used = time.monotonic() - start
            except EngineFailure as e:
                self._failed(player, e)
                reason = "Time" if isinstance(e, EngineTimeout) else "Forfeit"
                return self._finish(number, kiai_color, board, 3 - color, loser_mark + reason, f"{player.name}: {e}")
            if self.main_time:
                clocks[color] -= used
                if clocks[color] < 0:
                    return self._finish(number, kiai_color, board, 3 - color, loser_mark + "Time",
                                        f"{player.name} ran out of time")
            if not ok:
                return self._finish(number, kiai_color, board, 3 - color, loser_mark + "Forfeit",
                                    f"{player.name} answered genmove with an error: {answer}")
            if answer.lower() == "resign":
                return self._finish(number, kiai_color, board, 3 - color, loser_mark + "R", f"{player.name} resigned")
            self.moved.add(player.name)
            try:
                p = parse_vertex(answer, self.size)
                board.play(p, color)
            except KiaiError as e:
                return self._finish(number, kiai_color, board, 3 - color, loser_mark + "Forfeit",
                                    f"{player.name} played an illegal move {answer!r}: {e}")
            try:
                ok, answer = other.start().send(f"play {color_name(color)} {vertex(self.size, p)}", self.move_time)
            except EngineFailure as e:
                self._failed(other, e)
                return self._finish(number, kiai_color, board, color, f"{color_name(color)[0].upper()}+Forfeit",
                                    f"{other.name}: {e}")
            if not ok:
                return self._finish(number, kiai_color, board, color, f"{color_name(color)[0].upper()}+Forfeit",
                                    f"{other.name} refused the legal move {vertex(self.size, p)}: {answer}")
            passes = passes + 1 if p == PASS else 0
            if passes >= 2 or len(board.history) >= self.max_moves:
                return self._score(number, kiai_color, board, "two passes" if passes >= 2 else "move limit")
            color = 3 - color

    def _setup(self, session: GtpSession) -> None:
        for command in (f"boardsize {self.size}", "clear_board", f"komi {self.komi}"):
            ok, answer = session.send(command, 30)
            if not ok:
                raise EngineFailure(f"{command!r} failed: {answer}")
        if self.main_time:
            session.send(f"time_settings {int(self.main_time)} 0 0", 30)
        else:  # every move its own period: an engine that keeps time plans to the limit it has
            session.send(f"time_settings 0 {max(1, int(self.move_time))} 1", 30)

    def _score(self, number: int, kiai_color: int, board: Board, how: str) -> GameResult:
        text = None
        scorer = self.scorer
        if scorer is not None:
            try:
                session = scorer.start()
                self._setup(session)
                for color, p in board.history:
                    session.send(f"play {color_name(color)} {vertex(self.size, p)}", 30)
                ok, answer = session.send("final_score", 120)
                text = answer.strip() if ok and answer.strip() else None
            except EngineFailure as e:
                print(f"kiai play: scorer failed, counting area instead: {e}", file=sys.stderr)
                scorer.stop()
        if text is None:
            text = format_score(area_score(board, self.komi))
        winner = BLACK if text.upper().startswith("B+") else WHITE if text.upper().startswith("W+") else 0
        return self._finish(number, kiai_color, board, winner, text.upper() if text != "0" else "0",
                            f"{how}, scored {text}")

    def _finish(self, number: int, kiai_color: int, board: Board, winner: int, result: str, reason: str) -> GameResult:
        record = record_from_board(board, self.komi)
        names = {kiai_color: self.kiai.label(), 3 - kiai_color: self.opponent.label()}
        record.black_player, record.white_player = names[BLACK], names[WHITE]
        record.result = result
        record.rules = self.rules
        record.date = datetime.date.today().isoformat()
        self.sgf_dir.mkdir(parents=True, exist_ok=True)
        path = self.sgf_dir / f"game{number:03d}.sgf"
        path.write_bytes(record.to_sgf())
        clocks = dict(self.clocks) if self.main_time else None
        return GameResult(number, kiai_color, winner, result, len(board.history), reason, path, clocks,
                          tuple(board.history))


def add_parser(sub: Any) -> None:
    """Register the `play` subcommand."""
    p = sub.add_parser("play", help="referee games between Kiai and another GTP engine")
    p.add_argument("--opponent", required=True, help="GTP command of the opponent, e.g. '/usr/games/gnugo --mode gtp --level 1'")
    p.add_argument("--kiai", default=None, help="GTP command of Kiai (default: this Python running `kiai gtp`)")
    p.add_argument("--kiai-args", default="", help="extra options for Kiai, e.g. '--level 5'")
    p.add_argument("--games", type=count(1), default=10, help="number of games (default 10)")
    p.add_argument("--size", type=int, default=9, help="board size (default 9)")
    p.add_argument("--komi", type=float, default=7.0, help="komi (default 7)")
    p.add_argument("--move-time", type=amount(0.0, above=True), default=30.0, help="seconds allowed per move (default 30)")
    p.add_argument("--main-time", type=amount(0.0), default=0.0, help="main time per player in seconds (0: none)")
    p.add_argument("--scorer", default=None, help="GTP engine that scores finished games (default: the opponent)")
    p.add_argument("--sgf-dir", type=Path, default=Path("games"), help="folder for one SGF per game (default games/)")
    p.add_argument("--max-moves", type=count(0), default=0, help="end and score a game after this many moves (default 4*size*size)")
    p.add_argument("--rules", default="Japanese",
                   help="the rules the scorer counts by, written to each SGF (default Japanese: GNU Go's final_score)")
    p.add_argument("--game-seed", type=int, default=1,
                   help="game n tells the engines that have set_random_seed (GNU Go) the seed GAME_SEED+n-1, so that "
                        "the games differ (default 1; 0: no seed is told)")
    p.add_argument("--no-progress", action="store_true", help="do not show the progress bar")
    p.set_defaults(run=run)


def kiai_command(args: argparse.Namespace) -> str:
    """The command that runs Kiai in a match: --kiai, or this Python's `kiai gtp` with the
    move time, the engine options given before `play`, then --kiai-args."""
    if args.kiai:
        return str(args.kiai)
    from gtp.cli import engine_flags

    given = " ".join(shlex.quote(f) for f in engine_flags(args, skip=("size", "komi", "move_time")))
    return f"{shlex.quote(sys.executable)} -m gtp.cli gtp --move-time {args.move_time} {given} {args.kiai_args}"


def run(args: argparse.Namespace) -> int:
    """Play the match and print each game and the win rate; exit status 2, with a message,
    when an engine cannot start or dies before its first move."""
    kiai = Player("Kiai", kiai_command(args))
    opponent = Player(shlex.split(args.opponent)[0].rsplit("/", 1)[-1], args.opponent)
    scorer = Player("scorer", args.scorer) if args.scorer else Player("scorer", args.opponent)
    referee = Referee(kiai, opponent, args.size, args.komi, args.move_time, args.main_time, scorer,
                      args.sgf_dir, args.max_moves or 4 * args.size * args.size, args.rules, args.game_seed)
    results: list[GameResult] = []
    bar = None
    if not args.no_progress and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=args.games, desc="games", unit="game", file=sys.stderr)
    try:
        for i in range(args.games):
            kiai_color = BLACK if i % 2 == 0 else WHITE
            r = referee.play_game(i + 1, kiai_color)
            results.append(r)
            clock = (f"; time left: Kiai {r.clocks[kiai_color]:.1f}s, {opponent.name} {r.clocks[3 - kiai_color]:.1f}s"
                     if r.clocks else "")
            print(f"game {r.number}: Kiai {color_name(kiai_color)}, {r.result} in {r.moves} moves "
                  f"({'Kiai won' if r.kiai_won else 'Kiai lost' if r.winner else 'draw'}; {r.reason}{clock}) -> {r.sgf}",
                  flush=True)
            if bar is not None:
                bar.update(1)
                bar.set_postfix(kiai_wins=sum(x.kiai_won for x in results))
    except MatchAborted as e:
        print(f"kiai play: {e}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
        for pl in (kiai, opponent, scorer):
            pl.stop()
    for line in summary(results):
        print(line)
    return 0
