"""Variation trees: the SGF a decide tool writes while a reader reads, every variation
read as a branch, each node's result in a numbered comment (as GNU Go's --decide-string,
--decide-connection and --decide-owl write them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sgfmill import sgf

from core.board.board import Board
from core.board.color import BLACK, WHITE
from core.board.coords import PASS
from core.board.sgf import LETTER, sgf_point
from core.errors import KiaiError


class VariationTree:
    """An SGF tree written while reading: push a move, pop it, comment the current node."""

    def __init__(self, board: Board, comment: str | None = None) -> None:
        self.size = board.size
        self._game = sgf.Sgf_game(board.size)
        root = self._game.get_root()
        black = [sgf_point(board.size, p) for p in board.stones(BLACK)]
        white = [sgf_point(board.size, p) for p in board.stones(WHITE)]
        if black or white:
            root.set_setup_stones(black, white)
        if comment:
            root.set("C", comment)
        self._node: Any = root
        self.variations = 0

    def push(self, color: int, p: int) -> None:
        """Add a child with this move and make it current."""
        self._node = self._node.new_child()
        self._node.set_move(LETTER[color], None if p == PASS else sgf_point(self.size, p))

    def pop(self) -> None:
        """Make the parent of the current node current."""
        parent = self._node.parent
        if parent is None:
            raise KiaiError("VariationTree.pop at the root")
        if not len(self._node):  # a leaf ends a variation
            self.variations += 1
        self._node = parent

    def root(self) -> Any:
        """The tree's root node (an sgfmill tree node), for tools that walk what was read."""
        return self._game.get_root()

    def comment(self, text: str) -> None:
        """Append a line to the current node's comment."""
        old = self._node.get("C") if self._node.has_property("C") else ""
        self._node.set("C", f"{old}\n{text}" if old else text)

    def to_bytes(self) -> bytes:
        """The tree as SGF bytes."""
        return self._game.serialise()  # type: ignore[no-any-return]

    def save(self, path: str | Path) -> None:
        """Write the tree to an SGF file."""
        Path(path).write_bytes(self.to_bytes())
