"""Node counters: how many positions a kind of reading has visited, as GNU Go counts them.

A reader plugin declares its counters (kiai_node_counters) and adds the nodes every
question visits; GTP answers `reset_NAME_node_counter` and `get_NAME_node_counter` for
each, and `kiai regress` reports them per suite. A counter counts in the process that
reads: the engine's own questions (GTP reading commands), not the workers' genmove reads.
"""

from __future__ import annotations


class NodeCounter:
    """A named count of reading nodes (reading, connection, owl, ...)."""

    def __init__(self, name: str, description: str) -> None:
        self.name = name  # the NAME of the GTP counter commands
        self.description = description
        self.value = 0

    def add(self, nodes: int) -> None:
        """Count nodes visited."""
        self.value += nodes

    def reset(self) -> None:
        """Start again from zero."""
        self.value = 0

    def __repr__(self) -> str:
        return f"NodeCounter({self.name!r}, {self.value})"
