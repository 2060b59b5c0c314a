"""Broken engines for the Vichy France table: each changes the table file or one rule
function the way a slip would, and names the properties it must make fail, so that every
property of :data:`armistice.verify.awaw.vichy.properties.PROPERTIES` is shown to catch
something."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any
from unittest import mock

import msgspec

from armistice.core.awaw.vichy import effects, rules
from armistice.core.awaw.vichy.tables import Tables, VichyFile
from armistice.core.awaw.vichy.words import Effect, UnitFate
from armistice.core.logic import band_index
from armistice.verify.model import Mutant


def as_file(t: Tables) -> VichyFile:
    """The table file ``t`` was read from."""
    return VichyFile(t.ends, t.modifiers, t.rows, tuple(t.policies.values()))


def _rows(t: Tables, **by_id: dict[str, Any]) -> VichyFile:
    rows = tuple(msgspec.structs.replace(r, **by_id.get(r.id, {})) for r in t.rows)
    return msgspec.structs.replace(as_file(t), row=rows)


def _patch(
    target: Any, name: str, new: Callable[..., Any]
) -> Callable[[], AbstractContextManager[Any]]:
    return lambda: mock.patch.object(target, name, new)


def _unclamped(die: Any, total: Any, t: Tables, end_row: bool) -> Any:
    return band_index(t.bands, rules.modified(die, total, t))


_next_policy = effects.next_policy
_fates = effects.fates
_apply = effects.apply


def _short_bands(t: Tables) -> tuple[tuple[int | None, int | None], ...]:
    return tuple((r.low, r.high - 1) for r in t.rows)


def _paid_on_change(s: Any, before: Any, row: Any, t: Tables, readings: Any) -> Any:
    change = _apply(s, before, row, t, readings)
    if change.standing.policy is before.policy:
        return msgspec.structs.replace(change, brps=0)
    return change


def _no_negation(before: Any, row: Any, effect: Effect, t: Tables, stronger: bool) -> Any:
    if effect is Effect.CONTINUE_ALLIED:
        return before
    return _next_policy(before, row, effect, t, stronger)


def _colonies_kept(s: Any, rule: Any, deactivated: bool = False) -> Any:
    units, colonies = _fates(s, rule, deactivated)
    for i, unit in enumerate(s.vichy_units):
        if units[i] is UnitFate.REMOVED and unit.location in s.colonies:
            units[i] = UnitFate.VICHY
    return units, colonies


def mutants(t: Tables) -> Iterator[Mutant]:
    """The broken engines, each with the properties it breaks."""
    same = as_file(t)
    yield Mutant(
        "row read before holding at the ends",
        same,
        _patch(rules, "row_index", _unclamped),
        ("every_result_reads_one_row",),
    )
    yield Mutant(
        "each row read one short of its highest result",
        same,
        lambda: mock.patch.object(Tables, "bands", property(_short_bands)),
        ("every_result_reads_one_row", "rows_cover_the_table"),
    )
    yield Mutant(
        "5-6 row shrunk to 5, 7 row from 6",
        _rows(t, **{"5-6": {"high": 5}, "7": {"low": 6}}),
        breaks=("rows_follow_the_book",),
    )
    yield Mutant(
        "1-2 row keeps a pro-Axis policy",
        same,
        _patch(effects, "next_policy", _no_negation),
        ("policies_follow_the_table",),
    )
    yield Mutant(
        "deactivation leaves the colonial forces",
        same,
        _patch(effects, "fates", _colonies_kept),
        ("units_follow_the_rows",),
    )
    yield Mutant(
        "BRPs paid only when the policy changes",
        same,
        _patch(effects, "apply", _paid_on_change),
        ("brps_paid_only_by_their_rows",),
    )
    yield Mutant(
        "7 row pays nothing",
        _rows(t, **{"7": {"brps": 0}}),
        breaks=("rows_follow_the_book",),
    )
    yield Mutant(
        "9 row pays 10 BRPs",
        _rows(t, **{"9": {"brps": 10}}),
        breaks=("rows_follow_the_book",),
    )
    yield Mutant(
        "a landing in France -1",
        msgspec.structs.replace(
            same, modifiers=msgspec.structs.replace(t.modifiers, landing_france=-1)
        ),
        breaks=("modifiers_follow_the_book",),
    )
