"""Protocol commands: protocol_version, name, version, known_command, list_commands, quit."""

from __future__ import annotations

from core import build
from gtp.engine import Engine
from gtp.registry import Args, command


@command("protocol_version")
def protocol_version(engine: Engine, args: Args) -> str:
    """The GTP version spoken: 2."""
    args.expect(0)
    return "2"


@command("name")
def name(engine: Engine, args: Args) -> str:
    """The engine's name."""
    args.expect(0)
    return engine.name


@command("version")
def version(engine: Engine, args: Args) -> str:
    """The engine's version."""
    args.expect(0)
    return engine.version


@command("kiai-build")
def kiai_build(engine: Engine, args: Args) -> str:
    """Kiai's version and build: compiled (and which modules) or pure Python, and why."""
    args.expect(0)
    return build.report()


@command("known_command")
def known_command(engine: Engine, args: Args) -> str:
    """'true' if the command is implemented."""
    args.expect(1)
    return "true" if args.registry is not None and args.registry.get(args.word(0)) is not None else "false"


@command("list_commands")
def list_commands(engine: Engine, args: Args) -> str:
    """Every implemented command, one per line."""
    args.expect(0)
    return "\n".join(args.registry.names() if args.registry is not None else [])


@command("quit")
def quit_(engine: Engine, args: Args) -> str:
    """End the session (the server stops after answering)."""
    return ""
