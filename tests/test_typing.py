"""`mypy --strict` passes on the typed packages (core, plugins, gtp)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_on_core_plugins_gtp() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "core", "plugins", "gtp"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
