"""The plugin host: loads move generators through the 'kiai.plugins' entry-point group
(built-in and third-party alike), lets any be disabled, collects what they declare
(options, node counters, services) and calls their hooks, traced when asked.

Services are per host: each host asks every plugin for fresh service objects, gives them
the settings, then binds them to the table of everyone's services. So two engines in one
process, or a worker and its engine, never share a service's state or wiring. A plugin
named with --plugin offers its services after the built-ins, so it replaces theirs.
"""

from __future__ import annotations

import importlib
import sys
import time
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Callable, Protocol, runtime_checkable

import pluggy

from core.analysis import eyeshapes
from core.errors import KiaiError
from core.host import hookspecs, tracing
from core.host.options import Option, Settings
from core.host.services import Services
from core.reading.caches import part
from core.reading.counters import NodeCounter

ENTRY_POINT_GROUP = "kiai.plugins"


class PluginError(KiaiError):
    """A plugin that cannot be loaded or a name that matches no plugin."""


@runtime_checkable
class Configurable(Protocol):
    """A service object that takes the engine's settings."""

    def configure(self, settings: Settings) -> None:
        """Take the settings."""
        ...


@runtime_checkable
class Bindable(Protocol):
    """A service object that uses other plugins' services."""

    def bind(self, services: Services) -> None:
        """Take the services it uses from the table."""
        ...


@dataclass(frozen=True)
class PluginSpec:
    """What to load, in a form that crosses process boundaries: disabled names and extra modules."""

    disabled: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()  # "name=module.path[:object]" of plugins registered without an entry point
    settings: tuple[tuple[str, float], ...] = ()  # given to every plugin and service

    def to_wire(self) -> list[Any]:
        """A msgpack-friendly form."""
        return [list(self.disabled), list(self.modules), [list(kv) for kv in self.settings]]

    @staticmethod
    def from_wire(obj: Any) -> PluginSpec:
        """The spec from its wire form."""
        return PluginSpec(tuple(obj[0]), tuple(obj[1]), tuple((str(k), float(v)) for k, v in obj[2]))


@dataclass
class PluginHost:
    """A pluggy manager with Kiai's hooks and the plugins of a PluginSpec."""

    spec: PluginSpec = field(default_factory=PluginSpec)
    role: str = "engine"  # or "worker": how hook traces name the process

    def __post_init__(self) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.available: dict[str, str] = {}  # name -> module path of everything found
        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            self.available[ep.name] = ep.value
        for item in self.spec.modules:
            name, _, module = item.partition("=")
            self.available[name] = module
        unknown = [n for n in self.spec.disabled if n not in self.available]
        if unknown:
            raise PluginError(f"cannot disable unknown plugin(s): {', '.join(unknown)} "
                              f"(known: {', '.join(sorted(self.available)) or 'none'})")
        for name, module in sorted(self.available.items()):
            if name in self.spec.disabled:
                continue
            try:
                path, _, attr = module.partition(":")
                plugin = importlib.import_module(path)
                if attr:
                    plugin = getattr(plugin, attr)
            except Exception as e:
                print(f"kiai: plugin {name!r} ({module}) failed to load: {type(e).__name__}: {e}", file=sys.stderr)
                continue
            self.pm.register(plugin, name=name)
        self.options: dict[str, list[Option]] = {
            name: list(self.call(name, "kiai_options") or []) for name in self.implementers("kiai_options")}
        self.counters: dict[str, NodeCounter] = {}
        for name in self.implementers("kiai_node_counters"):
            for counter in self.call(name, "kiai_node_counters") or []:
                self.counters[counter.name] = counter
        self.services = Services()
        for name in self._by_precedence(self.implementers("kiai_services")):
            table: dict[str, object] = self.call(name, "kiai_services") or {}
            for key, service in table.items():
                self.services.provide(key, service, name)
        self.functions: dict[tuple[str, str], Callable[..., Any]] = {}
        for name in self.implementers("kiai_pool_functions"):
            for fname, fn in (self.call(name, "kiai_pool_functions") or {}).items():
                self.functions[(name, fname)] = fn
        self.configure(dict(self.spec.settings))
        for service in self.services.objects():
            if isinstance(service, Bindable):
                service.bind(self.services)

    def _by_precedence(self, names: list[str]) -> list[str]:
        """Plugins found by entry point first, then those named with --plugin, in the order
        given: a later plugin's service replaces an earlier one's of the same name."""
        explicit = [item.partition("=")[0] for item in self.spec.modules]
        return [n for n in names if n not in explicit] + [n for n in explicit if n in names]

    # ------------------------------------------------------------------ calling plugins
    def call(self, plugin: str, hook: str, **kwargs: Any) -> Any:
        """Call one plugin's implementation of a hook (traced when KIAI_TRACE_HOOKS is set)."""
        fn = self.hook_function(plugin, hook)
        if not tracing.enabled():
            return fn(**kwargs)
        return self._traced(plugin, hook, fn, (), kwargs)

    def run_function(self, plugin: str, name: str, *args: Any) -> Any:
        """Run a plugin's pool function (traced like a hook)."""
        fn = self.pool_function(plugin, name)
        if not tracing.enabled():
            return fn(*args)
        return self._traced(plugin, name, fn, args, {})

    def _traced(self, plugin: str, hook: str, fn: Callable[..., Any], args: tuple[Any, ...],
                kwargs: dict[str, Any]) -> Any:
        start = time.perf_counter()
        try:
            value = fn(*args, **kwargs)
        except BaseException as e:
            tracing.report(plugin, hook, self.role, time.perf_counter() - start, None, f"{type(e).__name__}: {e}")
            raise
        tracing.report(plugin, hook, self.role, time.perf_counter() - start, value)
        return value

    def configure(self, settings: Settings) -> None:
        """Give settings to every plugin and every service object that takes them, and
        size this process's eye values' caches from --memory."""
        self.settings: dict[str, Any] = dict(settings)  # (the level among them)
        eyeshapes.configure(part(settings, eyeshapes.MEMORY_SHARE))
        for name in self.implementers("kiai_configure"):
            self.call(name, "kiai_configure", settings=dict(settings))
        for service in self.services.objects():
            if isinstance(service, Configurable):
                service.configure(dict(settings))

    @property
    def level(self) -> int:
        """The playing level the plugins and services were last configured with."""
        return int(self.settings.get("level", 10))

    def follow(self, level: int, states: dict[str, list[int]]) -> None:
        """Take on the level and the services' states of the engine whose context a task
        brings (its GTP level, increase_depths, decrease_depths): a worker then reads as
        the engine would."""
        if level != self.level:
            self.configure({**self.settings, "level": float(level)})
        self.services.restore(states)

    # ------------------------------------------------------------------ what is loaded
    def loaded(self) -> list[str]:
        """Names of the loaded plugins, sorted."""
        return sorted(name for name, _ in self.pm.list_name_plugin())

    def implementers(self, hook: str) -> list[str]:
        """Names of the loaded plugins that implement a hook, sorted."""
        return sorted(impl.plugin_name for impl in getattr(self.pm.hook, hook).get_hookimpls())

    def hook_function(self, plugin: str, hook: str) -> Callable[..., Any]:
        """The implementation of a hook by one plugin."""
        for impl in getattr(self.pm.hook, hook).get_hookimpls():
            if impl.plugin_name == plugin:
                return impl.function  # type: ignore[no-any-return]
        raise PluginError(f"plugin {plugin!r} does not implement {hook}")

    def pool_function(self, plugin: str, name: str) -> Callable[..., Any]:
        """A plugin's pool function by name."""
        try:
            return self.functions[(plugin, name)]
        except KeyError:
            raise PluginError(f"plugin {plugin!r} has no pool function {name!r}") from None

    def describe(self) -> list[tuple[str, str, list[str], bool]]:
        """(name, module, hooks implemented, loaded) for every plugin found."""
        rows = []
        loaded = dict(self.pm.list_name_plugin())
        for name, module in sorted(self.available.items()):
            hooks = []
            if name in loaded:
                hooks = sorted(h.name for h in self.pm.get_hookcallers(loaded[name]) or [])
            rows.append((name, module, hooks, name in loaded))
        return rows
