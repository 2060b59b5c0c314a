"""World at War 5.5's proof suite: every invariant holds on the shipped engine, and each
fails on a named broken engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core.errors import TableError
from armistice.verify import suites
from armistice.verify.model import Mutant, Strength, Verdict
from armistice.verify.mutate import caught
from armistice.verify.waw.mutants import mutants
from armistice.verify.waw.properties import AXIS_ATTACK, CONSERVED, ODDS, ONE_FATE, PLACED

SUITE = suites.get("waw")
NAMES = [ONE_FATE, PLACED, CONSERVED, ODDS, AXIS_ATTACK]


def test_every_invariant_holds_on_the_engine() -> None:
    results = [r for c in SUITE.checks({}, True) for r in c.run()]
    assert [r.name for r in results] == NAMES
    assert all(r.verdict is Verdict.PROVED for r in results), [r.explanation for r in results]
    assert all(r.strength is Strength.EXHAUSTIVE for r in results)
    assert "ends of the small map" in results[0].explanation


@pytest.mark.parametrize("mutant", list(mutants({})), ids=lambda m: m.name)
def test_each_broken_engine_fails_the_property_it_names(mutant: Mutant) -> None:
    with mutant.patch():
        found = [r for c in SUITE.checks({}, True) for r in c.run()]
    assert {r.name for r in found if r.verdict is Verdict.VIOLATED} == set(mutant.breaks)


def test_the_mutation_driver_names_what_caught_a_broken_engine() -> None:
    bad = next(m for m in mutants({}) if m.name == "the fleet die lists the 6 under two results")
    assert caught(SUITE, bad) == ODDS


def test_every_property_is_shown_failing_by_some_mutant() -> None:
    assert {name for m in mutants({}) for name in m.breaks} == set(NAMES)


def test_a_violation_names_the_map_the_readings_and_the_answers() -> None:
    bad = next(m for m in mutants({}) if m.name == "France's income falls by 5")
    with bad.patch():
        results = {r.name: r for c in SUITE.checks({}, True) for r in c.run()}
    assert results[CONSERVED].explanation.startswith("small map, one fleet (default readings), ")
    assert results[CONSERVED].explanation.endswith("the income chart fell by 5, not 6")


def test_the_suite_takes_no_table_files(tmp_path: Path) -> None:
    assert SUITE.load_tables([]) == {}
    with pytest.raises(TableError, match="no table files"):
        SUITE.load_tables([tmp_path / "x.toml"])
