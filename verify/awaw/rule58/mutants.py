"""Small changes to rule 58's tables and rule functions, for the mutation score: band edges
shifted by one, parameters and cells nudged by one, rows swapped, and rule functions
changed the way a slip of the pen would change them.

A mutant's ``breaks`` names the properties it must make fail; every property of
:data:`armistice.verify.awaw.rule58.properties.PROPERTIES` is named by at least one, so each
is shown to fail on some broken engine."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any
from unittest import mock

import msgspec

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Tables
from armistice.core.logic import clamp, min_, sum_
from armistice.verify.model import Mutant


def _replace_row(rows: tuple[Any, ...], index: int, **changes: Any) -> tuple[Any, ...]:
    return tuple(
        msgspec.structs.replace(r, **changes) if i == index else r for i, r in enumerate(rows)
    )


LEVEL_BREAKS = {
    "paris": ("modifiers_follow_58_21",),
    "lyon": ("modifiers_follow_58_21",),
    "marseilles": ("modifiers_follow_58_21",),
    "other_objective": ("modifiers_follow_58_21",),
    "ground_step": ("modifiers_follow_58_21",),
    "fleet_baseline": ("modifiers_follow_58_21", "fleet_modifier_bands"),
    "fleet_step": ("modifiers_follow_58_21", "fleet_modifier_bands"),
    "cooperation": ("modifiers_follow_58_21",),
    "voluntary": ("voluntary_is_plus_one",),
}
"""The properties a change of one level parameter (rule58.toml ``[level]``) must break."""


def table_mutants(t: Tables) -> Iterator[Mutant]:
    """Band edges shifted by one, parameters nudged by one, cells changed by one, rows swapped,
    and the level limit raised to 4 with force rows for it; each mutant's ``tables`` are
    ``(rule58.toml, forces.toml)`` contents."""
    r, f = t.rules, t.forces
    for table in ("turn", "colony_result"):
        bands = getattr(r, table)
        for i, band in enumerate(bands):
            for edge in ("low", "high"):
                value = getattr(band, edge)
                if value is None:
                    continue
                for delta in (-1, 1):
                    changed = _replace_row(bands, i, **{edge: value + delta})
                    yield Mutant(
                        f"{table}[{i}].{edge}{delta:+d}",
                        (msgspec.structs.replace(r, **{table: changed}), f),
                    )
    for i, band in enumerate(r.turn):
        changed = _replace_row(r.turn, i, modifier=band.modifier + 1)
        yield Mutant(
            f"turn[{i}].modifier+1",
            (msgspec.structs.replace(r, turn=changed), f),
            breaks=("modifiers_follow_58_21",),
        )
    yield from _later_turn_worth_more(t)
    yield _limit_four(t)
    for field in r.level.__struct_fields__:
        if field == "earliest_voluntary":
            continue
        for delta in (-1, 1):
            level = msgspec.structs.replace(r.level, **{field: getattr(r.level, field) + delta})
            if getattr(level, field) > 0 or field not in ("ground_step", "fleet_step"):
                yield Mutant(
                    f"level.{field}{delta:+d}",
                    (msgspec.structs.replace(r, level=level), f),
                    breaks=LEVEL_BREAKS.get(field, ()),
                )
    bonus = msgspec.structs.replace(r.colony_roll, vichy_bonus=r.colony_roll.vichy_bonus + 1)
    yield Mutant(
        "colony_roll.vichy_bonus+1",
        (msgspec.structs.replace(r, colony_roll=bonus), f),
        breaks=("colony_status_follows_58_53",),
    )
    for table in ("free_french", "vichy"):
        rows = getattr(f, table)
        for i, row in enumerate(rows):
            for field in FORCE_FIELDS:
                changed = _replace_row(rows, i, **{field: getattr(row, field) + 1})
                yield Mutant(
                    f"{table}[{i}].{field}+1",
                    (r, msgspec.structs.replace(f, **{table: changed})),
                    breaks=("forces_match_published",),
                )
        for i in range(len(rows) - 1):
            if rows[i].fsl != rows[i + 1].fsl - 1 and rows[i].fsl != rows[i + 1].fsl + 1:
                continue
            a, b = rows[i], rows[i + 1]
            swapped = _replace_row(_replace_row(rows, i, fsl=b.fsl), i + 1, fsl=a.fsl)
            yield Mutant(
                f"{table}[{i}]<->[{i + 1}]",
                (r, msgspec.structs.replace(f, **{table: swapped})),
                breaks=("forces_match_published",) if _differ(a, b) else (),
            )


def _differ(a: Any, b: Any) -> bool:
    return any(getattr(a, field) != getattr(b, field) for field in FORCE_FIELDS)


def _later_turn_worth_more(t: Tables) -> Iterator[Mutant]:
    """58.21D with the Fall 1940 modifier one below Winter's: a later surrender then favours
    the Axis more, which the level's monotony forbids."""
    r, f = t.rules, t.forces
    bands = r.turn
    for i in range(len(bands) - 1):
        later = bands[i + 1].modifier
        if bands[i].modifier > later:
            changed = _replace_row(bands, i, modifier=later - 1)
            yield Mutant(
                f"turn[{i}].modifier below turn[{i + 1}]'s",
                (msgspec.structs.replace(r, turn=changed), f),
                breaks=("level_is_monotone", "modifiers_follow_58_21"),
            )
            return


def _limit_four(t: Tables) -> Mutant:
    """58.22 with the level held within +/-4 instead of +/-3, the force tables given rows for
    FSL +4 and -4 (copies of the +3 and -3 rows) so the tables still load."""
    r, f = t.rules, t.forces
    limit = r.level.limit
    level = msgspec.structs.replace(r.level, limit=limit + 1)

    def widened(rows: tuple[Any, ...]) -> tuple[Any, ...]:
        edge = tuple(
            msgspec.structs.replace(row, fsl=row.fsl + (1 if row.fsl > 0 else -1))
            for row in rows
            if abs(row.fsl) == limit
        )
        return rows + edge

    forces = msgspec.structs.replace(f, free_french=widened(f.free_french), vichy=widened(f.vichy))
    return Mutant(
        f"level.limit {limit + 1} with force rows for it",
        (msgspec.structs.replace(r, level=level), forces),
        breaks=("level_within_limits",),
    )


def _code(
    target: str, replacement: Callable[..., Any]
) -> Callable[[], AbstractContextManager[Any]]:
    return lambda: mock.patch.object(rules, target, replacement)


def _floor_or_real_div(x: Any, step: Any) -> Any:
    return x // step if isinstance(x, int) else x / step


def _unclamped_split(
    b: Any, m: Any, c: Any, v: Any, s: Any, fl: Any, vl: Any, k: Any = 0
) -> tuple[Any, Any, Any]:
    free = min_(fl, b + m + c)
    vichy = min_(vl, v + c - k + b - min_(b, free))
    return free, vichy, b + m + c + v + s - free - vichy


def _level_within(widen: int) -> Callable[..., Any]:
    def level(facts: Any, tt: Tables) -> tuple[Any, Any]:
        raw = sum_(x.value for x in rules.surrender_terms(facts, tt))
        limit = tt.rules.level.limit + widen
        return raw, clamp(raw, -limit, limit)

    return level


def code_mutants(t: Tables) -> Iterator[Mutant]:
    """Rule functions changed the way a slip of the pen would change them, each patched into
    :mod:`armistice.core.awaw.rule58.rules` while the mutant is checked."""
    files = (t.rules, t.forces)
    original_split = rules.naval_split
    original_free_french = rules.free_french_level
    changes: dict[str, tuple[str, Callable[..., Any], tuple[str, ...]]] = {
        "fleet_modifier without the floor at 0": (
            "fleet_modifier",
            lambda c, tt: _floor_or_real_div(
                tt.rules.level.fleet_baseline - c, tt.rules.level.fleet_step
            ),
            ("fleet_modifier_bands", "modifiers_follow_58_21"),
        ),
        "colony roll without the Vichy bonus": (
            "colony_modified_roll",
            lambda d, lv, v, tt: d + lv,
            ("colony_status_follows_58_53",),
        ),
        "Vichy served before the Free French": (
            "naval_split",
            lambda b, m, c, v, s, fl, vl, k=0: (
                lambda vichy: (
                    min_(fl, b + m + c - vichy),
                    vichy,
                    b + m + c + v + s - min_(fl, b + m + c - vichy) - vichy,
                )
            )(min_(vl, v + c + b)),
            ("naval_allocation_conserves",),
        ),
        "surplus ships kept by the Free French": (
            "naval_split",
            lambda b, m, c, v, s, fl, vl, k=0: (
                original_split(b, m, c, v, s, fl, vl, k)[0] + 1,
                *original_split(b, m, c, v, s, fl, vl, k)[1:],
            ),
            ("naval_allocation_conserves",),
        ),
        "ground modifier per nine factors": (
            "ground_modifier",
            lambda g, tt: -_floor_or_real_div(g, 9),
            ("modifiers_follow_58_21",),
        ),
        "ground factors raise the level": (
            "ground_modifier",
            lambda g, tt: _floor_or_real_div(g, tt.rules.level.ground_step),
            ("level_is_monotone", "modifiers_follow_58_21"),
        ),
        "counted fleet ignores damage": (
            "counted_fleet",
            lambda full, half: full + half,
            ("fleet_modifier_bands", "modifiers_follow_58_21"),
        ),
        "Vichy keep the ships the Free French took": (
            "naval_split",
            lambda b, m, c, v, s, fl, vl, k=0: original_split(b, m, c, v, s, fl, vl, 0),
            ("naval_allocation_conserves",),
        ),
        "contested ships taken counted as passed": (
            "naval_split",
            _unclamped_split,
            ("naval_allocation_conserves",),
        ),
        "no clamp on the level": (
            "surrender_level",
            lambda facts, tt: (sum_(x.value for x in rules.surrender_terms(facts, tt)),) * 2,
            ("level_within_limits", "level_is_clamped_sum", "level_feeds_force_tables"),
        ),
        "level held within +/-4": (
            "surrender_level",
            _level_within(1),
            ("level_within_limits", "level_is_clamped_sum", "level_feeds_force_tables"),
        ),
        "colonies stay Vichy without Vichy France": (
            "colony_status",
            lambda result, vichy: result,
            ("colony_status_follows_58_53",),
        ),
        "Free French one destroyer factor short": (
            "free_french_level",
            lambda lv, v, tt: msgspec.structs.replace(
                original_free_french(lv, v, tt),
                destroyer_factors=original_free_french(lv, v, tt).destroyer_factors - 1,
            ),
            ("force_tables_total", "forces_match_published"),
        ),
    }
    for name, (target, replacement, breaks) in changes.items():
        yield Mutant(name, files, _code(target, replacement), breaks)


def mutants(t: Tables) -> Iterator[Mutant]:
    """Every mutant of rule 58 made from tables ``t``: the table mutants, then the code ones."""
    yield from table_mutants(t)
    yield from code_mutants(t)
