"""Services plugins provide to one another, as typed Protocols, and the table that holds them.

Plugins import nothing of each other. The connection reader asks the table for the
tactical service and gets whichever plugin provides it, so swapping the tactical plugin
swaps it for every consumer: other plugins, the valuator, the GTP commands and the
decide tools. A service is looked up by a typed `Slot`, so what comes back is typed.

Every reading question takes the board (read from its current position, and left as it
was found) and answers with GNU Go's result codes: 0 fails, WIN (1), KO_A (2), KO_B (3).
A bounded question (`node_limit`) that runs out of nodes claims nothing: its answer is 0;
so does a question still running at the table's `deadline`, the deadline of the task at
hand, which every reader keeps to.
The questions with a `tree` argument write the variations they read to it when given one
(the decide tools ask for that); an implementation may write nothing.

A service object may also have `configure(settings)`, called with the engine's settings
when the host is built and when they change, and `bind(services)`, called once when every
plugin has offered its services: that is where a service takes the services it uses.
"""

from __future__ import annotations

from typing import Any, Final, Generic, Protocol, TypeVar, runtime_checkable

from core.board.board import Board
from core.errors import KiaiError
from core.reading.variations import VariationTree


@runtime_checkable
class TacticalReader(Protocol):
    """Tactical reading of strings (GNU Go's reading.c): capture and rescue. A question
    asked inside another reader's line (owl's lunches) may be asked `afresh`: the wider
    moves a reader tries near a question's top then count from where the board stands,
    not from the real board, so the string is read as carefully at any depth of the line."""

    def attack(self, board: Board, s: int, node_limit: int | None = None, *,
               tree: VariationTree | None = None, afresh: bool = False) -> tuple[int, int]:
        """(code, move): can the string at s be captured, its opponent moving first."""
        ...

    def find_defense(self, board: Board, s: int, node_limit: int | None = None, *,
                     tree: VariationTree | None = None, afresh: bool = False) -> tuple[int, int]:
        """(code, move): can the string at s be saved, its owner moving first."""
        ...

    def attack_and_defend(self, board: Board, s: int, node_limit: int | None = None, *,
                          afresh: bool = False) -> tuple[int, int, int, int]:
        """(attack code, attack move, defence code, defence move) of the string at s; a
        defence that runs out of nodes counts as one with no known move (WIN, NO_POINT)."""
        ...

    def does_attack(self, board: Board, move: int, s: int, node_limit: int | None = None) -> int:
        """The attacker's code if it plays move against the string at s (0 if illegal)."""
        ...

    def does_defend(self, board: Board, move: int, s: int, node_limit: int | None = None) -> int:
        """The defender's code if it plays move for the string at s (0 if illegal)."""
        ...

    def attack_either(self, board: Board, a: int, b: int) -> tuple[int, int]:
        """(code, move): one attacker move that captures at least one of two strings."""
        ...

    def defend_both(self, board: Board, a: int, b: int) -> tuple[int, int]:
        """(code, move): one defender move that saves both strings."""
        ...

    def safe_move(self, board: Board, move: int, color: int) -> int:
        """WIN if a stone of color at move cannot be captured at once (a ko counts as safe)."""
        ...


@runtime_checkable
class ConnectionReading(Protocol):
    """Connection reading (GNU Go's readconnect.c): joining and cutting strings, reaching areas."""

    def string_connect(self, board: Board, a: int, b: int, node_limit: int | None = None, *,
                       tree: VariationTree | None = None) -> tuple[int, int]:
        """(code, move): can the strings at a and b be joined, their owner moving first."""
        ...

    def disconnect(self, board: Board, a: int, b: int, node_limit: int | None = None, *,
                   tree: VariationTree | None = None) -> tuple[int, int]:
        """(code, move): can the strings at a and b be cut apart, the opponent moving first."""
        ...

    def connected(self, board: Board, a: int, b: int, node_limit: int) -> bool | None:
        """True if the strings at a and b cannot be cut apart (the opponent moving first),
        False if they can (a ko included), None if the reading ran out of nodes or time."""
        ...

    def break_in(self, board: Board, a: int, area: frozenset[int]) -> tuple[int, int]:
        """(code, move): can the string at a reach the area, its owner moving first."""
        ...

    def block_off(self, board: Board, a: int, area: frozenset[int]) -> tuple[int, int]:
        """(code, move): can the string at a be kept out of the area, the opponent moving first."""
        ...


@runtime_checkable
class OwlReading(Protocol):
    """Life and death of dragons (GNU Go's owl.c), for the owl plugin to provide."""

    def owl_attack(self, board: Board, s: int, node_limit: int | None = None, *,
                   tree: VariationTree | None = None, check: bool = True) -> tuple[int, int]:
        """(code, move): can the dragon at s be killed, its opponent moving first; with
        check, a kill the defender answers gives way to the next that stands (the code
        is the same either way: a caller that wants only the code saves the check)."""
        ...

    def owl_defend(self, board: Board, s: int, node_limit: int | None = None, *,
                   tree: VariationTree | None = None, check: bool = True) -> tuple[int, int]:
        """(code, move): can the dragon at s be saved, its owner moving first; with check,
        a save the attacker answers gives way to the next that stands."""
        ...

    def owl_does_attack(self, board: Board, move: int, s: int) -> int:
        """The attacker's code if it plays move against the dragon at s."""
        ...

    def owl_does_defend(self, board: Board, move: int, s: int) -> int:
        """The defender's code if it plays move for the dragon at s."""
        ...

    def owl_substantial(self, board: Board, s: int) -> int:
        """WIN if capturing the string at s gives the capturer a living group."""
        ...

    @property
    def node_limit(self) -> int:
        """Owl nodes per question, from the settings."""
        ...

    def owl_status(self, board: Board, s: int, node_limit: int | None = None,
                   check: int = 0) -> tuple[int, int, int, int] | None:
        """(attack code, attack move, defence code, defence move) of the dragon at s, or
        None when a question gave up (uncertain); with check (a node limit), a kill the
        other side's question asked afresh after it refutes leaves the dragon alive."""
        ...

    def owl_confirm(self, board: Board, s: int, status: tuple[int, int, int, int],
                    node_limit: int | None = None, kill_checked: bool = False) -> tuple[int, int, int, int]:
        """owl_status's answer with a critical dragon's kill (unless kill_checked) and save
        each checked by the other side's question asked afresh after it."""
        ...

    def owl_threaten_attack(self, board: Board, s: int, node_limit: int | None = None) -> tuple[int, int, int]:
        """(code, move1, move2): two attacker moves in a row that kill the dragon at s."""
        ...

    def owl_threaten_defense(self, board: Board, s: int, node_limit: int | None = None) -> tuple[int, int, int]:
        """(code, move1, move2): two owner moves in a row that save the dragon at s."""
        ...

    def owl_connection_defends(self, board: Board, move: int, a: int, b: int) -> int:
        """WIN if move by their owner connects the dragons at a and b and the joined dragon lives."""
        ...

    def analyze_semeai(self, board: Board, a: int, b: int, *, node_limit: int | None = None,
                       tree: VariationTree | None = None) -> tuple[int, int, int]:
        """(A survives, B dies, A's owner's move or PASS): the capturing race between the
        adjacent dragons at a and b, a's owner moving first (within node_limit owl nodes)."""
        ...


T = TypeVar("T")


class Slot(Generic[T]):
    """A named place in the services table for one Protocol."""

    def __init__(self, name: str, protocol: type[Any], what: str) -> None:
        self.name = name
        self.protocol = protocol
        self.what = what  # what the service does, for messages

    def __repr__(self) -> str:
        return f"Slot({self.name!r})"


TACTICAL: Final = Slot[TacticalReader]("tactical", TacticalReader, "tactical reading")
CONNECTION: Final = Slot[ConnectionReading]("connection", ConnectionReading, "connection reading")
OWL: Final = Slot[OwlReading]("owl", OwlReading, "owl reading")
SLOTS: Final[tuple[Slot[Any], ...]] = (TACTICAL, CONNECTION, OWL)


@runtime_checkable
class Stateful(Protocol):
    """A service with state that a GTP command changes while the engine runs (the tactical
    depths' shift): every task's context carries it, so a worker's copy of the service
    answers as the engine's does."""

    def state(self) -> list[int]:
        """The state, as it crosses to the workers."""
        ...

    def restore(self, state: list[int]) -> bool:
        """Take on the engine's state; True if it changed."""
        ...


@runtime_checkable
class Cached(Protocol):
    """A service whose caches hold answers read under the settings in force."""

    def clear_caches(self) -> None:
        """Forget what the caches hold: the settings they were read under have changed."""
        ...


class ServiceMissing(KiaiError):
    """A service was asked for that no loaded plugin provides."""


class ServiceMismatch(KiaiError):
    """A plugin offered a service under a slot's name that lacks the slot's methods."""


class Services:
    """Name -> service object, filled from every plugin's kiai_services hook."""

    def __init__(self) -> None:
        self._table: dict[str, object] = {}
        self.providers: dict[str, str] = {}  # service name -> the plugin that provides it
        # The deadline (time.monotonic) of the work this process is doing now: a pool task,
        # or genmove's own reading. Readers stop there and answer what they have.
        self.deadline: float | None = None

    def provide(self, name: str, service: object, plugin: str = "") -> None:
        """Offer a service under a name (a later provider replaces an earlier one); a known
        slot's service must have every method of the slot's Protocol."""
        for slot in SLOTS:
            if slot.name == name and not isinstance(service, slot.protocol):
                missing = [m for m in dir(slot.protocol) if not m.startswith("_") and not hasattr(service, m)]
                raise ServiceMismatch(f"plugin {plugin or '?'!r} offers {name!r} without {', '.join(missing)}")
        self._table[name] = service
        self.providers[name] = plugin

    def get(self, slot: Slot[T]) -> T:
        """The service in a slot; ServiceMissing if no plugin provides it."""
        service = self._table.get(slot.name)
        if service is None:
            raise ServiceMissing(f"no plugin provides {slot.what} (the {slot.name!r} service)")
        return service  # type: ignore[return-value]

    def find(self, slot: Slot[T]) -> T | None:
        """The service in a slot, or None."""
        return self._table.get(slot.name)  # type: ignore[return-value]

    def named(self, name: str) -> object:
        """A service outside the known slots, by name (a third party's own)."""
        try:
            return self._table[name]
        except KeyError:
            raise ServiceMissing(f"no plugin provides the {name!r} service") from None

    def has(self, name: str) -> bool:
        """True if some plugin provides the service."""
        return name in self._table

    def objects(self) -> list[object]:
        """Every service object, once each."""
        out: list[object] = []
        for s in self._table.values():
            if all(s is not t for t in out):
                out.append(s)
        return out

    def states(self) -> dict[str, list[int]]:
        """The state of every stateful service, by name (for a task's context)."""
        return {name: s.state() for name, s in sorted(self._table.items()) if isinstance(s, Stateful)}

    def restore(self, states: dict[str, list[int]]) -> None:
        """Take on the engine's services' states; where one changes, every cache is
        emptied, as its reading may depend on it (owl reads captures through the tactical
        reader)."""
        changed = False
        for name, state in sorted(states.items()):
            s = self._table.get(name)
            if isinstance(s, Stateful):
                changed = s.restore(list(state)) or changed
        if changed:
            self.clear_caches()

    def clear_caches(self) -> None:
        """Empty every service's caches (what they hold was read under other settings)."""
        for s in self.objects():
            if isinstance(s, Cached):
                s.clear_caches()

    def tactical(self) -> TacticalReader | None:
        """The tactical reader, if a plugin provides one."""
        return self.find(TACTICAL)

    def connection(self) -> ConnectionReading | None:
        """Connection reading, if a plugin provides it."""
        return self.find(CONNECTION)

    def owl(self) -> OwlReading | None:
        """Owl reading, if a plugin provides it."""
        return self.find(OWL)
