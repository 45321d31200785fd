"""The Go board: strings kept incrementally, trymove/popgo with cheap undo, and the queries
that reading asks without playing.

Reading code pushes hypothetical moves with `trymove` (or `tryko`, which may retake a
ko) and takes them back with `popgo`; `stackp` is the number of such moves on the stack.
Game moves (`play`, `undo`) happen only at stackp 0. Every move keeps, per string, its
stones, liberties and origin (the smallest point of the string, so it does not depend on
the order the stones were played), and updates the Zobrist hash, the ko point and the
capture counts. Undo is a record per move, not a copy of the board.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final, Iterable, Iterator, final

from core.board.color import BLACK, BORDER, EMPTY, WHITE, color_name
from core.board.coords import (
    NO_POINT,
    PASS,
    all_points,
    array_length,
    check_size,
    stride,
    vertex,
)
from core.board.hashing import hash_of, zobrist_table
from core.errors import IllegalMove, InvalidVertex, UndoError


class String:
    """A maximal connected set of stones of one colour, with its liberties."""

    __slots__ = ("color", "stones", "libs", "origin")

    def __init__(self, color: int, stones: list[int], libs: set[int], origin: int) -> None:
        self.color = color
        self.stones = stones
        self.libs = libs
        self.origin = origin

    def __repr__(self) -> str:
        return f"String({color_name(self.color)}, origin={self.origin}, {len(self.stones)} stones, {len(self.libs)} libs)"


# The string of every empty and border point: no stones, no liberties, never changed. With
# it every point has a String, so `sref[p].libs` needs no check for None (and compiled
# code reads it natively).
NO_STRING: Final = String(EMPTY, [], set(), NO_POINT)


@final
class _Undo:
    """What takes one move back: the point and colour, the enemy strings it touched, the
    friendly string it merged into (its old length, liberties and origin, and the strings
    merged), the strings it captured and the liberties that gave, the old ko and hash."""

    __slots__ = ("point", "color", "enemies", "merged", "length", "libs", "origin", "friends", "captured",
                 "gained", "ko", "ko_color", "hash", "suicide")

    def __init__(self, point: int, color: int, enemies: list[String], merged: String | None, length: int,
                 libs: set[int] | None, origin: int, friends: list[String], captured: list[String] | None,
                 gained: list[Any], ko: int, ko_color: int, hash: int, suicide: bool) -> None:
        self.point = point
        self.color = color
        self.enemies = enemies
        self.merged = merged
        self.length = length
        self.libs = libs
        self.origin = origin
        self.friends = friends
        self.captured = captured
        self.gained = gained
        self.ko = ko
        self.ko_color = ko_color
        self.hash = hash
        self.suicide = suicide


def _holds(strings: list[String], s: String) -> bool:
    """Whether s is one of the strings, by identity (`in` would ask each for equality)."""
    for t in strings:
        if t is s:
            return True
    return False


def sorted_points(points: set[int]) -> list[int]:
    """The points in order. Reading sorts liberty sets of one to four points millions of
    times: two are put in order by one comparison, not by the general sort, and every point
    stays the set's own int object (see Board.boxed)."""
    out: list[Any] = list(points)
    n = len(out)
    if n == 2:
        a: Any = out[0]
        b: Any = out[1]
        if a > b:
            out[0] = b
            out[1] = a
    elif n > 2:
        out.sort()
    return out


_NONE_GAINED: Final[list[Any]] = []  # shared, never mutated
_NO_STRINGS: Final[list[String]] = []  # shared, never mutated


class Board:
    """A Go board of size 1..25 with an undo stack for reading and game-level history."""

    def __init__(self, size: int = 19, *, superko: bool = False, allow_suicide: bool = False) -> None:
        self.size: Final = check_size(size)
        self.stride: Final = stride(size)
        n = array_length(size)
        self.board: list[int] = [BORDER] * n
        self.sref: list[String] = [NO_STRING] * n
        self.points: Final = all_points(size)
        # Every point as one int object, made once: compiled code that puts an int above
        # 256 into a set, a list or a tuple makes a new object each time, and the liberty
        # sets take and give back points at every move (typed Any, so it is passed as it is)
        self.boxed: Final[list[Any]] = list(range(n))
        for p in self.points:
            self.board[p] = EMPTY
        w = self.stride
        self.nbrs: Final[list[tuple[int, ...]]] = [
            (p - w, p - 1, p + 1, p + w) if 0 < p < n - w else () for p in range(n)
        ]
        # each point's distance from the nearest edge (0 on the first line; -1 off the board)
        self.edge: Final[list[int]] = [-1] * n
        for p in self.points:
            r, c = divmod(p, w)
            self.edge[p] = min(r - 1, c, size - r, size - 1 - c)
        zob = zobrist_table(size)
        self._zob = zob.stone
        self._kozob = zob.ko
        self.ko: int = NO_POINT
        self.ko_color: int = EMPTY  # the colour that may not retake at self.ko
        self.hash: int = 0
        self.captures: list[int] = [0, 0, 0]  # stones captured BY black (index 1) / white (2)
        self.history: list[tuple[int, int]] = []  # game moves since the last setup (color, point)
        self.base: tuple[list[int], list[int]] = ([], [])  # black, white stones at the last setup
        self.superko = superko
        self.allow_suicide = allow_suicide
        self._stack: list[_Undo] = []
        self._game_depth = 0
        self.stackp = 0  # reading moves pushed by trymove/tryko and not yet popped
        self._seen: Counter[int] = Counter({0: 1})

    # ------------------------------------------------------------------ basic state
    def color(self, p: int) -> int:
        """EMPTY, BLACK, WHITE or BORDER at a point index."""
        return self.board[p]

    def stones(self, color: int) -> list[int]:
        """All points holding a stone of this colour, in point order."""
        b = self.board
        return [p for p in self.points if b[p] == color]

    def empty_points(self) -> list[int]:
        """All empty on-board points, in point order."""
        b = self.board
        return [p for p in self.points if b[p] == EMPTY]

    def string(self, p: int) -> String:
        """The string through a stone; InvalidVertex if the point is empty."""
        s = self.sref[p]
        if s is NO_STRING:
            raise InvalidVertex(f"no stone at {vertex(self.size, p)}")
        return s

    def strings(self) -> Iterator[String]:
        """Every string on the board, once each, ordered by origin."""
        b, sref = self.board, self.sref
        for p in self.points:
            s = sref[p]
            if s is not NO_STRING and s.origin == p:
                yield s

    # ------------------------------------------------------------------ legality
    def is_legal(self, p: int, color: int) -> bool:
        """True if color may play at p now (simple ko; superko only at stackp 0 when on)."""
        return self._illegal_reason(p, color) is None

    def _illegal_reason(self, p: int, color: int) -> str | None:
        if p == PASS:
            return None
        board = self.board
        if not 0 < p < len(board) or board[p] == BORDER:
            return "off the board"
        if board[p] != EMPTY:
            return "occupied"
        if p == self.ko and color == self.ko_color:
            return "ko"
        if not self._has_liberty_after(p, color) and not self.allow_suicide:
            return "suicide"
        if self.superko and self.stackp == 0:
            if not self._trymove(p, color, False):
                return "suicide"
            repeated = self._seen[self.hash ^ self._kozob[self.ko]] > 0
            self.popgo()
            if repeated:
                return "superko"
        return None

    def _has_liberty_after(self, p: int, color: int) -> bool:
        board, sref = self.board, self.sref
        for q in self.nbrs[p]:
            c = board[q]
            if c == EMPTY:
                return True
            s = sref[q]
            if len(s.libs) == 1:
                if c != color:
                    return True  # captures
            elif c == color:
                return True
        return False

    # ------------------------------------------------------------------ moves
    def trymove(self, p: int, color: int) -> bool:
        """Push a legal move for reading; False (nothing pushed) if it is illegal."""
        return self._trymove(p, color, False)

    def tryko(self, p: int, color: int) -> bool:
        """Push a move even if it retakes a banned ko (a conditional ko capture)."""
        return self._trymove(p, color, True)

    def _trymove(self, p: int, color: int, ignore_ko: bool) -> bool:
        board = self.board
        if p == PASS:
            self._push_pass(color)
            return True
        if board[p] != EMPTY:
            return False
        if p == self.ko and color == self.ko_color and not ignore_ko:
            return False
        sref, boxed = self.sref, self.boxed
        opp = 3 - color
        bp = boxed[p]
        libs: set[int] = set()
        friends: list[String] = []
        enemies: list[String] = []
        for q in self.nbrs[p]:
            c = board[q]
            if c == EMPTY:
                libs.add(boxed[q])
            elif c == color:
                s = sref[q]
                if not _holds(friends, s):
                    friends.append(s)
            elif c == opp:
                s = sref[q]
                if not _holds(enemies, s):
                    enemies.append(s)
        captured: list[String] | None = None
        for s in enemies:
            if len(s.libs) == 1:
                if captured is None:
                    captured = [s]
                else:
                    captured.append(s)
        suicide = False
        if not libs and captured is None:
            for s in friends:
                if len(s.libs) > 1:
                    break
            else:
                if not self.allow_suicide:
                    return False
                suicide = True

        h = self.hash ^ self._zob[color][p]
        board[p] = color
        for s in enemies:
            s.libs.discard(bp)

        # Merge the new stone and its friendly neighbours into the largest friend.
        merged: String | None = None
        old_length = old_origin = 0
        old_libs: set[int] | None = None
        if not friends:
            ns = String(color, [bp], libs, p)
        else:
            ns = friends[0]
            if len(friends) > 1:
                for s in friends:
                    if len(s.stones) > len(ns.stones):
                        ns = s
            stones = ns.stones
            merged, old_length, old_libs, old_origin = ns, len(stones), ns.libs, ns.origin
            newlibs = ns.libs | libs
            origin = ns.origin
            if len(friends) > 1:
                for s in friends:
                    if s is not ns:
                        newlibs |= s.libs
                        for q in s.stones:
                            sref[q] = ns
                        stones.extend(s.stones)
                        if s.origin < origin:
                            origin = s.origin
            stones.append(bp)
            newlibs.discard(bp)
            ns.libs = newlibs
            ns.origin = p if p < origin else origin
        sref[p] = ns

        new_ko = NO_POINT
        gained = _NONE_GAINED
        if captured is not None:
            gained = []
            n, h = self._remove(captured, color, h, gained)
            self.captures[color] += n
            if n == 1 and len(ns.stones) == 1 and len(ns.libs) == 1:
                new_ko = captured[0].stones[0]
        elif suicide:
            gained = []
            n, h = self._remove([ns], opp, h, gained)
            self.captures[opp] += n

        self._stack.append(_Undo(p, color, enemies, merged, old_length, old_libs, old_origin, friends, captured, gained,
                                 self.ko, self.ko_color, self.hash, suicide))
        self.stackp += 1
        kozob = self._kozob
        self.hash = h ^ kozob[self.ko] ^ kozob[new_ko]
        self.ko = new_ko
        self.ko_color = opp if new_ko else EMPTY
        return True

    def _remove(self, dead: list[String], capturer: int, h: int, gained: list[Any]) -> tuple[int, int]:
        """Take strings off the board, giving their points as liberties to capturer's strings
        (each string and the point it gained go on gained, one after the other: no tuple each)."""
        board, sref, nbrs, boxed = self.board, self.sref, self.nbrs, self.boxed
        zob = self._zob[3 - capturer]
        n = 0
        for s in dead:
            for q in s.stones:
                board[q] = EMPTY
                sref[q] = NO_STRING
                h ^= zob[q]
            n += len(s.stones)
        for s in dead:
            for q in s.stones:
                for r in nbrs[q]:
                    if board[r] == capturer:
                        t = sref[r]
                        assert t is not NO_STRING
                        bq = boxed[q]
                        if bq not in t.libs:
                            t.libs.add(bq)
                            gained.append(t)
                            gained.append(bq)
        return n, h

    def _push_pass(self, color: int) -> None:
        self._stack.append(_Undo(PASS, color, _NO_STRINGS, None, 0, None, 0, _NO_STRINGS, None, _NONE_GAINED,
                                 self.ko, self.ko_color, self.hash, False))
        self.stackp += 1
        self.hash ^= self._kozob[self.ko]
        self.ko = NO_POINT
        self.ko_color = EMPTY

    def popgo(self) -> None:
        """Take back the last move pushed by trymove/tryko."""
        if self.stackp == 0:
            raise UndoError("popgo with no reading move on the stack")
        self._pop()

    def _pop(self) -> None:
        rec = self._stack.pop()
        self.stackp -= 1
        self.ko = rec.ko
        self.ko_color = rec.ko_color
        self.hash = rec.hash
        p = rec.point
        if p == PASS:
            return
        color = rec.color
        board, sref = self.board, self.sref
        gained = rec.gained  # string, point, string, point, ...
        k = len(gained) - 2
        while k >= 0:
            t: String = gained[k]
            t.libs.discard(gained[k + 1])
            k -= 2
        captured = rec.captured
        if captured is not None:
            opp = 3 - color
            n = 0
            for s in captured:
                for q in s.stones:
                    board[q] = opp
                    sref[q] = s
                n += len(s.stones)
            self.captures[color] -= n
        ns = rec.merged
        if ns is None:
            if rec.suicide:
                self.captures[3 - color] -= 1
        else:
            if rec.suicide:
                self.captures[3 - color] -= len(ns.stones)
                for q in ns.stones:
                    board[q] = color
                    sref[q] = ns
            del ns.stones[rec.length:]
            libs = rec.libs
            assert libs is not None
            ns.libs = libs
            ns.origin = rec.origin
            friends = rec.friends
            if len(friends) > 1:
                for s in friends:
                    if s is not ns:
                        for q in s.stones:
                            sref[q] = s
        sref[p] = NO_STRING
        board[p] = EMPTY
        bp = self.boxed[p]
        for s in rec.enemies:
            s.libs.add(bp)

    # ------------------------------------------------------------------ game level
    def play(self, p: int, color: int, *, ignore_ko: bool = False) -> None:
        """Play a game move (or PASS) at stackp 0; IllegalMove, with the reason, if forbidden.

        ignore_ko lets a recorded game retake a ko (some real-world records do).
        """
        if self.stackp != 0:
            raise IllegalMove("cannot play a game move while reading moves are pushed")
        if color not in (BLACK, WHITE):
            raise IllegalMove(f"invalid colour {color} for a move")
        reason = self._illegal_reason(p, color)
        if ignore_ko and reason in ("ko", "superko"):
            reason = None
        if reason == "off the board":
            raise InvalidVertex(f"point {p} is off the {self.size}x{self.size} board")
        if reason is not None:
            raise IllegalMove(f"illegal move: {color_name(color)} {vertex(self.size, p)} ({reason})")
        self._trymove(p, color, True)
        self._game_depth += 1
        self.stackp -= 1  # a game move, not a reading move
        self.history.append((color, p))
        self._seen[self.hash ^ self._kozob[self.ko]] += 1

    def undo(self) -> tuple[int, int]:
        """Take back the last game move and return it as (color, point)."""
        if self.stackp != 0:
            raise UndoError("cannot undo a game move while reading moves are pushed")
        if self._game_depth == 0:
            raise UndoError("cannot undo: no move to take back")
        self._seen[self.hash ^ self._kozob[self.ko]] -= 1
        self.stackp += 1  # _pop counts the record as a reading move
        self._pop()
        self._game_depth -= 1
        return self.history.pop()

    @property
    def base_hash(self) -> int:
        """The hash of the game position under the reading moves (the position at stackp 0)."""
        return self.hash if self.stackp == 0 else self._stack[len(self._stack) - self.stackp].hash

    def reading_line(self) -> list[tuple[int, int]]:
        """The reading moves on the stack as (color, point), oldest first."""
        return [(rec.color, rec.point) for rec in self._stack[len(self._stack) - self.stackp:]]

    @property
    def undo_depth(self) -> int:
        """How many game moves can be taken back with undo."""
        return self._game_depth

    def setup(self, black: Iterable[int] = (), white: Iterable[int] = (), empty: Iterable[int] = ()) -> None:
        """Place or remove stones directly (SGF AB/AW/AE, handicap); clears game undo.

        Stones left without liberties by the setup are removed as captures would be.
        """
        if self.stackp != 0:
            raise IllegalMove("cannot set up stones while reading moves are pushed")
        placed = [(p, EMPTY) for p in empty] + [(p, BLACK) for p in black] + [(p, WHITE) for p in white]
        for p, _ in placed:
            if p == PASS or not 0 < p < len(self.board) or self.board[p] == BORDER:
                raise InvalidVertex(f"setup point {p} is off the board")
        colors = list(self.board)
        for p, c in placed:
            colors[p] = c
        self._load(colors, NO_POINT, EMPTY)

    def _load(self, colors: list[int], ko: int, ko_color: int) -> None:
        """Rebuild every string from a point array; forgets the undo stack and history."""
        self.board = colors
        self.sref = [NO_STRING] * len(colors)
        board, sref, nbrs = self.board, self.sref, self.nbrs
        for p in self.points:
            if board[p] in (BLACK, WHITE) and sref[p] is NO_STRING:
                c = board[p]
                s = String(c, [], set(), p)
                todo = [p]
                sref[p] = s
                while todo:
                    q = todo.pop()
                    s.stones.append(q)
                    for r in nbrs[q]:
                        if board[r] == EMPTY:
                            s.libs.add(r)
                        elif board[r] == c and sref[r] is NO_STRING:
                            sref[r] = s
                            todo.append(r)
                s.origin = min(s.stones)
        for s in list(self.strings()):
            if not s.libs:
                for q in s.stones:
                    board[q] = EMPTY
                    sref[q] = NO_STRING
                for q in s.stones:
                    for r in nbrs[q]:
                        t = sref[r]
                        if t is not NO_STRING:
                            t.libs.add(q)
        self.ko = ko if ko and board[ko] == EMPTY else NO_POINT
        self.ko_color = ko_color if self.ko else EMPTY
        self.hash = hash_of(self.size, board, self.ko)
        self._stack.clear()
        self._game_depth = 0
        self.stackp = 0
        self._seen = Counter({self.hash ^ self._kozob[self.ko]: 1})
        self.history = []
        self.base = (self.stones(BLACK), self.stones(WHITE))

    def clear(self) -> None:
        """Empty the board and forget history, captures and ko."""
        self._load([EMPTY if c != BORDER else BORDER for c in self.board], NO_POINT, EMPTY)
        self.captures = [0, 0, 0]

    # ------------------------------------------------------------------ queries
    def countlib(self, p: int) -> int:
        """Number of liberties of the string at p."""
        s = self.sref[p]
        assert s is not NO_STRING, "countlib on an empty point"
        return len(s.libs)

    def findlib(self, p: int, maxlib: int = 1 << 30) -> list[int]:
        """Up to maxlib liberties of the string at p, in point order."""
        s = self.sref[p]
        assert s is not NO_STRING, "findlib on an empty point"
        libs = sorted_points(s.libs)
        return libs if len(libs) <= maxlib else libs[:maxlib]

    def countstones(self, p: int) -> int:
        """Number of stones in the string at p."""
        s = self.sref[p]
        assert s is not NO_STRING, "countstones on an empty point"
        return len(s.stones)

    def findstones(self, p: int) -> list[int]:
        """The stones of the string at p, in point order."""
        s = self.sref[p]
        assert s is not NO_STRING, "findstones on an empty point"
        return sorted(s.stones)

    def origin(self, p: int) -> int:
        """The origin (smallest point) of the string at p."""
        s = self.sref[p]
        assert s is not NO_STRING, "origin of an empty point"
        return s.origin

    def same_string(self, a: int, b: int) -> bool:
        """True if a and b are stones of one string."""
        s = self.sref[a]
        return s is not NO_STRING and s is self.sref[b]

    def approxlib(self, p: int, color: int, maxlib: int = 1 << 30) -> int:
        """Liberties a stone of color at empty p would have, ignoring captures (capped at maxlib)."""
        return self._libs_after(p, color, maxlib)

    def accuratelib(self, p: int, color: int, maxlib: int = 1 << 30) -> int:
        """Liberties a stone of color at empty p would have, captures included; 0 if illegal."""
        board, sref = self.board, self.sref
        if board[p] != EMPTY:
            return 0
        opp = 3 - color
        for q in self.nbrs[p]:
            if board[q] == opp and len(sref[q].libs) == 1:
                break  # it captures: count exactly by playing it
        else:
            return self._libs_after(p, color, maxlib)
        if not self._trymove(p, color, True):
            return 0
        n = len(self.sref[p].libs)
        self._pop()
        return min(n, maxlib)

    def _libs_after(self, p: int, color: int, maxlib: int) -> int:
        """The liberties of a stone of color at p and the strings it joins, captures aside,
        capped at maxlib. Counted on the strings' sets, not point by point: a point above
        256 is a new int object each time compiled code hands it to a list or a set, and
        reading asks this more than anything else."""
        board, sref, nbrs = self.board, self.sref, self.nbrs[p]
        empties = 0
        first = second = NO_STRING
        more = False  # a third friendly string, or a fourth
        for q in nbrs:
            c = board[q]
            if c == EMPTY:
                empties += 1
            elif c == color:
                t = sref[q]
                if first is NO_STRING:
                    first = t
                elif t is not first:
                    if second is NO_STRING:
                        second = t
                    elif t is not second:
                        more = True
        if first is NO_STRING or empties >= maxlib:
            return empties if empties < maxlib else maxlib
        boxed = self.boxed
        if second is NO_STRING:
            libs = first.libs
            n = len(libs) - 1  # p itself is one of them
            if n < maxlib:
                for q in nbrs:
                    if board[q] == EMPTY and boxed[q] not in libs:
                        n += 1
        elif not more:
            big, small = (first.libs, second.libs) if len(first.libs) >= len(second.libs) else (second.libs, first.libs)
            n = len(big) - 1  # p is a liberty of both
            lib: object  # (not unboxed: compiled code would box it again for the lookup)
            for lib in small:
                if lib not in big:
                    n += 1
            for q in nbrs:
                if board[q] == EMPTY and boxed[q] not in big and boxed[q] not in small:
                    n += 1
        else:
            joined = first.libs | second.libs
            for q in nbrs:
                if board[q] == color:
                    joined |= sref[q].libs
            n = len(joined) - 1
            for q in nbrs:
                if board[q] == EMPTY and boxed[q] not in joined:
                    n += 1
        return n if n < maxlib else maxlib

    def chainlinks(self, p: int, maxlib: int = 1 << 30) -> list[int]:
        """Origins of opponent strings adjacent to the string at p with at most maxlib liberties."""
        s = self.sref[p]
        assert s is not NO_STRING, "chainlinks of an empty point"
        opp = 3 - s.color
        board, sref, nbrs = self.board, self.sref, self.nbrs
        found: list[String] = []
        for q in s.stones:
            for r in nbrs[q]:
                if board[r] == opp:
                    t = sref[r]
                    assert t is not NO_STRING
                    if len(t.libs) <= maxlib and not _holds(found, t):
                        found.append(t)
        origins = [t.origin for t in found]
        origins.sort()
        return origins

    def would_capture(self, p: int, color: int) -> bool:
        """True if a stone of color at p would capture an enemy string (one in atari beside p)."""
        board, sref = self.board, self.sref
        opp = 3 - color
        return any(board[q] == opp and len(sref[q].libs) == 1 for q in self.nbrs[p])

    def throws_away(self, p: int, color: int) -> bool:
        """True if a stone of color at p could not be played, or would stand with one
        liberty having captured nothing (a stone that captures is at worst a ko)."""
        return self.accuratelib(p, color, 2) < 2 and not self.would_capture(p, color)

    def is_self_atari(self, p: int, color: int) -> bool:
        """True if color playing at p leaves its own string with at most one liberty."""
        return self.board[p] == EMPTY and self.accuratelib(p, color, 2) <= 1

    def is_ko(self, p: int, color: int) -> int:
        """The point a ko capture by color at p would take, or NO_POINT if it is no ko capture."""
        board = self.board
        if board[p] != EMPTY:
            return NO_POINT
        opp = 3 - color
        taken = NO_POINT
        for q in self.nbrs[p]:
            c = board[q]
            if c == EMPTY or c == color:
                return NO_POINT
            if c == opp:
                s = self.sref[q]
                assert s is not NO_STRING
                if len(s.libs) == 1:
                    if taken or len(s.stones) != 1:
                        return NO_POINT
                    taken = q
        return taken

    def is_suicide(self, p: int, color: int) -> bool:
        """True if a stone of color at empty p would have no liberty and capture nothing."""
        return self.board[p] == EMPTY and not self._has_liberty_after(p, color)

    # ------------------------------------------------------------------ display
    def __str__(self) -> str:
        """The board as an ASCII diagram with coordinates (X black, O white)."""
        from core.board.diagram import render

        return render(self)
