"""SGF: read game records (main line, setup, SZ/KM/HA/RU/PL), replay them, write games
(reading's variation trees are core.reading.variations).

Kiai uses the main line of the first game only, so that is all it reads: `main_line`
cuts it out of the file (the nodes of the first variation at every branch, flattened into
one sequence) before anything is parsed, and a file of many megabytes of variations costs
no more than its main line. Parsing that is sgfmill's (escapes, odd whitespace, FF[3] and
FF[4]); this module turns its nodes into Kiai's points and boards, and turns every
failure into one exception type, SgfError, naming the node and property at fault, or
ReplayError for a replay target the record does not reach.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sgfmill import sgf

from core.board.board import Board
from core.board.color import BLACK, WHITE, color_name, other
from core.board.coords import MAX_SIZE, PASS, is_number, parse_vertex, point, row_col, vertex
from core.errors import IllegalMove, KiaiError, ReplayError, SgfError

_COLOR = {"b": BLACK, "w": WHITE}
LETTER = {BLACK: "b", WHITE: "w"}  # SGF's colour letters


@dataclass
class Step:
    """One node of the main line: setup stones, a player to move, and/or a move."""

    black: list[int] = field(default_factory=list)
    white: list[int] = field(default_factory=list)
    empty: list[int] = field(default_factory=list)
    player: int | None = None  # PL
    move: tuple[int, int] | None = None  # (color, point or PASS)
    comment: str | None = None


@dataclass
class GameRecord:
    """A game's main line and the game information Kiai uses."""

    size: int = 19
    komi: float = 0.0
    handicap: int = 0
    rules: str | None = None
    black_player: str | None = None
    white_player: str | None = None
    result: str | None = None
    date: str | None = None  # YYYY-MM-DD
    steps: list[Step] = field(default_factory=list)

    @property
    def moves(self) -> list[tuple[int, int]]:
        """Every move of the main line as (color, point)."""
        return [s.move for s in self.steps if s.move is not None]

    def replay(self, until_move: int | None = None, until_vertex: int | None = None,
               **options: bool) -> tuple[Board, int]:
        """A board holding the position before move number until_move (1-based; past the
        end, the whole game) or before the first move at until_vertex, and the colour to
        move there."""
        board = Board(self.size, **options)
        total = len(self.moves)
        if until_move is not None and until_move < 1:
            raise ReplayError(f"move number {until_move} is not a move (they count from 1)")
        if until_move is not None and until_move > total:
            until_move = None  # past the end: the whole game, as GNU Go loads it
        to_move: int | None = None
        number = 0
        pending_setup = False
        for step in self.steps:
            if step.black or step.white or step.empty:
                board.setup(black=step.black, white=step.white, empty=step.empty)
                pending_setup = True
            if step.player is not None:
                to_move = step.player
            if step.move is None:
                continue
            color, p = step.move
            number += 1
            if number == until_move or (until_vertex is not None and p == until_vertex):
                return board, color
            try:
                board.play(p, color, ignore_ko=True)
            except IllegalMove as e:
                raise SgfError(f"move {number} ({color_name(color)} {vertex(self.size, p)}) cannot be played: {e}") from None
            to_move = other(color)
            pending_setup = False
        if until_vertex is not None:
            raise ReplayError(f"no move at {vertex(self.size, until_vertex)} in the game")
        if to_move is None:
            to_move = WHITE if self.handicap >= 2 and pending_setup else BLACK
        return board, to_move

    def to_sgf(self) -> bytes:
        """The record as SGF FF[4] bytes (the main line only)."""
        game = sgf.Sgf_game(self.size)
        root = game.get_root()
        root.set("KM", self.komi)
        if self.handicap:
            root.set("HA", self.handicap)
        for key, value in (("RU", self.rules), ("PB", self.black_player), ("PW", self.white_player), ("RE", self.result),
                           ("DT", self.date)):
            if value:
                root.set(key, value)
        from core.build import version

        root.set("AP", ("Kiai", version()))
        node = root
        for i, step in enumerate(self.steps):
            if i > 0 or step.move is not None:
                node = game.extend_main_sequence()
            _write_step(node, step, self.size)
        return game.serialise()  # type: ignore[no-any-return]


def _write_step(node: Any, step: Step, size: int) -> None:
    if step.black or step.white or step.empty:
        node.set_setup_stones(
            [sgf_point(size, p) for p in step.black],
            [sgf_point(size, p) for p in step.white],
            [sgf_point(size, p) for p in step.empty],
        )
    if step.player is not None:
        node.set("PL", LETTER[step.player])
    if step.move is not None:
        color, p = step.move
        node.set_move(LETTER[color], None if p == PASS else sgf_point(size, p))
    if step.comment:
        node.set("C", step.comment)


def sgf_point(size: int, p: int) -> tuple[int, int]:
    r, c = row_col(size, p)
    return size - 1 - r, c


def board_point(size: int, rc: tuple[int, int]) -> int:
    """sgfmill's (row, column), row 0 at the bottom, as a board point; SgfError off the board."""
    row, col = rc
    if not (0 <= row < size and 0 <= col < size):
        raise SgfError(f"point {rc} is off the {size}x{size} board")
    return point(size, size - 1 - row, col)


_SPECIAL = re.compile(rb"[\[()]")
_VALUE_END = re.compile(rb"(?:[^\]\\]|\\.)*\]", re.DOTALL)


def main_line(data: bytes) -> bytes:
    """The main line of the first game tree in SGF bytes, as a game of one sequence: the
    root's sequence, then the first variation's at every branch. SgfError if there is no
    game tree or a property value is not closed."""
    start = data.find(b"(")
    if start < 0:
        raise SgfError("malformed SGF: no SGF data (no game tree)")
    out = bytearray(b"(")
    pos = start + 1
    while True:
        m = _SPECIAL.search(data, pos)
        if m is None:
            raise SgfError("malformed SGF: unexpected end of SGF data (the game tree is not closed)")
        char = data[m.start()]
        if char == ord("["):
            end = _VALUE_END.match(data, m.start() + 1)
            if end is None:
                raise SgfError(f"malformed SGF: unexpected end of SGF data (the property value at byte {m.start()} "
                              "is not closed)")
            out += data[pos:end.end()]
            pos = end.end()
        elif char == ord("("):  # the first variation continues the main line
            out += data[pos:m.start()]
            pos = m.start() + 1
        else:  # the main line ends; later variations and games are not read
            out += data[pos:m.start()]
            return bytes(out + b")")


def parse_sgf(data: bytes) -> GameRecord:
    """The main line of the first game in SGF bytes; SgfError if they are not valid SGF."""
    try:
        game = sgf.Sgf_game.from_bytes(main_line(data))
        size = game.get_size()
        if size > MAX_SIZE:
            raise SgfError(f"board size {size} is larger than {MAX_SIZE}")
        root = game.get_root()
        record = GameRecord(size=size)
        record.komi = float(root.get("KM")) if root.has_property("KM") else 0.0
        record.handicap = int(root.get("HA")) if root.has_property("HA") else 0
        record.rules = root.get("RU") if root.has_property("RU") else None
        record.black_player = root.get("PB") if root.has_property("PB") else None
        record.white_player = root.get("PW") if root.has_property("PW") else None
        record.result = root.get("RE") if root.has_property("RE") else None
        record.date = root.get("DT") if root.has_property("DT") else None
        moves = 0
        for number, node in enumerate(game.get_main_sequence()):
            step = _read_step(node, size, number, moves + 1)
            moves += step.move is not None
            record.steps.append(step)
        return record
    except KiaiError:
        raise
    except (ValueError, KeyError, IndexError, TypeError) as e:
        raise SgfError(f"malformed SGF: {e or 'invalid property value'}") from None


def _read_step(node: Any, size: int, number: int, move_number: int) -> Step:
    """One node; SgfError naming the node (and the move) whose property is wrong."""
    where = "the root node" if number == 0 else f"node {number}"
    step = Step()
    try:
        black, white, empty = node.get_setup_stones()
    except ValueError:
        bad = [p + "".join(f"[{v.decode(errors='replace')}]" for v in node.get_raw_list(p))
               for p in ("AB", "AW", "AE") if node.has_property(p)]
        raise SgfError(f"malformed SGF: {where}: setup stones {' '.join(bad)} are not points of a "
                       f"{size}x{size} board") from None
    step.black = sorted(board_point(size, rc) for rc in black)
    step.white = sorted(board_point(size, rc) for rc in white)
    step.empty = sorted(board_point(size, rc) for rc in empty)
    if node.has_property("PL"):
        step.player = _player(node.get_raw("PL"))
    for letter in ("B", "W"):
        if node.has_property(letter):
            raw = node.get_raw(letter)
            step.move = (_COLOR[letter.lower()], _move_point(raw, size, f"{where} (move {move_number})", letter))
            break
    if node.has_property("C"):
        step.comment = node.get("C")
    return step


def _move_point(raw: bytes, size: int, where: str, letter: str) -> int:
    """A move's point from its raw SGF value: B[] (and FF[3]'s B[tt] up to 19x19) is a pass."""
    value = raw.strip()
    if not value or (value == b"tt" and size <= 19):
        return PASS
    text = f"{letter}[{raw.decode(errors='replace')}]"
    if len(value) != 2 or not all(ord("a") <= ch <= ord("z") or ord("A") <= ch <= ord("Z") for ch in value):
        raise SgfError(f"malformed SGF: {where}: {text} is not a point")
    col, row = (ch - ord("a") if ch >= ord("a") else ch - ord("A") + 26 for ch in value)
    if not (0 <= row < size and 0 <= col < size):
        raise SgfError(f"malformed SGF: {where}: {text} is off the {size}x{size} board")
    return point(size, row, col)


def _player(raw: bytes) -> int:
    """PL's colour; old FF[1] files write 1 for black and 2 for white."""
    value = raw.strip().lower()
    if value in (b"b", b"1"):
        return BLACK
    if value in (b"w", b"2"):
        return WHITE
    raise SgfError(f"invalid PL value {raw!r}: expected B or W")


def load_sgf(path: str | Path) -> GameRecord:
    """The main line of the SGF file at path; SgfError if it is missing or unreadable."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise SgfError(f"cannot read SGF file {str(path)!r}: {e.strerror or e}") from None
    return parse_sgf(data)


def load_position(path: str | Path, until: str | None = None) -> Board:
    """The position of an SGF file before move number `until`, or before the first move at
    vertex `until` (as GTP loadsgf reads its argument); the end of the game if None."""
    record = load_sgf(path)
    if until is None:
        return record.replay()[0]
    if is_number(until):
        return record.replay(int(until))[0]
    return record.replay(until_vertex=parse_vertex(until, record.size))[0]


def record_from_board(board: Board, komi: float, handicap: int = 0) -> GameRecord:
    """A record of a game: the stones of the board's last setup, then its move history."""
    record = GameRecord(size=board.size, komi=komi, handicap=handicap)
    black, white = board.base
    if black or white:
        record.steps.append(Step(black=list(black), white=list(white)))
    for color, p in board.history:
        record.steps.append(Step(move=(color, p)))
    return record
