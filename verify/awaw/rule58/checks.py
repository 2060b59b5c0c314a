"""Rule 58's checks in the order they run: the invariants, then the table analysis."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from armistice.core.awaw.rule58.playable import BOUND_RULES
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import turn_name
from armistice.verify.awaw.rule58 import analysis, parameters
from armistice.verify.awaw.rule58.properties import PROPERTIES
from armistice.verify.model import Bounds, Check, Property, Result, as_finding

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


def _property(prop: Property, t: Tables, published: bool) -> Check:
    def run() -> list[Result]:
        result = prop.check(t)
        if prop.name in PUBLISHED_ONLY and not published:
            result = as_finding(result)
        return [result]

    return Check(prop.name, prop.rules, run)


def _levels(low: int, high: int) -> str:
    return f"every surrender level from {low:+d} to {high:+d}"


DOMAINS: dict[str, Callable[[Bounds], str]] = {
    "colony_result_no_gaps": lambda b: "every modified colonial roll from {} to {}".format(
        *b["value"]
    ),
    "colony_result_rows_reachable": lambda b: (
        "every colonial die from {} to {}, ".format(*b["die"])
        + _levels(*b["level"])
        + ", with and without the Vichy bonus"
    ),
    "turn_modifier_no_gaps": lambda b: "every turn from {} to {}".format(
        *map(turn_name, b["value"])
    ),
    "turn_modifier_rows_reachable": lambda b: "every turn from {} to {}".format(
        *map(turn_name, b["turn"])
    ),
    "force_tables_monotone": lambda b: _levels(*b["level"]),
    "naval_levels_mirror": lambda b: (
        _levels(*b["level"])
        + ", each table shifted against the other by every amount from {:+d} to {:+d} "
        "levels".format(*b["shift"])
    ),
    "table_values_in_range": lambda b: _levels(*b["level"]),
}
"""The domain of each table analysis as a sentence, from its bounds (name -> how it reads)."""
DOMAINS["colony_result_no_overlaps"] = DOMAINS["colony_result_no_gaps"]
DOMAINS["turn_modifier_no_overlaps"] = DOMAINS["turn_modifier_no_gaps"]


def _worded(run: Callable[[], list[Result]]) -> Callable[[], list[Result]]:
    """``run`` with each result's domain said in words (:data:`DOMAINS`)."""

    def worded() -> list[Result]:
        return [
            replace(r, domain=DOMAINS[r.name](r.bounds)) if r.name in DOMAINS and r.bounds else r
            for r in run()
        ]

    return worded


def checks(t: Tables, published: bool = True) -> list[Check]:
    """Every check of tables ``t``: each property of
    :data:`~armistice.verify.awaw.rule58.properties.PROPERTIES`, then the analyses of the
    band tables and the force tables. With edited tables (``published`` False) the
    published-table properties give findings, not invariants."""
    analyses = [
        Check("colony_result table", ("58.531",), lambda: analysis.colony_rolls(t)),
        Check("turn table", ("58.21D",), lambda: analysis.turn_bands(t)),
        Check(
            "force tables monotone",
            ("58.621", "58.631"),
            lambda: [analysis.monotone_columns(t)],
        ),
        Check("naval mirror", ("58.621", "58.631"), lambda: [analysis.naval_mirror(t)]),
        Check("table values", BOUND_RULES, lambda: [parameters.values_in_range(t)]),
        Check("house rules", ("58",), lambda: [parameters.house_rules(t)]),
    ]
    return [
        *(_property(prop, t, published) for prop in PROPERTIES),
        *(replace(c, run=_worded(c.run)) for c in analyses),
    ]
