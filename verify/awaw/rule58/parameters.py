"""Every value of rule 58's table files, for designers: the range the rule gives each number
(the engine's bounds, which games refuse tables for breaking; verify reports each as an
invariant broken, named with its place and value) and the book's value (a value that
differs is a house rule, a finding).

The book's values are the shipped tables': the published-rule properties prove them equal to
the rule text (:mod:`armistice.verify.awaw.rule58.spec`). Places are written as in the files,
rows numbered from 1 in file order; turns as seasons and years.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from armistice.core.awaw.rule58.playable import BOUND_RULES, bounds, shown
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Force, Tables, shipped
from armistice.core.tablefiles import row
from armistice.verify.model import Result, Strength, Verdict


def values_in_range(t: Tables) -> Result:
    """Every value the engine's bounds cover (:func:`armistice.core.awaw.rule58.playable.bounds`:
    each within the range its rule gives, and 58.621's Free French never more with Vichy
    France than without) holds; each that does not is named with its place and value, as a
    game refusing the tables names it."""
    wrong = [str(v) for v in bounds(t)]
    return Result(
        "table_values_in_range",
        BOUND_RULES,
        Verdict.VIOLATED if wrong else Verdict.PROVED,
        "; ".join(wrong) if wrong else "every table value is within the range its rule gives",
        () if wrong else BOUND_RULES,
        strength=Strength.EXHAUSTIVE,
        bounds={"level": (t.levels[0], t.levels[-1])},
    )


def house_rules(t: Tables) -> Result:
    """Every value of both table files that differs from the book's: ``house rule: <place>
    <value>, book <value>``; a finding, never a failure."""
    book = shipped()
    found = [*_differences(t.rules, book.rules, ""), *_force_differences(t, book)]
    return Result(
        "house_rules",
        ("58",),
        Verdict.FINDING if found else Verdict.PROVED,
        "; ".join(f"house rule: {d}" for d in found) if found else "every value is the book's",
        invariant=False,
        strength=Strength.PROVED,
    )


def _differences(value: Any, book: Any, where: str) -> Iterator[str]:
    """Places below ``where`` where ``value`` differs from ``book`` (structs field by field,
    rows by number)."""
    if isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            here = f"{where}.{field}" if where else field
            yield from _differences(getattr(value, field), getattr(book, field, None), here)
    elif isinstance(value, tuple):
        book = book if isinstance(book, tuple) else ()
        if len(value) != len(book):
            yield f"{where} has {len(value)} rows, book {len(book)}"
        for i, (mine, theirs) in enumerate(zip(value, book, strict=False)):
            for d in _differences(mine, theirs, row(where, i)):
                yield d.replace(f"{row(where, i)}.", f"{row(where, i)}, ", 1)
    elif value != book:
        field = (
            f"{where.split(' row ')[0]}.{where.rsplit('.', 1)[-1]}" if " row " in where else where
        )
        yield f"{where} {shown(field, value)}, book {shown(field, book)}"


def _force_differences(t: Tables, book: Tables) -> Iterator[str]:
    """Force table cells that differ from the book's, by table, level and column."""
    tables = (
        ("free_french", "with Vichy", t.free_french[True], book.free_french[True]),
        ("free_french", "without Vichy", t.free_french[False], book.free_french[False]),
        ("vichy", "", t.vichy, book.vichy),
    )
    for name, which, mine, theirs in tables:
        for lv in sorted(set(mine) | set(theirs), reverse=True):
            label = f"{name} FSL {lv:+d}{' ' + which if which else ''}"
            if lv not in theirs:
                yield f"{label}: a row the book does not have"
                continue
            for field in FORCE_FIELDS:
                a, b = getattr(mine[lv], field), getattr(theirs[lv], field)
                if a != b:
                    yield f"{label} {Force(field).label} {a}, book {b}"
