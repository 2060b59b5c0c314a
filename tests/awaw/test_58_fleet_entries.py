"""Scenario entries as rule 58 reads them: a fleet written as totals (58.612), where an entry
of ``count`` N, even one with its own id and name, becomes N alike ships; a ship named with
its state (58.21C); a unit entry of at least one counter; conquests next to known colonies."""

from __future__ import annotations

import pytest

from armistice.core.awaw.rule58 import phrases
from armistice.core.errors import ScenarioError
from tests import support
from tests.support import ship, unit


def test_58_612_an_entry_with_a_count_becomes_that_many_ships() -> None:
    entry = {**ship("algerie", "cruiser", 9, "southern_france"), "name": "Algerie", "count": 3}
    fleet = support.scenario({"fleet": [entry]}).fleet
    assert [(s.id, s.name, s.count) for s in fleet] == [
        ("algerie", "Algerie", 1),
        ("algerie_2", "Algerie", 1),
        ("algerie_3", "Algerie", 1),
    ]


def test_58_21c_a_ship_reads_with_its_state_unless_ready() -> None:
    conditions = ("ready", "damaged", "row2", "launch", "building")
    fleet = support.scenario(
        {"fleet": [ship(c, "cruiser", 3, "northern_france", c) for c in conditions]}
    ).fleet
    assert [phrases.ship(s) for s in fleet] == [
        "Ready (3 factors, northern France)",
        "Damaged (3 factors, damaged, northern France)",
        "Row2 (3 factors, row 2, northern France)",
        "Launch (3 factors, launch, northern France)",
        "Building (3 factors, building, northern France)",
    ]


@pytest.mark.parametrize(("count", "taken"), [(0, False), (1, True), (99, True), (100, False)])
def test_58_612_an_entry_stands_for_1_to_99_alike_ships(count: int, taken: bool) -> None:
    entry = {**ship("c", "cruiser", 3, "british"), "count": count}
    if taken:
        assert len(support.scenario({"fleet": [entry]}).fleet) == count
    else:
        with pytest.raises(
            ScenarioError, match=rf"^test: fleet\[0\]\.count: {count} is (below 1|above 99) "
        ):
            support.scenario({"fleet": [entry]})


def test_58_612_a_unit_entry_has_at_least_one_counter() -> None:
    entry = {**unit("x", "french", "infantry", "northern_france"), "units": 0}
    with pytest.raises(ScenarioError, match=r"^test: units\[0\]\.units: 0 is below 1 "):
        support.scenario({"units": [entry]})


def test_58_52_a_conquest_may_only_name_rule_58_colonies() -> None:
    conquest = {"name": "Fezzan", "land_distance": {"atlantis": 2}}
    with pytest.raises(
        ScenarioError, match=r"^test: conquests\[0\]\.land_distance\.atlantis: unknown colony$"
    ):
        support.scenario({"conquests": [conquest]})


@pytest.mark.parametrize(
    ("year", "taken"), [(1937, False), (1938, True), (1950, True), (1951, False)]
)
def test_58_21d_a_surrender_falls_in_1938_to_1950(year: int, taken: bool) -> None:
    overrides = {"surrender": {"season": "fall", "year": year}}
    if taken:
        assert support.scenario(overrides).surrender.year == year
    else:
        with pytest.raises(
            ScenarioError, match=rf"^test: surrender\.year: {year} is (below 1938|above 1950) "
        ):
            support.scenario(overrides)


def test_58_64_ships_taken_read_by_name_alike_ones_counted_and_destroyers_in_factors() -> None:
    oran = {**ship("c", "cruiser", 3, "british"), "name": "Cruiser at Oran", "count": 2}
    fleet = support.scenario(
        {
            "fleet": [
                ship("richelieu"),
                ship("algerie", "cruiser", 3, "british"),
                oran,
                ship("d3", "destroyer", 3, "british"),
            ]
        }
    ).fleet
    taken = {"richelieu": 1, "algerie": 1, "c": 1, "c_2": 1, "d3": 3}
    assert phrases.shares(fleet, taken) == (
        "Richelieu, Algerie, Cruiser at Oran x2, D3 (3 factors)"
    )


def test_58_64_an_entry_of_two_alike_ships_alone_is_two_ships() -> None:
    oran = {**ship("c", "cruiser", 3, "british"), "name": "Cruiser at Oran", "count": 2}
    fleet = support.scenario({"fleet": [oran]}).fleet
    assert [(s.id, s.name, s.count) for s in fleet] == [
        ("c", "Cruiser at Oran", 1),
        ("c_2", "Cruiser at Oran", 1),
    ]


def test_58_612_a_named_ship_without_an_id_gets_one_from_its_kind_and_port() -> None:
    entry = {"kind": "cruiser", "factors": 3, "region": "british", "port": "Alexandria"}
    fleet = support.scenario({"fleet": [{**entry, "name": "Emile Bertin"}]}).fleet
    assert [(s.id, s.name, s.count) for s in fleet] == [("cruiser_alexandria", "Emile Bertin", 1)]


def test_58_612_a_unit_entry_without_a_count_is_one_counter() -> None:
    entry = unit("x", "french", "infantry", "northern_france")
    assert [u.units for u in support.scenario({"units": [entry]}).units] == [1]


def test_58_64_a_ship_reads_with_its_kind_only_when_a_destroyer() -> None:
    fleet = support.scenario(
        {
            "fleet": [
                {**ship("r", "named", 8, "british"), "name": "Richelieu"},
                {**ship("d", "destroyer", 3, "british"), "name": "D3"},
            ]
        }
    ).fleet
    assert [phrases.ship(s) for s in fleet] == [
        "Richelieu (8 factors, a British-held place)",
        "D3 destroyer (3 factors, a British-held place)",
    ]
