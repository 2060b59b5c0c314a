"""The proof suite of France as a special neutral: every invariant holds on the shipped
engine, and each fails on a named broken engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core.errors import TableError
from armistice.verify import suites
from armistice.verify.aa50.mutants import mutants
from armistice.verify.aa50.properties import ONCE, ONE_FATE, SPLIT
from armistice.verify.model import Mutant, Strength, Verdict
from armistice.verify.mutate import caught

SUITE = suites.get("aa50")
NAMES = [SPLIT, ONE_FATE, ONCE]


def test_every_invariant_holds_on_the_engine() -> None:
    results = [r for c in SUITE.checks({}, True) for r in c.run()]
    assert [r.name for r in results] == NAMES
    assert all(r.verdict is Verdict.PROVED for r in results), [r.explanation for r in results]
    assert all(r.strength is Strength.EXHAUSTIVE for r in results)
    assert "1008 occupations" in results[0].explanation
    assert "1218 resolutions" in results[1].explanation
    # The report's cases column counts the ends each property judged.
    assert [r.cases for r in results] == [1008, 1218, 788]


@pytest.mark.parametrize("mutant", list(mutants({})), ids=lambda m: m.name)
def test_each_broken_engine_fails_the_property_it_names(mutant: Mutant) -> None:
    with mutant.patch():
        found = [r for c in SUITE.checks({}, True) for r in c.run()]
    assert {r.name for r in found if r.verdict is Verdict.VIOLATED} == set(mutant.breaks)


def test_every_property_is_shown_failing_by_some_mutant() -> None:
    assert {name for m in mutants({}) for name in m.breaks} == set(NAMES)


def test_the_mutation_driver_names_what_caught_a_broken_engine() -> None:
    bad = next(m for m in mutants({}) if m.name == "a ship rolled 1 is captured by nobody")
    assert caught(SUITE, bad) == ONE_FATE


def test_a_violation_names_the_case_and_why() -> None:
    bad = next(
        m for m in mutants({}) if m.name == "a neutral France holding Paris counts as the Allies"
    )
    with bad.patch():
        result = next(r for c in SUITE.checks({}, True) for r in c.run() if r.name == ONCE)
    assert result.explanation.startswith("Paris held by france, round 4, united_kingdom's start")


def test_the_suite_takes_no_table_files(tmp_path: Path) -> None:
    assert SUITE.load_tables([]) == {}
    with pytest.raises(TableError, match="no table files"):
        SUITE.load_tables([tmp_path / "x.toml"])
