"""Rule 58's checks in the order they run: the invariants, then the table analysis."""

from __future__ import annotations

from dataclasses import replace

from armistice.core.awaw.rule58.tables import Tables
from armistice.verify.awaw.rule58 import analysis, parameters
from armistice.verify.awaw.rule58.properties import PROPERTIES
from armistice.verify.model import Check, Property, Result, Verdict

PUBLISHED_ONLY = frozenset(
    {
        "level_within_limits",
        "modifiers_follow_58_21",
        "voluntary_is_plus_one",
        "fleet_modifier_bands",
        "colony_status_follows_58_53",
        "forces_match_published",
    }
)
"""Properties that hold the tables to the published rule: an invariant of the shipped tables,
a finding about edited ones (a house rule: a designer may mean to differ)."""


WHY = "it compares the tables with the published rule, and a house rule may mean to differ"
"""Why a :data:`PUBLISHED_ONLY` property is a finding with edited tables."""


def _property(prop: Property, t: Tables, published: bool) -> Check:
    def run() -> list[Result]:
        result = prop.check(t)
        if prop.name in PUBLISHED_ONLY and not published:
            verdict = Verdict.FINDING if result.verdict is Verdict.VIOLATED else result.verdict
            result = replace(result, invariant=False, verdict=verdict, demoted=WHY)
        return [result]

    return Check(prop.name, prop.rules, run)


def checks(t: Tables, published: bool = True) -> list[Check]:
    """Every check of tables ``t``: each property of
    :data:`~armistice.verify.awaw.rule58.properties.PROPERTIES`, then the analyses of the
    band tables and the force tables. With edited tables (``published`` False) the
    published-table properties give findings, not invariants."""
    return [
        *(_property(prop, t, published) for prop in PROPERTIES),
        Check("colony_result table", ("58.531",), lambda: analysis.colony_rolls(t)),
        Check("turn table", ("58.21D",), lambda: analysis.turn_bands(t)),
        Check(
            "force tables monotone",
            ("58.621", "58.631"),
            lambda: [analysis.monotone_columns(t)],
        ),
        Check("naval mirror", ("58.621", "58.631"), lambda: [analysis.naval_mirror(t)]),
        Check("table values", parameters.RULES, lambda: [parameters.values_in_range(t)]),
        Check("house rules", ("58",), lambda: [parameters.house_rules(t)]),
    ]
