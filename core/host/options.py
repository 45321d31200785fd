"""Options plugins declare: the settings they read (depths, node limits, cache sizes), with
defaults and help, which the command line offers grouped by plugin.

Settings travel as one flat dict of numbers (name -> value), the same in the engine and
in every worker; a plugin reads its own with `Option.read` or `values`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

Settings = Mapping[str, float]


@dataclass(frozen=True)
class Option:
    """One setting: its name (`connection_depth` is `--connection-depth`), default and help,
    and the least value the command line takes."""

    name: str
    default: float
    help: str
    integer: bool = True
    minimum: float = 0.0  # (depths, node limits and cache sizes have no meaning below 0)

    @property
    def flag(self) -> str:
        """The command-line flag."""
        return "--" + self.name.replace("_", "-")

    def read(self, settings: Settings) -> float:
        """This option's value in the settings, or its default."""
        value = settings.get(self.name, self.default)
        return float(int(value)) if self.integer else float(value)


def values(options: Sequence[Option], settings: Settings) -> dict[str, float]:
    """Every option's value in the settings (defaults filled in), by name."""
    return {o.name: o.read(settings) for o in options}
