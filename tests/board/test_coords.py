"""Vertices, colours and the padded layout."""

from __future__ import annotations

import pytest

from core.board.color import BLACK, WHITE, parse_color
from core.board.coords import PASS, all_points, is_number, on_board, parse_vertex, vertex
from core.errors import InvalidColor, InvalidVertex


def test_vertex_round_trip_on_every_size() -> None:
    for size in (1, 2, 9, 19, 25):
        for p in all_points(size):
            assert on_board(size, p)
            assert parse_vertex(vertex(size, p), size) == p
            assert parse_vertex(vertex(size, p).lower(), size) == p


def test_gtp_conventions() -> None:
    assert vertex(19, parse_vertex("j10", 19)) == "J10"
    assert parse_vertex("pass", 19) == PASS and vertex(19, PASS) == "PASS"
    assert parse_vertex("A1", 19) > parse_vertex("A19", 19)  # row 1 is at the bottom
    assert parse_color("B") == BLACK and parse_color("white") == WHITE


@pytest.mark.parametrize(("text", "number"), [("0", True), ("250", True), ("", False), ("-3", False), ("1.5", False),
                                              ("\u00b2", False), ("1\u00b2", False), ("\u0663", False)])
def test_a_number_is_ascii_digits_that_int_reads(text: str, number: bool) -> None:
    # str.isdigit() also accepts superscripts and other scripts' digits, some of which
    # int() refuses: a word from GTP, a suite or the command line is a number only in ASCII
    assert is_number(text) == number
    if number:
        int(text)


@pytest.mark.parametrize("text", ["I5", "Z1", "A0", "A20", "", "A", "44", "A-1", "AA1", "T1x", "A\u00b2"])
def test_bad_vertices(text: str) -> None:
    with pytest.raises(InvalidVertex):
        parse_vertex(text, 19)


@pytest.mark.parametrize("text", ["blak", "", "x", "bw"])
def test_bad_colors(text: str) -> None:
    with pytest.raises(InvalidColor):
        parse_color(text)
