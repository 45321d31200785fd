"""Move reasons: the catalogue, ko variants, the wire format and validation."""

from __future__ import annotations

import pytest

from core.analysis.analysis import initial_analysis
from core.board.color import BLACK
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from core.move.reasons import (
    SHAPES,
    Kind,
    MoveReason,
    ReasonError,
    Target,
    check_reason,
    pack_reasons,
    unpack_reasons,
    with_ko,
)

CATALOGUE = """ATTACK ATTACK_GOOD_KO ATTACK_BAD_KO DEFEND DEFEND_GOOD_KO DEFEND_BAD_KO ATTACK_THREAT
DEFEND_THREAT EITHER ALL CONNECT CUT ANTISUJI SEMEAI SEMEAI_THREAT EXPAND_TERRITORY EXPAND_MOYO VITAL_EYE
STRATEGIC_ATTACK STRATEGIC_DEFEND OWL_ATTACK OWL_ATTACK_GOOD_KO OWL_ATTACK_BAD_KO OWL_DEFEND
OWL_DEFEND_GOOD_KO OWL_DEFEND_BAD_KO OWL_ATTACK_THREAT OWL_DEFEND_THREAT OWL_PREVENT_THREAT
UNCERTAIN_OWL_ATTACK UNCERTAIN_OWL_DEFENSE MY_ATARI_ATARI YOUR_ATARI_ATARI""".split()


def test_the_whole_catalogue_exists() -> None:
    assert all(name in Kind.__members__ for name in CATALOGUE)


def test_ko_variants() -> None:
    assert with_ko(Kind.ATTACK, 1) == Kind.ATTACK
    assert with_ko(Kind.ATTACK, 2) == Kind.ATTACK_GOOD_KO
    assert with_ko(Kind.DEFEND, 3) == Kind.DEFEND_BAD_KO
    assert with_ko(Kind.OWL_ATTACK, 2) == Kind.OWL_ATTACK_GOOD_KO


def test_wire_round_trip_of_every_kind() -> None:
    reasons = [MoveReason(k, 40, (30, 50)[: 2 if k in (Kind.CONNECT, Kind.CUT) else 1], 1.5, "x") for k in Kind]
    assert unpack_reasons(pack_reasons(reasons)) == reasons


@pytest.mark.parametrize("data", [b"", b"\x93\x01\x02\x03", pack_reasons([])[:-1]])
def test_bad_wire_data(data: bytes) -> None:
    with pytest.raises(ReasonError):
        unpack_reasons(data)


def test_every_kind_has_one_shape() -> None:
    assert set(SHAPES) == set(Kind)
    assert all((s.target == Target.NONE) == (s.targets == 0) for s in SHAPES.values())


def test_check_reason_rejects_malformed_reasons() -> None:
    board, _ = board_from_diagram("""
        . . . . .
        . X O . .
        . . . . .
        . . . . .
        . . . . .
        """)
    analysis = initial_analysis(board, BLACK, 6.5)
    analysis.build_dragons()
    x, o, empty = (parse_vertex(v, 5) for v in ("B4", "C4", "C3"))
    assert check_reason(MoveReason(Kind.ATTACK, empty, (o,)), analysis)
    assert check_reason(MoveReason(Kind.SHAPE, empty, (), -2.0), analysis)
    assert check_reason(MoveReason(Kind.MY_ATARI_ATARI, empty, (o, x)), analysis)
    for bad in (MoveReason(Kind.ATTACK, 400, (o,)), MoveReason(Kind.ATTACK, empty, ()),
                MoveReason(Kind.ATTACK, empty, (empty,)),  # not a worm
                MoveReason(Kind.CONNECT, empty, (x,)), MoveReason(Kind.SHAPE, empty, (), float("nan")),
                MoveReason(Kind.ATTACK, empty, (o,), 3.0),  # ATTACK carries no value
                MoveReason(Kind.YOUR_ATARI_ATARI, empty, (o,)), "x"):
        with pytest.raises(ReasonError):
            check_reason(bad, analysis)
