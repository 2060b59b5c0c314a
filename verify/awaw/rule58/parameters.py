"""Every value of rule 58's table files, for designers: the range the rule gives each number
(a value outside it is an invariant broken, named with its place and value) and the book's
value (a value that differs is a house rule, a finding).

The book's values are the shipped tables': the published-rule properties prove them equal to
the rule text (:mod:`armistice.verify.awaw.rule58.spec`). Places are written as in the files,
rows numbered from 1 in file order; turns as seasons and years.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import msgspec

from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Force, Tables, row, shipped
from armistice.core.awaw.words import turn_name
from armistice.verify.awaw.rule58.inputs import FIRST_TURN, LAST_TURN
from armistice.verify.model import Result, Strength, Verdict

TURN_FIELDS = frozenset({"level.earliest_voluntary", "turn.low", "turn.high"})
"""Fields that hold a turn (seasons after Spring 1940), shown as a season and year."""


@dataclass(frozen=True)
class Range:
    """What the rule allows a table value: ``test(value, tables)`` is True when it may hold
    it, ``says(tables)`` the allowed range in words, ``rule`` the rule that gives it."""

    rule: str
    says: Callable[[Tables], str]
    test: Callable[[int, Tables], bool]


def _limit(t: Tables) -> int:
    return t.rules.level.limit


RANGES: dict[str, Range] = {
    "level.paris": Range(
        "58.21A", lambda t: "0 or more (Axis control favours the Axis)", lambda v, t: v >= 0
    ),
    "level.lyon": Range(
        "58.21A", lambda t: "0 or more (Axis control favours the Axis)", lambda v, t: v >= 0
    ),
    "level.marseilles": Range(
        "58.21A", lambda t: "0 or more (Axis control favours the Axis)", lambda v, t: v >= 0
    ),
    "level.other_objective": Range(
        "58.21A",
        lambda t: "0 or less (an objective France holds favours France)",
        lambda v, t: v <= 0,
    ),
    "level.fleet_baseline": Range("58.21C", lambda t: "0 or more factors", lambda v, t: v >= 0),
    "level.cooperation": Range(
        "58.21F", lambda t: "0 or less (Allied research favours France)", lambda v, t: v <= 0
    ),
    "level.voluntary": Range(
        "58.22",
        lambda t: f"a level within the tables' limit, {-_limit(t):+d}..{_limit(t):+d}",
        lambda v, t: -_limit(t) <= v <= _limit(t),
    ),
    "level.earliest_voluntary": Range(
        "58.11B",
        lambda t: f"a turn a scenario can name, {turn_name(FIRST_TURN)}..{turn_name(LAST_TURN)}",
        lambda v, t: FIRST_TURN <= v <= LAST_TURN,
    ),
    "colony_roll.vichy_bonus": Range(
        "58.531", lambda t: "0 or more (Vichy France draws colonies to Vichy)", lambda v, t: v >= 0
    ),
    "brp.key_areas_deduction": Range(
        "58.71",
        lambda t: f"the key areas' BRPs added up, {sum(a.brp for a in t.rules.key_area)}",
        lambda v, t: v == sum(area.brp for area in t.rules.key_area),
    ),
}
"""The range of each table value the loader does not already hold to one (the loader refuses
a step below 1, a negative limit, cell or BRP value, an unknown status, region or roll
group)."""


RULES = tuple(sorted({r.rule for r in RANGES.values()} | {"58.621"}))
"""The rules :func:`values_in_range` holds the tables to."""


def _show(field: str, value: Any) -> str:
    if field in TURN_FIELDS and isinstance(value, int):
        return turn_name(value)
    return "none" if value is None else str(value)


def values_in_range(t: Tables) -> Result:
    """Each table value :data:`RANGES` covers is within the range its rule gives; a value
    outside is named with its place and value. Also 58.621: the Free French never get more
    of any column with Vichy France established than without it, at any level."""
    level = {f"level.{f}": getattr(t.rules.level, f) for f in t.rules.level.__struct_fields__}
    values = {
        **level,
        "colony_roll.vichy_bonus": t.rules.colony_roll.vichy_bonus,
        "brp.key_areas_deduction": t.rules.brp.key_areas_deduction,
    }
    wrong = [
        f"{field} {_show(field, values[field])}: must be {r.says(t)} ({r.rule})"
        for field, r in RANGES.items()
        if not r.test(values[field], t)
    ]
    wrong += list(_more_with_vichy(t))
    return Result(
        "table_values_in_range",
        RULES,
        Verdict.VIOLATED if wrong else Verdict.PROVED,
        "; ".join(wrong) if wrong else "every table value is within the range its rule gives",
        () if wrong else RULES,
        strength=Strength.EXHAUSTIVE,
        bounds={"level": (t.levels[0], t.levels[-1])},
    )


def _more_with_vichy(t: Tables) -> Iterator[str]:
    """58.621: cells where the Free French get more with Vichy France than without."""
    rows = {(r.fsl, r.vichy): i for i, r in enumerate(t.forces.free_french)}
    for lv in t.levels:
        with_, without = t.free_french[True][lv], t.free_french[False][lv]
        for field in FORCE_FIELDS:
            a, b = getattr(with_, field), getattr(without, field)
            if a > b:
                yield (
                    f"{row('free_french', rows[(lv, True)])} (FSL {lv:+d} with Vichy) "
                    f"{field.label} {a} is more than the {b} of "
                    f"{row('free_french', rows[(lv, False)])} (without Vichy) (58.621)"
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
        yield f"{where} {_show(field, value)}, book {_show(field, book)}"


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
