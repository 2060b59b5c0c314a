from __future__ import annotations

from typing import Any

import pytest

from armistice.core.game import Game
from armistice.core.scenario import load
from tests import support
from tests.support import neutral, unit

US_AT_WAR = {"surrender": {"us_at_war_with_germany": True}}
ALL_VICHY = {"lebanon_syria": 6, "north_africa": 6}
ALL_FREE = {"lebanon_syria": 1, "north_africa": 1}


def fates(
    units: list[dict[str, Any]],
    *,
    vichy: str = "yes",
    dice: dict[str, int] | None = None,
    extra: dict[str, Any] | None = None,
    assumptions: dict[str, str] | None = None,
) -> dict[str, tuple[str, str]]:
    overrides = support.merge(neutral({"units": units}), extra or {})
    state = support.resolved(overrides, vichy=vichy, dice=dice, assumptions=assumptions)
    return {f.unit: (f.fate, f.rule) for f in state.units}


def test_58_41_with_vichy_the_north_goes_axis_and_the_south_and_corsica_vichy() -> None:
    state = support.resolved(neutral(), vichy="yes")
    assert state.hexes == {
        "northern_france": "axis",
        "southern_france": "vichy",
        "corsica": "vichy",
    }


def test_58_41_without_vichy_all_of_france_goes_axis() -> None:
    state = support.resolved(neutral(), vichy="no")
    assert set(state.hexes.values()) == {"axis"}


def test_58_411_us_at_war_french_hexes_pass_to_britain() -> None:
    state = support.resolved(neutral(US_AT_WAR))
    assert state.hexes == {
        "northern_france": "british",
        "southern_france": "british",
        "corsica": "british",
    }
    assert state.brp.key_areas["paris"].holder == "axis"


@pytest.mark.parametrize("vichy", ["yes", "no"])
@pytest.mark.parametrize("where", ["northern_france", "southern_france"])
@pytest.mark.parametrize("kind", ["infantry", "armor", "airbase"])
def test_58_41_british_ground_units_and_airbases_in_france_are_eliminated(
    vichy: str, where: str, kind: str
) -> None:
    result = fates([unit("bef", "british", kind, where)], vichy=vichy)
    assert result["bef"] == ("eliminated", "58.41")


@pytest.mark.parametrize("vichy", ["yes", "no"])
@pytest.mark.parametrize("kind", ["air", "naval"])
def test_58_41_british_air_and_naval_units_in_france_are_displaced(vichy: str, kind: str) -> None:
    result = fates(
        [
            unit("north", "british", kind, "northern_france"),
            unit("south", "british", kind, "southern_france"),
        ],
        vichy=vichy,
    )
    assert result["north"] == ("displaced", "58.41")
    assert result["south"] == ("displaced", "58.41")


def test_58_43_assumption_eliminates_allied_air_left_in_vichy_france() -> None:
    result = fates(
        [
            unit("north", "british", "air", "northern_france"),
            unit("south", "british", "air", "southern_france"),
        ],
        assumptions={"awaw.allied_air_naval_in_vichy": "eliminated"},
    )
    assert result["north"] == ("displaced", "58.41")
    assert result["south"] == ("eliminated", "58.43")


def test_58_41_us_units_in_france_are_treated_like_british_ones() -> None:
    result = fates([unit("us", "us", "infantry", "northern_france")])
    assert result["us"] == ("eliminated", "58.41")


@pytest.mark.parametrize("kind", ["infantry", "armor", "air", "airbase", "naval"])
@pytest.mark.parametrize("where", ["northern_france", "southern_france"])
def test_58_411_us_at_war_allied_units_remain_in_france(kind: str, where: str) -> None:
    result = fates([unit("allied", "british", kind, where)], extra=US_AT_WAR)
    assert result["allied"] == ("remains", "58.411")


CORSICA_FATES = [
    # reading, Vichy established, U.S. at war, infantry's fate, air unit's fate
    ("yes", "yes", False, ("eliminated", "58.41"), ("displaced", "58.41")),
    ("yes", "no", False, ("eliminated", "58.41"), ("displaced", "58.41")),
    ("yes", "yes", True, ("remains", "58.411"), ("remains", "58.411")),
    ("no", "yes", False, ("eliminated", "58.43"), ("eliminated", "58.43")),
    ("no", "no", False, ("unaffected", "58.4"), ("unaffected", "58.4")),
    ("no", "yes", True, ("unaffected", "58.4"), ("unaffected", "58.4")),
]
"""British units on Corsica at surrender. Read as France, 58.41 eliminates the ground unit
and displaces the air unit (58.411 lets both stay once the U.S. is at war). Read as not
France, 58.41 passes them by: 58.43 still eliminates both if Corsica goes to Vichy
(58.31A names it), and otherwise nothing moves them."""


@pytest.mark.parametrize(("reading", "vichy", "us_at_war", "infantry", "air"), CORSICA_FATES)
def test_58_41_allied_units_on_corsica_follow_whether_france_includes_it(
    reading: str, vichy: str, us_at_war: bool, infantry: tuple[str, str], air: tuple[str, str]
) -> None:
    units = [
        unit("inf", "british", "infantry", "corsica"),
        unit("raf", "british", "air", "corsica"),
    ]
    overrides = support.merge(neutral({"units": units}), US_AT_WAR if us_at_war else {})
    g = support.game(overrides, assumptions={"awaw.58.france_includes_corsica": reading})
    support.play(g, vichy=vichy)
    assert {f.unit: (f.fate, f.rule) for f in g.state.units} == {"inf": infantry, "raf": air}
    cited = {
        e.text.split(":")[0]: e.assumption for e in g.log if e.text.startswith(("inf:", "raf:"))
    }
    assert all(f"awaw.58.france_includes_corsica={reading}" in a for a in cited.values())
    assert set(cited) == {"inf", "raf"}


@pytest.mark.parametrize(
    ("assumptions", "ground", "fate"),
    [
        ({}, 0, ("unaffected", "58.4")),
        ({"awaw.58.france_includes_corsica": "yes"}, -1, ("eliminated", "58.41")),
        ({"awaw.corsica_ground_factors": "included"}, -1, ("eliminated", "58.41")),
        ({"awaw.58.corsica_ground_factors": "excluded"}, 0, ("unaffected", "58.4")),
    ],
)
def test_58_21b_and_58_41_read_corsica_the_same_way(
    assumptions: dict[str, str], ground: int, fate: tuple[str, str]
) -> None:
    """One game, one reading: French factors on Corsica count toward 58.21B exactly when
    58.41 treats a British unit on Corsica as in France (Vichy not established)."""
    units = [
        unit("south", "french", "infantry", "southern_france", 8),
        unit("corse", "french", "infantry", "corsica", 2),
        unit("bef", "british", "infantry", "corsica", 3),
    ]
    g = support.game(neutral({"units": units}), assumptions=assumptions)
    support.play(g, vichy="no")
    assert support.rule_total(g.state, "58.21B") == ground
    assert {f.unit: (f.fate, f.rule) for f in g.state.units}["bef"] == fate


def test_58_411_bundled_us_at_war_scenario_keeps_the_us_infantry() -> None:
    g = Game(load("us-at-war-spring-1942"), seed=1)
    support.play(g)
    by_unit = {f.unit: (f.fate, f.rule) for f in g.state.units}
    assert by_unit["U.S. 3-3 infantry"] == ("remains", "58.411")


@pytest.mark.parametrize("nationality", ["german", "italian"])
def test_58_42_axis_units_in_vichy_france_must_leave(nationality: str) -> None:
    result = fates([unit("axis", nationality, "armor", "southern_france")])
    assert result["axis"] == ("must_leave", "58.42")


def test_58_42_axis_units_in_a_vichy_colony_must_leave() -> None:
    result = fates([unit("dak", "german", "armor", "tunisia")], dice=ALL_VICHY)
    assert result["dak"] == ("must_leave", "58.42")


def test_58_42_axis_units_outside_vichy_territory_are_untouched() -> None:
    result = fates(
        [
            unit("north", "german", "armor", "northern_france"),
            unit("south", "german", "armor", "southern_france"),
        ],
        vichy="no",
    )
    assert result["north"] == ("unaffected", "58.4")
    assert result["south"] == ("unaffected", "58.4")


@pytest.mark.parametrize("kind", ["infantry", "air", "naval"])
def test_58_43_allied_units_in_a_vichy_colony_are_eliminated(kind: str) -> None:
    result = fates([unit("uk", "british", kind, "algeria")], dice=ALL_VICHY)
    assert result["uk"] == ("eliminated", "58.43")


def test_58_43_allied_units_in_a_free_french_colony_stay() -> None:
    result = fates([unit("uk", "british", "infantry", "algeria")], vichy="no", dice=ALL_FREE)
    assert result["uk"] == ("unaffected", "58.4")


@pytest.mark.parametrize("kind", ["infantry", "air", "naval"])
def test_58_532b_allied_units_in_an_independent_colony_are_eliminated(kind: str) -> None:
    result = fates([unit("uk", "british", kind, "morocco")], vichy="no", dice=ALL_VICHY)
    assert result["uk"] == ("eliminated", "58.532B")


def test_58_532c_axis_units_in_an_independent_colony_must_leave() -> None:
    result = fates([unit("it", "italian", "infantry", "tunisia")], vichy="no", dice=ALL_VICHY)
    assert result["it"] == ("must_leave", "58.532C")


def test_58_623_french_units_in_free_french_colonies_and_british_hexes_are_kept() -> None:
    result = fates(
        [
            unit("levant", "french", "infantry", "lebanon_syria"),
            unit("london", "french", "air", "british"),
            unit("paris", "french", "infantry", "northern_france"),
            unit("toulon", "french", "infantry", "southern_france"),
        ],
        vichy="no",
        dice=ALL_FREE,
    )
    assert result["levant"] == ("free_french", "58.623")
    assert result["london"] == ("free_french", "58.623")
    assert result["paris"] == ("removed", "58.61")
    assert result["toulon"] == ("removed", "58.61")


def test_58_61_french_units_in_vichy_colonies_are_removed() -> None:
    result = fates([unit("armee", "french", "infantry", "algeria")], dice=ALL_VICHY)
    assert result["armee"] == ("removed", "58.61")


def test_rulebook_example_units() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    support.play(g)
    by_unit = {f.unit: (f.fate, f.rule) for f in g.state.units}
    assert by_unit["British 2-3 infantry"] == ("eliminated", "58.41")
    assert by_unit["British air (2 factors)"] == ("displaced", "58.41")
