"""Things keyed by rule system: those armistice ships, those other distributions declare
through an entry point group, and those registered at run time.

The engine's rule systems, the dashboard's extra panels and the proof suites are each one
:class:`Registry`. What armistice ships is listed in its own table (``KEY ->
"module:OBJECT"``), imported only when its key is asked for; a plug-in distribution lists
``KEY = "module:OBJECT"`` under the group, read only when a key is not armistice's own or
when every key is listed; tests or plug-ins may :meth:`Registry.register` more while they
run.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

T = TypeVar("T")


class Registry(Generic[T]):
    """The objects of type ``kind``, each keyed by ``key(object)`` (a rule system key such as
    ``awaw.58``): armistice's own in ``shipped`` (key -> ``"module:OBJECT"``), then those
    declared under the entry point group ``group`` by other distributions (a shipped key
    declared again there is armistice's own), then those registered at run time."""

    def __init__(
        self,
        group: str,
        kind: type[T],
        key: Callable[[T], str],
        shipped: Mapping[str, str] | None = None,
    ) -> None:
        self.group, self.kind, self.key = group, kind, key
        self.shipped: Mapping[str, str] = dict(shipped or {})
        self._registered: dict[str, T] = {}
        self._loaded: dict[str, T] = {}

    @cached_property
    def _declared(self) -> dict[str, EntryPoint]:
        from importlib.metadata import entry_points

        return {ep.name: ep for ep in entry_points(group=self.group) if ep.name not in self.shipped}

    def names(self) -> tuple[str, ...]:
        """Every key, shipped and declared ones first, each sorted."""
        return (*sorted({*self.shipped, *self._declared}), *sorted(self._registered))

    def has(self, key: str) -> bool:
        """Whether ``key`` is known, without loading what it names (the entry points are read
        only for a key that is neither shipped nor registered)."""
        return key in self._registered or key in self.shipped or key in self._declared

    def find(self, key: str) -> T | None:
        """The object for ``key``, or None when none is known.

        Raises TypeError if what is shipped or declared for ``key`` is not a ``kind`` whose
        key is ``key``.
        """
        if key in self._registered:
            return self._registered[key]
        if key not in self._loaded:
            if key in self.shipped:
                module, _, name = self.shipped[key].partition(":")
                found: Any = getattr(importlib.import_module(module), name)
            elif key in self._declared:
                found = self._declared[key].load()
            else:
                return None
            if not isinstance(found, self.kind) or self.key(found) != key:
                raise TypeError(
                    f"entry point {key!r} of {self.group} is not the {self.kind.__name__} of {key!r}"
                )
            self._loaded[key] = found
        return self._loaded[key]

    def register(self, item: T) -> None:
        """Make ``item`` known while the program runs; raises ValueError if its key is taken."""
        key = self.key(item)
        if key in self.names():
            raise ValueError(f"{key} is already known in {self.group}")
        self._registered[key] = item

    def unregister(self, key: str) -> None:
        """Forget what :meth:`register` made known for ``key`` (nothing if there is none)."""
        self._registered.pop(key, None)
