"""Move reasons: the catalogue, ko variants, the wire format and validation."""

from __future__ import annotations

import pytest

from core.move.reasons import Kind, MoveReason, ReasonError, check_reason, pack_reasons, unpack_reasons, with_ko

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


def test_check_reason_rejects_malformed_reasons() -> None:
    def on_board(p: int) -> bool:
        return 10 < p < 100

    assert check_reason(MoveReason(Kind.ATTACK, 40, (41,)), 9, on_board)
    for bad in (MoveReason(Kind.ATTACK, 400, (41,)), MoveReason(Kind.ATTACK, 40, ()),
                MoveReason(Kind.CONNECT, 40, (41,)), MoveReason(Kind.SHAPE, 40, (), float("nan")), "x"):
        with pytest.raises(ReasonError):
            check_reason(bad, 9, on_board)
