"""Symbolic inputs for rule 58: every number a scenario can set, with the range the
scenario checks allow (so a counterexample is always a scenario that loads)."""

from __future__ import annotations

from typing import Any

import z3

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.scenario import FIRST_TURN, LAST_TURN
from armistice.core.awaw.rule58.tables import Tables
from armistice.verify.awaw.rule58 import spec
from armistice.verify.solver import Proof


def surrender_facts(p: Proof, tag: str = "") -> tuple[rules.SurrenderFacts, dict[str, Any]]:
    """Fresh inputs for 58.21 (names suffixed with ``tag``), their domain in ``p``, and the
    raw ingredients (ready and discounted fleet factors) by name."""
    full, half = p.int(f"fleet_full{tag}"), p.int(f"fleet_discounted{tag}")
    facts = rules.SurrenderFacts(
        voluntary=p.bool(f"voluntary{tag}"),
        paris_axis=p.bool(f"paris_axis{tag}"),
        lyon_axis=p.bool(f"lyon_axis{tag}"),
        marseilles_axis=p.bool(f"marseilles_axis{tag}"),
        other_french_objectives=p.int(f"other_objectives{tag}"),
        ground_factors=p.int(f"ground_factors{tag}"),
        fleet_factors=rules.counted_fleet(full, half),
        turn=p.int(f"turn{tag}"),
        net_dps=p.int(f"net_dps{tag}"),
        cooperation=p.bool(f"cooperation{tag}"),
    )
    for value in (facts.other_french_objectives, facts.ground_factors, full, half):
        p.assume("domain", value >= 0)
    p.assume("domain", z3.And(facts.turn >= FIRST_TURN, facts.turn <= LAST_TURN))
    p.assume(
        "58.11",
        z3.Implies(
            facts.voluntary,
            z3.And(z3.Not(facts.paris_axis), facts.turn >= spec.EARLIEST_VOLUNTARY),
        ),
    )
    p.assume("58.11", z3.Implies(z3.Not(facts.voluntary), facts.paris_axis))
    return facts, {"full": full, "discounted": half}


def level_parts(p: Proof, facts: rules.SurrenderFacts, t: Tables, tag: str = "") -> tuple[Any, Any]:
    """The engine's own level (:func:`rules.surrender_level`), cut into steps each tagged with
    its rule so a proof names the rules it used: every modifier (58.21A-F, 58.21 for a
    voluntary surrender), their sum (58.21) and the level (58.22). Each step is the engine's
    term with the earlier steps' terms replaced by their names, so nothing is rebuilt here.
    Returns ``(raw, level)``."""
    engine_raw, engine_level = rules.surrender_level(facts, t)
    named = [
        (term.value, p.define(term.rule, f"modifier{i}{tag}", term.value))
        for i, term in enumerate(rules.surrender_terms(facts, t))
        if isinstance(term.value, z3.ExprRef)
    ]
    raw = p.define("58.21", f"raw{tag}", _named(engine_raw, named))
    level = p.define("58.22", f"level{tag}", _named(engine_level, [(engine_raw, raw)]))
    return raw, level


def _named(term: Any, names: list[tuple[Any, Any]]) -> Any:
    """``term`` with each ``(subterm, name)``'s subterm replaced by its name."""
    if not isinstance(term, z3.ExprRef) or not names:
        return term
    return z3.substitute(term, *names)
