"""`kiai show`: a picture of a position with one layer of Kiai's analysis drawn on it,
without a GUI: SVG always, PNG on request (Pillow draws it), and the same layer as SGF
markup that any SGF viewer shows.

Layers: territory (each colour's territory and moyo), ownership (the influence
function's ownership, shaded), dragons (each stone ringed in its dragon's status colour,
a cross on the dead), eyes (eye spaces shaded in the owner's colour, labelled min/max)
and moves (the top moves labelled with their values in points).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sgfmill import sgf
from sgfmill.sgf_properties import serialise_go_point

from core.analysis.dragons import Status
from core.board.color import BLACK, EMPTY, WHITE
from core.board.coords import COLUMNS, row_col
from core.board.sgf import sgf_point as to_sgf_point
from core.errors import KiaiError
from gtp.arguments import amount, count
from gtp.engine import Engine, Options

LAYERS: Final = ("territory", "ownership", "dragons", "eyes", "moves")
STATUS_COLOR: Final = {Status.ALIVE: "#2e9d3a", Status.DEAD: "#d62728", Status.CRITICAL: "#ff8c00",
                       Status.UNKNOWN: "#7f7f7f"}
OWNER_COLOR: Final = {BLACK: "#202020", WHITE: "#f4f4f4"}


@dataclass
class Mark:
    """One thing drawn at a point: a shade (fill of the point's square, with opacity), a
    ring, a cross or a label."""

    kind: str  # "shade" | "ring" | "cross" | "label"
    p: int
    color: str
    opacity: float = 1.0
    text: str = ""


def layer_marks(engine: Engine, layer: str) -> tuple[list[Mark], dict[str, list[str]]]:
    """The marks of a layer, and the same layer as SGF markup (property -> points or labels)."""
    board = engine.game.board
    size = board.size
    a = engine.analysis()
    marks: list[Mark] = []
    sgf: dict[str, list[str]] = {}

    def sgf_point(p: int) -> str:
        return str(serialise_go_point(to_sgf_point(size, p), size).decode("ascii"))

    inf = a.influence
    if layer in ("territory", "ownership") and inf is not None:
        for p in board.points:
            x = inf.at(p)
            if layer == "ownership" and abs(x) >= 0.05:
                marks.append(Mark("shade", p, OWNER_COLOR[BLACK if x > 0 else WHITE], min(1.0, abs(x)) * 0.8))
            if abs(x) >= 0.5 and board.board[p] != (BLACK if x > 0 else WHITE):
                sgf.setdefault("TB" if x > 0 else "TW", []).append(sgf_point(p))
        if layer == "territory":
            for color in (BLACK, WHITE):
                terr = set(inf.points("territory", color))
                for p in inf.points("moyo", color):
                    if p not in terr:
                        marks.append(Mark("shade", p, OWNER_COLOR[color], 0.3))
                for p in terr:
                    marks.append(Mark("shade", p, OWNER_COLOR[color], 0.75))
    elif layer == "dragons":
        kinds = {Status.ALIVE: "CR", Status.DEAD: "MA", Status.CRITICAL: "TR", Status.UNKNOWN: "SQ"}
        for d in a.dragons.values():
            for o in d.worms:
                for p in a.worms[o].stones:
                    marks.append(Mark("cross" if d.status == Status.DEAD else "ring", p, STATUS_COLOR[d.status]))
                    sgf.setdefault(kinds[d.status], []).append(sgf_point(p))
    elif layer == "eyes":
        for space in a.spaces:
            if len(space.points) > 16:
                continue  # territory, not an eye space
            value = str(space.min) if space.min == space.max else f"{space.min}/{space.max}"
            for p in space.points:
                marks.append(Mark("shade", p, OWNER_COLOR[space.color], 0.45))
                if p not in space.marginal:
                    marks.append(Mark("label", p, "#1f4fd0", text=value))
                    sgf.setdefault("LB", []).append(f"{sgf_point(p)}:{value}")
    else:  # moves
        best = [v for v in engine.values(engine.game.to_move) if not v.antisuji and v.total > 0][:10]
        for v in best:
            marks.append(Mark("label", v.move, "#1f4fd0", text=f"{v.total:.1f}"))
            sgf.setdefault("LB", []).append(f"{sgf_point(v.move)}:{v.total:.1f}")
    return marks, sgf


class Geometry:
    """Where the board's points fall in a square picture of `pixels` pixels."""

    def __init__(self, size: int, pixels: int) -> None:
        self.size, self.pixels = size, pixels
        self.step = pixels / (size + 1)

    def xy(self, p: int) -> tuple[float, float]:
        """The centre of a point."""
        r, c = row_col(self.size, p)
        return (c + 1) * self.step, (r + 1) * self.step


def svg(engine: Engine, marks: list[Mark], pixels: int) -> str:
    """The picture as SVG text."""
    board = engine.game.board
    g = Geometry(board.size, pixels)
    s, n = g.step, board.size
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{pixels}" height="{pixels}" '
           f'viewBox="0 0 {pixels} {pixels}">', f'<rect width="{pixels}" height="{pixels}" fill="#dcb35c"/>']
    for i in range(n):
        a, b = s * (i + 1), s * n
        out.append(f'<line x1="{s:.1f}" y1="{a:.1f}" x2="{b:.1f}" y2="{a:.1f}" stroke="#000" stroke-width="1"/>')
        out.append(f'<line x1="{a:.1f}" y1="{s:.1f}" x2="{a:.1f}" y2="{b:.1f}" stroke="#000" stroke-width="1"/>')
        out.append(f'<text x="{a:.1f}" y="{s * 0.45:.1f}" font-size="{s * 0.35:.1f}" text-anchor="middle">'
                   f'{COLUMNS[i]}</text>')
        out.append(f'<text x="{s * 0.45:.1f}" y="{a + s * 0.12:.1f}" font-size="{s * 0.35:.1f}" '
                   f'text-anchor="middle">{n - i}</text>')
    for m in marks:
        if m.kind == "shade":
            x, y = g.xy(m.p)
            out.append(f'<rect x="{x - s / 2:.1f}" y="{y - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}" '
                       f'fill="{m.color}" fill-opacity="{m.opacity:.2f}"/>')
    for p in board.points:
        if board.board[p] != EMPTY:
            x, y = g.xy(p)
            fill = "#000" if board.board[p] == BLACK else "#fff"
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s * 0.47:.1f}" fill="{fill}" stroke="#000"/>')
    for m in marks:
        x, y = g.xy(m.p)
        if m.kind == "ring":
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s * 0.3:.1f}" fill="none" stroke="{m.color}" '
                       f'stroke-width="{s * 0.1:.1f}"/>')
        elif m.kind == "cross":
            d = s * 0.25
            for dx in (d, -d):
                out.append(f'<line x1="{x - dx:.1f}" y1="{y - d:.1f}" x2="{x + dx:.1f}" y2="{y + d:.1f}" '
                           f'stroke="{m.color}" stroke-width="{s * 0.1:.1f}"/>')
        elif m.kind == "label":
            out.append(f'<text x="{x:.1f}" y="{y + s * 0.13:.1f}" font-size="{s * 0.38:.1f}" text-anchor="middle" '
                       f'fill="{m.color}" font-weight="bold">{m.text}</text>')
    out.append("</svg>")
    return "\n".join(out)


def png(engine: Engine, marks: list[Mark], pixels: int, path: Path) -> None:
    """The same picture as PNG, drawn with Pillow."""
    from PIL import Image, ImageDraw, ImageFont

    board = engine.game.board
    g = Geometry(board.size, pixels)
    s, n = g.step, board.size
    image = Image.new("RGBA", (pixels, pixels), "#dcb35c")
    shade = Image.new("RGBA", (pixels, pixels), (0, 0, 0, 0))
    draw, over = ImageDraw.Draw(image), ImageDraw.Draw(shade)
    for i in range(n):
        a, b = s * (i + 1), s * n
        draw.line([(s, a), (b, a)], fill="#000", width=1)
        draw.line([(a, s), (a, b)], fill="#000", width=1)
    for m in marks:
        if m.kind == "shade":
            x, y = g.xy(m.p)
            rgb = tuple(int(m.color[i:i + 2], 16) for i in (1, 3, 5))
            over.rectangle([x - s / 2, y - s / 2, x + s / 2, y + s / 2], fill=(*rgb, int(255 * m.opacity)))
    image = Image.alpha_composite(image, shade)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(8, round(s * 0.38)))
    for i in range(n):
        a = s * (i + 1)
        draw.text((a, s * 0.4), COLUMNS[i], fill="#000", anchor="mm", font=font)
        draw.text((s * 0.4, a), str(n - i), fill="#000", anchor="mm", font=font)
    for p in board.points:
        if board.board[p] != EMPTY:
            x, y = g.xy(p)
            r = s * 0.47
            draw.ellipse([x - r, y - r, x + r, y + r], fill="#000" if board.board[p] == BLACK else "#fff",
                         outline="#000")
    for m in marks:
        x, y = g.xy(m.p)
        w = max(1, round(s * 0.1))
        if m.kind == "ring":
            r = s * 0.3
            draw.ellipse([x - r, y - r, x + r, y + r], outline=m.color, width=w)
        elif m.kind == "cross":
            d = s * 0.25
            draw.line([(x - d, y - d), (x + d, y + d)], fill=m.color, width=w)
            draw.line([(x + d, y - d), (x - d, y + d)], fill=m.color, width=w)
        elif m.kind == "label":
            draw.text((x, y), m.text, fill=m.color, anchor="mm", font=font)
    image.convert("RGB").save(path, "PNG")


def sgf_with_markup(engine: Engine, markup: dict[str, list[str]]) -> bytes:
    """The position's game record with the layer as markup on its last node."""
    try:
        game = sgf.Sgf_game.from_bytes(engine.game.record().to_sgf())
    except ValueError as e:
        raise KiaiError(f"cannot add markup to the game record: {e}") from None
    node = game.get_last_node()
    for key, points in sorted(markup.items()):
        node.set_raw_list(key, [p.encode("ascii") for p in points])
    return game.serialise()  # type: ignore[no-any-return]


def add_parser(sub: Any) -> None:
    """Register `kiai show`."""
    p = sub.add_parser("show", help="draw a position with one layer of analysis (SVG, PNG, SGF markup)")
    p.add_argument("sgf", type=Path, help="the game (SGF)")
    p.add_argument("--move", type=count(0), default=None, help="the position before move N (default: the end)")
    group = p.add_mutually_exclusive_group(required=True)
    for layer in LAYERS:
        group.add_argument(f"--{layer}", dest="layer", action="store_const", const=layer,
                           help=f"draw the {layer} layer")
    p.add_argument("-o", "--output", type=Path, default=None, help="the SVG file (default: GAME-LAYER.svg)")
    p.add_argument("--png", type=Path, default=None, help="also a PNG file")
    p.add_argument("--sgf-out", type=Path, default=None, help="also the layer as SGF markup in this file")
    p.add_argument("--pixels", type=count(1), default=600, help="width and height of the picture (default 600)")
    p.add_argument("--move-time", type=amount(0.0, above=True), default=10.0, help="seconds for the moves layer's valuation")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Load the position, draw the layer, write the files; exit status 2 with a message on bad input."""
    if not 40 <= args.pixels <= 10000:
        print("kiai show: --pixels must be between 40 and 10000", file=sys.stderr)
        return 2
    engine = Engine(Options(workers=0, move_time=args.move_time))
    try:
        engine.game.load(str(args.sgf), args.move, None)
        marks, markup = layer_marks(engine, args.layer)
        out = args.output or Path(f"{args.sgf.stem}-{args.layer}.svg")
        out.write_text(svg(engine, marks, args.pixels), encoding="utf-8")
        written = [str(out)]
        if args.png is not None:
            png(engine, marks, args.pixels, args.png)
            written.append(str(args.png))
        if args.sgf_out is not None:
            args.sgf_out.write_bytes(sgf_with_markup(engine, markup))
            written.append(str(args.sgf_out))
    except (KiaiError, OSError) as e:
        print(f"kiai show: {e}", file=sys.stderr)
        return 2
    finally:
        engine.close()
    print(" ".join(written))
    return 0
