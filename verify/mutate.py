"""Spec strength: small changes to copies of the tables and rules, and the share of them
that some invariant catches."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any
from unittest import mock

import msgspec

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.tables import (
    FORCE_FIELDS,
    ForceTableFile,
    Rule58File,
    Tables,
    build,
)
from armistice.core.errors import TableError
from armistice.core.logic import max_, min_
from armistice.verify.awaw import analysis
from armistice.verify.awaw.properties import PROPERTIES
from armistice.verify.model import Verdict


@dataclass(frozen=True)
class Mutant:
    """A named change: new table files, and optionally a patched rule function."""

    name: str
    rules: Rule58File
    forces: ForceTableFile
    patch: Callable[[], AbstractContextManager[Any]] = nullcontext


def _replace_row(rows: tuple[Any, ...], index: int, **changes: Any) -> tuple[Any, ...]:
    return tuple(
        msgspec.structs.replace(r, **changes) if i == index else r for i, r in enumerate(rows)
    )


def table_mutants(t: Tables) -> Iterator[Mutant]:
    """Band edges shifted by one, parameters nudged by one, cells changed by one, rows swapped."""
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
                        msgspec.structs.replace(r, **{table: changed}),
                        f,
                    )
    for i, band in enumerate(r.turn):
        changed = _replace_row(r.turn, i, modifier=band.modifier + 1)
        yield Mutant(f"turn[{i}].modifier+1", msgspec.structs.replace(r, turn=changed), f)
    for field in r.level.__struct_fields__:
        if field == "earliest_voluntary":
            continue
        for delta in (-1, 1):
            level = msgspec.structs.replace(r.level, **{field: getattr(r.level, field) + delta})
            if getattr(level, field) > 0 or field not in ("ground_step", "fleet_step"):
                yield Mutant(f"level.{field}{delta:+d}", msgspec.structs.replace(r, level=level), f)
    bonus = msgspec.structs.replace(r.colony_roll, vichy_bonus=r.colony_roll.vichy_bonus + 1)
    yield Mutant("colony_roll.vichy_bonus+1", msgspec.structs.replace(r, colony_roll=bonus), f)
    for table in ("free_french", "vichy"):
        rows = getattr(f, table)
        for i, row in enumerate(rows):
            for field in FORCE_FIELDS:
                changed = _replace_row(rows, i, **{field: getattr(row, field) + 1})
                yield Mutant(
                    f"{table}[{i}].{field}+1", r, msgspec.structs.replace(f, **{table: changed})
                )
        for i in range(len(rows) - 1):
            if rows[i].fsl != rows[i + 1].fsl - 1 and rows[i].fsl != rows[i + 1].fsl + 1:
                continue
            a, b = rows[i], rows[i + 1]
            swapped = _replace_row(_replace_row(rows, i, fsl=b.fsl), i + 1, fsl=a.fsl)
            yield Mutant(
                f"{table}[{i}]<->[{i + 1}]", r, msgspec.structs.replace(f, **{table: swapped})
            )


def _code(
    target: str, replacement: Callable[..., Any]
) -> Callable[[], AbstractContextManager[Any]]:
    return lambda: mock.patch.object(rules, target, replacement)


def code_mutants(t: Tables) -> Iterator[Mutant]:
    """Rule functions changed the way a slip of the pen would change them."""
    r, f = t.rules, t.forces
    original_split = rules.naval_split
    changes = {
        "fleet_modifier without the floor at 0": (
            "fleet_modifier",
            lambda c, tt: (
                (tt.rules.level.fleet_baseline - c) / tt.rules.level.fleet_step
                if not isinstance(c, int)
                else (tt.rules.level.fleet_baseline - c) // tt.rules.level.fleet_step
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
            lambda g, tt: -(g / 9 if not isinstance(g, int) else g // 9),
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
                else __import__("z3").If(result == 1, __import__("z3").If(vichy, 1, 3), result)
            ),
        ),
    }
    for name, (target, replacement) in changes.items():
        yield Mutant(name, r, f, _code(target, replacement))


def caught(m: Mutant) -> str:
    """The property that catches ``m`` ("tables refused" if its tables do not load), or ""."""
    try:
        t = build(m.rules, m.forces, "mutant rule58.toml", "mutant forces.toml")
    except TableError:
        return "tables refused"
    with m.patch():
        for prop in PROPERTIES:
            try:
                result = prop.check(t)
            except Exception:
                return f"{prop.name} (raised)"
            if result.verdict is not Verdict.PROVED:
                return prop.name
        for result in (*analysis.colony_rolls(t), *analysis.turn_bands(t)):
            if result.invariant and result.verdict is not Verdict.PROVED:
                return result.name
    return ""


def mutation_score(t: Tables) -> tuple[list[tuple[str, str]], list[str]]:
    """Every mutant with the property that caught it, and the names of the survivors."""
    killed, survivors = [], []
    for m in (*table_mutants(t), *code_mutants(t)):
        by = caught(m)
        (killed.append((m.name, by)) if by else survivors.append(m.name))
    return killed, survivors
