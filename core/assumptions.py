"""The registry of named assumptions: how armistice reads what a rule leaves open.

An :class:`Assumption` has a key (``awaw.conquest_proration``), the rule it
reads, a default, the alternatives with what each means, and one line of why
the default was chosen. A game fixes one value per key for its whole life;
the log names the assumption wherever a step used it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import msgspec

from core.errors import UnknownAssumption


class Choice(msgspec.Struct, frozen=True):
    """One way of reading a rule: its ``value`` and what it ``means`` in play."""

    value: str
    means: str


class Assumption(msgspec.Struct, frozen=True):
    """A named interpretation of rule ``rule``; ``choices[0]`` is the default."""

    key: str
    rule: str
    question: str
    choices: tuple[Choice, ...]
    why: str

    @property
    def default(self) -> str:
        """The value a game takes unless told otherwise."""
        return self.choices[0].value

    @property
    def values(self) -> tuple[str, ...]:
        """Every allowed value, the default first."""
        return tuple(c.value for c in self.choices)

    def meaning(self, value: str) -> str:
        """What ``value`` means; raises UnknownAssumption for a value not listed."""
        for choice in self.choices:
            if choice.value == value:
                return choice.means
        raise UnknownAssumption(
            self.key, f"{value!r} is not a choice; choose one of: {', '.join(self.values)}"
        )


class Registry:
    """The assumptions of each rule system, keyed by system name then assumption key."""

    def __init__(self) -> None:
        self._by_system: dict[str, dict[str, Assumption]] = {}

    def register(self, system: str, assumptions: Iterable[Assumption]) -> None:
        """Add a system's assumptions; raises ValueError on a key registered twice."""
        table = self._by_system.setdefault(system, {})
        for assumption in assumptions:
            if assumption.key in table:
                raise ValueError(f"assumption {assumption.key} registered twice")
            table[assumption.key] = assumption

    def of(self, system: str) -> tuple[Assumption, ...]:
        """The assumptions of ``system`` in registration order (none for an unknown system)."""
        return tuple(self._by_system.get(system, {}).values())

    def resolve(self, system: str, chosen: Mapping[str, str] | None = None) -> Mapping[str, str]:
        """Every key of ``system`` mapped to its value: ``chosen`` where given, else the default.

        Raises UnknownAssumption naming the key for an unknown key or value.
        """
        table = self._by_system.get(system, {})
        values = {key: a.default for key, a in table.items()}
        for key, value in (chosen or {}).items():
            assumption = table.get(key)
            if assumption is None:
                known = ", ".join(table) or "none"
                raise UnknownAssumption(key, f"no such assumption for {system}; known: {known}")
            assumption.meaning(value)
            values[key] = value
        return MappingProxyType(values)

    def changed(self, system: str, values: Mapping[str, str]) -> dict[str, str]:
        """The entries of ``values`` that differ from ``system``'s defaults."""
        table = self._by_system.get(system, {})
        return {k: v for k, v in values.items() if k in table and table[k].default != v}


REGISTRY = Registry()
