"""Move reasons: the objective claims move generators make about a move ("it captures that
string", "it connects those two dragons"), which the valuator turns into points.

Targets are string origins (for worm reasons) or dragon origins (for dragon reasons);
CONNECT, CUT, EITHER and ALL name two targets. Pattern-derived values (shape, minimum
and maximum value, follow-up) travel as reasons too, carrying their value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Final, Iterable

import msgpack

from core.errors import KiaiError

REASONS_VERSION: Final = 1


class Kind(IntEnum):
    """Every kind of move reason (the names of GNU Go's move generation)."""

    ATTACK = 1
    ATTACK_GOOD_KO = 2
    ATTACK_BAD_KO = 3
    DEFEND = 4
    DEFEND_GOOD_KO = 5
    DEFEND_BAD_KO = 6
    ATTACK_THREAT = 7
    DEFEND_THREAT = 8
    EITHER = 9
    ALL = 10
    CONNECT = 11
    CUT = 12
    ANTISUJI = 13
    SEMEAI = 14
    SEMEAI_THREAT = 15
    EXPAND_TERRITORY = 16
    EXPAND_MOYO = 17
    VITAL_EYE = 18
    STRATEGIC_ATTACK = 19
    STRATEGIC_DEFEND = 20
    OWL_ATTACK = 21
    OWL_ATTACK_GOOD_KO = 22
    OWL_ATTACK_BAD_KO = 23
    OWL_DEFEND = 24
    OWL_DEFEND_GOOD_KO = 25
    OWL_DEFEND_BAD_KO = 26
    OWL_ATTACK_THREAT = 27
    OWL_DEFEND_THREAT = 28
    OWL_PREVENT_THREAT = 29
    UNCERTAIN_OWL_ATTACK = 30
    UNCERTAIN_OWL_DEFENSE = 31
    MY_ATARI_ATARI = 32
    YOUR_ATARI_ATARI = 33
    # values that patterns attach to a move
    SHAPE = 40
    MIN_VALUE = 41
    MAX_VALUE = 42
    FOLLOWUP = 43
    ENDGAME = 44


ATTACKS: Final = frozenset({Kind.ATTACK, Kind.ATTACK_GOOD_KO, Kind.ATTACK_BAD_KO})
DEFENDS: Final = frozenset({Kind.DEFEND, Kind.DEFEND_GOOD_KO, Kind.DEFEND_BAD_KO})
OWL_ATTACKS: Final = frozenset({Kind.OWL_ATTACK, Kind.OWL_ATTACK_GOOD_KO, Kind.OWL_ATTACK_BAD_KO})
OWL_DEFENDS: Final = frozenset({Kind.OWL_DEFEND, Kind.OWL_DEFEND_GOOD_KO, Kind.OWL_DEFEND_BAD_KO})
GOOD_KO: Final = frozenset({Kind.ATTACK_GOOD_KO, Kind.DEFEND_GOOD_KO, Kind.OWL_ATTACK_GOOD_KO, Kind.OWL_DEFEND_GOOD_KO})
BAD_KO: Final = frozenset({Kind.ATTACK_BAD_KO, Kind.DEFEND_BAD_KO, Kind.OWL_ATTACK_BAD_KO, Kind.OWL_DEFEND_BAD_KO})
TWO_TARGETS: Final = frozenset({Kind.CONNECT, Kind.CUT, Kind.EITHER, Kind.ALL, Kind.SEMEAI, Kind.SEMEAI_THREAT})
NO_TARGET: Final = frozenset({Kind.ANTISUJI, Kind.EXPAND_TERRITORY, Kind.EXPAND_MOYO, Kind.SHAPE, Kind.MIN_VALUE,
                              Kind.MAX_VALUE, Kind.FOLLOWUP, Kind.ENDGAME, Kind.MY_ATARI_ATARI})


def with_ko(kind: Kind, code: int) -> Kind:
    """The ko variant of an attack/defend kind for a reading result code (1 WIN, 2 KO_A, 3 KO_B)."""
    if code == 1 or code == 0:
        return kind
    offset = 1 if code == 2 else 2
    if kind in (Kind.ATTACK, Kind.DEFEND, Kind.OWL_ATTACK, Kind.OWL_DEFEND):
        return Kind(kind + offset)
    return kind


class ReasonError(KiaiError):
    """Move reasons that are malformed (wrong kind, move off the board, bad targets)."""


@dataclass(frozen=True, order=True)
class MoveReason:
    """One reason for (or against) playing at `move`."""

    kind: Kind
    move: int
    targets: tuple[int, ...] = ()
    value: float = 0.0
    source: str = ""

    def to_wire(self) -> list[Any]:
        """The reason as a msgpack-friendly list."""
        return [int(self.kind), self.move, list(self.targets), self.value, self.source]

    @staticmethod
    def from_wire(obj: Any) -> MoveReason:
        """A reason from its wire form; ReasonError if malformed."""
        try:
            kind, move, targets, value, source = obj
            reason = MoveReason(Kind(kind), int(move), tuple(int(t) for t in targets), float(value), str(source))
        except (TypeError, ValueError) as e:
            raise ReasonError(f"malformed move reason {obj!r}: {e}") from None
        return reason

    def describe(self, vertex_of: Any) -> str:
        """A human-readable line such as 'ATTACK D4' or 'CONNECT D4 F4'."""
        parts = [self.kind.name] + [vertex_of(t) for t in self.targets]
        if self.value:
            parts.append(f"{self.value:g}")
        return " ".join(parts)


def pack_reasons(reasons: Iterable[MoveReason]) -> bytes:
    """msgpack bytes of a list of reasons, with the format version."""
    return msgpack.packb([REASONS_VERSION, [r.to_wire() for r in reasons]])  # type: ignore[no-any-return]


def unpack_reasons(data: bytes) -> list[MoveReason]:
    """The reasons packed by pack_reasons; ReasonError if the bytes are not that."""
    try:
        version, items = msgpack.unpackb(data)
    except Exception as e:
        raise ReasonError(f"not packed move reasons: {e}") from None
    if version != REASONS_VERSION:
        raise ReasonError(f"unsupported move reason format {version!r}")
    return [MoveReason.from_wire(x) for x in items]


def check_reason(reason: object, size: int, on_board: Any) -> MoveReason:
    """The reason itself if it is a well-formed MoveReason for this board; ReasonError if not."""
    if not isinstance(reason, MoveReason) or not isinstance(reason.kind, Kind):
        raise ReasonError(f"not a MoveReason: {reason!r}")
    if not on_board(reason.move):
        raise ReasonError(f"move reason {reason.kind.name} at point {reason.move}, which is off the {size}x{size} board")
    want = 0 if reason.kind in NO_TARGET else 2 if reason.kind in TWO_TARGETS else 1
    if reason.kind in (Kind.ANTISUJI, Kind.MY_ATARI_ATARI):
        want = len(reason.targets)
    if len(reason.targets) != want or not all(on_board(t) for t in reason.targets):
        raise ReasonError(f"move reason {reason.kind.name} needs {want} on-board target(s), got {reason.targets}")
    if reason.value != reason.value or abs(reason.value) > 1e6:
        raise ReasonError(f"move reason {reason.kind.name} has an unusable value {reason.value}")
    return reason
