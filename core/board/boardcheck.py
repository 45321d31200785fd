"""A from-scratch check of a board's incremental state, for tests and the debug flag."""

from __future__ import annotations

from core.board.board import NO_STRING, Board
from core.board.color import EMPTY
from core.board.hashing import hash_of


def board_errors(board: Board) -> list[str]:
    """Every way the board's strings, liberties, origins or hash differ from a recomputation."""
    errors: list[str] = []
    b = board.board
    seen: set[int] = set()
    for p in board.points:
        c = b[p]
        s = board.sref[p]
        if c == EMPTY:
            if s is not NO_STRING:
                errors.append(f"empty point {p} has a string")
            continue
        if s is NO_STRING:
            errors.append(f"stone at {p} has no string")
            continue
        if p in seen:
            continue
        stones = {p}
        todo = [p]
        libs: set[int] = set()
        while todo:
            q = todo.pop()
            for r in board.nbrs[q]:
                if b[r] == EMPTY:
                    libs.add(r)
                elif b[r] == c and r not in stones:
                    stones.add(r)
                    todo.append(r)
        seen |= stones
        if s.color != c:
            errors.append(f"string at {p} has colour {s.color}, board says {c}")
        if set(s.stones) != stones or len(s.stones) != len(stones):
            errors.append(f"string at {p}: stones {sorted(s.stones)} != {sorted(stones)}")
        if s.libs != libs:
            errors.append(f"string at {p}: libs {sorted(s.libs)} != {sorted(libs)}")
        if s.origin != min(stones):
            errors.append(f"string at {p}: origin {s.origin} != {min(stones)}")
        if any(board.sref[q] is not s for q in stones):
            errors.append(f"string at {p}: stones point to different string objects")
        if not libs:
            errors.append(f"string at {p} has no liberties")
    if NO_STRING.stones or NO_STRING.libs:
        errors.append("the empty points' NO_STRING was changed")
    if board.hash != hash_of(board.size, b, board.ko):
        errors.append("incremental hash differs from the hash computed from scratch")
    if board.ko and b[board.ko] != EMPTY:
        errors.append(f"ko point {board.ko} is not empty")
    return errors


def snapshot(board: Board) -> tuple[object, ...]:
    """Everything popgo must restore: stones, strings, ko, hash and captures."""
    strings = sorted(
        (s.origin, s.color, tuple(sorted(s.stones)), tuple(sorted(s.libs))) for s in board.strings()
    )
    return (tuple(board.board), tuple(strings), board.ko, board.ko_color, board.hash, tuple(board.captures))


