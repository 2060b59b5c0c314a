"""What a procedure writes while it runs: the state so far and the log.

The ledger is private to one derivation of a game; what :class:`armistice.core.game.Game`
exposes are its immutable snapshots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

import msgspec

from armistice.core.assumptions import Assumption
from armistice.core.words import Word

S = TypeVar("S")
V = TypeVar("V", bound=Word)


class LogEntry(msgspec.Struct, frozen=True):
    """One line of the log: the ``rule`` number, what happened in our words,
    the assumption used as ``key=value`` (empty when none), and whether the dashboard also
    ``announce``s it: what a die gave, and each step the engine took without asking anyone
    (a forced choice, a roll not asked because it cannot change anything). The dice of a
    batch are not announced one by one: the dashboard announces the batch as a whole."""

    rule: str
    text: str
    assumption: str = ""
    announce: bool = False


class Ledger(Generic[S]):
    """Mutable scratch of one derivation: ``state`` (an immutable struct, replaced
    as rules fix values), ``log`` (entries in order), the game's ``assumptions``
    (key -> value) and the rule ``tables`` it runs with (its rule system's published tables
    or house tables; None for a system without tables)."""

    __slots__ = ("_read", "assumptions", "log", "state", "tables")

    def __init__(self, state: S, assumptions: Mapping[str, str], tables: Any = None) -> None:
        self.state = state
        self.log: list[LogEntry] = []
        self.assumptions = assumptions
        self.tables = tables
        self._read: dict[str, Any] = {}

    def note(
        self,
        rule: str,
        text: str,
        assumption: Assumption[Any] | None = None,
        announce: bool = False,
    ) -> None:
        """Append a log entry; ``assumption`` is the assumption the step used, if any;
        ``announce`` asks the dashboard to announce it too (see :class:`LogEntry`)."""
        used = self.used(assumption) if assumption else ""
        self.log.append(LogEntry(rule, text, used, announce))

    def assume(self, assumption: Assumption[V]) -> V:
        """The game's value for ``assumption``, typed (read once per ledger)."""
        found = self._read.get(assumption.key)
        if type(found) is not assumption.kind:
            found = self._read[assumption.key] = assumption.read(self.assumptions)
        return found

    def used(self, assumption: Assumption[Any]) -> str:
        """``key=value`` of ``assumption`` in this game, as log entries cite it."""
        return assumption.cite(self.assumptions[assumption.key])
