"""Tables a game can resolve with: house tables are refused when a die result or a turn
would find no row, or two, so that a game never stops on a hole in its own tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from armistice.core.awaw.rule58.scenario import FIRST_YEAR, LAST_YEAR
from armistice.core.awaw.rule58.tables import RULE58_FILE, Band, Tables, from_documents
from armistice.core.awaw.words import Season, turn_index, turn_name
from armistice.core.errors import TableError
from armistice.core.logic import band_index


def playable(documents: Mapping[str, tuple[Mapping[str, Any], str]]) -> Tables:
    """The tables of :func:`~armistice.core.awaw.rule58.tables.from_documents`, refused when a
    turn a scenario may name (Spring 1938 to Winter 1950) has no 58.21D row or two, or a
    modified colonial roll a game can reach (die 1-6, plus every surrender level, plus 0 or
    the Vichy bonus) has no 58.531 row or two. Raises TableError naming the file, the table,
    the rows (from 1) and the value."""
    t = from_documents(documents)
    source = documents[RULE58_FILE.name][1] if RULE58_FILE.name in documents else str(RULE58_FILE)
    first, last = turn_index(Season.SPRING, FIRST_YEAR), turn_index(Season.WINTER, LAST_YEAR)
    _cover(t.rules.turn, range(first, last + 1), "turn", source, turn_name)
    limit, bonus = t.rules.level.limit, max(t.rules.colony_roll.vichy_bonus, 0)
    rolls = range(1 - limit, 6 + limit + bonus + 1)
    _cover(
        t.rules.colony_result, rolls, "colony_result", source, lambda v: f"a modified roll of {v}"
    )
    return t


def _cover(
    bands: tuple[Band, ...], values: range, table: str, source: str, word: Callable[[int], str]
) -> None:
    for value in values:
        rows = [i + 1 for i, b in enumerate(bands) if band_index((b.bounds,), value) == 0]
        if not rows:
            raise TableError(source, table, f"gap: no row covers {word(value)}")
        if len(rows) > 1:
            raise TableError(
                source, table, f"overlap: rows {rows[0]} and {rows[1]} both cover {word(value)}"
            )
