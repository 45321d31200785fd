"""Patterns: a small language for local shapes, and a matcher that finds them on a board.

A pattern is a diagram around the move `*`, seen from the side to move:

    O  our stone        X  opponent stone       .  empty (`,` too)
    o  ours or empty    x  theirs or empty      ?  anything on the board
    |  -  +  the edge: those points must be off the board

then an attribute line and optionally a constraint:

    Pattern HaneAtHeadOfTwo
    # comment lines explain the Go knowledge behind it
    ..*..
    ..XO.
    ..XO.
    :s,a shape(3)
    ;olib('*') >= 2

The attribute line gives class letters — s shape, e territory, E moyo, a strategic
attack, d strategic defence, C connection, B cut (break), or - for none — then values:
shape(n), min(n), max(n), followup(n), value(n) (a reader's move order) and antisuji. A
second diagram of the same shape may follow the first, with letters naming points for
the constraint, a Python expression over helper functions (lib, olib, xlib, weak, dead,
same, safe, ..., and those a reader adds). Every pattern matches in all 8 orientations;
matching for the other colour swaps O and X. Any package can ship a database
(`load_database(name, package)`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Final, Mapping

from core.board.board import Board
from core.board.color import EMPTY
from core.board.coords import row_col
from core.errors import KiaiError

if TYPE_CHECKING:
    from core.analysis.analysis import Analysis

_E: Final = 0  # (Final: compiled code reads a constant, not the module's dict)
_O: Final = 1
_X: Final = 2
_B: Final = 3
_ALLOWED: Final = {
    ".": {_E}, ",": {_E}, "*": {_E}, "O": {_O}, "X": {_X}, "o": {_E, _O}, "x": {_E, _X},
    "?": {_E, _O, _X}, "|": {_B}, "-": {_B}, "+": {_B},
}
CLASSES: Final = set("seEadCB")
_VALUE = re.compile(r"(shape|min|max|followup|value)\((-?\d+(?:\.\d+)?)\)|antisuji")


class PatternError(KiaiError):
    """A pattern database entry that cannot be parsed."""


@dataclass
class Pattern:
    """One pattern: its elements relative to the move, classes, values and constraint."""

    name: str
    elements: list[tuple[int, int, str]]  # (drow, dcol, symbol), the move excluded
    labels: dict[str, tuple[int, int]]
    classes: str
    shape: float = 0.0
    min_value: float = 0.0
    max_value: float = 0.0
    followup: float = 0.0
    value: float = 0.0  # how urgent the move is, for readers that order their moves (owl)
    antisuji: bool = False
    constraint: str = ""
    comment: str = ""
    code: Any = None
    orientations: list[list[tuple[int, int, frozenset[int]]]] = field(default_factory=list)
    label_orientations: list[dict[str, tuple[int, int]]] = field(default_factory=list)


@dataclass(frozen=True)
class Match:
    """A pattern found at a move, in one orientation: its labelled points on the board."""

    pattern: Pattern
    move: int
    color: int
    points: dict[str, int]  # label -> board point, '*' included
    stones: tuple[int, ...]  # every stone the pattern covers (O and X)


_TRANSFORMS: Final[list[Callable[[int, int], tuple[int, int]]]] = [
    lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
    lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r),
]


def parse_patterns(text: str) -> list[Pattern]:
    """Every pattern in a database text; PatternError with the line number if malformed."""
    patterns: list[Pattern] = []
    blocks = re.split(r"^Pattern\s+", text, flags=re.M)
    line_no = text[: len(blocks[0])].count("\n") + 1
    for block in blocks[1:]:
        try:
            patterns.append(_parse_block(block))
        except PatternError as e:
            raise PatternError(f"pattern starting at line {line_no}: {e}") from None
        line_no += block.count("\n")
    return patterns


def _parse_block(block: str) -> Pattern:
    lines = block.splitlines()
    name = lines[0].strip()
    comment: list[str] = []
    diagrams: list[list[str]] = [[]]
    attrs = constraint = ""
    for raw in lines[1:]:
        line = raw.rstrip()
        if line.startswith("#"):
            comment.append(line[1:].strip())
        elif line.startswith(":"):
            attrs = line[1:].strip()
        elif line.startswith(";"):
            constraint = (constraint + " " + line[1:].strip()).strip()
        elif not line.strip():
            if diagrams[-1]:
                diagrams.append([])
        else:
            diagrams[-1].append(line.strip())
    diagrams = [d for d in diagrams if d]
    if not diagrams:
        raise PatternError(f"{name}: no diagram")
    main = diagrams[0]
    star = [(r, c) for r, row in enumerate(main) for c, ch in enumerate(row) if ch == "*"]
    if len(star) != 1:
        raise PatternError(f"{name}: the diagram needs exactly one '*'")
    sr, sc = star[0]
    elements = []
    for r, row in enumerate(main):
        for c, ch in enumerate(row):
            if ch not in _ALLOWED:
                raise PatternError(f"{name}: unknown symbol {ch!r}")
            if ch != "*":
                elements.append((r - sr, c - sc, ch))
    labels: dict[str, tuple[int, int]] = {"*": (0, 0)}
    if len(diagrams) > 1:
        for r, row in enumerate(diagrams[1]):
            for c, ch in enumerate(row):
                if ch.isalpha() and ch not in "oxOX":
                    labels[ch] = (r - sr, c - sc)
    classes, _, values = attrs.partition(" ")
    classes = classes.strip().replace(",", "").replace("-", "")  # '-' is "no class"
    if not set(classes) <= CLASSES:
        raise PatternError(f"{name}: unknown class letters in {classes!r}")
    p = Pattern(name, elements, labels, classes, constraint=constraint, comment=" ".join(comment))
    for m in _VALUE.finditer(values):
        if m.group(0) == "antisuji":
            p.antisuji = True
        else:
            setattr(p, {"shape": "shape", "min": "min_value", "max": "max_value", "followup": "followup",
                     "value": "value"}[m.group(1)],
                    float(m.group(2)))
    if constraint:
        try:
            p.code = compile(constraint, f"<pattern {name}>", "eval")
        except SyntaxError as e:
            raise PatternError(f"{name}: constraint does not parse: {e.msg}") from None
    seen: set[tuple[tuple[int, int, str], ...]] = set()
    for t in _TRANSFORMS:
        oriented = tuple(sorted((*t(dr, dc), "-" if s in "|+" else s) for dr, dc, s in elements))
        if oriented in seen:
            continue  # symmetric patterns need fewer orientations
        seen.add(oriented)
        p.orientations.append([(dr, dc, frozenset(_ALLOWED[s])) for dr, dc, s in oriented])
        p.label_orientations.append({k: t(*v) for k, v in labels.items()})
    return p


def load_database(name: str = "patterns.db", package: str = "core.move") -> list[Pattern]:
    """The patterns of a database shipped in a package (core's by default, or a plugin's)."""
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError) as e:
        raise PatternError(f"no pattern database {name!r} in package {package!r}") from e
    try:
        return parse_patterns(text)
    except PatternError as e:
        raise PatternError(f"{package}/{name}: {e}") from None


_NEAR: Final = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


class Matcher:
    """Finds every pattern of a database on a board, for one colour at a time."""

    def __init__(self, patterns: list[Pattern]) -> None:
        self.patterns = patterns
        self._flat = [(p, k) for p in patterns for k in range(len(p.orientations))]
        self._near: list[list[frozenset[int]]] = []
        for p, k in self._flat:
            need = {(dr, dc): allowed for dr, dc, allowed in p.orientations[k]}
            self._near.append([need.get(d, frozenset({_E, _O, _X, _B})) for d in _NEAR])
        self._by_code: dict[int, list[int]] = {}

    def _candidates(self, code: int) -> list[int]:
        found = self._by_code.get(code)
        if found is None:
            states = [(code >> (2 * i)) & 3 for i in range(8)]
            found = [i for i, near in enumerate(self._near) if all(s in a for s, a in zip(states, near))]
            self._by_code[code] = found
        return found

    def match(self, board: Board, color: int, analysis: Analysis | None = None,
              where: list[int] | None = None, extra: Mapping[str, Callable[..., Any]] | None = None) -> list[Match]:
        """Every match for `color` to move (at the given empty points, or all), constraints
        checked; `extra` adds constraint functions of board points, called with labels."""
        n = board.size
        b = board.board
        relative = [_B] * len(b)
        for p in board.points:
            c = b[p]
            relative[p] = _E if c == EMPTY else _O if c == color else _X
        w = n + 1
        out: list[Match] = []
        helpers: _Helpers | None = None  # made at the first constraint to check
        for p in where if where is not None else board.points:
            if b[p] != EMPTY:
                continue
            r0, c0 = row_col(n, p)
            code = 0
            for i, (dr, dc) in enumerate(_NEAR):
                r, c = r0 + dr, c0 + dc
                s = relative[(r + 1) * w + c] if 0 <= r < n and 0 <= c < n else _B
                code |= s << (2 * i)
            for idx in self._candidates(code):
                pat, k = self._flat[idx]
                stones: list[int] = []
                for dr, dc, allowed in pat.orientations[k]:
                    r, c = r0 + dr, c0 + dc
                    if 0 <= r < n and 0 <= c < n:
                        q = (r + 1) * w + c
                        s = relative[q]
                        if s not in allowed:
                            break
                        if s == _O or s == _X:
                            stones.append(q)
                    elif _B not in allowed:
                        break
                else:
                    points = {}
                    for label, (dr, dc) in pat.label_orientations[k].items():
                        r, c = r0 + dr, c0 + dc
                        points[label] = (r + 1) * w + c if 0 <= r < n and 0 <= c < n else 0
                    m = Match(pat, p, color, points, tuple(sorted(stones)))
                    if pat.code is not None:
                        if helpers is None:
                            helpers = _Helpers(board, color, analysis, extra)
                        if not helpers.check(m):
                            continue
                    out.append(m)
        if helpers is not None:
            helpers.release()
        return out


class _Helpers:
    """The functions a constraint may call, bound to one match at a time."""

    def __init__(self, board: Board, color: int, analysis: Analysis | None,
                 extra: Mapping[str, Callable[..., Any]] | None = None) -> None:
        self.board, self.color, self.analysis = board, color, analysis
        self.match: Match | None = None
        self.env: dict[str, Any] = {
            "lib": self.lib, "olib": self.olib, "xlib": self.xlib, "weak": self.weak, "dead": self.dead,
            "alive": self.alive, "attackable": self.attackable, "empty": self.empty, "edge": self.edge,
            "false_eye": self.false_eye, "same": self.same,
            "__builtins__": {"min": min, "max": max, "abs": abs, "len": len},
        }
        for name, fn in (extra or {}).items():
            self.env[name] = self._on_points(fn)

    def _on_points(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """fn called with the board points of the labels it is given."""
        return lambda *labels: fn(*(self._pt(label) for label in labels))

    def _pt(self, label: str) -> int:
        assert self.match is not None
        try:
            return self.match.points[label]
        except KeyError:
            raise PatternError(f"{self.match.pattern.name}: constraint names unknown label {label!r}") from None

    def release(self) -> None:
        """Let go of the functions: the table holds methods bound to this object, a cycle
        that reference counting alone would never free (reading matches patterns at
        every node, and the collector's walks over such garbage took a quarter of owl's time)."""
        self.env.clear()
        self.match = None

    def check(self, m: Match) -> bool:
        """True if the match's constraint holds."""
        self.match = m
        return bool(eval(m.pattern.code, self.env))

    def lib(self, label: str) -> int:
        """Liberties of the string at the label."""
        return self.board.countlib(self._pt(label))

    def olib(self, label: str) -> int:
        """Liberties our stone would have at the (empty) label, captures counted."""
        return self.board.accuratelib(self._pt(label), self.color)

    def xlib(self, label: str) -> int:
        """Liberties an opponent stone would have at the (empty) label, captures counted."""
        return self.board.accuratelib(self._pt(label), 3 - self.color)

    def same(self, a: str, b: str) -> bool:
        """True if the stones at the two labels are one string."""
        board = self.board
        return board.origin(self._pt(a)) == board.origin(self._pt(b))

    def empty(self, label: str) -> bool:
        """True if the label is an empty point."""
        return self.board.board[self._pt(label)] == EMPTY

    def edge(self, label: str) -> int:
        """Distance of the label from the nearest edge (0 on the first line)."""
        return self.board.edge[self._pt(label)]

    def _dragon_safety(self, label: str) -> float:
        if self.analysis is None or not self.analysis.dragons:
            return 1.0
        return self.analysis.dragon(self._pt(label)).safety

    def weak(self, label: str) -> bool:
        """True if the dragon at the label is not safely alive."""
        return self._dragon_safety(label) < 0.9

    def alive(self, label: str) -> bool:
        """True if the dragon at the label is alive."""
        return self._dragon_safety(label) >= 0.9

    def dead(self, label: str) -> bool:
        """True if the dragon at the label is dead."""
        return self._dragon_safety(label) <= 0.0

    def false_eye(self, label: str) -> bool:
        """True if the one-point eye at the label is false."""
        from core.analysis.eyes import is_false_eye

        return is_false_eye(self.board, self._pt(label), self.color)

    def attackable(self, label: str) -> bool:
        """True if reading found the worm at the label capturable."""
        if self.analysis is None:
            return self.board.countlib(self._pt(label)) == 1
        return self.analysis.worm(self._pt(label)).attack_code != 0


