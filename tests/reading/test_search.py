"""The search skeleton every reader shares: node counting and limits, the deadline, komaster
play and undo, the positions of the line, the shadow, variations and trace."""

from __future__ import annotations

import random
import time
import tracemalloc

import pytest

from core.board.board import Board
from core.board.color import BLACK, EMPTY, WHITE
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from core.board.playout import random_game
from core.board.sgf import parse_sgf
from core.reading.komaster import first_taker_trymove
from core.reading.persistent import PersistentCache, string_area
from core.reading.search import DEADLINE_EVERY, ReadingAborted, Search
from core.reading.table import ENTRY_BYTES, TranspositionTable, code_of, move_of, nodes_of
from core.reading.variations import VariationTree
from plugins.tactical.reader import Depths, Reader

# A ko: black's D2 takes the white stone at C2, and white could retake at C2 at once.
KO = """
. . . . . .
. . . . . .
. . . . . .
. . X O . .
. X O . O .
. . X O . .
"""


def test_a_node_limit_aborts_and_unwind_restores_the_board() -> None:
    board, _ = board_from_diagram(KO)
    before = (board.hash, board.stackp, list(board.board))
    s = Search(board, node_limit=3)
    s.play(parse_vertex("E4", 6), BLACK, False)
    s.play(parse_vertex("E3", 6), WHITE, False)
    with pytest.raises(ReadingAborted):
        for _ in range(4):
            s.enter()
    assert s.nodes == s.visited == 4
    s.unwind()
    assert (board.hash, board.stackp, list(board.board)) == before
    assert s.path == set() and s.komaster == EMPTY


def test_a_deadline_in_the_past_aborts_within_a_few_nodes() -> None:
    board, _ = board_from_diagram(KO)
    s = Search(board, deadline=time.monotonic() - 1)
    with pytest.raises(ReadingAborted):
        for _ in range(DEADLINE_EVERY):
            s.enter()
    assert s.visited == DEADLINE_EVERY  # the clock was read at the 32nd node
    costly = Search(board, deadline=time.monotonic() - 1, clock_every=1)
    with pytest.raises(ReadingAborted):
        costly.enter()
    assert costly.visited == 1


def test_a_transposition_hit_counts_the_nodes_it_saves() -> None:
    board, _ = board_from_diagram(KO)
    table = TranspositionTable(1)
    table.put((1, 2, 3), 1, 7, 50)
    s = Search(board, table, node_limit=40)
    with pytest.raises(ReadingAborted):  # 50 saved nodes count against a limit of 40
        s.probe((1, 2, 3))
    assert Search(board, table).probe((9, 0, 0)) is None


def test_the_table_has_a_budget_and_empties_when_full() -> None:
    table = TranspositionTable((3 * ENTRY_BYTES + 1) / 1_000_000)  # three entries
    assert table.capacity == 3
    for k in range(4):
        table.put((k, 0, 0), 1, k, 1)
    entry = table.get((3, 0, 0))
    assert len(table) == 1 and table.clears == 1 and entry is not None
    assert (code_of(entry), move_of(entry), nodes_of(entry)) == (1, 3, 1)
    off = TranspositionTable(0)
    off.put((1, 0, 0), 1, 1, 1)
    assert len(off) == 0


def test_a_table_filled_by_reading_keeps_within_its_megabytes() -> None:
    boards = []
    for size, moves, seed in ((9, 40, 2), (9, 60, 3), (13, 90, 4), (19, 150, 5)):
        board = Board(size)
        random_game(board, moves, random.Random(seed))
        boards.append(board)
    tracemalloc.start()
    try:
        table = TranspositionTable(64)
        before = tracemalloc.get_traced_memory()[0]
        for board in boards:  # (each board ends at another fill of the table's dict)
            for s in [s.origin for s in board.strings()]:
                r = Reader(board, Depths(), table)
                r.attack(s)
                r.find_defense(s)
            assert table.clears == 0 and len(table) > 5_000
            assert (tracemalloc.get_traced_memory()[0] - before) / len(table) <= ENTRY_BYTES
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("code, move, nodes", [(0, 0, 0), (3, 701, 1), (2, 1023, 12_345_678), (1, 400, 0)])
def test_an_entry_gives_back_the_code_move_and_nodes_it_was_put_with(code: int, move: int, nodes: int) -> None:
    table = TranspositionTable(1)
    table.put(("key",), code, move, nodes)
    entry = table.get(("key",))
    assert entry is not None
    assert (code_of(entry), move_of(entry), nodes_of(entry)) == (code, move, nodes)


def test_a_conditional_ko_capture_makes_the_mover_komaster_and_undo_restores_it() -> None:
    board, _ = board_from_diagram(KO)
    c2, d2 = parse_vertex("C2", 6), parse_vertex("D2", 6)
    s = Search(board)
    taken = s.play(d2, BLACK, False)  # black takes the ko
    assert taken is not None and board.board[c2] == EMPTY
    assert s.play(c2, WHITE, False) is None  # white may not retake at once...
    token = s.play(c2, WHITE, True)  # ...except as a conditional capture (a ko threat answered)
    assert token is not None and token[0] and s.komaster == WHITE
    s.undo(token)
    assert s.komaster == EMPTY and board.board[c2] == EMPTY
    s.undo(taken)
    assert board.stackp == 0


def test_the_first_taker_scheme_lets_only_the_komaster_take_again() -> None:
    board, _ = board_from_diagram(KO)
    c2, d2 = parse_vertex("C2", 6), parse_vertex("D2", 6)
    played, conditional, _, _ = first_taker_trymove(board, d2, BLACK, EMPTY, 0, False)
    assert played and not conditional
    played, conditional, komaster, _ = first_taker_trymove(board, c2, WHITE, EMPTY, 0, True)
    assert played and conditional and komaster == WHITE
    board.popgo()
    assert not first_taker_trymove(board, c2, WHITE, BLACK, 0, True)[0]
    board.popgo()


def test_a_line_never_repeats_a_position() -> None:
    board, _ = board_from_diagram(KO)
    e4 = parse_vertex("E4", 6)
    board.trymove(e4, BLACK)
    after = board.hash
    board.popgo()
    s = Search(board)
    s.path.add(after)  # as if the line had already been there
    assert s.play(e4, BLACK, False) is None and board.stackp == 0
    s.path.clear()
    token = s.play(e4, BLACK, False)
    assert token is not None and after in s.path
    s.undo(token)
    assert after not in s.path


def test_variations_are_numbered_and_traced(capsys: pytest.CaptureFixture[str]) -> None:
    board, _ = board_from_diagram(KO)
    s = Search(board)
    s.tree = VariationTree(board, comment="test")
    s.trace = True
    token = s.play(parse_vertex("E4", 6), BLACK, False)
    assert token is not None
    s.record("attack C3: 0")
    s.undo(token)
    s.record("attack C3: 1 E4")
    data = s.tree.to_bytes()
    assert b"variation 1: attack C3: 0" in data and b"variation 2: attack C3: 1 E4" in data
    assert parse_sgf(data).size == 6
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("  attack C3: 0 [BE4]") and err[1].startswith("attack C3: 1 E4 []")


def test_the_persistent_read_keeps_a_result_with_its_active_area() -> None:
    board, _ = board_from_diagram(KO)
    cache = PersistentCache("test", size=10, min_nodes=1)
    c3 = parse_vertex("C3", 6)
    calls: list[int] = []

    def read(s: Search) -> tuple[int, int]:
        calls.append(1)
        s.enter()
        token = s.play(parse_vertex("D4", 6), BLACK, False)
        if token is not None:
            s.enter()
            s.undo(token)
        return 1, parse_vertex("D4", 6)

    def ask() -> tuple[int, int]:
        s = Search(board)
        return s.persistent_read(cache, 1, (c3,), lambda: read(s), lambda shadow: string_area(board, (c3,), shadow))

    assert ask() == ask() == (1, parse_vertex("D4", 6))
    assert len(calls) == 1 and cache.hits == 1 and cache.stores == 1
    entry = cache.entries[0]
    assert parse_vertex("D4", 6) in entry.area and c3 in entry.area  # the shadow and the string
    far = parse_vertex("F6", 6)
    assert far not in entry.area
    board.play(far, WHITE)  # outside the area: still valid
    assert ask() and len(calls) == 1
    board.play(parse_vertex("D4", 6), WHITE)  # inside: read again
    ask()
    assert len(calls) == 2
