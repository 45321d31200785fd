"""The value of an eye space: how many eyes it gives its owner when the opponent moves
first (min) and when the owner does (max), and the points that decide it.

An eye space is an abstract shape: its points (row, column), the marginal ones (where
the opponent's stone would stay connected to the outside), the ones holding dead enemy
stones, and the half eyes (points whose diagonal the first move decides; their key lies
outside the space). Its value comes from:

- the eye-shape database (eyeshapes.db) for spaces without marginal points or half eyes:
  the killing shapes and their vital points, matched in all eight orientations; an
  enemy stone already dead on the vital point means the opponent has played it;
- a small search for the rest: the opponent plays a marginal point (his stone stays,
  the points beside it become marginal, and so do those on the edge diagonal to it,
  whose eye it makes false) or a point beside two marginal points (his stone stays as
  well: the two are miai for its connection), the vital point, a half eye's key (the
  point turns false), or a liberty of his dead stones (adding to them, where they keep
  a liberty: "a bigger dead shape"); the owner fills a marginal point, a liberty of
  the dead stones (to capture them), or plays the vital point or a key. The vital
  points are the whole space's and its interior's (the points off its margins, whose
  shape decides once the margins are taken). Spaces a move splits are added up as
  independent games: whoever moves first takes the biggest swing, then the other side
  the next.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any, Callable, Final, final

from core.errors import KiaiError

Point = tuple[int, int]
NONE: Final[Point] = (-1, -1)
PLACES: Final = ("anywhere", "edge", "corner")
BIG: Final = 7  # points of an eye space without marginal points that make two eyes whatever its shape
FILL_LIMIT: Final = 9  # larger spaces holding dead stones are valued by their shape
SEARCH_LIMIT: Final = 10  # larger spaces with marginal points are not searched: their interior decides


class EyeShapeError(KiaiError):
    """The eye-shape database is malformed."""


@dataclass(frozen=True)
class Shape:
    """A database entry: its name, value and vital point, in one orientation, and where it
    must lie: anywhere, against an edge (its top row on the edge) or in a corner (its top
    left point in the corner)."""

    name: str
    points: frozenset[Point]
    vital: Point
    min: int
    max: int
    place: str = "anywhere"


@dataclass(frozen=True)
class Value:
    """What an eye space is worth: eyes with the opponent first (min), with the owner first
    (max), and the opponent's and the owner's best first moves (NONE when min == max)."""

    min: int
    max: int
    attack: Point = NONE
    defense: Point = NONE


def parse(text: str) -> list[Shape]:
    """The shapes of a database text."""
    shapes: list[Shape] = []
    header: list[str] | None = None
    rows: list[list[str]] = []

    def finish() -> None:
        if header is None:
            return
        if len(header) not in (4, 5) or (len(header) == 5 and header[4] not in PLACES):
            raise EyeShapeError(f"malformed shape header: {' '.join(header)!r}")
        points = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in ".*"}
        vital = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"]
        if not points or len(vital) > 1 or any(ch not in ".*-" for row in rows for ch in row):
            raise EyeShapeError(f"shape {header[1]}: rows must use '.', '*' and '-', with at most one '*'")
        shapes.append(Shape(header[1], frozenset(points), vital[0] if vital else NONE, int(header[2]),
                            int(header[3]), header[4] if len(header) == 5 else "anywhere"))

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("shape "):
            finish()
            header, rows = stripped.split(), []
        elif header is None:
            raise EyeShapeError(f"a shape row before any shape header: {stripped!r}")
        else:
            rows.append(stripped.split())
    finish()
    return shapes


def orientations(points: frozenset[Point], vital: Point) -> list[tuple[frozenset[Point], Point]]:
    """The shape in its eight orientations, each moved to start at row 0 and column 0."""
    out = []
    for transform in range(8):
        def t(p: Point) -> Point:
            r, c = p
            if transform & 1:
                r = -r
            if transform & 2:
                c = -c
            return (c, r) if transform & 4 else (r, c)

        moved = [t(p) for p in points]
        r0 = min(r for r, _ in moved)
        c0 = min(c for _, c in moved)
        v = NONE
        if vital != NONE:  # (the transformed point may itself read (-1, -1): test the original)
            tv = t(vital)
            v = (tv[0] - r0, tv[1] - c0)
        out.append((frozenset((r - r0, c - c0) for r, c in moved), v))
    return out


def normalized(points: frozenset[Point]) -> tuple[frozenset[Point], Point]:
    """The points moved to start at row 0 and column 0, and the offset taken off."""
    r0 = min(r for r, _ in points)
    c0 = min(c for _, c in points)
    return frozenset((r - r0, c - c0) for r, c in points), (r0, c0)


@functools.cache
def database() -> dict[str, dict[frozenset[Point], tuple[Shape, Point]]]:
    """The database as tables by place: a point set (normalized, or anchored at the edge or
    the corner) -> its shape and vital point."""
    text = resources.files("core.analysis").joinpath("eyeshapes.db").read_text(encoding="utf-8")
    tables: dict[str, dict[frozenset[Point], tuple[Shape, Point]]] = {place: {} for place in PLACES}
    for shape in parse(text):
        if shape.place == "anywhere":
            for points, vital in orientations(shape.points, shape.vital):
                tables["anywhere"][points] = (shape, vital)
        else:  # anchored: drawn in the top left corner or on the top edge; the board is mapped instead
            tables[shape.place][shape.points] = (shape, shape.vital)
    return tables


def _anchored(points: frozenset[Point], size: int, place: str) -> list[tuple[frozenset[Point], Point, bool, int]]:
    """The points seen from each corner (or edge) with that corner at (0, 0) (that edge as row
    0), as (points, offset, transposed, flips) to map a vital point back."""
    out = []
    for flips in range(4):
        def f(p: Point) -> Point:
            r, c = p
            return (size - 1 - r if flips & 1 else r, size - 1 - c if flips & 2 else c)

        for transposed in (False, True):
            moved = [f(p) for p in points]
            if transposed:
                moved = [(c, r) for r, c in moved]
            c0 = 0 if place == "corner" else min(c for _, c in moved)
            out.append((frozenset((r, c - c0) for r, c in moved), (0, c0), transposed, flips))
    return out


def _placed_read(points: frozenset[Point], size: int) -> tuple[Shape, Point] | None:
    """A corner or edge shape of the database that the points make on a board of size (kept
    for the point sets met again)."""
    for place in ("corner", "edge"):
        table = database()[place]
        if not table or size <= 0:
            continue
        for key, (_, c0), transposed, flips in _anchored(points, size, place):
            found = table.get(key)
            if found is not None:
                shape, vital = found
                if vital == NONE:
                    return shape, NONE
                r, c = vital[0], vital[1] + c0
                if transposed:
                    r, c = c, r
                r = size - 1 - r if flips & 1 else r
                c = size - 1 - c if flips & 2 else c
                return shape, (r, c)
    return None


def interior_value(points: frozenset[Point], dead: frozenset[Point], size: int = 0) -> tuple[int, int, Point, str]:
    """(min, max, vital point, shape name) of a space with no marginal points or half eyes."""
    if len(points) <= 2:
        return 1, 1, NONE, "small"
    if len(points) >= BIG:
        return 2, 2, NONE, "big"
    placed = _placed(points, size)
    if placed is not None:
        shape, vital = placed
    else:
        key, (r0, c0) = normalized(points)
        found = database()["anywhere"].get(key)
        if found is None:
            return 2, 2, NONE, "two eyes"
        shape, vital = found
        vital = (vital[0] + r0, vital[1] + c0) if vital != NONE else NONE
    if vital != NONE and vital in dead:  # the opponent has already played it
        return shape.min, shape.min, NONE, shape.name
    return shape.min, shape.max, vital, shape.name


def _neighbours(p: Point) -> tuple[Any, ...]:
    """The four points beside p (each made as a tuple object once: typed Any, compiled code
    hands it to sets as it is instead of building it again)."""
    r, c = p
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


def _components_read(points: frozenset[Point]) -> tuple[frozenset[Point], ...]:
    """The 4-connected parts of a point set (kept for the point sets met again: the eye
    values' search splits the same sets many times)."""
    left: set[Any] = set(points)  # (Any: each point stays the one tuple object, not rebuilt at every use)
    out: list[frozenset[Point]] = []
    q: Any
    while left:
        start: Any = left.pop()
        part: set[Any] = {start}
        todo: list[Any] = [start]
        while todo:
            for q in _neighbours(todo.pop()):
                if q in left:
                    left.remove(q)
                    part.add(q)
                    todo.append(q)
        if not left and not out:  # connected: the set itself (a kept answer holds no copy)
            return (points,)
        out.append(frozenset(part))
    return tuple(out)


def combine(values: list[tuple[int, int]], owner_first: bool) -> int:
    """Eyes from independent spaces (min, max) when one side moves first: it takes the
    biggest swing, the other side the next, and so on."""
    base = sum(m for m, _ in values)
    swings = sorted((mx - m for m, mx in values), reverse=True)
    return base + sum(swings[0 if owner_first else 1::2])


Half = tuple[Point, Point, Point]  # a half eye: its point, the opponent's key, the owner's key


@final
class Space:
    """An eye space as the search sees it (the key of the values' cache)."""

    # A plain class, not a frozen dataclass: mypyc compiles its __init__, __eq__ and
    # __hash__ (a dataclass's run interpreted; they took 3% of owl.tst's time).
    def __init__(self, points: frozenset[Point], marginal: frozenset[Point] = frozenset(),
                 dead: frozenset[Point] = frozenset(), half: frozenset[Half] = frozenset(),
                 barred: frozenset[Point] = frozenset(), size: int = 0,
                 walled: frozenset[Point] = frozenset()) -> None:
        self.points: Final = points
        self.marginal: Final = marginal
        self.dead: Final = dead  # points holding dead enemy stones
        self.half: Final = half
        self.barred: Final = barred  # where the opponent's stone would have no liberty
        self.size: Final = size  # the board's size (0: no edge is known)
        self.walled: Final = walled  # points beside the owner's enclosing stones

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Space):
            return NotImplemented
        return (self.points == other.points and self.marginal == other.marginal and self.dead == other.dead
                and self.half == other.half and self.barred == other.barred and self.size == other.size
                and self.walled == other.walled)

    def __hash__(self) -> int:
        return hash((self.points, self.marginal, self.dead, self.half, self.barred, self.size, self.walled))

    def __repr__(self) -> str:
        return (f"Space(points={set(self.points)}, marginal={set(self.marginal)}, dead={set(self.dead)}, "
                f"half={set(self.half)}, barred={set(self.barred)}, size={self.size}, walled={set(self.walled)})")

    def but(self, *, points: frozenset[Point] | None = None, marginal: frozenset[Point] | None = None,
            dead: frozenset[Point] | None = None, half: frozenset[Half] | None = None) -> Space:
        """The same space with some of its marks replaced."""
        return Space(self.points if points is None else points, self.marginal if marginal is None else marginal,
                     self.dead if dead is None else dead, self.half if half is None else half, self.barred,
                     self.size, self.walled)

    def part(self, points: frozenset[Point]) -> Space:
        """The same marks, restricted to some of the points."""
        return Space(points, self.marginal & points, self.dead & points,
                     frozenset(h for h in self.half if h[0] in points), self.barred & points, self.size,
                     self.walled & points)


def value(points: frozenset[Point], marginal: frozenset[Point] = frozenset(), dead: frozenset[Point] = frozenset(),
          half: frozenset[Half] = frozenset(), barred: frozenset[Point] = frozenset(), size: int = 0,
          walled: frozenset[Point] | None = None) -> Value:
    """The value of a connected eye space on a board of `size`: its points, the marginal ones,
    those holding dead enemy stones, its half eyes as (point, opponent's key, owner's key),
    the points where the opponent cannot play at all (his stone would have no liberty), and
    those beside the owner's enclosing stones (all of them, when not given)."""
    return _value(Space(points, marginal, dead, half, barred, size, points if walled is None else walled).part(points))


def _shape_value(s: Space, points: frozenset[Point]) -> Value:
    """The database's value of the points as an interior shape."""
    low, high, vital, _ = interior_value(points, s.dead, s.size)
    if vital in s.barred:  # the opponent cannot play the vital point: the owner takes it in time
        return Value(high, high)
    return Value(low, high, vital, vital) if low < high else Value(low, high)


def _value_read(s: Space) -> Value:
    if not s.points:
        return Value(0, 0)
    if len(s.points) == 1:
        if s.marginal:
            return Value(0, 0)
        if s.half:
            (_, attack, defense), = s.half
            return Value(0, 1, attack, defense)
        return Value(1, 1)
    if s.dead and not s.marginal and not s.half and len(s.points) <= FILL_LIMIT:
        return _capture_game(s)
    if not s.marginal and not s.half:
        return _shape_value(s, s.points)
    if len(s.points - s.marginal) >= BIG or len(s.points) > SEARCH_LIMIT:
        return _interior_value(s, s.points - s.marginal)
    vitals = _vitals(s)
    worst, attack = None, NONE
    for move, after in _opponent_moves(s, vitals):
        if worst is None or after < worst:
            worst, attack = after, move
    best, defense = None, NONE
    for move, after in _owner_moves(s, vitals):
        if best is None or after > best or (after == best and move == attack):
            best, defense = after, move  # of equal moves his vital point: "the opponent's vital point is mine"
    high = best if best is not None else 0
    low = min(worst, high) if worst is not None else high
    return Value(low, high, attack, defense) if low < high else Value(low, high)


def _vitals(s: Space) -> tuple[Point, ...]:
    """The vital points the search tries: the whole space's as a closed shape, and that of
    its interior (the points off its margins), which decides once the margins are taken:
    a corner six with one marginal point is a bulky five whose vital point makes two eyes."""
    interior = s.points - s.marginal
    whole = _shape_value(s, s.points).attack
    inner = _shape_value(s, interior).attack if len(interior) > 2 and len(components(interior)) == 1 else NONE
    return tuple(dict.fromkeys(v for v in (whole, inner) if v != NONE))


def _interior_value(s: Space, interior: frozenset[Point]) -> Value:
    """A space too big to search, valued by its interior (the points off its margins):
    each connected part as a closed shape, added up as independent games. A part of one
    or two points is half an eye (the opponent reaches it from the margin, the owner
    closes it off), and a space that is all margin makes no eye."""
    parts = [_shape_value(s, c) if len(c) > 2 else Value(0, 1) for c in components(interior)]
    if len(parts) == 1:
        return parts[0]  # one shape keeps its vital point
    values = [(v.min, v.max) for v in parts]
    low, high = combine(values, owner_first=False), combine(values, owner_first=True)
    return Value(min(low, high), high)


def _capture_game(s: Space) -> Value:
    """A space holding dead enemy stones, played out: the owner fills their liberties to
    capture them, while the opponent may add stones wherever his string keeps a liberty,
    so that the capture leaves a killing shape ("three in a row make a straight three"),
    or pass. Once the last dead stone is off, the space they leave is valued as usual,
    the opponent to play; an owner who stops filling keeps only the parts no dead stone
    touches."""
    empty = s.points - s.dead
    low, attack = _play(s.dead, empty, s.walled, s.barred, s.size, False)
    high, defense = _play(s.dead, empty, s.walled, s.barred, s.size, True)
    low = min(low, high)
    return Value(low, high, attack, defense) if low < high else Value(low, high)


def _liberties(string: frozenset[Point], empty: frozenset[Point]) -> set[Point]:
    """The empty points beside a string of the capture game."""
    return {q for p in string for q in _neighbours(p) if q in empty}


def _play_read(dead: frozenset[Point], empty: frozenset[Point], walled: frozenset[Point], barred: frozenset[Point],
          size: int, owner_to_move: bool) -> tuple[int, Point]:
    """Eyes at the end of the capture game, and the best move now, with one side to move."""
    captured = frozenset(p for c in components(dead) if not _liberties(c, empty) for p in c)
    if captured:  # stones left without a liberty (the owner filled their last one) come off
        dead, empty = dead - captured, empty | captured
    if not dead:
        return _after(Space(empty, size=size), owner_to_move), NONE
    if owner_to_move:
        clear = frozenset(p for p in empty if not any(q in dead for q in _neighbours(p)))
        sealed = frozenset(p for c in components(clear)
                           if not any(q in empty - c for p2 in c for q in _neighbours(p2)) for p in c)
        best, move = _after(Space(sealed, size=size), False), NONE  # he stops: what no dead stone reaches
        for e in sorted(empty):
            if not any(q in dead for q in _neighbours(e)) or not _may_fill(e, dead, empty, walled):
                continue
            eyes, _ = _play(dead, empty - {e}, walled, barred, size, False)
            if eyes > best:
                best, move = eyes, e
        return best, move
    worst, move = _play(dead, empty, walled, barred, size, True)[0], NONE  # he may play elsewhere
    for e in sorted(empty - barred):  # his stone joins the dead ones, if it keeps a liberty
        if not _keeps_liberty(dead, e, empty):
            continue
        eyes, _ = _play(dead | {e}, empty - {e}, walled, barred, size, True)
        if eyes < worst:
            worst, move = eyes, e
    return worst, move


def _keeps_liberty(dead: frozenset[Point], e: Point, empty: frozenset[Point]) -> bool:
    """The opponent's stone at e, joined to his dead stones beside it, keeps a liberty
    among the other empty points."""
    stones = dead | {e}
    string = next(c for c in components(stones) if e in c)
    return bool(_liberties(string, empty - {e}))


def _may_fill(e: Point, dead: frozenset[Point], empty: frozenset[Point], walled: frozenset[Point]) -> bool:
    """The owner may fill e if his stone there touches his wall or another empty point, or
    captures (the dead stones beside it have no other liberty)."""
    if e in walled or any(q in empty and q != e for q in _neighbours(e)):
        return True
    strings = [c for c in components(dead) if any(q in c for q in _neighbours(e))]
    return any(_liberties(c, empty) == {e} for c in strings)


def _after(s: Space, owner_first: bool) -> int:
    """Eyes from the space after a move, its parts added up, one side to move."""
    split = components(s.points)
    if len(split) == 1:  # one part: the space itself (its marks lie inside its points)
        v = _value(s)
        return v.max if owner_first else v.min
    parts = [_value(s.part(c)) for c in split]
    return combine([(v.min, v.max) for v in parts], owner_first)


def _edge_diagonals(p: Point, rest: frozenset[Point], size: int) -> frozenset[Point]:
    """The points of rest on the edge diagonal to the opponent's stone at p: an eye there
    is false (on the edge one diagonal taken for good is enough), so they count as
    marginal, as a half eye turned false does."""
    if size <= 0:
        return frozenset()
    r, c = p
    edge = size - 1
    return frozenset(q for q in ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1))
                     if q in rest and (q[0] in (0, edge) or q[1] in (0, edge)))


def _dead_liberties(s: Space) -> frozenset[Point]:
    """The empty points of the space beside its dead enemy stones."""
    return frozenset(q for p in s.dead for q in _neighbours(p) if q in s.points and q not in s.dead)


def _opponent_moves(s: Space, vitals: tuple[Point, ...]) -> list[tuple[Point, int]]:
    """The opponent's first moves and the eyes the owner then makes (he moves next), in the
    order tried, up to the first that leaves no eye: none can do better, and the first of
    the best is the one kept."""
    out: list[tuple[Point, int]] = []
    # his stone stays where it is connected outside: on a marginal point, then on a point
    # beside two of them, which are miai for his connection (tried after them: of equal
    # moves the first is kept, so a marginal point keeps the place it had)
    miai = sorted(p for p in s.points - s.marginal - s.dead - s.barred
                  if sum(q in s.marginal for q in _neighbours(p)) >= 2)
    for p in sorted(s.marginal - s.dead - s.barred) + miai:
        rest = s.points - {p}
        near = frozenset(q for q in _neighbours(p) if q in rest)  # beside it, the points become marginal
        falsed = frozenset(h[0] for h in s.half if h[1] == p) | _edge_diagonals(p, rest, s.size)
        after = s.but(points=rest, marginal=(s.marginal - {p}) | near | falsed,
                     half=frozenset(h for h in s.half if h[1] != p)).part(rest)
        out.append((p, _after(after, True)))
        if out[-1][1] == 0:
            return out
    for vital in vitals:
        if vital not in s.dead and vital not in s.marginal and vital not in s.barred:
            out.append((vital, _value(s.but(dead=s.dead | {vital})).max))
            if out[-1][1] == 0:
                return out
    for p in sorted(_dead_liberties(s) - s.marginal - s.barred - set(vitals)):  # his stone joins the dead ones
        if _keeps_liberty(s.dead, p, s.points - s.dead):
            out.append((p, _value(s.but(dead=s.dead | {p})).max))
            if out[-1][1] == 0:
                return out
    for point, attack, _ in sorted(s.half):  # a half eye's key: the point turns false
        if attack not in s.points:
            rest_half = frozenset(h for h in s.half if h[1] != attack)
            falsed = frozenset(h[0] for h in s.half if h[1] == attack)
            out.append((attack, _value(s.but(marginal=s.marginal | falsed, half=rest_half)).max))
    return out


def _owner_moves(s: Space, vitals: tuple[Point, ...]) -> list[tuple[Point, int]]:
    """The owner's first moves and the eyes he keeps (the opponent moves next)."""
    out: list[tuple[Point, int]] = []
    candidates = set(s.marginal - s.dead) | {q for p in s.marginal for q in _neighbours(p)
                                             if q in s.points and q not in s.dead}
    candidates |= {h[2] for h in s.half if h[2] in s.points}
    candidates |= {v for v in vitals if v not in s.dead}
    candidates |= _dead_liberties(s)  # he fills a liberty of the dead stones, to capture them
    for p in sorted(candidates):  # his stone fills the point (and settles the half eyes it keys)
        rest = s.points - {p}
        after = s.but(half=frozenset(h for h in s.half if h[2] != p)).part(rest)
        out.append((p, _after(after, False)))
    for point, _, defense in sorted(s.half):  # a key outside: the point is safe
        if defense not in s.points:
            rest_half = frozenset(h for h in s.half if h[2] != defense)
            out.append((defense, _value(s.but(half=rest_half)).min))
    return out


# The eye values' caches. The search meets the same point sets, spaces and capture-game
# positions again and again: over owl.tst's first 80 tests in one process, components
# answered 97% of its lookups, _placed 96%, _value 92%, _play 41%. Their sizes follow the
# engine's --memory (MEMORY_SHARE of it): CACHE_ENTRIES at FULL_MEGABYTES, in proportion at
# other sizes. Each is an lru_cache made anew when its size changes: a call looks the name
# up in the module, so the calls above reach the cache in force.
MEMORY_SHARE: Final = 0.25  # of the engine's --memory (core.reading.caches)
CACHE_ENTRIES: Final = (5_000, 20_000, 20_000, 50_000)  # _placed, components, _value, _play
# What the four hold at those sizes, once full: 81.5 MB after owl.tst's first 80 tests in
# one process, each object reached from a cache counted once (15.3 MB for components,
# 35.8 for _value, 30.7 for _play; _placed 2.9 with 3,933 entries).
FULL_MEGABYTES: Final = 80.0

_PlacedFn = Callable[[frozenset[Point], int], tuple[Shape, Point] | None]
_ComponentsFn = Callable[[frozenset[Point]], tuple[frozenset[Point], ...]]
_ValueFn = Callable[[Space], Value]
_PlayFn = Callable[[frozenset[Point], frozenset[Point], frozenset[Point], frozenset[Point], int, bool],
                   tuple[int, Point]]


def _made(sizes: tuple[int, ...]) -> tuple[_PlacedFn, _ComponentsFn, _ValueFn, _PlayFn]:
    """The four caches, new and empty, at these sizes in entries."""
    return (functools.lru_cache(maxsize=sizes[0])(_placed_read),
            functools.lru_cache(maxsize=sizes[1])(_components_read),
            functools.lru_cache(maxsize=sizes[2])(_value_read),
            functools.lru_cache(maxsize=sizes[3])(_play_read))


_placed: _PlacedFn
components: _ComponentsFn
_value: _ValueFn
_play: _PlayFn
_placed, components, _value, _play = _made(CACHE_ENTRIES)


def _caches() -> list[Any]:
    """The four caches in force (Any: lru_cache wrappers, with their methods)."""
    return [_placed, components, _value, _play]


def configure(megabytes: float) -> None:
    """Size the eye values' caches to hold about this many megabytes (emptied if resized)."""
    global _placed, components, _value, _play
    sizes = tuple(int(n * max(megabytes, 0.0) / FULL_MEGABYTES) for n in CACHE_ENTRIES)
    if list(sizes) != cache_sizes():
        _placed, components, _value, _play = _made(sizes)


def cache_sizes() -> list[int]:
    """The most entries each eye values' cache holds: _placed, components, _value, _play."""
    return [int(c.cache_info().maxsize) for c in _caches()]


def clear_caches() -> None:
    """Empty the eye values' caches."""
    for c in _caches():
        c.cache_clear()
