"""A game in progress: the board with komi, handicap, the side to move, and its record."""

from __future__ import annotations

from pathlib import Path

from core.board.board import Board
from core.board.color import BLACK, WHITE, other
from core.board.coords import PASS, point
from core.board.position import Position
from core.board.sgf import GameRecord, load_sgf, record_from_board
from core.errors import IllegalMove, KiaiError, UndoError


class Game:
    """The game state GTP commands act on; every failed call leaves it unchanged."""

    def __init__(self, size: int = 19, komi: float = 7.5, *, superko: bool = False) -> None:
        self.board = Board(size, superko=superko)
        self.komi = komi
        self.handicap = 0
        self.to_move = BLACK
        self.superko = superko
        self.rules = "chinese"  # how final_score counts (core.analysis.score); an SGF's RU sets it

    @property
    def size(self) -> int:
        """The board size."""
        return self.board.size

    def new_board(self, size: int) -> None:
        """Start an empty board of this size (komi kept)."""
        self.board = Board(size, superko=self.superko)
        self.handicap = 0
        self.to_move = BLACK

    def clear(self) -> None:
        """Empty the board, forget history and captures."""
        self.new_board(self.size)

    def play(self, color: int, p: int) -> None:
        """Play a move for color (which need not be the side to move, as GTP allows)."""
        self.board.play(p, color)
        self.to_move = other(color)

    def undo(self, moves: int = 1) -> None:
        """Take back the last `moves` moves, all or none."""
        if moves < 0:
            raise UndoError("cannot undo a negative number of moves")
        if moves > self.board.undo_depth:
            raise UndoError(f"cannot undo {moves} moves: only {self.board.undo_depth} can be taken back")
        for _ in range(moves):
            color, _ = self.board.undo()
            self.to_move = color

    def place_handicap(self, points: list[int]) -> None:
        """Put handicap stones on an empty board; White moves next."""
        if self.board.stones(BLACK) or self.board.stones(WHITE) or self.board.history:
            raise IllegalMove("board not empty")
        if PASS in points:
            raise IllegalMove("invalid coordinate: PASS is not a handicap stone")
        if len(set(points)) != len(points):
            raise IllegalMove("repeated vertex")
        if len(points) < 2:
            raise IllegalMove("invalid handicap: at least 2 stones")
        self.board.setup(black=points)
        self.handicap = len(points)
        self.to_move = WHITE

    def load(self, path: str | Path, until_move: int | None = None, until_vertex: str | None = None) -> int:
        """Load an SGF game up to a move number or vertex; returns the colour to move."""
        record = load_sgf(path)
        target = None
        if until_vertex is not None:
            from core.board.coords import parse_vertex

            target = parse_vertex(until_vertex, record.size)
        board, to_move = record.replay(until_move, target, superko=self.superko)
        self.board, self.komi, self.handicap, self.to_move = board, record.komi, record.handicap, to_move
        if record.rules:
            self.rules = record.rules.strip().lower()
        return to_move

    def record(self) -> GameRecord:
        """The game so far as a record (the last setup, then the moves)."""
        return record_from_board(self.board, self.komi, self.handicap)

    def position(self, to_move: int | None = None) -> Position:
        """The current position as a wire-format Position."""
        return Position.from_board(self.board, self.to_move if to_move is None else to_move, self.komi)

    def last_moves_passed(self, n: int = 2) -> bool:
        """True if the last n moves were all passes."""
        h = self.board.history
        return len(h) >= n and all(p == PASS for _, p in h[-n:])


def fixed_handicap_points(size: int, stones: int) -> list[int]:
    """GTP's fixed handicap placement (star points) for 2..9 stones; KiaiError if impossible."""
    limit = 9 if size % 2 == 1 and size >= 9 else 4
    if size < 7 or not 2 <= stones <= limit:
        raise KiaiError(f"invalid number of stones: {stones} on a {size}x{size} board (2 to {limit} allowed)" if size >= 7
                        else f"no fixed handicap on a {size}x{size} board")
    edge = 2 if size < 13 else 3
    low, mid, high = edge, size // 2, size - 1 - edge
    # (row from top, col): corners first, then sides, then centre, in GTP's order
    corners = [(low, high), (high, low), (low, low), (high, high)]  # upper right, lower left...
    spots = corners[: min(stones, 4)]
    if stones in (5, 7, 9):
        spots.append((mid, mid))
    if stones >= 6:
        spots += [(mid, low), (mid, high)]
    if stones >= 8:
        spots += [(low, mid), (high, mid)]
    return [point(size, r, c) for r, c in spots[:stones]]
