from __future__ import annotations

from typing import Any

import pytest

from armistice.core.game import Game
from armistice.core.scenario import load
from tests import support
from tests.support import at_level, neutral

ALL_VICHY = {"lebanon_syria": 6, "north_africa": 6}


def brp(
    overrides: dict[str, Any] | None = None,
    *,
    vichy: str = "yes",
    dice: dict[str, int] | None = None,
    assumptions: dict[str, str] | None = None,
) -> Any:
    return support.resolved(
        neutral(overrides), vichy=vichy, dice=dice or ALL_VICHY, assumptions=assumptions
    ).brp


@pytest.mark.parametrize(("base", "value"), [(60, 20), (65, 25), (55, 15), (40, 0), (75, 35)])
def test_58_71_conquest_value_is_brp_base_less_40(base: int, value: int) -> None:
    assert brp({"surrender": {"french_brp_base": base}}).conquest_value == value


def test_58_71_default_brp_base_is_60_worth_20() -> None:
    assert brp().conquest_value == 20


def test_58_71_low_brp_base_floors_at_zero_by_default() -> None:
    assert brp({"surrender": {"french_brp_base": 30}}).conquest_value == 0
    negative = brp(
        {"surrender": {"french_brp_base": 30}}, assumptions={"awaw.low_brp_base": "negative"}
    )
    assert negative.conquest_value == -10


def test_58_71_key_economic_areas_are_paris_20_lyon_10_marseilles_10() -> None:
    areas = brp().key_areas
    assert {k: (a.name, a.brp) for k, a in areas.items()} == {
        "paris": ("Paris", 20),
        "lyon": ("Lyon", 10),
        "marseilles": ("Marseilles", 10),
    }
    assert areas["paris"].holder == "axis"


def test_58_71_without_vichy_every_key_area_is_axis() -> None:
    areas = brp(vichy="no").key_areas
    assert {a.holder for a in areas.values()} == {"axis"}


@pytest.mark.parametrize(
    ("season", "year", "received"),
    [("fall", 1940, 5), ("summer", 1940, 10)],
)
def test_58_72_conquest_value_is_prorated_by_seasons_left(
    season: str, year: int, received: int
) -> None:
    result = brp({"surrender": {"season": season, "year": year}})
    assert result.conquest_value == 20
    assert result.received_next_turn == received


def test_58_72_fall_1940_rulebook_example_receives_5() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    support.play(g)
    assert g.state.brp.received_next_turn == 20 * 1 // 4
    entry = next(e for e in g.log if e.rule == "58.72")
    assert entry.assumption == "awaw.58.conquest_proration=seasons_left"


@pytest.mark.parametrize(
    ("proration", "received"), [("full", 20), ("none", 0), ("seasons_left", 5)]
)
def test_58_72_proration_assumption(proration: str, received: int) -> None:
    result = brp(assumptions={"awaw.conquest_proration": proration})
    assert result.received_next_turn == received
    assert result.conquest_value == 20


def test_58_72_the_conqueror_receives_the_brps() -> None:
    assert brp().receiver == "germany"
    assert brp({"surrender": {"conqueror": "italy"}}).receiver == "italy"


def test_58_73_cooperative_conquest_goes_to_the_senior_partner() -> None:
    joint = {"surrender": {"conqueror": "italy", "cooperative": True}}
    assert brp(joint).receiver == "germany"
    senior_italy = brp(joint, assumptions={"awaw.axis_senior_partner": "italy"})
    assert senior_italy.receiver == "italy"


def test_58_73_bundled_us_at_war_cooperative_conquest() -> None:
    g = Game(load("us-at-war-spring-1942"), seed=1)
    support.play(g)
    assert g.state.brp.receiver == "germany"
    assert g.state.brp.conquest_value == 15
    assert any(e.rule == "58.73" for e in g.log)


def test_58_31a_vichy_value_is_20_plus_its_colonies_brps() -> None:
    colonies = {
        "lebanon_syria": {"brp": 7},
        "tunisia": {"brp": 3},
        "algeria": {"brp": 4},
        "morocco": {"brp": 2},
    }
    all_vichy = support.resolved(at_level(0, {"colonies": colonies}), dice=ALL_VICHY).brp
    assert all_vichy.vichy_value == 20 + 7 + 3 + 4 + 2
    levant_free = support.resolved(
        at_level(-3, {"colonies": colonies}), dice={"lebanon_syria": 1, "north_africa": 6}
    ).brp
    assert levant_free.vichy_value == 20 + 3 + 4 + 2


def test_58_31a_axis_held_colony_adds_nothing_to_vichy() -> None:
    colonies = {"tunisia": {"brp": 9, "control": "axis"}}
    result = brp({"colonies": colonies})
    assert result.vichy_value == 20 + 5 + 5 + 5


def test_58_31b_without_vichy_the_axis_receive_20_instead() -> None:
    result = brp(vichy="no")
    assert result.vichy_value is None
    assert result.axis_instead_of_vichy == 20


def test_58_411_us_at_war_the_axis_get_no_vichy_brps() -> None:
    result = brp({"surrender": {"us_at_war_with_germany": True}})
    assert result.vichy_value is None
    assert result.axis_instead_of_vichy == 0


@pytest.mark.parametrize(
    ("assumptions", "instead", "rule", "cited"),
    [
        ({}, 0, "58.411", "no"),
        ({"awaw.58.vichy_brps_after_us_entry": "no"}, 0, "58.411", "no"),
        ({"awaw.58.vichy_brps_after_us_entry": "yes"}, 20, "58.31B", "yes"),
    ],
)
def test_58_411_bundled_us_at_war_scenario_pays_vichys_brps_only_if_the_reading_says_so(
    assumptions: dict[str, str], instead: int, rule: str, cited: str
) -> None:
    """Spring 1942, the U.S. at war: France is worth 15 BRPs (55 - 40), Germany as senior
    partner receives 11 of them next turn (three seasons left), Britain 7 from Algeria and
    Morocco gone Free French (10, prorated); Vichy's 20 go to the Axis only when the
    assumption says yes."""
    g = Game(load("us-at-war-spring-1942"), seed=1, assumptions=assumptions)
    support.play(g)
    b = g.state.brp
    assert (b.conquest_value, b.receiver, b.received_next_turn) == (15, "germany", 11)
    assert (b.vichy_value, b.britain_from_colonies) == (None, 7)
    assert b.axis_instead_of_vichy == instead
    (entry,) = [e for e in g.log if e.assumption.startswith("awaw.58.vichy_brps_after_us_entry")]
    assert (entry.rule, entry.assumption) == (rule, f"awaw.58.vichy_brps_after_us_entry={cited}")


@pytest.mark.parametrize("setting", ["no", "yes"])
def test_58_31b_vichy_declined_without_us_entry_pays_20_whatever_the_58_411_reading(
    setting: str,
) -> None:
    g = support.game(neutral(), assumptions={"awaw.58.vichy_brps_after_us_entry": setting})
    support.play(g, vichy="no", dice=ALL_VICHY)
    assert g.state.brp.axis_instead_of_vichy == 20
    entry = next(e for e in g.log if e.rule == "58.31B" and "BRP" in e.text)
    assert entry.assumption == ""


def test_58_72_a_receiver_without_a_french_city_is_told_no_yss_payment() -> None:
    g = support.game(
        {
            "surrender": {"us_at_war_with_germany": True, "voluntary": True},
            "territory": {"paris": "french"},
        }
    )
    support.play(g)
    assert g.state.brp.key_areas["paris"].holder == "british"
    assert any(e.rule == "58.72" and "holds no city in France" in e.text for e in g.log)


def test_58_72_a_receiver_holding_paris_is_told_nothing_of_yss_payments() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    support.play(g)
    assert g.state.brp.key_areas["paris"].holder == "axis"
    assert not any("holds no city in France" in e.text for e in g.log)


def test_58_531a_britain_receives_free_french_colony_brps_prorated() -> None:
    colonies = {"lebanon_syria": {"brp": 8}}
    dice = {"lebanon_syria": 1, "north_africa": 6}
    full = support.resolved(
        neutral({"colonies": colonies}),
        vichy="no",
        dice=dice,
        assumptions={"awaw.conquest_proration": "full"},
    ).brp
    assert full.britain_from_colonies == 8
    assert "Britain gains 8 BRPs from the colonies that went Free French" in "".join(
        e.text for e in full_log(neutral({"colonies": colonies}), dice)
    )
    default = support.resolved(neutral({"colonies": colonies}), vichy="no", dice=dice).brp
    assert default.britain_from_colonies == 8 * 1 // 4


def test_58_7_rulebook_example_brps() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    support.play(g, vichy="yes", dice={"lebanon_syria": 2, "north_africa": 2})
    b = g.state.brp
    assert (b.conquest_value, b.receiver, b.received_next_turn) == (20, "germany", 5)
    assert b.vichy_value == 40
    assert b.axis_instead_of_vichy == 0


def test_58_31a_vichy_without_a_colony_is_worth_its_own_20_brps() -> None:
    state = support.resolved(
        at_level(-3), vichy="yes", dice={"lebanon_syria": 1, "north_africa": 1}
    )
    assert set(state.colonies.values()) == {"free_french"}
    assert state.brp.vichy_value == 20


@pytest.mark.parametrize(
    ("base", "first"),
    [
        (40, "France is worth 0 BRPs as a conquest (40 BRP base less 40)"),
        (39, "The BRP base leaves -1; France is worth 0 as a conquest"),
    ],
)
def test_58_71_only_a_base_below_the_key_areas_is_floored_at_zero(base: int, first: str) -> None:
    g = support.game({"surrender": {"french_brp_base": base}}, seed=1)
    support.play(g)
    assert g.state.brp.conquest_value == 0
    assert next(e.text for e in g.log if e.rule == "58.71") == first


def full_log(overrides: dict[str, Any], dice: dict[str, int]) -> list[Any]:
    g = support.game(overrides, assumptions={"awaw.conquest_proration": "full"})
    support.play(g, vichy="no", dice=dice)
    return list(g.log)


def test_58_531a_no_word_of_british_brps_without_a_free_french_colony() -> None:
    log = full_log(neutral(), {"lebanon_syria": 6, "north_africa": 6})
    assert not any("Britain gains" in e.text for e in log)
