"""Exhaustive small-scope checks of rule 58's whole procedure, step by step, on the shipped
step code and against the rule text (:mod:`armistice.verify.awaw.rule58.judge`), one module
per step: :mod:`.level`, :mod:`.colonies`, :mod:`.units`, :mod:`.fleet`, :mod:`.brp`.

Each check runs one step over its own domain of inputs (stated as the result's bounds and
in a sentence) and every answer its prompts accept
(:mod:`armistice.verify.awaw.rule58.steps`), from small cases to large, and stops a property
at its first violation: that case becomes a counterexample scenario with the answers that
reproduce it. Steps hand over to the next: the level step gives a level the force tables
have a row for, the colonial dice a status for every colony and a holder for every region,
the force levels non-negative forces, the fleet step's plan every ship.

The rule is read with the numbers of the tables checked: where edited tables differ from
the book, the house value is the rule a game follows, and the checks hold the engine to it
(the ``house rules`` finding lists those values).
"""

from __future__ import annotations

from dataclasses import replace

from armistice.core.awaw.rule58.tables import Tables
from armistice.verify.awaw.rule58 import parameters
from armistice.verify.awaw.rule58.exhaustive import brp, colonies, fleet, level, units
from armistice.verify.awaw.rule58.exhaustive.tally import rules_of
from armistice.verify.model import Check, Result, Verdict

HOUSE = "the exhaustive checks hold the engine to these house values"


def house_rules(t: Tables) -> Result:
    """The values of tables ``t`` that differ from the book's
    (:func:`armistice.verify.awaw.rule58.parameters.house_rules`), a finding that says the
    exhaustive checks judge the engine by them."""
    found = parameters.house_rules(t)
    if found.verdict is not Verdict.FINDING:
        return found
    return replace(found, explanation=f"{HOUSE}: {found.explanation}")


def checks(t: Tables) -> list[Check]:
    """The exhaustive checks of rule 58's procedure on tables ``t``, step by step in rule
    order, then the house values they judged by."""
    return [
        Check("level step", rules_of(level.RULES), lambda: level.check(t)),
        Check("colony step", rules_of(colonies.RULES), lambda: colonies.check(t)),
        Check("unit step", rules_of(units.RULES), lambda: units.check(t)),
        Check("fleet step", rules_of(fleet.RULES), lambda: fleet.check(t)),
        Check("BRP step", rules_of(brp.RULES), lambda: brp.check(t)),
        Check("house rules", ("58",), lambda: [house_rules(t)]),
    ]
