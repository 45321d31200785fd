"""`kiai agree-eyes`: Kiai's eye values against a reference engine's eval_eye on the small
eye spaces of a suite's positions. Kiai stands as its own reference, which must agree with
itself; a reference altered in one answer shows that a difference, or a space the
reference holds otherwise, is seen."""

from __future__ import annotations

import json
import re
from pathlib import Path

from core.board.diagram import board_from_diagram
from core.board.sgf import record_from_board
from gtp.agree_eyes import compare, report
from gtp.client import InProcessSession
from tests.gtp.test_eye_commands import POSITION  # a bent three at A9, an eye at C7, a half eye at A5
from tests.gtp_helpers import KIAI_REFERENCE, run_tool


class _Altered:
    """A Kiai session whose answers to some commands are replaced."""

    def __init__(self, replaced: dict[str, str]) -> None:
        self.inner = InProcessSession()
        self.replaced = replaced

    def send(self, command: str, timeout: float | None = None) -> tuple[bool, str]:
        ok, text = self.inner.send(command, timeout)
        return (True, self.replaced[command]) if command in self.replaced else (ok, text)

    def close(self) -> None:
        pass


def _suite(folder: Path) -> str:
    board, _ = board_from_diagram(POSITION)
    (folder / "corner.sgf").write_bytes(record_from_board(board, 6.5).to_sgf())
    return f"loadsgf {folder / 'corner.sgf'}"


def test_kiai_agrees_with_itself_on_every_space(tmp_path: Path) -> None:
    load = _suite(tmp_path)
    spaces, skipped = compare(InProcessSession(), InProcessSession(), [load])
    assert not skipped
    bent = [s for s in spaces if "A9" in s.points]
    assert len(bent) == 1 and bent[0].color == "black" and sorted(bent[0].points) == ["A8", "A9", "B9"]
    assert bent[0].kiai == [1, 2] and bent[0].reference == [1, 2]
    assert any(s.points == ["C7"] for s in spaces)
    assert spaces and all(s.matched and not s.differs for s in spaces)


def test_a_value_the_reference_gives_otherwise_is_listed(tmp_path: Path) -> None:
    load = _suite(tmp_path)
    spaces, _ = compare(InProcessSession(), _Altered({"eval_eye C7": "0 1 C7 C7"}), [load])
    differing = [s for s in spaces if s.differs]
    assert [s.points for s in differing] == [["C7"]]
    assert differing[0].kiai == [1, 1] and differing[0].reference == [0, 1]
    text = report(spaces, 1, 10)
    assert f"{load} black C7: Kiai 1 1, reference 0 1" in text
    assert text.splitlines()[-1].endswith(f"{len(spaces)} matched by the reference, 1 of them valued otherwise")


def test_a_space_the_reference_holds_otherwise_is_not_compared(tmp_path: Path) -> None:
    # the reference's space at A9 has another size: the values would be of different spaces
    load = _suite(tmp_path)
    kiai = InProcessSession()
    assert kiai.send(load)[0]
    _, a9 = kiai.send("eye_data black A9")
    larger = re.sub(r"^esize\s+3$", "esize 4", a9, flags=re.M)
    assert larger != a9
    reference = _Altered({"eye_data black A9": larger, "eval_eye A9": "0 0"})
    spaces, _ = compare(InProcessSession(), reference, [load])
    bent = next(s for s in spaces if "A9" in s.points)
    assert not bent.matched and not bent.differs
    assert sum(s.matched for s in spaces) == len(spaces) - 1


def test_the_command_reports_counts_writes_json_and_refuses_a_missing_suite(tmp_path: Path) -> None:
    load = _suite(tmp_path)
    suite = tmp_path / "mini.tst"
    suite.write_text(f"{load}\n1 owl_attack A7\n#? [0]\nloadsgf {tmp_path / 'missing.sgf'}\n")
    out = tmp_path / "eyes.json"
    done = run_tool(tmp_path, "agree-eyes", str(suite), "--reference", KIAI_REFERENCE, "--json", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    rows = json.loads(out.read_text())
    assert rows and all(r["kiai"] == r["reference"] for r in rows)
    assert lines[-2] == (f"2 positions: {len(rows)} eye spaces of at most 10 points, {len(rows)} matched by "
                         "the reference, 0 of them valued otherwise")
    assert lines[-1] == f"positions not loaded by both engines: 1; the first: loadsgf {tmp_path / 'missing.sgf'}"
    refused = run_tool(tmp_path, "agree-eyes", str(tmp_path / "none.tst"), "--reference", KIAI_REFERENCE)
    assert refused.returncode == 2 and "kiai agree-eyes: cannot read suite" in refused.stderr


def test_an_answer_that_is_no_value_leaves_the_space_unmatched(tmp_path: Path) -> None:
    load = _suite(tmp_path)
    spaces, _ = compare(InProcessSession(), _Altered({"eval_eye C7": "one eye"}), [load])
    eye = next(s for s in spaces if s.points == ["C7"])
    assert not eye.matched and eye.kiai == [1, 1]
