"""Every GTP command module; importing this package registers them all."""

from gtp.commands import analysis, analyze, basic, boardquery, eyes, play, reading, setup  # noqa: F401
