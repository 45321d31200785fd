"""Kiai's build: the package, with its hot path compiled to C extensions by mypyc.

The modules in core.build.COMPILED are compiled when a C compiler and the Python headers
are there (the README's setup command installs in editable mode, so the extensions land
beside their sources); a manifest records the hash of every compiled source so that a
stale build is never run (core/build.py). Without a compiler the build says so in one
line and Kiai runs from source. KIAI_PURE_BUILD=1 skips the compiled build.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from core.build import COMPILED, source, write_manifest  # noqa: E402


class BuildCompiled(build_ext):
    """build_ext that falls back to the pure-Python build when compiling fails, and writes
    the manifest of what it compiled."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler, no headers: Kiai runs from source
            print(f"kiai: the compiled build failed ({type(e).__name__}: {e}); Kiai will run from source",
                  file=sys.stderr)
            return
        import mypy.version

        compiler = f"mypyc {mypy.version.__version__}"
        write_manifest(COMPILED, compiler, HERE)
        if not self.inplace:
            target = Path(self.build_lib) / "core" / "_build.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            write_manifest(COMPILED, compiler, HERE, target)


def extensions() -> list[Any]:
    """The mypyc extensions, or none when the compiled build is off or impossible."""
    if os.environ.get("KIAI_PURE_BUILD", "") not in ("", "0"):
        print("kiai: KIAI_PURE_BUILD is set: building from source only", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        print(f"kiai: mypyc is not available ({e}); Kiai will run from source", file=sys.stderr)
        return []
    paths = [str(source(m, HERE).relative_to(HERE)) for m in COMPILED]
    return list(mypycify(paths, opt_level="3", debug_level="0", strict_dunder_typing=True))


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildCompiled})
