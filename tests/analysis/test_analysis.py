"""Eye spaces, dragons and influence on hand-made positions."""

from __future__ import annotations

from core.analysis.analysis import CAPTURE_NODES, DIAGONAL_NODES, initial_analysis
from core.analysis.dragons import Status
from core.analysis.eyes import eye_spaces
from core.analysis.influence import compute_influence
from core.board.color import BLACK, WHITE
from core.board.coords import parse_vertex
from core.board.diagram import board_from_diagram
from tests.analysis.test_eyes import SPARE_DIAGONAL

TWO_EYES = """
. . . . . . .
. . . . . . .
X X X X X . .
X . X . X . .
X X X X X . .
. . . . . . .
. . . . . . .
"""


def analysed(diagram: str, color: int = BLACK):  # type: ignore[no-untyped-def]
    board, marks = board_from_diagram(diagram)
    a = initial_analysis(board, color, 0.0)
    a.build_dragons()
    a.build_influence()
    return a, marks


def test_two_separate_eyes_make_a_dragon_alive() -> None:
    a, _ = analysed(TWO_EYES)
    (dragon,) = a.dragons.values()
    assert dragon.genus == (4, 4) and dragon.status == Status.ALIVE  # two one-point eyes, and two open areas
    assert dragon.unconditional


def test_false_eye_counts_for_less() -> None:
    board, m = board_from_diagram(
        """
        . . . . .
        . X X X .
        . X a X .
        . O X O .
        . . . . .
        """
    )
    (space,) = [s for s in eye_spaces(board, {}) if m["a"] in s.points]
    assert space.eyes < 1


def test_bamboo_joint_and_diagonal_join_one_dragon() -> None:
    a, _ = analysed(
        """
        . . . . . . .
        . X . X . . .
        . X . X . . .
        . . . . X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    dragons = {d.origin: d for d in a.dragons.values()}
    assert len(dragons) == 1


def test_enclosed_group_without_eyes_is_dead() -> None:
    a, _ = analysed(
        """
        . . . . . . .
        . O O O O O .
        . O X X X O .
        . O . O . O .
        . O O O O O .
        . . . . . . .
        . . . . . . .
        """
    )
    black = [d for d in a.dragons.values() if d.color == BLACK]
    assert len(black) == 1 and black[0].status == Status.DEAD
    assert sorted(a.dead_stones()) == sorted(parse_vertex(v, 7) for v in ("C5", "D5", "E5"))


def test_influence_sees_a_corner_enclosure_and_dead_stones() -> None:
    board, _ = board_from_diagram(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X . . . . . .
        . . X . . . . . .
        . O X . . . . . .
        """
    )
    inf = compute_influence(board, dead=[parse_vertex("B1", 9)])
    for v in ("A1", "A2", "B2", "B1"):
        assert inf.at(parse_vertex(v, 9)) == 1.0  # black's corner, the dead stone included
    assert parse_vertex("A2", 9) in inf.points("territory", BLACK)
    assert inf.points("territory", WHITE) == []
    assert inf.score(0) > 0


def test_worms_survive_copy_and_pickle() -> None:
    import copy
    import pickle

    board, _ = board_from_diagram(
        """
        . X O . .
        . X O . .
        . . . . .
        . . . . .
        . . . . .
        """
    )
    worms = initial_analysis(board, BLACK, 6.5).worms
    w = next(iter(worms.values()))
    w.attack_points.append(7)
    for twin in (copy.deepcopy(w), pickle.loads(pickle.dumps(w)), copy.copy(w)):
        assert twin == w and twin is not w
    deep = copy.deepcopy(w)
    deep.attack_points.append(8)
    assert w.attack_points == [7]  # a deep copy's lists are its own


class _NodeRecorder:
    """A tactical reader that captures nothing and records the node limit of each read."""

    def __init__(self) -> None:
        self.limits: dict[int, set[int | None]] = {}

    def attack(self, board: object, s: int, node_limit: int | None = None, **_: object) -> tuple[int, int]:
        self.limits.setdefault(s, set()).add(node_limit)
        return 0, 0


class _TacticalOnly:
    """Services with a tactical reader and nothing else."""

    def __init__(self, tactical: _NodeRecorder) -> None:
        self._tactical = tactical

    def tactical(self) -> _NodeRecorder:
        return self._tactical

    def find(self, slot: object) -> None:
        return None


def test_an_eye_s_empty_diagonal_is_read_on_a_budget_of_its_own() -> None:
    """C7 is black's eye; a white stone on its empty diagonal B8 would have two
    liberties, so the examine step reads whether it would be captured, on the
    diagonal's budget; black's cut on E9, between white's D9 and E8, is read on the
    shorter budget that the cuts and the marginal points keep."""
    board, m = board_from_diagram(SPARE_DIAGONAL)
    a = initial_analysis(board, BLACK, 0.0)
    reader = _NodeRecorder()
    a.build_dragons(services=_TacticalOnly(reader))  # type: ignore[arg-type]
    assert DIAGONAL_NODES > CAPTURE_NODES  # a capture that takes a longer read still counts
    assert DIAGONAL_NODES in reader.limits[m["d"]]
    assert reader.limits[parse_vertex("E9", board.size)] == {CAPTURE_NODES}
