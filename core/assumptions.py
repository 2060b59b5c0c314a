"""Named assumptions: how armistice reads what a rule leaves open.

An :class:`Assumption` has a key (``awaw.58.conquest_proration``), the rule it reads,
a question, the choices with what each means (the first is the default), one line of
why, and older keys and values it is still known by. Its choices are the members of a
:class:`~armistice.core.words.Word` enum, so a procedure reads a typed value
(``ledger.assume(PRORATION)``) and never spells a key. A game fixes one value per key
for its whole life; the log names the assumption wherever a step used it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from armistice.core.errors import UnknownAssumption
from armistice.core.words import Word

V = TypeVar("V", bound=Word)


@dataclass(frozen=True)
class Choice:
    """One way of reading a rule: its ``value`` and what it ``means`` in play."""

    value: str
    means: str


@dataclass(frozen=True)
class Assumption(Generic[V]):
    """A named interpretation of rule ``rule``.

    ``kind`` is the enum of its values; ``choices`` gives each value's meaning, the
    default first, and must list every member of ``kind`` once (ValueError otherwise).
    ``aliases`` are keys it was known by before; ``old_values`` pairs each value it was
    once spelled with the value that reads the rule the same way now (``("excluded",
    "no")``), accepted under any of its keys.
    """

    key: str
    rule: str
    question: str
    kind: type[V]
    choices: tuple[Choice, ...]
    why: str
    aliases: tuple[str, ...] = ()
    old_values: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if sorted(c.value for c in self.choices) != sorted(m.value for m in self.kind):
            raise ValueError(f"{self.key}: the choices must list each of {self.kind.__name__}")
        if any(new not in self.values or old in self.values for old, new in self.old_values):
            raise ValueError(f"{self.key}: an old value must map a retired spelling to a choice")

    def current(self, value: str) -> str:
        """``value`` as this assumption spells it now: an old value is mapped to its
        choice, any other value is returned as it is."""
        return dict(self.old_values).get(value, value)

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

    def cite(self, value: str) -> str:
        """``key=value``, as a log entry names the assumption it used."""
        return f"{self.key}={value}"

    def read(self, values: Mapping[str, str]) -> V:
        """This assumption's typed value in a game's ``values`` (key -> value)."""
        return self.kind(values[self.key])


def resolve(
    assumptions: Iterable[Assumption[Any]], chosen: Mapping[str, str] | None = None
) -> Mapping[str, str]:
    """Every key of ``assumptions`` mapped to its value: ``chosen`` where given (by key or an
    older alias, the value as spelled now or an old value it maps to), else the default.

    Raises UnknownAssumption naming the key for an unknown key or value.
    """
    table = {a.key: a for a in assumptions}
    aliases = {alias: a.key for a in table.values() for alias in a.aliases}
    values = {key: a.default for key, a in table.items()}
    seen: dict[str, str] = {}
    for given, value in (chosen or {}).items():
        key = aliases.get(given, given)
        if key in seen:
            raise UnknownAssumption(given, f"given twice, also as {seen[key]}; keep one")
        seen[key] = given
        assumption = table.get(key)
        if assumption is None:
            known = ", ".join(table) or "none"
            raise UnknownAssumption(given, f"no such assumption here; known: {known}")
        value = assumption.current(value)
        try:
            assumption.meaning(value)
        except UnknownAssumption as error:
            raise UnknownAssumption(given, error.reason) from None
        values[key] = value
    return MappingProxyType(values)


def changed(assumptions: Iterable[Assumption[Any]], values: Mapping[str, str]) -> dict[str, str]:
    """The entries of ``values`` that differ from the defaults of ``assumptions``."""
    defaults = {a.key: a.default for a in assumptions}
    return {k: v for k, v in values.items() if k in defaults and defaults[k] != v}
