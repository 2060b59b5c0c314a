"""Small changes to rule 58's tables and rule functions, for the mutation score: band edges
shifted by one, parameters and cells nudged by one, rows swapped, and rule functions
changed the way a slip of the pen would change them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any
from unittest import mock

import msgspec
import z3

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Tables
from armistice.core.logic import max_, min_
from armistice.verify.model import Mutant


def _replace_row(rows: tuple[Any, ...], index: int, **changes: Any) -> tuple[Any, ...]:
    return tuple(
        msgspec.structs.replace(r, **changes) if i == index else r for i, r in enumerate(rows)
    )


def table_mutants(t: Tables) -> Iterator[Mutant]:
    """Band edges shifted by one, parameters nudged by one, cells changed by one, rows swapped;
    each mutant's ``tables`` are ``(rule58.toml, forces.toml)`` contents."""
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
        yield Mutant(f"turn[{i}].modifier+1", (msgspec.structs.replace(r, turn=changed), f))
    for field in r.level.__struct_fields__:
        if field == "earliest_voluntary":
            continue
        for delta in (-1, 1):
            level = msgspec.structs.replace(r.level, **{field: getattr(r.level, field) + delta})
            if getattr(level, field) > 0 or field not in ("ground_step", "fleet_step"):
                yield Mutant(
                    f"level.{field}{delta:+d}", (msgspec.structs.replace(r, level=level), f)
                )
    bonus = msgspec.structs.replace(r.colony_roll, vichy_bonus=r.colony_roll.vichy_bonus + 1)
    yield Mutant("colony_roll.vichy_bonus+1", (msgspec.structs.replace(r, colony_roll=bonus), f))
    for table in ("free_french", "vichy"):
        rows = getattr(f, table)
        for i, row in enumerate(rows):
            for field in FORCE_FIELDS:
                changed = _replace_row(rows, i, **{field: getattr(row, field) + 1})
                yield Mutant(
                    f"{table}[{i}].{field}+1", (r, msgspec.structs.replace(f, **{table: changed}))
                )
        for i in range(len(rows) - 1):
            if rows[i].fsl != rows[i + 1].fsl - 1 and rows[i].fsl != rows[i + 1].fsl + 1:
                continue
            a, b = rows[i], rows[i + 1]
            swapped = _replace_row(_replace_row(rows, i, fsl=b.fsl), i + 1, fsl=a.fsl)
            yield Mutant(
                f"{table}[{i}]<->[{i + 1}]", (r, msgspec.structs.replace(f, **{table: swapped}))
            )


def _code(
    target: str, replacement: Callable[..., Any]
) -> Callable[[], AbstractContextManager[Any]]:
    return lambda: mock.patch.object(rules, target, replacement)


def _floor_or_real_div(x: Any, step: Any) -> Any:
    return x // step if isinstance(x, int) else x / step


def code_mutants(t: Tables) -> Iterator[Mutant]:
    """Rule functions changed the way a slip of the pen would change them, each patched into
    :mod:`armistice.core.awaw.rule58.rules` while the mutant is checked."""
    files = (t.rules, t.forces)
    original_split = rules.naval_split
    changes: dict[str, tuple[str, Callable[..., Any]]] = {
        "fleet_modifier without the floor at 0": (
            "fleet_modifier",
            lambda c, tt: _floor_or_real_div(
                tt.rules.level.fleet_baseline - c, tt.rules.level.fleet_step
            ),
        ),
        "colony roll without the Vichy bonus": (
            "colony_modified_roll",
            lambda d, lv, v, tt: d + lv,
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
        ),
        "surplus ships kept by the Free French": (
            "naval_split",
            lambda b, m, c, v, s, fl, vl, k=0: (
                original_split(b, m, c, v, s, fl, vl, k)[0] + 1,
                *original_split(b, m, c, v, s, fl, vl, k)[1:],
            ),
        ),
        "ground modifier per nine factors": (
            "ground_modifier",
            lambda g, tt: -_floor_or_real_div(g, 9),
        ),
        "counted fleet ignores damage": ("counted_fleet", lambda full, half: full + half),
        "Vichy keep the ships the Free French took": (
            "naval_split",
            lambda b, m, c, v, s, fl, vl, k=0: original_split(b, m, c, v, s, fl, vl, 0),
        ),
        "no clamp on the level": (
            "surrender_level",
            lambda facts, tt: (sum(x.value for x in rules.surrender_terms(facts, tt)),) * 2,
        ),
        "prior British colony stays with the die": (
            "colony_status",
            lambda prior, result, vichy: (
                max_(result, 0)
                if isinstance(prior, int)
                else z3.If(result == 1, z3.If(vichy, 1, 3), result)
            ),
        ),
    }
    for name, (target, replacement) in changes.items():
        yield Mutant(name, files, _code(target, replacement))


def mutants(t: Tables) -> Iterator[Mutant]:
    """Every mutant of rule 58 made from tables ``t``: the table mutants, then the code ones."""
    yield from table_mutants(t)
    yield from code_mutants(t)
