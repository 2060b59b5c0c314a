"""The properties of the Vichy France diplomatic table, checked on the engine's own
functions against the rule text (:mod:`armistice.verify.awaw.vichy.spec`).

The invariants read the rule with the numbers of the table in use (a house value is the
rule a game under that table follows): the row a result reads, proved by z3 for every roll
a scenario file allows; the rows covering the table once; and, for every earlier policy
and every row, the policy, units and BRPs a result gives. Two properties hold the table to
the book (:data:`PUBLISHED_ONLY`): invariants of the published table, findings naming each
changed value for a house table.
"""

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
    """Every roll a scenario file allows (the die within its faces, every modifier's facts
    within their bounds, :func:`armistice.verify.awaw.vichy.inputs.roll`), under both readings
    of awaw.vichy.beyond_the_ends: the engine reads one of the table's rows, the one whose
    results hold the modified result held at the table's ends, or the row where policies
    continue for a result beyond them under the reading that such results do nothing."""
    table = spec.house(t)
    p = Proof()
    r = inputs.roll(p, t)
    result = r.die + table.base + r.total
    inside = z3.And(result >= table.low, result <= table.high)
    index = rules.row_index(r.die, r.total, t, r.end_row)
    wanted: z3.ArithRef = z3.IntVal(-1)
    for i, row in reversed(list(enumerate(table.rows))):
        read = z3.And(spec.held(result, table) >= row.low, spec.held(result, table) <= row.high)
        wanted = z3.If(read, i, wanted)
    wanted = z3.If(z3.Or(r.end_row, inside), wanted, table.continuing)
    claim = z3.And(index >= 0, index < len(table.rows), index == wanted)
    outcome = p.prove(claim, shown={"row": (index, wanted), "modifiers": (r.total, r.total)})
    name = "every_result_reads_one_row"
    if outcome.proved:
        return Result(
            name,
            RULES,
            Verdict.PROVED,
            "every die and modifiers a scenario allows read exactly the row the table gives them",
            outcome.rules,
            rlimit=outcome.rlimit,
            seconds=outcome.seconds,
            strength=Strength.PROVED,
        )
    values = dict(outcome.model)
    if outcome.shown:
        engine, rule = outcome.shown["row"]
        values["modifiers"] = outcome.shown["modifiers"][0]
        values["engine_row"] = _row_id(table, engine)
        values["table_row"] = _row_id(table, rule)
    return Result(
        name,
        RULES,
        Verdict.UNKNOWN if outcome.unknown else Verdict.VIOLATED,
        "z3 ran out of resources"
        if outcome.unknown
        else "a roll reads no row, or another row than the table gives its result",
        counterexample=values,
        rlimit=outcome.rlimit,
        seconds=outcome.seconds,
        strength=Strength.PROVED,
    )


def _row_id(table: spec.Table, index: int) -> str:
    return table.rows[index].id if 0 <= index < len(table.rows) else f"none (index {index})"


def rows_cover_the_table(t: Tables) -> Result:
    """Every modified result from the table's lowest to its highest row is read by exactly
    one of the rows the engine reads (its bands); a gap or an overlap names the rows."""
    table = spec.house(t)
    problems: list[str] = []
    for value in range(table.low, table.high + 1):
        holding = [
            row.id
            for row, (low, high) in zip(t.rows, t.bands, strict=True)
            if (low is None or low <= value) and (high is None or value <= high)
        ]
        if len(holding) != 1:
            problems.append(f"{value} is read by {', '.join(holding) or 'no row'}")
    return _exhaustive(
        "rows_cover_the_table",
        problems,
        f"every result from {table.low} to {table.high} is read by exactly one row",
        {"result": (table.low, table.high)},
    )


def _every_case(
    t: Tables, judge: Callable[[str, str, bool, effects.Change, spec.Table], str | None]
) -> list[str]:
    """``judge(policy, row, stronger, change, table)`` for every earlier policy, every row of
    the table in use and both readings of awaw.vichy.policy_strength; the problems it names."""
    table = spec.house(t)
    s = inputs.position()
    problems = []
    for stronger in (True, False):
        for policy in spec.POLICIES:
            for row in t.rows:
                change = effects.apply(
                    s, inputs.standing(policy, table), row, t, inputs.readings(stronger)
                )
                problem = judge(policy, row.id, stronger, change, table)
                if problem:
                    problems.append(problem)
    return problems


def _domain(t: Tables) -> str:
    """The cases of :func:`_every_case` in a designer's words."""
    return (
        f"every earlier policy ({', '.join(spec.POLICIES)}), every row of the table "
        f"({t.rows[0].id} to {t.rows[-1].id}, {len(t.rows)} rows) and both readings of "
        "awaw.vichy.policy_strength"
    )


def _bounds(t: Tables) -> dict[str, tuple[int, int]]:
    return {
        "earlier policy": (0, len(spec.POLICIES) - 1),
        "row": (0, len(t.rows) - 1),
        "reading": (0, 1),
    }


def policies_follow_the_table(t: Tables) -> Result:
    """For every earlier policy and every row (both readings of which policy stays when a
    result sets one in the same direction), the policy in effect after is the one the rule
    gives that row's effect in the table in use: continued, negated, or replaced."""

    def judge(
        policy: str, row: str, stronger: bool, change: effects.Change, table: spec.Table
    ) -> str | None:
        want = spec.policy_after(policy, row, stronger, table)
        got = change.standing.policy.value
        return None if got == want else f"{policy} then {row}: engine {got}, table {want}"

    return _exhaustive(
        "policies_follow_the_table",
        _every_case(t, judge),
        "every earlier policy under every row continues, is negated or replaced as the table says",
        _bounds(t),
        _domain(t),
    )


def units_follow_the_rows(t: Tables) -> Result:
    """Applying a result neither creates nor loses a Vichy unit: every unit keeps a fate; a
    row that deactivates Vichy removes them all, one that sends the colonies Free French
    sends the units in them, and no other row moves any."""
    s = inputs.position()

    def judge(
        policy: str, row: str, _stronger: bool, change: effects.Change, table: spec.Table
    ) -> str | None:
        if sorted(change.units) != list(range(len(s.vichy_units))):
            return f"{policy} then {row}: {len(change.units)} fates for {len(s.vichy_units)} units"
        for i, unit in enumerate(s.vichy_units):
            want = UnitFate.VICHY
            if spec.removes_units(row, table):
                want = UnitFate.REMOVED
            elif spec.colonies_free_french(row, table) and unit.location in s.colonies:
                want = UnitFate.FREE_FRENCH
            if change.units[i] is not want:
                return (
                    f"{policy} then {row}: {unit.name} {change.units[i].label}, table {want.label}"
                )
        return None

    return _exhaustive(
        "units_follow_the_rows",
        _every_case(t, judge),
        "no row creates or loses a Vichy unit; deactivations remove them all, Free French "
        "colonies take theirs",
        _bounds(t),
        _domain(t),
    )


def brps_paid_only_by_their_rows(t: Tables) -> Result:
    """Every row pays the Axis the BRPs the table gives it, each time it is rolled, whatever
    the policy in effect; a row with none pays none."""

    def judge(
        policy: str, row: str, _stronger: bool, change: effects.Change, table: spec.Table
    ) -> str | None:
        want = spec.brps(row, table)
        return (
            None
            if change.brps == want
            else f"{policy} then {row}: {change.brps} BRPs, table {want}"
        )

    paying = ", ".join(f"{r.id}: {r.brps} BRPs" for r in t.rows if r.brps) or "none"
    return _exhaustive(
        "brps_paid_only_by_their_rows",
        _every_case(t, judge),
        f"only the rows with BRPs pay the Axis ({paying}), each time rolled",
        _bounds(t),
        _domain(t),
    )


def rows_follow_the_book(t: Tables) -> Result:
    """The rows and policies are the book's: each row's results, effect, policy, colonies,
    Vichy hexes and BRPs, each policy's direction, rank, alignment, volunteers and lean; each
    difference named with its place, value and the book's."""
    found, _ = spec.differences(spec.house(t))
    return _book("rows_follow_the_book", found, "every row and policy is the book's")


def modifiers_follow_the_book(t: Tables) -> Result:
    """The base value, the table's ends and every modifier are the book's; each difference
    named with its place, value and the book's."""
    _, found = spec.differences(spec.house(t))
    return _book(
        "modifiers_follow_the_book",
        found,
        "the base value, the ends and every modifier are the book's",
    )


def _book(name: str, found: list[str], same: str) -> Result:
    return Result(
        name,
        RULES,
        Verdict.VIOLATED if found else Verdict.PROVED,
        "; ".join(f"house rule: {d}" for d in found) if found else same,
        strength=Strength.PROVED,
    )


def _exhaustive(
    name: str,
    problems: list[str],
    proved: str,
    bounds: dict[str, tuple[int, int]],
    domain: str = "",
) -> Result:
    verdict = Verdict.VIOLATED if problems else Verdict.PROVED
    shown = "; ".join(problems[:3]) + (
        f"; and {len(problems) - 3} more" if len(problems) > 3 else ""
    )
    return Result(
        name,
        RULES,
        verdict,
        shown or proved,
        strength=Strength.EXHAUSTIVE,
        bounds=bounds,
        domain=domain,
    )


PROPERTIES = (
    Property("every_result_reads_one_row", RULES, every_result_reads_one_row),
    Property("rows_cover_the_table", RULES, rows_cover_the_table),
    Property("policies_follow_the_table", RULES, policies_follow_the_table),
    Property("units_follow_the_rows", RULES, units_follow_the_rows),
    Property("brps_paid_only_by_their_rows", RULES, brps_paid_only_by_their_rows),
    Property("rows_follow_the_book", RULES, rows_follow_the_book),
    Property("modifiers_follow_the_book", RULES, modifiers_follow_the_book),
)
"""Every property of the table, in the order the suite runs them."""

PUBLISHED_ONLY = frozenset({"rows_follow_the_book", "modifiers_follow_the_book"})
"""Properties that hold the table to the book: invariants of the published table, findings
about a house table (a designer may mean to differ)."""
