"""Move reasons: the objective claims move generators make about a move ("it captures that
string", "it connects those two dragons"), which the valuator turns into points.

Each kind's shape is defined once, in SHAPES: how many targets it names, whether they are
worms (string origins) or dragons (dragon origins), and what its value means (most kinds
carry none: the valuator works it out). Pattern-derived values (shape, minimum and
maximum value, follow-up) travel as reasons too, carrying their value. `check_reason`
holds a reason to its shape; genmove drops, and reports, any reason that fails it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any, Final, Iterable

import msgpack

from core.errors import KiaiError

if TYPE_CHECKING:
    from core.analysis.analysis import Analysis

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
UNCERTAIN_OWL: Final = frozenset({Kind.UNCERTAIN_OWL_ATTACK, Kind.UNCERTAIN_OWL_DEFENSE})
GOOD_KO: Final = frozenset({Kind.ATTACK_GOOD_KO, Kind.DEFEND_GOOD_KO, Kind.OWL_ATTACK_GOOD_KO, Kind.OWL_DEFEND_GOOD_KO})
BAD_KO: Final = frozenset({Kind.ATTACK_BAD_KO, Kind.DEFEND_BAD_KO, Kind.OWL_ATTACK_BAD_KO, Kind.OWL_DEFEND_BAD_KO})


class Target(Enum):
    """What a reason's targets are."""

    NONE = "none"
    WORM = "worm"  # string origins
    DRAGON = "dragon"  # dragon origins


@dataclass(frozen=True)
class Shape:
    """A kind's shape: its number of targets, what they are, and what its value means."""

    targets: int
    target: Target
    value: str = ""  # the meaning of MoveReason.value; empty: the kind carries none (value 0)


_WORM1, _WORM2 = Shape(1, Target.WORM), Shape(2, Target.WORM)
_DRAGON1, _DRAGON2 = Shape(1, Target.DRAGON), Shape(2, Target.DRAGON)
_NONE = Shape(0, Target.NONE)
SHAPES: Final[dict[Kind, Shape]] = {
    **{k: _WORM1 for k in (Kind.ATTACK, Kind.ATTACK_GOOD_KO, Kind.ATTACK_BAD_KO, Kind.DEFEND, Kind.DEFEND_GOOD_KO,
                           Kind.DEFEND_BAD_KO, Kind.ATTACK_THREAT, Kind.DEFEND_THREAT)},
    Kind.EITHER: _WORM2,  # one move attacks either of two strings
    Kind.ALL: _WORM2,  # one move defends both strings
    Kind.MY_ATARI_ATARI: _WORM2,  # the two strings our move puts in atari at once
    Kind.YOUR_ATARI_ATARI: _WORM2,  # the two of our strings the opponent's move there would put in atari
    Kind.CONNECT: _DRAGON2,
    Kind.CUT: _DRAGON2,
    Kind.SEMEAI: _DRAGON2,  # our dragon, then theirs
    Kind.SEMEAI_THREAT: _DRAGON2,
    **{k: _DRAGON1 for k in (Kind.VITAL_EYE, Kind.STRATEGIC_ATTACK, Kind.STRATEGIC_DEFEND, Kind.OWL_ATTACK,
                             Kind.OWL_ATTACK_GOOD_KO, Kind.OWL_ATTACK_BAD_KO, Kind.OWL_DEFEND, Kind.OWL_DEFEND_GOOD_KO,
                             Kind.OWL_DEFEND_BAD_KO, Kind.OWL_ATTACK_THREAT, Kind.OWL_DEFEND_THREAT,
                             Kind.OWL_PREVENT_THREAT, Kind.UNCERTAIN_OWL_ATTACK, Kind.UNCERTAIN_OWL_DEFENSE)},
    Kind.ANTISUJI: _NONE,
    Kind.EXPAND_TERRITORY: _NONE,
    Kind.EXPAND_MOYO: _NONE,
    Kind.ENDGAME: _NONE,
    Kind.SHAPE: Shape(0, Target.NONE, "shape points: positive for good shape, negative for bad"),
    Kind.MIN_VALUE: Shape(0, Target.NONE, "points: the move is worth at least this"),
    Kind.MAX_VALUE: Shape(0, Target.NONE, "points: the move is worth at most this"),
    Kind.FOLLOWUP: Shape(0, Target.NONE, "points the move threatens to gain next (its follow-up)"),
}
MAX_VALUE_POINTS: Final = 1e6


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


def check_reason(reason: object, analysis: Analysis) -> MoveReason:
    """The reason itself if it has its kind's shape on this analysis's board; ReasonError if not."""
    if not isinstance(reason, MoveReason) or not isinstance(reason.kind, Kind):
        raise ReasonError(f"not a MoveReason: {reason!r}")
    board = analysis.board
    name = reason.kind.name

    def on_board(p: int) -> bool:
        return 0 < p < len(board.board) and board.board[p] != 3

    if not on_board(reason.move):
        raise ReasonError(f"move reason {name} at point {reason.move}, which is off the {board.size}x{board.size} board")
    shape = SHAPES[reason.kind]
    if len(reason.targets) != shape.targets:
        raise ReasonError(f"move reason {name} needs {shape.targets} target(s), got {len(reason.targets)}")
    known = analysis.worms if shape.target == Target.WORM else analysis.dragons
    for t in reason.targets:
        if t not in known:
            raise ReasonError(f"move reason {name}: target {t} is not the origin of a {shape.target.value}")
    value = reason.value
    if value != value or abs(value) > MAX_VALUE_POINTS:
        raise ReasonError(f"move reason {name} has an unusable value {value}")
    if value and not shape.value:
        raise ReasonError(f"move reason {name} carries no value, got {value}")
    return reason
