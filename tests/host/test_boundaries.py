"""The boundaries of DESIGN.md, read from the imports: core imports no plugin, no plugin
imports another, and gtp imports no plugin (services and hooks are the only way across)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


def offenders(package: str, allowed: str | None = None) -> list[str]:
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        own = path.relative_to(ROOT).parts[:2] if package == "plugins" else None
        for name in imports(path):
            if name == "plugins" or name.startswith("plugins."):
                if own is not None and name.split(".")[:2] == list(own):
                    continue  # a plugin's own modules
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    return bad


def test_core_imports_no_plugin() -> None:
    assert offenders("core") == []


def test_gtp_imports_no_plugin() -> None:
    assert offenders("gtp") == []


def test_no_plugin_imports_another() -> None:
    assert offenders("plugins") == []
