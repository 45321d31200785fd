"""Board geometry: the padded one-dimensional layout and GTP vertices such as 'D4'.

A board of size N is stored in a list of (N + 2) * (N + 1) + 1 points. Row r (0 at the
top) and column c (0 at the left) live at index (r + 1) * (N + 1) + c; every index
outside the N x N square is a border point, so the four neighbours of any on-board point
are p - 1, p + 1, p - (N + 1) and p + (N + 1) without bounds checks. Index 0 is a border
point, which lets PASS = 0 double as "no point".
"""

from __future__ import annotations

from typing import Final

from core.errors import BoardSizeError, InvalidVertex

PASS: Final = 0
NO_POINT: Final = 0
MIN_SIZE: Final = 1
MAX_SIZE: Final = 25
COLUMNS: Final = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def check_size(size: int) -> int:
    """The size itself if 1 <= size <= 25, else BoardSizeError."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BoardSizeError(f"unacceptable size {size}: Kiai plays on boards from 1x1 to 25x25")
    return size


def stride(size: int) -> int:
    """Distance between vertically adjacent points in the padded layout."""
    return size + 1


def array_length(size: int) -> int:
    """Length of the padded point array for a board of this size."""
    return (size + 2) * (size + 1) + 1


def point(size: int, row: int, col: int) -> int:
    """Index of the point at row (0 = top) and column (0 = left)."""
    return (row + 1) * (size + 1) + col


def row_col(size: int, p: int) -> tuple[int, int]:
    """Row (0 = top) and column (0 = left) of an on-board point index."""
    r, c = divmod(p, size + 1)
    return r - 1, c


def on_board(size: int, p: int) -> bool:
    """True if the index is a point of the N x N square."""
    r, c = divmod(p, size + 1)
    return 1 <= r <= size and c < size


def all_points(size: int) -> list[int]:
    """Every on-board point index, row by row from the top left."""
    w = size + 1
    return [(r + 1) * w + c for r in range(size) for c in range(size)]


def is_number(text: str) -> bool:
    """Whether text is a whole number int() reads: ASCII digits only ('²' is a digit that
    int() refuses)."""
    return text.isascii() and text.isdigit()


def parse_vertex(text: str, size: int) -> int:
    """Point index of a GTP vertex ('D4', 'pass'); InvalidVertex if malformed or off board."""
    t = text.strip().upper()
    if t == "PASS":
        return PASS
    if len(t) < 2 or t[0] not in COLUMNS or not is_number(t[1:]):
        raise InvalidVertex(f"invalid coordinate: {text!r}")
    col = COLUMNS.index(t[0])
    number = int(t[1:])
    if col >= size or not 1 <= number <= size:
        raise InvalidVertex(f"vertex {t} is off the {size}x{size} board")
    return point(size, size - number, col)


def vertex(size: int, p: int) -> str:
    """GTP vertex text of a point index, upper case; 'PASS' for PASS."""
    if p == PASS:
        return "PASS"
    r, c = row_col(size, p)
    return f"{COLUMNS[c]}{size - r}"
