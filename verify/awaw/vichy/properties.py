"""The invariants of the Vichy France diplomatic table, checked on the engine's own
functions: proved by z3 over every integer for the row a result reads, exhaustively over
every earlier policy and every row for what a result does. Each judges the engine
against the rule text (:mod:`armistice.verify.awaw.vichy.spec`)."""

from __future__ import annotations

from collections.abc import Callable

import z3

from armistice.core.awaw.vichy import effects, rules
from armistice.core.awaw.vichy.tables import Tables
from armistice.core.awaw.vichy.words import UnitFate
from armistice.verify.awaw.vichy import inputs, spec
from armistice.verify.model import Property, Result, Strength, Verdict
from armistice.verify.solver import Proof

RULES = ("77",)


def every_result_reads_one_row(t: Tables) -> Result:
    """Any die, any modifiers and DPs: the engine reads exactly the row the rule text gives the
    result held at -3..10 (the end rows beyond the ends), or the 3-4 row under the reading
    that results beyond the ends do nothing."""
    p = Proof()
    die, total = p.int("die"), p.int("modifiers")
    result = die + spec.BASE + total
    inside = z3.And(result >= spec.LOW, result <= spec.HIGH)
    continuing = next(i for i, (ident, _, _) in enumerate(spec.ROWS) if ident == spec.CONTINUING)
    claims = []
    for end_row in (True, False):
        index = rules.row_index(die, total, t, end_row)
        claims.append(z3.And(index >= 0, index < len(spec.ROWS)))
        for i, (_, low, high) in enumerate(spec.ROWS):
            read = z3.And(spec.held(result) >= low, spec.held(result) <= high)
            if not end_row:
                read = z3.If(inside, read, i == continuing)
            claims.append((index == i) == read)
    outcome = p.prove(z3.And(*claims))
    if outcome.proved:
        return Result(
            "every_result_reads_one_row",
            RULES,
            Verdict.PROVED,
            "every die and total of modifiers reads exactly the row the table gives it",
            outcome.rules,
            rlimit=outcome.rlimit,
            seconds=outcome.seconds,
            strength=Strength.PROVED,
        )
    return Result(
        "every_result_reads_one_row",
        RULES,
        Verdict.UNKNOWN if outcome.unknown else Verdict.VIOLATED,
        "z3 ran out of resources"
        if outcome.unknown
        else "a die and total read no row, two rows, or another row than the table's",
        counterexample=outcome.model,
        rlimit=outcome.rlimit,
        seconds=outcome.seconds,
        strength=Strength.PROVED,
    )


def rows_cover_the_table(t: Tables) -> Result:
    """Every result -3..10 is read by exactly one row of the table file, the row the rule
    text gives it; a gap or an overlap names the rows."""
    problems: list[str] = []
    for value in range(spec.LOW, spec.HIGH + 1):
        holding = [r.id for r in t.rows if r.low <= value <= r.high]
        wanted = [ident for ident, low, high in spec.ROWS if low <= value <= high]
        if len(holding) != 1:
            problems.append(f"{value} is read by {', '.join(holding) or 'no row'}")
        elif holding != wanted:
            problems.append(f"{value} is read by row {holding[0]}, the table says {wanted[0]}")
    return _exhaustive(
        "rows_cover_the_table",
        problems,
        "every result from -3 to 10 is read by exactly its own row",
        {"result": (spec.LOW, spec.HIGH)},
    )


def _every_case(
    t: Tables, judge: Callable[[str, str, bool, effects.Change], str | None]
) -> list[str]:
    """``judge(policy, row, stronger, change)`` for every earlier policy, row and reading of
    awaw.vichy.policy_strength; the problems it names."""
    s = inputs.position()
    problems = []
    for stronger in (True, False):
        for policy in spec.POLICIES:
            for row in t.rows:
                change = effects.apply(
                    s, inputs.standing(policy), row, t, inputs.readings(stronger)
                )
                problem = judge(policy, row.id, stronger, change)
                if problem:
                    problems.append(problem)
    return problems


BOUNDS = {
    "earlier policy": (0, len(spec.POLICIES) - 1),
    "row": (0, len(spec.ROWS) - 1),
    "reading": (0, 1),
}


def policies_follow_the_table(t: Tables) -> Result:
    """For every earlier policy and every row (both readings of which policy stays when a
    result sets one in the same direction), the policy in effect after is the table's."""

    def judge(policy: str, row: str, stronger: bool, change: effects.Change) -> str | None:
        want = spec.policy_after(policy, row, stronger)
        got = change.standing.policy.value
        return None if got == want else f"{policy} then {row}: engine {got}, table {want}"

    return _exhaustive(
        "policies_follow_the_table",
        _every_case(t, judge),
        "every earlier policy under every row continues, is negated or replaced as the table says",
        BOUNDS,
    )


def units_follow_the_rows(t: Tables) -> Result:
    """Applying a result neither creates nor loses a Vichy unit: every unit keeps a fate;
    only the -1 and 0 rows remove them (all of them), and only -3 and -2 send the units in
    the colonies to the Free French."""
    s = inputs.position()

    def judge(policy: str, row: str, _stronger: bool, change: effects.Change) -> str | None:
        if sorted(change.units) != list(range(len(s.vichy_units))):
            return f"{policy} then {row}: {len(change.units)} fates for {len(s.vichy_units)} units"
        for i, unit in enumerate(s.vichy_units):
            want = UnitFate.VICHY
            if row in spec.DEACTIVATING:
                want = UnitFate.REMOVED
            elif row in spec.FREE_FRENCH and unit.location in s.colonies:
                want = UnitFate.FREE_FRENCH
            if change.units[i] is not want:
                return (
                    f"{policy} then {row}: {unit.name} {change.units[i].label}, table {want.label}"
                )
        return None

    return _exhaustive(
        "units_follow_the_rows",
        _every_case(t, judge),
        "no row creates or loses a Vichy unit; only -1 and 0 remove them, all of them",
        BOUNDS,
    )


def brps_paid_only_by_their_rows(t: Tables) -> Result:
    """Only the 7 (10 BRPs) and 8 (20 BRPs) rows pay BRPs, each time rolled, whatever the
    policy in effect."""

    def judge(policy: str, row: str, _stronger: bool, change: effects.Change) -> str | None:
        want = spec.BRPS.get(row, 0)
        return (
            None
            if change.brps == want
            else f"{policy} then {row}: {change.brps} BRPs, table {want}"
        )

    return _exhaustive(
        "brps_paid_only_by_their_rows",
        _every_case(t, judge),
        "only a 7 (10 BRPs) and an 8 (20 BRPs) pay the Axis",
        BOUNDS,
    )


def _exhaustive(
    name: str, problems: list[str], proved: str, bounds: dict[str, tuple[int, int]]
) -> Result:
    if not problems:
        return Result(
            name, RULES, Verdict.PROVED, proved, strength=Strength.EXHAUSTIVE, bounds=bounds
        )
    shown = "; ".join(problems[:3]) + (
        f"; and {len(problems) - 3} more" if len(problems) > 3 else ""
    )
    return Result(name, RULES, Verdict.VIOLATED, shown, strength=Strength.EXHAUSTIVE, bounds=bounds)


PROPERTIES = (
    Property("every_result_reads_one_row", RULES, every_result_reads_one_row),
    Property("rows_cover_the_table", RULES, rows_cover_the_table),
    Property("policies_follow_the_table", RULES, policies_follow_the_table),
    Property("units_follow_the_rows", RULES, units_follow_the_rows),
    Property("brps_paid_only_by_their_rows", RULES, brps_paid_only_by_their_rows),
)
"""Every invariant of the table, in the order the suite runs them."""
