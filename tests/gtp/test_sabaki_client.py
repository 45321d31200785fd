"""Kiai through a real client: Sabaki's engine library (@sabaki/gtp, installed by the
README's setup command) drives `kiai` as Sabaki does (tests/node/sabaki_client.js)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CLIENT = REPO / "tests" / "node" / "sabaki_client.js"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (the setup command installs it)")
def test_sabaki_drives_kata_analyze_and_genmove_analyze() -> None:
    assert (REPO / "tests" / "node" / "node_modules" / "@sabaki" / "gtp").is_dir(), \
        "run the setup command: it installs @sabaki/gtp into tests/node"
    proc = subprocess.run(["node", str(CLIENT), sys.executable, str(REPO)], capture_output=True, text=True,
                          timeout=180)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert proc.stdout.startswith("ok:")
