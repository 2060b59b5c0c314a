"""The Vichy France table's modifiers (77), each by the fact that gives it, with its sign."""

from __future__ import annotations

from typing import Any

import pytest

from armistice.core.assumptions import resolve
from armistice.core.awaw.board import Side
from armistice.core.awaw.rule58.tables import shipped as rule58_shipped
from armistice.core.awaw.vichy.assumptions import ASSUMPTIONS
from armistice.core.awaw.vichy.modifiers import modifiers
from armistice.core.awaw.vichy.tables import shipped
from armistice.core.errors import ScenarioError
from tests.awaw.vichy import DEFAULTS, make


def values(
    side: Side = Side.AXIS, chosen: dict[str, str] | None = None, **changes: Any
) -> dict[str, int]:
    readings = resolve(ASSUMPTIONS, chosen) if chosen else DEFAULTS
    return {m.label: m.value for m in modifiers(make(**changes), side, readings, shipped())}


def test_the_quiet_position_has_no_modifier() -> None:
    assert values() == {}


@pytest.mark.parametrize(
    ("changes", "label", "value"),
    [
        ({"alignment": "axis_ally", "policy": "10"}, "Active minor ally", 3),
        ({"alignment": "allied_ally", "policy": "-3"}, "Active minor ally", -3),
        ({"alignment": "axis_associated", "policy": "9"}, "Associated minor", 2),
        ({"alignment": "allied_associated", "policy": "-2"}, "Associated minor", -2),
        ({"policy": "8", "hex_control": "axis"}, "Vichy hexes German", 1),
        ({"colonies": {"lebanon_syria": {"capital": "allied"}}}, "Allied-held capitals", -1),
        ({"board": {"axis_units_in_africa": False}}, "No Axis units in Africa", -1),
        ({"board": {"landing_continent": True}}, "U.S./British landings", -1),
        ({"board": {"landing_france": True}}, "U.S./British landings", -2),
        ({"board": {"us_at_war": True}}, "U.S. at war", -1),
        ({"board": {"spain_axis_ally": True}}, "Spain an Axis ally", -1),
        ({"surrender_level": -2}, "French surrender level", -1),
        ({"surrender_level": 3}, "French surrender level", 1),
        ({"board": {"usat_level": 24}}, "USAT below 25", 1),
        ({"board": {"axis_malta": True}}, "Axis bases", 1),
        ({"board": {"axis_suez_or_alexandria": True}}, "Axis bases", 1),
        (
            {
                "board": {
                    "axis_malta": True,
                    "axis_suez_or_alexandria": True,
                    "axis_gibraltar": True,
                }
            },
            "Axis bases",
            3,
        ),
        ({"board": {"colonies_attacked_last_turn": 2}}, "Colonies attacked", 4),
        ({"diplomacy": {"axis_dps": 1, "allied_dps": 4}}, "Net DPs", -3),
    ],
)
def test_77_each_modifier_by_its_fact(changes: dict[str, Any], label: str, value: int) -> None:
    assert values(**changes) == {label: value}


def test_77_usat_of_25_gives_nothing() -> None:
    assert values(board={"usat_level": 25}) == {}


def test_77_both_landings_add_up_by_default_and_not_under_the_other_reading() -> None:
    both = {"board": {"landing_continent": True, "landing_france": True}}
    assert values(**both) == {"U.S./British landings": -3}
    larger = {"awaw.vichy.landings_add_up": "larger"}
    assert values(chosen=larger, **both) == {"U.S./British landings": -2}


UNBUILT = {
    "vichy_units": [
        {
            "name": "Unbuilt air",
            "kind": "air",
            "location": "southern_france",
            "factors": 5,
            "built": False,
        },
        {
            "name": "Unbuilt infantry",
            "kind": "infantry",
            "location": "southern_france",
            "factors": 4,
            "units": 2,
            "built": False,
        },
        {
            "name": "Unbuilt fleet",
            "kind": "naval",
            "location": "southern_france",
            "units": 3,
            "built": False,
        },
        {"name": "Built armor", "kind": "armor", "location": "southern_france", "factors": 3},
    ]
}


def test_77_only_unbuilt_air_armor_and_infantry_count_toward_the_roller() -> None:
    assert values(Side.AXIS, **UNBUILT) == {"Unbuilt Vichy units": 3}
    assert values(Side.ALLIES, **UNBUILT) == {"Unbuilt Vichy units": -3}
    against = {"awaw.vichy.unbuilt_sign": "against_roller"}
    assert values(Side.AXIS, chosen=against, **UNBUILT) == {"Unbuilt Vichy units": -3}


def unit(side: str, factors: int, where: str = "southern_france", **more: Any) -> dict[str, Any]:
    return {
        "name": f"{side} {factors}",
        "side": side,
        "kind": "infantry",
        "location": where,
        "factors": factors,
        **more,
    }


def test_77_every_five_factors_rounds_down_and_counts_toward_their_owner() -> None:
    units = [unit("axis", 14), unit("allies", 5, "lebanon_syria")]
    assert values(Side.AXIS, units=units) == {"Friendly factors": 2, "Enemy factors": -1}
    assert values(Side.ALLIES, units=units) == {"Friendly factors": -1, "Enemy factors": 2}
    roller = {"awaw.vichy.friendly_and_enemy": "roller"}
    assert values(Side.AXIS, chosen=roller, units=units) == {
        "Friendly factors": 2,
        "Enemy factors": 1,
    }


def test_58_42_axis_forces_there_since_vichy_was_set_up_never_count() -> None:
    units = [unit("axis", 10, since_establishment=True), unit("axis", 4)]
    assert values(units=units) == {}


def test_77_factors_in_places_the_western_allies_attacked_do_not_count() -> None:
    units = [unit("allies", 10, "lebanon_syria"), unit("axis", 5)]
    shown = values(units=units, attacked_by_western_allies=["lebanon_syria"])
    assert shown == {"Friendly factors": 1}


def test_77_typed_totals_override_the_units() -> None:
    shown = values(units=[unit("axis", 20)], factor_totals={"axis": 5, "allies": 10})
    assert shown == {"Friendly factors": 1, "Enemy factors": -2}


def test_77_an_allied_attack_associates_vichy_with_the_axis_by_default() -> None:
    assert values(board={"allied_attack": True}) == {"Associated minor": 2}
    no = {"awaw.vichy.enemy_attack": "no"}
    assert values(chosen=no, board={"allied_attack": True}) == {}


def test_77_the_factor_modifier_says_its_count_in_words() -> None:
    units = [unit("axis", 14), unit("allies", 5, "lebanon_syria")]
    said = {m.label: m.why for m in modifiers(make(units=units), Side.AXIS, DEFAULTS, shipped())}
    assert said["Friendly factors"] == (
        "the Axis: 14 factors, one per 5 (rounded down), toward the Axis"
    )
    assert (
        said["Enemy factors"]
        == "the Allies: 5 factors, one per 5 (rounded down), toward the Allies"
    )


@pytest.mark.parametrize(("attacked", "taken"), [(4, True), (5, False)])
def test_77_at_most_every_french_colony_was_attacked_last_turn(attacked: int, taken: bool) -> None:
    """Rule 58's colony table lists four French colonies; no more can have been attacked."""
    assert len(rule58_shipped().colonies) == 4
    board = {"colonies_attacked_last_turn": attacked}
    if taken:
        assert values(board=board) == {"Colonies attacked": 4 * shipped().modifiers.colony_attacked}
        return
    with pytest.raises(ScenarioError, match=r"colonies_attacked_last_turn: 5 is above 4 "):
        make(board=board)
