"""The exceptions Kiai raises for bad input; each carries a message a person understands.

Every operation that raises one of these leaves the board and game state exactly as
they were before the call.
"""

from __future__ import annotations


class KiaiError(Exception):
    """Base class of every error Kiai reports to a user instead of crashing."""


class InvalidVertex(KiaiError):
    """A vertex that is malformed or lies off the board."""


class InvalidColor(KiaiError):
    """A colour name that is neither black nor white."""


class BoardSizeError(KiaiError):
    """A board size outside 1..25."""


class IllegalMove(KiaiError):
    """A move that the rules forbid: occupied point, suicide, ko or superko."""


class UndoError(KiaiError):
    """An undo with nothing to undo, or while reading has moves pushed."""


class SgfError(KiaiError):
    """An SGF file that cannot be read: missing, malformed, truncated or inconsistent."""


class ReplayError(KiaiError):
    """A replay target (move number or vertex) that the game record does not reach."""


class PositionFormatError(KiaiError):
    """Bytes that are not a packed Position of a version this Kiai understands."""
