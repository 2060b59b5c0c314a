"""Table analysis for designers: gaps, overlaps and dead rows of the band tables, and
what the force tables show (monotone columns, mirrored naval levels), with the cells.

Works on any loaded :class:`armistice.core.awaw.rule58.tables.Tables`, so an edited copy
can be checked before it is used. Each verdict is ``exhaustive``: it covers every value
within the bounds it states (the values the dice and a scenario can give), no more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise

import z3

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.playable import reachable_rolls, regions, span_words, turns
from armistice.core.awaw.rule58.scenario import FIRST_TURN, LAST_TURN
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Band, Force, Forces, Tables
from armistice.core.awaw.words import ColonyStatus, turn_name
from armistice.core.dice import D6
from armistice.core.logic import band_index
from armistice.verify.model import Bounds, Result, Strength, Verdict
from armistice.verify.solver import Proof

NAVAL = tuple(f for f in FORCE_FIELDS if f.ship)
SHIFT = 6
"""The largest shift of levels :func:`naval_mirror` tries, either way."""


def band_table(
    name: str,
    rule: str,
    bands: Sequence[Band],
    low: int,
    high: int,
    reachable: Iterable[int],
    over: Bounds,
    words: Callable[[int], str] = str,
) -> list[Result]:
    """Gaps, overlaps (z3 decides there are none over ``low..high``; regions and the smallest
    witness otherwise) and dead rows (no value in ``reachable``, the values the inputs
    ``over`` give, selects them). Every result is exhaustive: the first two over
    ``value low..high``, the dead rows over ``over``. Values are written by ``words`` (a
    turn as its season and year), rows as the file numbers them (from 1)."""
    within: Bounds = {"value": (low, high)}
    p = Proof()
    x = p.int("value")
    p.assume("domain", z3.And(x >= low, x <= high))
    inside = [
        z3.And(
            *(
                c
                for c in (
                    (x >= b.low) if b.low is not None else None,
                    (x <= b.high) if b.high is not None else None,
                )
                if c is not None
            )
        )
        if (b.low is not None or b.high is not None)
        else z3.BoolVal(True)
        for b in bands
    ]
    covered = p.prove(z3.Or(*inside) if inside else z3.BoolVal(False))
    single = p.prove(
        z3.And(*(z3.Not(z3.And(a, b)) for i, a in enumerate(inside) for b in inside[i + 1 :]))
    )
    gaps, overlaps = regions(bands, low, high)
    out = []
    if covered.proved:
        out.append(
            Result(
                f"{name}_no_gaps",
                (rule,),
                Verdict.PROVED,
                f"every value {low}..{high} falls in a row",
                (rule,),
                rlimit=covered.rlimit,
                seconds=covered.seconds,
                strength=Strength.EXHAUSTIVE,
                bounds=within,
            )
        )
    else:
        listed = ", ".join(span_words(g, words) for g in gaps)
        out.append(
            Result(
                f"{name}_no_gaps",
                (rule,),
                Verdict.VIOLATED,
                f"no row covers {listed}; smallest: {span_words((gaps[0][0], gaps[0][0]), words)}",
                counterexample={"value": gaps[0][0]},
                rlimit=covered.rlimit,
                seconds=covered.seconds,
                strength=Strength.EXHAUSTIVE,
                bounds=within,
            )
        )
    if single.proved:
        out.append(
            Result(
                f"{name}_no_overlaps",
                (rule,),
                Verdict.PROVED,
                "no value falls in two rows",
                (rule,),
                rlimit=single.rlimit,
                seconds=single.seconds,
                strength=Strength.EXHAUSTIVE,
                bounds=within,
            )
        )
    else:
        listed = "; ".join(
            f"{span_words(span, words)} in rows {', '.join(str(i + 1) for i in rows)}"
            for span, rows in overlaps
        )
        out.append(
            Result(
                f"{name}_no_overlaps",
                (rule,),
                Verdict.VIOLATED,
                f"overlap: {listed}; smallest: {span_words((overlaps[0][0][0],) * 2, words)}",
                counterexample={"value": overlaps[0][0][0]},
                rlimit=single.rlimit,
                seconds=single.seconds,
                strength=Strength.EXHAUSTIVE,
                bounds=within,
            )
        )
    hit = {band_index(tuple(b.bounds for b in bands), v) for v in reachable}
    dead = [i for i in range(len(bands)) if i not in hit]
    out.append(
        Result(
            f"{name}_rows_reachable",
            (rule,),
            Verdict.PROVED if not dead else Verdict.FINDING,
            "every row is selected by some reachable value"
            if not dead
            else f"dead rows: {', '.join(str(i + 1) for i in dead)} "
            "(no reachable value selects them)",
            invariant=False,
            strength=Strength.EXHAUSTIVE,
            bounds=over,
        )
    )
    return out


def colony_rolls(t: Tables) -> list[Result]:
    """58.531's result table over every modified roll the dice can give."""
    reachable = reachable_rolls(t)
    over: Bounds = {"die": (1, 6), "level": (t.levels[0], t.levels[-1])}
    return band_table(
        "colony_result",
        "58.531",
        t.rules.colony_result,
        reachable[0],
        reachable[-1],
        reachable,
        over,
    )


def turn_bands(t: Tables) -> list[Result]:
    """58.21D's turn bands over every turn a scenario can name."""
    return band_table(
        "turn_modifier",
        "58.21D",
        t.rules.turn,
        FIRST_TURN,
        LAST_TURN,
        turns(),
        {"turn": (FIRST_TURN, LAST_TURN)},
        turn_name,
    )


ARMOR_FACTORS = 3
"""The attack factors of a 3-5 armor unit: what an armor unit in a force level stands for
in infantry factors when a column is read as strength."""

TABLES = ("free_french (Vichy)", "free_french (no Vichy)", "vichy")


def _force_tables(t: Tables) -> dict[str, Mapping[int, Forces]]:
    return dict(zip(TABLES, (t.free_french[True], t.free_french[False], t.vichy), strict=True))


def monotone_columns(t: Tables) -> Result:
    """Which force-table columns only ever grow (or shrink) as the level moves towards the Axis,
    and the cells where one turns back; an infantry step back where a 3-5 armor unit appears
    and infantry + 3 x armor stays the same is said to be the armor taking the infantry's
    place."""
    notes = []
    for title, table in _force_tables(t).items():
        levels = sorted(table)
        for field in FORCE_FIELDS:
            steps = list(pairwise(levels))
            ups = [(x, y) for x, y in steps if getattr(table[y], field) > getattr(table[x], field)]
            downs = [
                (x, y) for x, y in steps if getattr(table[y], field) < getattr(table[x], field)
            ]
            if ups and downs:
                turns = downs if len(downs) <= len(ups) else ups
                notes.append(
                    f"{title} {field.label} is not monotone ("
                    + ", ".join(_turn_back(table, field, a, b) for a, b in turns)
                    + ")"
                )
    text = "; ".join(notes) if notes else "every column moves one way as the level rises"
    return Result(
        "force_tables_monotone",
        ("58.621", "58.631"),
        Verdict.FINDING,
        text,
        invariant=False,
        strength=Strength.EXHAUSTIVE,
        bounds={"level": (t.levels[0], t.levels[-1])},
    )


def _turn_back(table: Mapping[int, Forces], field: Force, a: int, b: int) -> str:
    """One step where a column turns back, from FSL ``a`` to ``b``; an infantry dip that a
    3-5 armor unit makes up is said so."""
    step = f"FSL {a:+d}->{b:+d}: {getattr(table[a], field)}->{getattr(table[b], field)}"
    if field is not Force.INFANTRY or table[a].armor_units == table[b].armor_units:
        return step
    strength = {
        lv: table[lv].infantry_factors + ARMOR_FACTORS * table[lv].armor_units for lv in (a, b)
    }
    if strength[a] != strength[b]:
        return step
    low, high = (a, b) if table[a].infantry_factors < table[b].infantry_factors else (b, a)
    return (
        f"infantry dips to {table[low].infantry_factors} at FSL {low:+d} from "
        f"{table[high].infantry_factors} at FSL {high:+d}, where "
        f"{_a(table[low].armor_units, '3-5 armor unit')} appears: infantry + "
        f"{ARMOR_FACTORS} x armor is {strength[a]} at both, the armor taking the infantry's place"
    )


def _a(n: int, noun: str) -> str:
    return f"a {noun}" if n == 1 else _count(n, noun)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def naval_mirror(t: Tables) -> Result:
    """How the naval levels (named ships, cruisers, destroyer factors) of the Free French
    tables repeat the Vichy table's, read from the opposite end or shifted, in words, with
    the levels that show it."""

    def naval(table: Mapping[int, Forces], level: int) -> tuple[int, ...]:
        return tuple(getattr(table[level], f) for f in NAVAL)

    found = []
    vichy = dict(t.vichy)
    for vichy_est, title in ((True, "with Vichy France"), (False, "without Vichy France")):
        ff = dict(t.free_french[vichy_est])
        for sign in (-1, 1):
            for shift in range(-SHIFT, SHIFT + 1):
                pairs = [(lv, sign * lv + shift) for lv in ff if sign * lv + shift in vichy]
                if len(pairs) >= 4 and all(naval(ff, a) == naval(vichy, b) for a, b in pairs):
                    found.append(_mirror_words(title, sign, shift, sorted(pairs), ff))
    text = (
        "; ".join(found)
        if found
        else "no shift or reflection maps one naval column set onto the other"
    )
    return Result(
        "naval_levels_mirror",
        ("58.621", "58.631"),
        Verdict.FINDING,
        text,
        invariant=False,
        strength=Strength.EXHAUSTIVE,
        bounds={"level": (t.levels[0], t.levels[-1]), "shift": (-SHIFT, SHIFT)},
    )


def _mirror_words(
    title: str, sign: int, shift: int, pairs: list[tuple[int, int]], ff: Mapping[int, Forces]
) -> str:
    """A designer's sentence for one mirror: which Vichy level the Free French fleet at each
    level equals, and one row as an example."""
    levels = [a for a, _ in pairs]
    span = f"FSL {levels[0]:+d} to {levels[-1]:+d}"
    if sign == -1 and shift == 0:
        how = "the Vichy fleet at the opposite level (Free French at FSL n = Vichy at -n)"
    elif sign == -1:
        how = (
            f"the Vichy fleet at the opposite level moved {abs(shift)} towards "
            f"{'the Axis' if shift > 0 else 'the Allies'} (Free French at FSL n = Vichy at "
            f"-n{shift:+d})"
        )
    else:
        how = f"the Vichy fleet {abs(shift)} levels away (Free French at FSL n = Vichy at n{shift:+d})"
    a, b = pairs[0]
    row = ff[a]
    example = (
        f"e.g. at FSL {a:+d} the Free French get {_count(row.named_ships, 'named ship')}, "
        f"{_count(row.cruisers, 'cruiser')} and {_count(row.destroyer_factors, 'destroyer factor')}, "
        f"as Vichy does at FSL {b:+d}"
    )
    return f"Free French {title}, {span}: the same ships as {how}; {example}"


def colony_odds(t: Tables) -> dict[tuple[int, bool], dict[ColonyStatus, Fraction]]:
    """For a French-held colony: the exact chance of each status, by level and Vichy choice."""
    from armistice.core.awaw.words import COLONY_STATUSES

    out = {}
    for level in t.levels:
        for vichy in (True, False):
            dist: dict[ColonyStatus, Fraction] = {}
            for face, p in D6.distribution().items():
                code = rules.colony_status(
                    rules.colony_result(rules.colony_modified_roll(face, level, vichy, t), t), vichy
                )
                status = COLONY_STATUSES[code]
                dist[status] = dist.get(status, Fraction(0)) + p
            out[(level, vichy)] = dist
    return out
