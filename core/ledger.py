"""What a procedure writes while it runs: the state so far and the log.

The ledger is private to one derivation of a game; what :class:`core.game.Game`
exposes are its immutable snapshots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, TypeVar

import msgspec

S = TypeVar("S")


class LogEntry(msgspec.Struct, frozen=True):
    """One line of the log: the ``rule`` number, what happened in our words,
    and the assumption used as ``key=value`` (empty when none)."""

    rule: str
    text: str
    assumption: str = ""


class Ledger(Generic[S]):
    """Mutable scratch of one derivation: ``state`` (an immutable struct, replaced
    as rules fix values), ``log`` (entries in order) and the game's ``assumptions``."""

    __slots__ = ("assumptions", "log", "state")

    def __init__(self, state: S, assumptions: Mapping[str, str]) -> None:
        self.state = state
        self.log: list[LogEntry] = []
        self.assumptions = assumptions

    def note(self, rule: str, text: str, assumption: str = "") -> None:
        """Append a log entry; ``assumption`` is the key of the assumption the step used."""
        used = f"{assumption}={self.assumptions[assumption]}" if assumption else ""
        self.log.append(LogEntry(rule, text, used))

    def assume(self, key: str) -> str:
        """The game's value for assumption ``key``."""
        return self.assumptions[key]
