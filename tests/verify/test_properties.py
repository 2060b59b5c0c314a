"""Rule 58's properties have teeth: each fails on a named broken engine and holds on the real
one; proofs name a minimal set of rules; counterexamples are the smallest and compare the
engine's value with the rule's."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
import z3

from armistice.core.awaw.rule58.tables import shipped
from armistice.verify.awaw.rule58 import SUITE
from armistice.verify.awaw.rule58.properties import PROPERTIES
from armistice.verify.model import Mutant, Property, Verdict
from armistice.verify.solver import Outcome, Proof

T = shipped()
BY_NAME = {p.name: p for p in PROPERTIES}
BREAKING = [(m, name) for m in SUITE.mutants(T) for name in m.breaks if name in BY_NAME]
"""Broken engines of the proved properties; those of the exhaustive checks are tested in
test_exhaustive.py."""


def _on(m: Mutant, name: str) -> Any:
    tables = SUITE.build(m.tables)
    with m.patch():
        return BY_NAME[name].check(tables)


def test_every_property_is_named_by_a_broken_engine_it_fails_on() -> None:
    assert {name for _, name in BREAKING} == set(BY_NAME)


@pytest.mark.parametrize("prop", PROPERTIES, ids=lambda p: p.name)
def test_each_property_is_proved_on_the_real_engine(prop: Property) -> None:
    result = prop.check(T)
    assert result.verdict is Verdict.PROVED, result.explanation
    assert result.needed, "a proof names at least one rule it used"


@pytest.mark.parametrize(("mutant", "name"), BREAKING, ids=[f"{m.name}:{n}" for m, n in BREAKING])
def test_each_property_is_violated_on_its_broken_engine(mutant: Mutant, name: str) -> None:
    result = _on(mutant, name)
    assert result.verdict is Verdict.VIOLATED, (mutant.name, name)
    assert result.counterexample


def test_58_22_a_limit_of_4_breaks_level_within_limits_with_the_smallest_scenario() -> None:
    four = next(m for m in SUITE.mutants(T) if m.name == "level.limit 4 with force rows for it")
    result = _on(four, "level_within_limits")
    assert result.explanation.endswith("(level: engine 4, rule 3)")
    # Paris alone at Spring 1940 with no fleet: +2 Paris, +8 fleet, +2 turn = 12, held at 4.
    assert result.counterexample == {
        "voluntary": False,
        "paris_axis": True,
        "lyon_axis": False,
        "marseilles_axis": False,
        "other_objectives": 0,
        "ground_factors": 0,
        "fleet_full": 0,
        "fleet_discounted": 0,
        "turn": 0,
        "net_dps": 0,
        "cooperation": False,
    }


def test_58_21a_a_wrong_paris_modifier_names_the_modifier_and_both_values() -> None:
    paris = next(m for m in SUITE.mutants(T) if m.name == "level.paris+1")
    result = _on(paris, "modifiers_follow_58_21")
    assert "58.21A Paris held by the Axis: engine 3, rule 2" in result.explanation
    assert "Lyon" not in result.explanation
    assert sum(abs(v) for v in result.counterexample.values() if not isinstance(v, bool)) == 0


def test_58_641_contested_ships_passed_as_taken_cannot_make_vichy_ships() -> None:
    unclamped = next(
        m for m in SUITE.mutants(T) if m.name == "contested ships taken counted as passed"
    )
    result = _on(unclamped, "naval_allocation_conserves")
    assert result.counterexample["contested_taken"] > result.counterexample["contested"]
    assert "Vichy: engine -1, rule 0" in result.explanation


def test_58_641_the_naval_proof_does_not_assume_what_the_engine_computes() -> None:
    facts = _facts_of(BY_NAME["naval_allocation_conserves"])
    engine_names = {"free_french", "vichy", "removed"}
    for rule, fact in facts:
        if rule == "domain":
            names = {str(v) for v in _constants(fact)}
            assert not names & engine_names, fact


def _facts_of(prop: Property) -> list[tuple[str, Any]]:
    seen: list[list[tuple[str, Any]]] = []
    real = Proof.prove

    def spy(self: Proof, claim: Any, *args: Any, **kwargs: Any) -> Outcome:
        seen.append(list(self.facts))
        return real(self, claim, *args, **kwargs)

    with mock.patch.object(Proof, "prove", spy):
        prop.check(T)
    (facts,) = seen
    return facts


def _constants(term: Any) -> set[Any]:
    out = set()
    todo = [term]
    while todo:
        t = todo.pop()
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            out.add(t)
        todo.extend(t.children())
    return out


@pytest.mark.parametrize("prop", PROPERTIES, ids=lambda p: p.name)
def test_a_proof_needs_only_rules_it_assumed(prop: Property) -> None:
    assumed = {rule for rule, _ in _facts_of(prop)} - {"domain"}
    assert set(prop.check(T).needed) <= assumed


def test_an_unneeded_or_redundant_assumption_is_left_out_of_the_rules_needed() -> None:
    p = Proof()
    paris, lyon, total, dps = p.int("paris"), p.int("lyon"), p.int("total"), p.int("dps")
    p.assume("58.21A", paris == 2)
    p.assume("58.21A-lyon", lyon == 1)
    p.assume("58.21", total == paris + lyon)
    p.assume("58.21E", dps == 5)
    p.assume("58.22", total <= 3)
    p.assume("domain", z3.And(paris >= 0, lyon >= 0))
    outcome = p.prove(total >= 3)
    assert outcome.proved
    assert outcome.rules == ("58.21", "58.21A", "58.21A-lyon")


def test_58_21_modifiers_are_proved_without_the_58_11_conditions_they_assume() -> None:
    # 58.11 (who may surrender, and when) is assumed for every surrender; the modifiers of
    # one that is not voluntary hold whatever it says, so a minimal core leaves it out.
    prop = BY_NAME["modifiers_follow_58_21"]
    assert "58.11" in {rule for rule, _ in _facts_of(prop)}
    assert "58.11" not in prop.check(T).needed
