"""Things keyed by rule system, found through an entry point group or registered at run time.

The engine's rule systems, the dashboard's extra panels and the proof suites are each one
:class:`Registry`: a distribution lists ``KEY = "module:OBJECT"`` under the group, and
tests or plug-ins may :meth:`Registry.register` more while they run.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from importlib.metadata import EntryPoint, entry_points
from typing import Generic, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    """The objects of type ``kind`` known under entry point ``group``, each keyed by
    ``key(object)`` (a rule system key such as ``awaw.58``)."""

    def __init__(self, group: str, kind: type[T], key: Callable[[T], str]) -> None:
        self.group, self.kind, self.key = group, kind, key
        self._registered: dict[str, T] = {}
        self._loaded: dict[str, T] = {}

    @cached_property
    def _declared(self) -> dict[str, EntryPoint]:
        return {ep.name: ep for ep in entry_points(group=self.group)}

    def names(self) -> tuple[str, ...]:
        """Every key, declared ones first, each sorted."""
        return (*sorted(self._declared), *sorted(self._registered))

    def find(self, key: str) -> T | None:
        """The object for ``key``, or None when none is known.

        Raises TypeError if the entry point declared for ``key`` does not hold a ``kind``
        whose key is ``key``.
        """
        if key in self._registered:
            return self._registered[key]
        if key not in self._declared:
            return None
        if key not in self._loaded:
            found = self._declared[key].load()
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
