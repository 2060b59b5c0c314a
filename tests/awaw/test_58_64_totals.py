"""58.64 with a fleet given as totals per kind, condition and port: it loads as one entry per
ship and resolves exactly as the same fleet written ship by ship; a side picks an amount of
ships that only their amount tells apart."""

from __future__ import annotations

from typing import Any

import pytest

from armistice.core.awaw.words import FrenchSide
from armistice.core.errors import ScenarioError
from armistice.core.odds import odds
from armistice.core.prompts import Selection
from tests import support

TOULON = {"region": "southern_france", "port": "Toulon"}
ORAN = {"region": "algeria", "port": "Oran"}


def by_ship() -> dict[str, Any]:
    """Three cruisers and two destroyer groups in Toulon, two damaged named ships at Oran,
    every ship written out with its own name."""
    cruisers = [
        {"id": n.lower(), "name": n, "kind": "cruiser", "factors": 3, **TOULON}
        for n in ("Algerie", "Foch", "Dupleix")
    ]
    named = [
        {"id": n.lower(), "name": n, "kind": "named", "factors": 4, "condition": "damaged", **ORAN}
        for n in ("Bretagne", "Provence")
    ]
    destroyers = [
        {"id": f"dd{i}", "name": f"Flotilla {i}", "kind": "destroyer", "factors": 2, **TOULON}
        for i in (1, 2)
    ]
    return {"fleet": [support.BALLAST, *cruisers, *named, *destroyers]}


def by_totals() -> dict[str, Any]:
    """The same fleet as three entries with ``count``, no ids and no names."""
    return {
        "fleet": [
            support.BALLAST,
            {"kind": "cruiser", "factors": 3, "count": 3, **TOULON},
            {"kind": "named", "factors": 4, "condition": "damaged", "count": 2, **ORAN},
            {"kind": "destroyer", "factors": 2, "count": 2, **TOULON},
        ]
    }


@pytest.mark.parametrize("level", [-3, -1, 0, 2])
@pytest.mark.parametrize("vichy", ["yes", "no"])
def test_58_64_a_totals_fleet_resolves_as_the_fleet_ship_by_ship(level: int, vichy: str) -> None:
    ships = support.game(support.at_level(level, by_ship()))
    totals = support.game(support.at_level(level, by_totals()))
    assert ships.state.surrender_level == totals.state.surrender_level
    assert odds(ships).marginals == odds(totals).marginals
    support.play(ships, vichy=vichy)
    support.play(totals, vichy=vichy)
    a, b = ships.state, totals.state
    assert a.surrender_level.value == level
    assert (a.forces, a.fleet_available, a.colonies) == (b.forces, b.fleet_available, b.colonies)
    for taken in ("free_french", "vichy", "removed"):
        assert sum(getattr(a.fleet, taken).values()) == sum(getattr(b.fleet, taken).values())


def test_58_64_totals_expand_to_one_entry_per_ship_with_ids_and_names() -> None:
    fleet = support.scenario(by_totals()).fleet[1:]
    assert [s.id for s in fleet] == [
        "cruiser_toulon",
        "cruiser_toulon_2",
        "cruiser_toulon_3",
        "named_oran",
        "named_oran_2",
        "destroyer_toulon",
        "destroyer_toulon_2",
    ]
    assert {s.name for s in fleet} == {
        "Cruiser at Toulon",
        "Named ship at Oran",
        "Destroyers at Toulon",
    }
    assert {s.count for s in fleet} == {1}


def test_58_64_made_ids_never_take_an_id_the_file_gives() -> None:
    fleet = support.scenario(
        {
            "fleet": [
                {"kind": "cruiser", "factors": 3, "count": 2, **TOULON},
                {"id": "cruiser_toulon", "name": "Foch", "kind": "cruiser", "factors": 3, **TOULON},
            ]
        }
    ).fleet
    assert [s.id for s in fleet] == ["cruiser_toulon_2", "cruiser_toulon_3", "cruiser_toulon"]


def test_58_641_ships_alike_are_chosen_by_amount() -> None:
    alexandria = {"kind": "cruiser", "factors": 3, "region": "british", "port": "Alexandria"}
    fleet = [support.BALLAST, {**alexandria, "count": 4}, {**alexandria, "name": "Duquesne"}]
    g = support.game(support.at_level(-3, {"fleet": fleet}))
    g.answer("no")
    while not isinstance(g.prompt, Selection):
        g.answer(3)
    assert g.prompt.key == "free_french.cruisers" and g.prompt.required == 3
    assert [(i.id, i.available) for i in g.prompt.items] == [
        ("cruiser_alexandria", 4),
        ("cruiser_alexandria_5", 1),
    ]
    g.answer({"cruiser_alexandria": 2, "cruiser_alexandria_5": 1})
    support.play(g, vichy="no")
    free = g.state.fleet.free_french
    assert free == {"cruiser_alexandria": 1, "cruiser_alexandria_2": 1, "cruiser_alexandria_5": 1}
    assert g.state.forces[FrenchSide.FREE_FRENCH].cruisers == 3
    assert g.summary.section("fleet").rows[0].value == "Cruiser at Alexandria x2, Duquesne"


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"kind": "cruiser", "factors": 3, "count": 0, **TOULON}, "fleet[0].count"),
        ({"kind": "cruiser", "factors": 3, "count": 100, **TOULON}, "fleet[0].count"),
        ({"kind": "cruiser", "factors": 3, "count": "two", **TOULON}, "fleet[0].count"),
    ],
)
def test_58_64_a_bad_count_names_its_entry(entry: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        support.scenario({"fleet": [entry]})
    assert caught.value.field == field
