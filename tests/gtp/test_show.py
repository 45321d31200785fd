"""`kiai show`: an SVG that parses, a PNG of the size asked for, and the layer as SGF markup."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from core.board.sgf import load_sgf

# black's corner with an eye at A9 (set up), then eleven moves in the open
GAME = (b"(;FF[4]GM[1]SZ[9]KM[6.5]AB[ba][ab][bb][cb][ca]"
        b";B[cc];W[ee];B[dc];W[ed];B[cd];W[fc];B[ce];W[dg];B[bf];W[gg];B[de])")
STONES = 16
SVG = "{http://www.w3.org/2000/svg}"


def show(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    game = tmp_path / "game.sgf"
    game.write_bytes(GAME)
    return subprocess.run([sys.executable, "-m", "gtp.cli", "show", str(game), *args], capture_output=True,
                          text=True, timeout=180, cwd=tmp_path)


@pytest.mark.parametrize("layer", ["territory", "ownership", "dragons", "eyes", "moves"])
def test_each_layer_renders_as_svg_png_and_sgf_markup(tmp_path: Path, layer: str) -> None:
    proc = show(tmp_path, f"--{layer}", "-o", "out.svg", "--png", "out.png", "--sgf-out", "out.sgf",
                "--pixels", "300", "--move-time", "1")
    assert proc.returncode == 0, proc.stderr
    root = ET.parse(tmp_path / "out.svg").getroot()
    assert root.tag == SVG + "svg" and root.get("width") == "300"
    stones = [c for c in root.iter(SVG + "circle") if c.get("fill") in ("#000", "#fff")]
    assert len(stones) == STONES  # every stone of the game is drawn
    with Image.open(tmp_path / "out.png") as image:
        assert image.size == (300, 300) and image.format == "PNG"
    record = load_sgf(tmp_path / "out.sgf")
    assert len(record.moves) == 11
    text = (tmp_path / "out.sgf").read_text()
    expected = {"territory": "TB[", "ownership": "TB[", "dragons": "CR[", "eyes": "LB[", "moves": "LB["}[layer]
    assert expected in text


def test_the_dragons_layer_rings_each_stone_in_its_status_colour(tmp_path: Path) -> None:
    assert show(tmp_path, "--dragons", "-o", "d.svg").returncode == 0
    root = ET.parse(tmp_path / "d.svg").getroot()
    rings = [c for c in root.iter(SVG + "circle") if c.get("fill") == "none"]
    crosses = [line for line in root.iter(SVG + "line") if line.get("stroke") not in ("#000",)]
    assert len(rings) + len(crosses) // 2 == STONES


def test_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    proc = show(tmp_path, "--eyes", "--move", "99")  # past the end: the whole game
    assert proc.returncode == 0, proc.stderr
    missing = subprocess.run([sys.executable, "-m", "gtp.cli", "show", str(tmp_path / "none.sgf"), "--eyes"],
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "kiai show:" in missing.stderr
    assert show(tmp_path, "--eyes", "--pixels", "5").returncode == 2
    assert show(tmp_path).returncode == 2  # a layer is required (argparse)
