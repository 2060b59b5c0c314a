"""What a step of rule 58 that needs no answer does: state changes and log entries.

Steps are pure functions of the scenario and a few values, memoized per scenario
(:mod:`armistice.core.memo`), so replays (undo, saves, odds) do not redo them;
:mod:`armistice.core.awaw.rule58.procedure` applies their effects in rule order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import msgspec

from armistice.core.awaw.words import ColonyStatus, Holder, Region
from armistice.core.ledger import Ledger, LogEntry

Colonies = tuple[tuple[str, ColonyStatus], ...]
"""Each colony id with its status, in table order (hashable, for memo keys)."""

Holders = tuple[tuple[Region, Holder], ...]
"""Who holds each region after the surrender, in region order (hashable, for memo keys)."""


class Effects(NamedTuple):
    """What a step does: ``changes`` to the state's fields and ``log`` entries in order."""

    changes: Mapping[str, Any]
    log: tuple[LogEntry, ...]


def apply(ledger: Ledger[Any], effects: Effects) -> None:
    """Write a step's log entries and state changes into the ledger."""
    ledger.log.extend(effects.log)
    ledger.state = msgspec.structs.replace(ledger.state, **effects.changes)
