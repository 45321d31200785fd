"""The owl plugin's hooks: the owl service (plugins/owl/service.py) with its options and
node counter; in the examine step, owl reading of every dragon that is neither clearly
alive nor clearly dead (one pool task per dragon), which sets the dragon's status and
its attack and defence points, a critical dragon's kill and save then checked by the
other side's question asked afresh after each (the kill at once, inside its status task,
where few dragons need reading), then the capturing races between dragons owl left
dead or critical (plugins/owl/semeai.py, read both ways), and last the threats against
settled dragons; and the OWL_* and SEMEAI move reasons that follow."""

from __future__ import annotations

from typing import Any, Callable, Final

from core.analysis.analysis import Analysis
from core.analysis.dragons import RUN_FREE, SAFETY, Dragon, Status, apply_owl
from core.board.coords import vertex
from core.host.context import Context
from core.host.hookspecs import hookimpl
from core.host.options import Option
from core.host.pool import PoolRun
from core.move.genmove import MAX_EFFORT
from core.host.services import OWL
from core.move.reasons import Kind, MoveReason, with_ko
from core.reading.counters import NodeCounter
from core.reading.results import WIN
from plugins.owl.service import COUNTER, OPTIONS, OwlService, race
from plugins.owl.status import fenced

MIN_OWL_NODES: Final = 100  # the least an owl question gets, however short the clock
GENMOVE_OWL_NODES: Final = 1000  # at most this many per question at effort 1, under a clock
# (the budget genmove's games were measured with; --owl-nodes, 4500 by default, is for
# questions without a clock. One 19x19 game at 3000 here left 669 dragons without a
# verdict in 148 moves, another game at 1000 433 in 153: a hint, not a measured match)
CONFIRM_SHARE: Final = 2  # a check's node limit, in status questions' limits: it reads every
# reply at its root, where the status question's kill read only the first few (at 1, the
# check of the open-sided 9x9 group in tests/plugins/test_owl_confirm.py ran out of nodes)
CHECK_AT_ONCE: Final = 8  # with at most this many dragons to read, a kill is checked inside its
# status task, before the clock can starve the checks' round (on 9x9 at 3 s a move it always
# had); with more, the checks cost other dragons their status (nngs1.tst 11's position at 10 s
# a move: 14 left unread, 7 without). Positions of 9x9 match games need 1 to 9 (9 in 3 of 132
# sampled), and 33 of the 98 of nngs1.tst and strategy.tst more than 8
MAX_DRAGONS: Final = 40  # owl reads at most this many dragons per position, the largest first
OPEN_LIBERTIES: Final = 3  # an unread dragon this free, and not fenced in, is not dead on the static count alone
RACING: Final = (Status.DEAD, Status.CRITICAL)  # the statuses of dragons in a capturing race
MAX_RACES: Final = 8  # races read per position, the largest first
RACE_SHARE: Final = 2  # a race's owl nodes, in status questions' limits (both dragons' lives are read)


def read_dragon(ctx: Context, origin: int, check: int = 0) -> list[int] | None:
    """Pool task: [attack code, attack move, defence code, defence move] of the dragon at
    origin by owl reading, with check (for a move) its kill checked at once as
    confirm_dragon would; None when the task's time is up or a question gave up."""
    if ctx.time_left() <= 0:
        return None
    owl = ctx.services.get(OWL)
    limit = _status_limit(ctx, owl.node_limit)
    result = owl.owl_status(ctx.board, origin, limit, CONFIRM_SHARE * limit if check and ctx.effort <= MAX_EFFORT else 0)
    return None if result is None else list(result)


def threaten_dragon(ctx: Context, origin: int, alive: int) -> int | None:
    """Pool task: the first of two moves in a row that would kill the living dragon at
    origin (alive=1) or save the dead one (alive=0); 0 where there is none, and for the
    score (effort beyond any move's: a threat matters only to the next move); None when
    the task's time is up."""
    if ctx.time_left() <= 0:
        return None
    if ctx.effort > MAX_EFFORT:
        return 0
    owl = ctx.services.get(OWL)
    # within the status read's node limit, shared over the first moves tried
    code, first, _ = (owl.owl_threaten_attack if alive else owl.owl_threaten_defense)(
        ctx.board, origin, _status_limit(ctx, owl.node_limit))
    return first if code else 0


def read_race(ctx: Context, a: int, b: int) -> list[int] | None:
    """Pool task: [A survives, B dies, move] of the capturing race between the dragons at a
    and b, a's owner moving first; None when the task's time is up or the race's reading
    gave up."""
    if ctx.time_left() <= 0:
        return None
    owl = ctx.services.get(OWL)
    got = race(owl, ctx.board, a, b, RACE_SHARE * _status_limit(ctx, owl.node_limit))
    return None if got is None else list(got)


def races(analysis: Analysis) -> list[tuple[int, int]]:
    """The capturing races of a position: pairs of adjacent dragons of opposite colours,
    each dead or critical by owl's reading (GNU Go's semeai module reads the same pairs),
    the largest first, at most MAX_RACES."""
    board = analysis.board
    dragons = analysis.dragons
    pairs: set[tuple[int, int]] = set()
    for d in dragons.values():
        if d.status not in RACING or d.owl_attack < 0:
            continue
        for o in d.worms:
            for p in analysis.worms[o].stones:
                for q in board.nbrs[p]:
                    if board.board[q] != 3 - d.color:
                        continue
                    e = dragons.get(analysis.dragon_of.get(board.origin(q), 0))
                    if e is not None and e.status in RACING and e.owl_attack >= 0:
                        pairs.add((min(d.origin, e.origin), max(d.origin, e.origin)))
    return sorted(pairs, key=lambda ab: (-(dragons[ab[0]].stones + dragons[ab[1]].stones), ab))[:MAX_RACES]


def apply_races(analysis: Analysis, pairs: list[tuple[int, int]], results: list[list[int] | None]) -> None:
    """Settle the dragons of the races read, each read both ways: a dragon that wins the
    race outright moving first, while the other, moving first, neither lives nor kills,
    is alive; where each side moving first lives and kills, both are critical, with the
    race's moves as their attack and defence points; a dragon in several races is as
    safe as the worst of them (one it loses even moving first keeps it dead). Only a
    dragon owl found no save for changes (its eye count does not see a race of
    liberties); a critical one keeps owl's kill, which a race it wins does not answer
    (score.tst 11: a group owl kills at C15 wins its race against two stones inside it).
    A seki either way changes nothing (on score.tst the race reader's sekis turned dead
    groups alive)."""
    verdict: dict[int, tuple[Status, int, int, int, int]] = {}  # dragon -> (status, code, attack, defence, enemy)
    for (x, y), first, second in zip(pairs, results[0::2], results[1::2]):
        if first is None or second is None:
            analysis.notes.append(f"semeai: the race of {vertex(analysis.board.size, x)} and "
                                  f"{vertex(analysis.board.size, y)} is unread (time or nodes)")
            continue
        for (a, b), mine, theirs in (((x, y), first, second), ((y, x), second, first)):
            if not mine[0]:
                found = (Status.DEAD, 0, 0, 0, b)  # a does not survive even moving first
            elif not mine[1]:
                continue  # a seki with a moving first: the race reader's seki is the least sure of its answers
            elif not (theirs[0] or theirs[1]):
                found = (Status.ALIVE, 0, 0, 0, b)  # b moving first neither lives nor kills
            elif theirs[0] and theirs[1]:
                found = (Status.CRITICAL, max(mine[0], theirs[1]), theirs[2], mine[2], b)
            else:
                continue  # a seki with b moving first
            if a not in verdict or SAFETY[found[0]] < SAFETY[verdict[a][0]]:
                verdict[a] = found  # a dragon is as safe as the worst of its races
    for origin, (status, code, attack, defence, enemy) in sorted(verdict.items()):
        d = analysis.dragons[origin]
        if d.status != Status.DEAD or status == Status.DEAD:
            continue  # only a dead dragon changes (owl's critical verdict stands), and only for the better
        if status == Status.ALIVE:
            apply_owl(d, [0, 0, WIN, 0])
        else:
            apply_owl(d, [code, attack, code, defence])
        d.race = enemy
        analysis.notes.append(f"semeai: the dragon at {vertex(analysis.board.size, origin)} is {status.name.lower()} "
                              f"by its capturing race with {vertex(analysis.board.size, enemy)} (owl: dead)")


def _status_limit(ctx: Context, node_limit: int) -> int:
    """Owl nodes for one question of the examine step, scaled by the move's effort."""
    return max(MIN_OWL_NODES, int(min(node_limit, GENMOVE_OWL_NODES) * ctx.effort))


def confirm_dragon(ctx: Context, origin: int, acode: int, apoint: int, dcode: int, dpoint: int,
                   kill_checked: int = 0) -> list[int] | None:
    """Pool task: a critical dragon's [attack code, attack move, defence code, defence
    move] with its kill checked by owl_defend asked afresh after it (unless read_dragon
    checked it) and its save by owl_attack after it (the replies read at the first ply
    below a root are only its first few: a kill they let stand may have an answer the
    fresh question finds); None when the task's time is up. Only for a move: the stones
    scored after the game keep owl_status's verdict (score.tst fell from 27 to 25 with
    the checks: dragons the opponent kills by moving first, read alive once a fresh
    defence found an answer)."""
    if ctx.time_left() <= 0:
        return None
    if ctx.effort > MAX_EFFORT:
        return [acode, apoint, dcode, dpoint]
    owl = ctx.services.get(OWL)
    limit = CONFIRM_SHARE * _status_limit(ctx, owl.node_limit)
    return list(owl.owl_confirm(ctx.board, origin, (acode, apoint, dcode, dpoint), limit, kill_checked=bool(kill_checked)))


def _open_fight(analysis: Analysis, d: Dragon) -> bool:
    """A dragon the static count calls DEAD (no eyes, no room to run by the influence) that
    has OPEN_LIBERTIES or more, a string tactical reading does not call dead, and empty
    ground reaching beyond the enemy's wall (not fenced): a stone in the middle of a
    fight, not one dropped into a framework. Owl confirms a dead dragon cheaply, so one
    it could not read in time is undecided; counted dead, its rescue was worth nothing
    to the valuator and the stones around it were the opponent's territory (on 9x9,
    owl leaves some three dragons a move unread at 3 s)."""
    if d.status != Status.DEAD or d.liberties < OPEN_LIBERTIES:
        return False
    if all(analysis.worms[o].tactically_dead for o in d.worms):
        return False
    return not fenced(analysis.board, d.worms, d.color)  # (worms by their strings' origins)


def needs_owl(d: Dragon) -> bool:
    """Not clearly alive: neither unconditionally alive nor in seki, nor free to run (GNU Go
    studies only dragons with a small escape route). A dragon the static eye count gives two
    eyes is read too: that count takes an open space with the enemy's stone in it for two
    eyes, and owl confirms two sure eyes at once. Statically dead dragons are read as well:
    the static judgement is harsh in open positions, and a dead verdict is cheap for owl to
    confirm."""
    return not (d.unconditional or d.seki or (d.status == Status.ALIVE and d.escape >= RUN_FREE))


@hookimpl
def kiai_options() -> list[Option]:
    """Owl reading's depth and node limit."""
    return OPTIONS


@hookimpl
def kiai_services() -> dict[str, object]:
    """Offer owl reading to other plugins."""
    return {"owl": OwlService()}


@hookimpl
def kiai_node_counters() -> list[NodeCounter]:
    """The 'owl' counter."""
    return [COUNTER]


@hookimpl
def kiai_pool_functions() -> dict[str, Callable[..., Any]]:
    """Dragon reading runs in the pool."""
    return {"read_dragon": read_dragon, "confirm_dragon": confirm_dragon, "threaten_dragon": threaten_dragon,
            "read_race": read_race}


@hookimpl
def kiai_examine_dragons(analysis: Analysis, run: PoolRun) -> None:
    """Owl-read every dragon that needs it, one pool task each; a dragon whose reading
    gave up or ran out of time keeps its static status, except a static DEAD in an open
    fight, which is UNKNOWN (_open_fight). Four rounds, each only with the
    time the ones before left: every dragon's status (a kill checked at once where few
    dragons need reading); the critical ones' kills (if not yet) and saves checked; the
    races between dragons left dead or critical; the threats against the living and for
    the dead (so that a threat, the least of them, never costs another dragon its
    verdict)."""
    targets = sorted((d for d in analysis.dragons.values() if needs_owl(d)), key=lambda d: (-d.stones, d.origin))
    targets = targets[:MAX_DRAGONS]
    # a dragon's questions go to the worker that holds its persistent cache entries
    check = int(len(targets) <= CHECK_AT_ONCE)
    results = run("read_dragon", [(d.origin, check) for d in targets], affinity=[d.origin for d in targets])
    critical = [i for i, r in enumerate(results) if r is not None and r[0] and r[2]]
    checks = run("confirm_dragon", [(targets[i].origin, *results[i][:4], check) for i in critical],
                 affinity=[targets[i].origin for i in critical]) if critical else []
    for i, checked in zip(critical, checks):
        if checked is not None and checked != results[i][:4]:
            analysis.notes.append(f"owl: the dragon at {vertex(analysis.board.size, targets[i].origin)} is "
                                  f"{'alive: its kill' if not checked[0] else 'dead: its save'} is refuted "
                                  f"by the other side's question asked after it")
            results[i] = list(checked)
    for d, result in zip(targets, results):
        if result is not None:
            apply_owl(d, result)
        elif _open_fight(analysis, d):
            d.status, d.safety = Status.UNKNOWN, SAFETY[Status.UNKNOWN]
            analysis.notes.append(f"owl: the dragon at {vertex(analysis.board.size, d.origin)} is UNKNOWN, not its "
                                  f"static DEAD: no verdict within the node limit or the clock, in an open fight")
        else:
            analysis.notes.append(f"owl: the dragon at {vertex(analysis.board.size, d.origin)} keeps its static "
                                  f"status ({d.status.name}): no verdict within the node limit or the clock")
    pairs = races(analysis)
    if pairs:
        tasks = [ab for x, y in pairs for ab in ((x, y), (y, x))]
        apply_races(analysis, pairs, run("read_race", tasks, affinity=[a for a, _ in tasks]))
    settled = [d for d in targets if d.owl_attack >= 0 and d.status != Status.CRITICAL and not d.race]
    threats = run("threaten_dragon", [(d.origin, 0 if d.owl_attack else 1) for d in settled],
                  affinity=[d.origin for d in settled]) if settled else []
    for d, threat in zip(settled, threats):
        d.owl_threat = threat or 0


@hookimpl
def kiai_generate(ctx: Context) -> list[MoveReason]:
    """OWL_ATTACK / OWL_DEFEND (with ko kinds) at owl's points of critical dragons;
    threats: OWL_ATTACK_THREAT against a living enemy dragon, OWL_PREVENT_THREAT at the
    same point for its owner, OWL_DEFEND_THREAT for a dead dragon of ours; where owl gave
    up on a critical dragon, UNCERTAIN_OWL_ATTACK / _DEFENSE at the static points, and
    VITAL_EYE at the vital points of its eye spaces."""
    out: list[MoveReason] = []
    board = ctx.board
    for d in sorted(ctx.analysis.dragons.values(), key=lambda d: d.origin):
        threat = d.owl_threat
        if threat and board.board[threat] == 0 and board.is_legal(threat, ctx.color):
            if d.status == Status.ALIVE:
                kind = Kind.OWL_ATTACK_THREAT if d.color != ctx.color else Kind.OWL_PREVENT_THREAT
                out.append(MoveReason(kind, threat, (d.origin,)))
            elif d.status == Status.DEAD and d.color == ctx.color:
                out.append(MoveReason(Kind.OWL_DEFEND_THREAT, threat, (d.origin,)))
        if d.status != Status.CRITICAL:
            continue
        if d.owl_attack < 0:  # owl gave up: the static judgement's points, half believed
            point = d.attack_point if d.color != ctx.color else d.defense_point
            if point and board.board[point] == 0 and board.is_legal(point, ctx.color):
                kind = Kind.UNCERTAIN_OWL_ATTACK if d.color != ctx.color else Kind.UNCERTAIN_OWL_DEFENSE
                out.append(MoveReason(kind, point, (d.origin,)))
        if d.race and d.owl_attack > 0 and d.owl_defense > 0:  # a race either side wins by moving first
            point, ours = (d.defense_point, (d.origin, d.race)) if d.color == ctx.color else (d.attack_point, (d.race, d.origin))
            reason = MoveReason(Kind.SEMEAI, point, ours)  # (both dragons of a race name the same move)
            if point and board.board[point] == 0 and board.is_legal(point, ctx.color) and reason not in out:
                out.append(reason)
            continue
        if d.owl_attack > 0 and d.owl_defense > 0:
            if d.color != ctx.color and d.attack_point:
                out.append(MoveReason(with_ko(Kind.OWL_ATTACK, d.owl_attack), d.attack_point, (d.origin,)))
            elif d.color == ctx.color and d.defense_point:
                out.append(MoveReason(with_ko(Kind.OWL_DEFEND, d.owl_defense), d.defense_point, (d.origin,)))
            continue
        for p in d.vital:
            if board.board[p] == 0 and board.is_legal(p, ctx.color):
                out.append(MoveReason(Kind.VITAL_EYE, p, (d.origin,)))
    return out

