"""SGF: reading real-world quirks, replaying to a move or vertex, writing games and trees."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.board.board import Board
from core.board.boardcheck import board_errors
from core.board.color import BLACK, EMPTY, WHITE
from core.board.coords import PASS, parse_vertex, vertex
from core.board.sgf import GameRecord, load_position, load_sgf, parse_sgf, record_from_board
from core.errors import InvalidVertex, ReplayError, SgfError
from core.reading.variations import VariationTree

# A 9x9 game record written for these tests: FF[3] header, a comment with escapes,
# odd whitespace between nodes and values, and variations (the first is the main line).
GAME = rb"""
(;FF[3]GM[1]SZ[9]KM[5.5]RU[Japanese]PB[Black \] player]PW[White\\player]
 C[A comment with an escaped \] bracket
and a newline]
 ;B[ee]  ;W[gc]
 ;B [cg];W[cc]
 (;B[gg]C[main line];W[tt]
   (;B[eg];W[ge])
   (;B[aa]))
 (;B[hh];W[gg]))
(;FF[4]SZ[19];B[pd])
"""

SETUP = rb"""(;FF[4]SZ[7]HA[2]KM[0.5]AB[cc][ee]AW[dd]PL[2]
;W[cd];B[dc]
;AE[ee]AW[ff]PL[B]
;B[bb])"""


def test_main_line_and_game_info() -> None:
    rec = parse_sgf(GAME)
    assert rec.size == 9 and rec.komi == 5.5 and rec.rules == "Japanese"
    assert rec.black_player == "Black ] player" and rec.white_player == "White\\player"
    moves = rec.moves
    assert [c for c, _ in moves] == [BLACK, WHITE, BLACK, WHITE, BLACK, WHITE, BLACK, WHITE]
    assert moves[0] == (BLACK, parse_vertex("E5", 9))
    assert moves[4] == (BLACK, parse_vertex("G3", 9))  # the first variation is the main line
    assert moves[5] == (WHITE, PASS)  # FF[3] pass written as tt
    assert rec.steps[0].comment is not None and "escaped ] bracket\nand" in rec.steps[0].comment


def test_replay_to_move_number_and_vertex() -> None:
    rec = parse_sgf(GAME)
    board, to_move = rec.replay(until_move=3)
    assert to_move == BLACK and len(board.history) == 2
    assert board.color(parse_vertex("G7", 9)) == WHITE and board.color(parse_vertex("C3", 9)) == EMPTY
    board, to_move = rec.replay(until_vertex=parse_vertex("C7", 9))
    assert to_move == WHITE and len(board.history) == 3
    board, to_move = rec.replay()
    assert len(board.history) == 8 and to_move == BLACK
    board, to_move = rec.replay(until_move=9)  # one past the last move: the final position
    assert len(board.history) == 8
    assert board_errors(board) == []


def test_setup_properties_handicap_and_player_to_move() -> None:
    # PL[2] in the root is the FF[1] way of writing PL[W]; old files still use it.
    rec = parse_sgf(SETUP)
    assert rec.handicap == 2 and rec.komi == 0.5
    board, to_move = rec.replay(until_move=1)
    assert to_move == WHITE
    assert board.stones(BLACK) == sorted([parse_vertex("C5", 7), parse_vertex("E3", 7)])
    board, to_move = rec.replay()
    assert to_move == WHITE  # the last move was black's
    assert board.color(parse_vertex("E3", 7)) == EMPTY  # AE removed it
    assert board.color(parse_vertex("F2", 7)) == WHITE
    assert board.color(parse_vertex("B6", 7)) == BLACK
    board, to_move = rec.replay(until_move=3)
    assert to_move == BLACK and board.color(parse_vertex("F2", 7)) == WHITE  # PL[B] node


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "no SGF data"),
        (b"(;SZ[9];B[cc]", "end of SGF"),
        (b"not sgf at all", "no SGF data"),
        (b"(;SZ[9];B[zz])", r"node 1 \(move 1\): B\[zz\] is off the 9x9 board"),
        (b"(;SZ[9];B[cc];W[c])", r"node 2 \(move 2\): W\[c\] is not a point"),
        (b"(;SZ[9]AB[aa][zz])", r"the root node: setup stones AB\[aa\]\[zz\]"),
        (b"(;SZ[9];B[cc]C[open", "end of SGF"),
        (b"(;SZ[30])", "size"),
        (b"(;SZ[9]KM[lots])", "float"),
        (b"(;SZ[9]PL[X])", "PL"),
    ],
)
def test_broken_files_raise_sgf_error(data: bytes, message: str) -> None:
    with pytest.raises(SgfError, match=message):
        parse_sgf(data)


def test_missing_file_and_replay_targets_off_the_game(tmp_path: Path) -> None:
    with pytest.raises(SgfError, match="cannot read"):
        load_sgf(tmp_path / "nope.sgf")
    rec = parse_sgf(GAME)
    whole, to_move = rec.replay()
    past, past_to_move = rec.replay(until_move=10)  # past the end: the whole game, as GNU Go loads it
    assert past.board == whole.board and past_to_move == to_move
    with pytest.raises(ReplayError, match="not a move"):
        rec.replay(until_move=0)
    with pytest.raises(ReplayError, match="no move at"):
        rec.replay(until_vertex=parse_vertex("A1", 9))
    path = tmp_path / "game.sgf"
    path.write_bytes(GAME)
    with pytest.raises(InvalidVertex):  # a digit int() refuses is no move number (kiai decide-owl --until)
        load_position(path, "\u00b2")


def test_illegal_move_in_a_record_is_reported_with_its_number() -> None:
    rec = parse_sgf(b"(;SZ[5];B[cc];W[cc])")
    with pytest.raises(SgfError, match="move 2 .*occupied"):
        rec.replay()


def test_sgf_game_sgf_round_trip(tmp_path: Path) -> None:
    for data in (GAME, SETUP):
        rec = parse_sgf(data)
        written = rec.to_sgf()
        again = parse_sgf(written)
        assert again.moves == rec.moves
        assert (again.size, again.komi, again.handicap, again.rules) == (rec.size, rec.komi, rec.handicap, rec.rules)
        assert [(s.black, s.white, s.empty, s.player) for s in again.steps] == [
            (s.black, s.white, s.empty, s.player) for s in rec.steps
        ]
        path = tmp_path / "game.sgf"
        path.write_bytes(written)
        assert load_sgf(path).replay()[0].board == rec.replay()[0].board


def test_record_from_a_played_board() -> None:
    board = Board(9)
    board.setup(black=[parse_vertex("C3", 9)])
    board.play(parse_vertex("E5", 9), WHITE)
    board.play(PASS, BLACK)
    rec = record_from_board(board, komi=0.5)
    again = parse_sgf(rec.to_sgf())
    replayed, to_move = again.replay()
    assert replayed.board == board.board and to_move == WHITE


def test_variation_tree_writes_every_branch() -> None:
    board = Board(5)
    board.play(parse_vertex("C3", 5), BLACK)
    tree = VariationTree(board, comment="reading C3")
    tree.push(WHITE, parse_vertex("C4", 5))
    tree.push(BLACK, parse_vertex("D4", 5))
    tree.comment("variation 1")
    tree.pop()
    tree.push(BLACK, parse_vertex("B4", 5))
    tree.comment("variation 2")
    tree.pop()
    tree.pop()
    assert tree.variations == 2
    data = tree.to_bytes()
    assert b"variation 1" in data and b"variation 2" in data and b"AB[cc]" in data
    rec = parse_sgf(data)
    assert rec.moves == [(WHITE, parse_vertex("C4", 5)), (BLACK, parse_vertex("D4", 5))]
    with pytest.raises(Exception):
        tree.pop()


def test_empty_record_replays_to_the_empty_board() -> None:
    board, to_move = GameRecord(size=9).replay()
    assert board.stones(BLACK) == [] and to_move == BLACK


def test_only_the_main_line_is_read() -> None:
    from core.board.sgf import main_line

    tree = b"junk (;FF[4]SZ[9];B[ee](;W[cc]C[a (paren) and \\] in a comment];B[gg](;W[gc])(;W[cg]))(;W[dd];B[aa]))(;SZ[5])"
    assert main_line(tree) == b"(;FF[4]SZ[9];B[ee];W[cc]C[a (paren) and \\] in a comment];B[gg];W[gc])"
    rec = parse_sgf(tree)
    assert [vertex(9, p) for _, p in rec.moves] == ["E5", "C7", "G3", "G7"]
    # megabytes of variations after the main line are never read
    variations = b"".join(b"(;W[aa];B[bb]C[" + b"x" * 1000 + b"])" for _ in range(2000))
    big = b"(;SZ[9];B[ee](;W[cc])" + variations + b")"
    assert len(big) > 2_000_000
    assert [vertex(9, p) for _, p in parse_sgf(big).moves] == ["E5", "C7"]
