"""The compiled build: which modules mypyc compiles, whether this process runs them
compiled or from source, and why.

The setup command (setup.py) compiles the hot path into C extensions next to the sources
and writes a manifest (`core/_build.json`) with a hash of every compiled source. At the
first import of `core` or `plugins` this module decides, once per process:

- KIAI_PURE=1 set: every module runs from source;
- no compiled build (no C compiler, or never built): every module runs from source;
- a compiled module's source differs from the one that was compiled: the build is stale.
  mypyc calls across modules natively, so one stale module stales them all: every module
  runs from source, and a warning says so once on stderr (rebuild with the setup command);
- otherwise the compiled modules run.

Running from source means a finder placed first on sys.meta_path hands Python the `.py`
file where it would otherwise take the extension module beside it.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final, Sequence

ROOT: Final = Path(__file__).resolve().parent.parent
MANIFEST: Final = Path(__file__).resolve().with_name("_build.json")
PURE_ENV: Final = "KIAI_PURE"

# The hot path: the board, hashing and coordinates; the reading toolkit; the tactical and
# connection readers with their move generators and the connection distance; the pattern
# matcher; the eye and dragon analysis.
COMPILED: Final = (
    "core.errors",
    "core.board.color",
    "core.board.coords",
    "core.board.hashing",
    "core.board.board",
    "core.reading.results",
    "core.reading.komaster",
    "core.reading.table",
    "core.reading.persistent",
    "core.reading.caches",
    "core.reading.counters",
    "core.reading.search",
    "core.move.patterns",
    "core.analysis.worms",
    "core.analysis.regions",
    "core.analysis.halfeye",
    "core.analysis.eyeshapes",
    "core.analysis.eyes",
    "core.analysis.unconditional",
    "core.analysis.amalgamation",
    "core.analysis.dragons",
    "plugins.owl.status",
    "plugins.owl.candidates",
    "plugins.owl.reader",
    "plugins.owl.semeai",
    "plugins.tactical.reader",
    "plugins.tactical.lib1",
    "plugins.tactical.lib2",
    "plugins.tactical.lib3",
    "plugins.tactical.lib4",
    "plugins.tactical.helpers",
    "plugins.tactical.ordering",
    "plugins.tactical.superstring",
    "plugins.connection.reader",
    "plugins.connection.distance",
)


def source(module: str, root: Path = ROOT) -> Path:
    """The source file of a module."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_hash(path: Path) -> str:
    """The hash a manifest records for a source file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension(module: str, root: Path = ROOT) -> Path | None:
    """The compiled extension of a module, if there is one beside its source."""
    folder = source(module, root).parent
    name = module.rsplit(".", 1)[-1]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = folder / (name + suffix)
        if candidate.exists():
            return candidate
    return None


def write_manifest(modules: Sequence[str], compiler: str, root: Path = ROOT, to: Path | None = None) -> None:
    """Record what was compiled, from which sources (the setup command calls this)."""
    data = {"compiler": compiler, "modules": {m: source_hash(source(m, root)) for m in modules}}
    (to or MANIFEST).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


@dataclass(frozen=True)
class BuildState:
    """What this process runs: the compiled modules (none when pure) and why."""

    compiled: tuple[str, ...]
    reason: str
    stale: tuple[str, ...] = ()

    @property
    def pure(self) -> bool:
        """True when every module runs from source."""
        return not self.compiled

    def describe(self) -> str:
        """One line: which build, and why."""
        if self.compiled:
            return f"compiled build: {len(self.compiled)} modules ({self.reason})"
        return f"pure-Python build ({self.reason})"


def decide(root: Path = ROOT, manifest: Path = MANIFEST, environ: dict[str, str] | None = None) -> BuildState:
    """Which build a process started now would run."""
    env = os.environ if environ is None else environ
    if env.get(PURE_ENV, "") not in ("", "0"):
        return BuildState((), f"{PURE_ENV}={env[PURE_ENV]}")
    try:
        data = json.loads(manifest.read_text())
        recorded: dict[str, str] = dict(data["modules"])
        compiler = str(data.get("compiler", "mypyc"))
    except (OSError, ValueError, KeyError, TypeError):
        return BuildState((), "no compiled build: run the setup command with a C compiler")
    present = [m for m in recorded if extension(m, root) is not None]
    if not present:
        return BuildState((), "no compiled build: run the setup command with a C compiler")
    stale = tuple(m for m in present if not source(m, root).exists() or source_hash(source(m, root)) != recorded[m])
    if stale:
        files = ", ".join(str(source(m, root).relative_to(root)) for m in stale)
        return BuildState((), f"stale build: {files} changed since it was compiled", stale)
    return BuildState(tuple(present), compiler)


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the source of the compiled modules, so that Python runs them from source."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """A spec loading the module's .py file, for a compiled module; None otherwise."""
        if fullname not in self.modules:
            return None
        name = fullname.rsplit(".", 1)[-1]
        for folder in path or sys.path:
            candidate = Path(folder) / (name + ".py")
            if candidate.exists():
                return importlib.util.spec_from_file_location(fullname, candidate)
        return None


_STATE: BuildState | None = None


def install() -> BuildState:
    """Decide this process's build once, and run from source if it is not the compiled one."""
    global _STATE
    if _STATE is None:
        _STATE = decide()
        if _STATE.pure:
            sys.meta_path.insert(0, SourceFinder(COMPILED))
            if _STATE.stale:
                print(f"kiai: {_STATE.reason}; running from source (rebuild with `bash .ci/setup` or "
                      "`pip install -e .`)", file=sys.stderr)
    return _STATE


def state() -> BuildState:
    """The build this process runs."""
    return install()


def version() -> str:
    """Kiai's version, from the installed package's metadata."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as package_version

    try:
        return package_version("kiai")
    except PackageNotFoundError:
        return "0+unknown"


def report() -> str:
    """The version and the build, with the compiled modules, one fact per line."""
    s = state()
    lines = [f"kiai {version()}", s.describe()]
    if s.compiled:
        lines.append("compiled modules: " + " ".join(s.compiled))
    return "\n".join(lines)


def loaded_compiled() -> list[str]:
    """The compiled modules this process has imported as extension modules."""
    return sorted(m for m in COMPILED if m in sys.modules
                  and (getattr(sys.modules[m], "__file__", "") or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)))
