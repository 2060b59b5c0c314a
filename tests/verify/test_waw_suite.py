"""World at War 5.5's proof suite: every invariant holds on the shipped engine, each fails on
a named broken engine, and the maps and positions walked hold what makes each reading and
5.6 step matter."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core.errors import TableError
from armistice.core.waw.words import AreaSide, FleetFate, Ocean
from armistice.verify import suites
from armistice.verify.model import Mutant, Strength, Verdict
from armistice.verify.mutate import caught
from armistice.verify.waw import attack, maps
from armistice.verify.waw.mutants import mutants
from armistice.verify.waw.properties import (
    AXIS_ATTACK,
    CONSERVED,
    DICE,
    ODDS,
    ONE_FATE,
    PLACED,
    cases,
)

SUITE = suites.get("waw")
NAMES = [ONE_FATE, DICE, PLACED, CONSERVED, ODDS, AXIS_ATTACK]


def test_every_invariant_holds_on_the_engine() -> None:
    results = [r for c in SUITE.checks({}, True) for r in c.run()]
    assert [r.name for r in results] == NAMES
    assert all(r.verdict is Verdict.PROVED for r in results), [r.explanation for r in results]
    assert all(r.strength is Strength.EXHAUSTIVE for r in results)
    assert "ends of the small map" in results[0].explanation
    walked = [r for r in results if r.name != ODDS]
    assert all(r.cases > 1000 and r.domain in r.explanation for r in walked)
    assert "proved at each of" in results[0].explanation
    assert "after the fall (vichy-territories-1940)" in results[-1].explanation


@pytest.mark.parametrize("mutant", list(mutants({})), ids=lambda m: m.name)
def test_each_broken_engine_fails_the_property_it_names(mutant: Mutant) -> None:
    with mutant.patch():
        found = [r for c in SUITE.checks({}, True) for r in c.run()]
    assert {r.name for r in found if r.verdict is Verdict.VIOLATED} == set(mutant.breaks)


def test_the_mutation_driver_names_what_caught_a_broken_engine() -> None:
    bad = next(m for m in mutants({}) if m.name.endswith("sent to an area gained by politics"))
    assert caught(SUITE, bad) == AXIS_ATTACK


def test_every_property_is_shown_failing_by_some_mutant() -> None:
    assert {name for m in mutants({}) for name in m.breaks} == set(NAMES)


def test_a_violation_names_the_map_the_readings_and_the_answers() -> None:
    bad = next(m for m in mutants({}) if m.name == "France's income falls by 5")
    with bad.patch():
        results = {r.name: r for c in SUITE.checks({}, True) for r in c.run()}
    assert results[CONSERVED].explanation.startswith("small map, one fleet (default readings), ")
    assert results[CONSERVED].explanation.endswith("the income chart fell by 5, not 6")


def test_a_short_france_paying_nothing_is_found_on_the_short_map() -> None:
    bad = next(m for m in mutants({}) if m.name.startswith("France short of 3 IPCs"))
    with bad.patch():
        results = {r.name: r for c in SUITE.checks({}, True) for r in c.run()}
    assert results[CONSERVED].explanation.startswith("short map (default readings), ")
    assert results[CONSERVED].explanation.endswith("France paid 0 of its 2 IPCs, not 2")


def test_the_short_map_holds_what_each_reading_of_5_5_needs() -> None:
    (name, s) = maps.small_maps()[2]
    assert name == "short map"
    assert s.bank["france"] == maps.SHORT_BANK == 2
    assert s.areas[s.fleets["saigon"].at].ocean is Ocean.PACIFIC
    assert s.marker("dakar") == "japan" != s.marker_power
    assert s.areas["dakar"].politics == "japan"
    assert s.areas["oran"].units == ("france:infantry", "britain:infantry")
    assert s.areas["tunis"].control == "italy"
    walked = {(n, tuple(chosen.items())) for n, _, chosen, _ in cases()}
    for reading in (
        "waw.short_bank",
        "waw.other_fleets",
        "waw.japanese_markers",
        "waw.foreign_units",
    ):
        assert any(n == "short map" and chosen and chosen[0][0] == reading for n, chosen in walked)


def test_the_axis_attack_is_checked_after_a_political_gain_with_a_fleet_sent_there() -> None:
    found = [
        (where, t)
        for where, _, t in attack.positions()
        if where.startswith("short map") and where.endswith("japan gains dakar")
    ]
    assert found
    assert any(
        t.areas["dakar"].side is AreaSide.AXIS
        and t.areas["dakar"].units == ("vichy:infantry",)
        and t.fleets["toulon"].fate is FleetFate.VICHY
        and t.fleets["toulon"].sent_to == "dakar"
        for _, t in found
    )


def test_the_suite_takes_no_table_files(tmp_path: Path) -> None:
    assert SUITE.load_tables([]) == {}
    with pytest.raises(TableError, match="no table files"):
        SUITE.load_tables([tmp_path / "x.toml"])
