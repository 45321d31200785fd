"""The plugin host: loads move generators through the 'kiai.plugins' entry-point group
(built-in and third-party alike), lets any be disabled, and knows which plugin
implements which hook so pool tasks can be addressed by plugin name."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Callable

import pluggy

from core.host import hookspecs
from core.errors import KiaiError
from core.host.services import Services

ENTRY_POINT_GROUP = "kiai.plugins"


class PluginError(KiaiError):
    """A plugin that cannot be loaded or a name that matches no plugin."""


@dataclass(frozen=True)
class PluginSpec:
    """What to load, in a form that crosses process boundaries: disabled names and extra modules."""

    disabled: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()  # "name=module.path[:object]" of plugins registered without an entry point
    settings: tuple[tuple[str, float], ...] = ()  # given to every plugin's kiai_configure

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
        self.configure(dict(self.spec.settings))
        self.services = Services()
        for impl in self.pm.hook.kiai_services.get_hookimpls():
            table: dict[str, Any] = impl.function() or {}  # type: ignore[assignment]
            for key, service in table.items():
                self.services.provide(key, service)
        self.functions: dict[tuple[str, str], Callable[..., Any]] = {}
        for impl in self.pm.hook.kiai_pool_functions.get_hookimpls():
            functions: dict[str, Callable[..., Any]] = impl.function() or {}  # type: ignore[assignment]
            for fname, fn in functions.items():
                self.functions[(impl.plugin_name, fname)] = fn

    def configure(self, settings: dict[str, float]) -> None:
        """Give settings to every plugin that takes them."""
        for impl in self.pm.hook.kiai_configure.get_hookimpls():
            impl.function(settings=dict(settings))

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
