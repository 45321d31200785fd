"""ASCII diagrams of boards: draw a board, and read one (as tests and tools write them).

Reading accepts rows of '.', '+' or ',' (empty), 'X' or '#' (black), 'O' or '@' (white),
optionally separated by spaces and framed by GTP coordinates; any other letter marks an
empty point by name, so tests can say "a" instead of "C4".
"""

from __future__ import annotations

from core.board.board import Board
from core.board.color import BLACK, EMPTY, WHITE
from core.board.coords import COLUMNS, point
from core.errors import KiaiError

_STONES = {"X": BLACK, "#": BLACK, "O": WHITE, "@": WHITE, ".": EMPTY, "+": EMPTY, ",": EMPTY}


def render(board: Board) -> str:
    """The board as rows of X, O and '.', with column letters and row numbers."""
    n = board.size
    letters = "   " + " ".join(COLUMNS[:n])
    rows = [letters]
    chars = {EMPTY: ".", BLACK: "X", WHITE: "O"}
    for r in range(n):
        cells = " ".join(chars[board.board[point(n, r, c)]] for c in range(n))
        rows.append(f"{n - r:2d} {cells} {n - r}")
    rows.append(letters)
    return "\n".join(rows)


def parse_diagram(diagram: str) -> tuple[list[list[int]], dict[str, tuple[int, int]]]:
    """Rows of colours and the (row, col) of each named mark, from an ASCII diagram."""
    rows: list[list[int]] = []
    marks: dict[str, tuple[int, int]] = {}
    for line in diagram.strip("\n").splitlines():
        body = line.strip()
        squeezed = body.replace(" ", "")
        if not body or (len(squeezed) > 1 and squeezed == COLUMNS[: len(squeezed)]):
            continue  # blank or a coordinate line (A B C ...)
        tokens = body.split()
        if tokens and tokens[0].isdigit():
            tokens = tokens[1:]
        if tokens and tokens[-1].isdigit():
            tokens = tokens[:-1]
        cells = "".join(tokens)
        row: list[int] = []
        for ch in cells:
            if ch in _STONES:
                row.append(_STONES[ch])
            elif ch.isalpha() or ch == "*":
                marks[ch] = (len(rows), len(row))
                row.append(EMPTY)
            else:
                raise KiaiError(f"unexpected character {ch!r} in diagram line {line!r}")
        rows.append(row)
    if not rows or any(len(r) != len(rows) for r in rows):
        raise KiaiError("a diagram must be a square of rows of equal length")
    return rows, marks


def board_from_diagram(diagram: str, **options: bool) -> tuple[Board, dict[str, int]]:
    """A Board set up from an ASCII diagram, and the point of each named mark."""
    rows, marks = parse_diagram(diagram)
    n = len(rows)
    board = Board(n, **options)
    black = [point(n, r, c) for r in range(n) for c in range(n) if rows[r][c] == BLACK]
    white = [point(n, r, c) for r in range(n) for c in range(n) if rows[r][c] == WHITE]
    board.setup(black=black, white=white)
    return board, {name: point(n, r, c) for name, (r, c) in marks.items()}
