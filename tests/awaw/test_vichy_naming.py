"""Who may name Vichy France (77), and scenario files the table refuses."""

from __future__ import annotations

from typing import Any

import pytest

from armistice.core import scenario
from armistice.core.awaw.board import Namer
from armistice.core.awaw.vichy import naming
from armistice.core.errors import RuleRestriction, ScenarioError
from armistice.core.game import Game
from tests.awaw.vichy import DEFAULTS, build, make


def may(readings: Any = DEFAULTS, **changes: Any) -> set[str]:
    return {n.value for n, why in naming.refusals(build(**changes), readings).items() if not why}


def test_77_the_axis_may_name_vichy_a_year_after_the_fall() -> None:
    assert may() == {"axis"}


def test_77_not_in_the_year_of_the_fall_except_the_axis_reaction_roll() -> None:
    in_1940 = {"season": "fall", "year": 1940}
    assert may(turn=in_1940, board={"american_ground_unit": True}) == set()
    assert may(turn=in_1940, board={"allied_attack": True}) == {"axis_reaction"}


def test_77_the_western_allies_need_american_troops_holding_a_port_or_beachhead() -> None:
    assert may(board={"american_ground_unit": True}) == {"axis", "western_allies", "soviet_union"}


def test_77_the_soviet_union_as_each_reading_says() -> None:
    from armistice.core.assumptions import resolve
    from armistice.core.awaw.vichy.assumptions import ASSUMPTIONS

    free = resolve(ASSUMPTIONS, {"awaw.vichy.soviet_naming": "free"})
    never = resolve(ASSUMPTIONS, {"awaw.vichy.soviet_naming": "never"})
    assert may(free) == {"axis", "soviet_union"}
    assert may(never, board={"american_ground_unit": True}) == {"axis", "western_allies"}


def test_77_naming_stays_open_after_vichy_became_a_german_minor_ally() -> None:
    assert may(alignment="axis_ally", policy="10") == {"axis"}


def test_77_a_deactivated_vichy_is_named_no_more_by_default() -> None:
    from armistice.core.assumptions import resolve
    from armistice.core.awaw.vichy.assumptions import ASSUMPTIONS

    gone: dict[str, Any] = {"alignment": "deactivated", "vichy_units": [], "colonies": {}}
    assert may(**gone) == set()
    again = resolve(ASSUMPTIONS, {"awaw.vichy.named_after_deactivation": "yes"})
    assert may(again, **gone) == {"axis"}


def test_77_a_forbidden_naming_is_refused_with_its_rule() -> None:
    game = Game(make(board={"american_ground_unit": False}), seed=1)
    before = game.answers
    with pytest.raises(
        RuleRestriction, match=r"American ground troops hold a port or beachhead .*\(77\)"
    ):
        game.answer(Namer.WESTERN_ALLIES.value)
    assert game.answers == before


def test_77_with_nobody_to_name_vichy_the_game_ends_without_a_roll() -> None:
    gone: dict[str, Any] = {"alignment": "deactivated", "vichy_units": [], "colonies": {}}
    game = Game(build(**gone), seed=1)
    assert game.complete and game.state.vichy_diplomacy is None
    assert game.system.outcome(game.state) == (("result", "no_roll"), ("alignment", "deactivated"))
    assert "Nobody may name Vichy France now" in game.log[-1].text


@pytest.mark.parametrize(
    ("changes", "field", "reason"),
    [
        ({"named_by": "western_allies"}, "named_by", "American ground troops"),
        ({"turn": {"season": "fall", "year": 1940}}, "named_by", "the year France fell"),
        ({"turn": {"season": "spring", "year": 1940}}, "turn", "before France fell"),
        ({"vichy_established": False}, "vichy_units", "not established"),
        ({"alignment": "axis_associated", "policy": "-2"}, "alignment", "Allied associated"),
        ({"alignment": "axis_ally"}, "policy", "follows a 10 result; set policy 10"),
        ({"alignment": "allied_ally"}, "policy", "follows a -3 result; set policy -3"),
        ({"hex_control": "axis"}, "hex_control", "8"),
        ({"policy": "8"}, "hex_control", "gives Germany the Vichy hexes"),
        ({"colonies": {"corsica": {}}}, "colonies.corsica", "not a French colony"),
        (
            {"units": [{"name": "x", "side": "axis", "kind": "air", "location": "morocco"}]},
            "units[0].location",
            "not Vichy territory",
        ),
        (
            {
                "units": [
                    {
                        "name": "x",
                        "side": "allies",
                        "kind": "air",
                        "location": "corsica",
                        "since_establishment": True,
                    }
                ]
            },
            "units[0].since_establishment",
            "58.42",
        ),
        (
            {
                "units": [
                    {
                        "name": "x",
                        "side": "axis",
                        "kind": "air",
                        "location": "corsica",
                        "factors": -5,
                    }
                ]
            },
            "units[0].factors",
            "-5 is below 0",
        ),
        ({"alignment": "deactivated"}, "vichy_units", "removes every Vichy unit"),
    ],
)
def test_contradictory_scenarios_are_refused_naming_the_field(
    changes: dict[str, Any], field: str, reason: str
) -> None:
    with pytest.raises(ScenarioError) as error:
        make(**changes)
    assert error.value.field == field and reason in error.value.reason
    assert error.value.source == "quiet.toml"


SOVIET_REFUSED = {
    "like_western": "the Soviet Union may not name Vichy France now: as for the Western Allies, "
    "only once American ground troops hold a port or beachhead in one of France, Morocco, "
    "Algeria and Tunisia (77); awaw.vichy.soviet_naming=like_western",
    "never": "the Soviet Union may not name Vichy France now: only the Axis and the Western "
    "Allies name Vichy France (awaw.vichy.soviet_naming=never)",
    "free": "",
}


@pytest.mark.parametrize("reading", SOVIET_REFUSED)
def test_77_a_file_naming_the_soviet_union_is_refused_as_the_reading_says(reading: str) -> None:
    """A quiet 1941 position with no American ground troops ashore: only the free reading lets
    the Soviet Union name Vichy France; the game refuses the file under the others."""
    named = make(named_by="soviet_union")
    chosen = {"awaw.vichy.soviet_naming": reading}
    if not SOVIET_REFUSED[reading]:
        assert Game(named, assumptions=chosen).prompt.default_answer() == "soviet_union"
        return
    with pytest.raises(ScenarioError) as caught:
        Game(named, assumptions=chosen)
    assert (caught.value.field, caught.value.reason) == ("named_by", SOVIET_REFUSED[reading])


@pytest.mark.parametrize("reading", SOVIET_REFUSED)
def test_77_facts_naming_the_soviet_union_are_refused_as_the_file_is(reading: str) -> None:
    """The facts of the first roll after the fall are checked under the game's readings
    like a scenario file (the dashboard's hand-over takes the same link)."""
    game = Game(
        scenario.load("historical-summer-1940"),
        seed=3,
        assumptions={"awaw.vichy.soviet_naming": reading},
    )
    while game.prompt is not None:
        game.answer(game.prompt.default_answer())
    facts = {"named_by": "soviet_union", "turn": {"season": "summer", "year": 1941}}
    if not SOVIET_REFUSED[reading]:
        game.next("awaw.vichy", facts)
        assert game.prompt is not None and game.prompt.default_answer() == "soviet_union"
        return
    with pytest.raises(ScenarioError) as caught:
        game.next("awaw.vichy", facts)
    assert str(caught.value) == f"facts: named_by: {SOVIET_REFUSED[reading]}"
    assert game.system.key == "awaw.58"


def test_77_a_deactivated_vichy_nobody_may_name_is_left_to_its_roll_to_note() -> None:
    """Under the reading that a deactivated Vichy is named no more, nobody may name it: the
    file is not refused, and the roll says nobody names it."""
    game = Game(make(alignment="deactivated", vichy_units=[]))
    assert game.complete and "Nobody may name Vichy France now" in game.log[-1].text


def test_the_allies_hold_the_vichy_hexes_after_a_deactivation_or_a_revival_the_reading_allows() -> (
    None
):
    """A Vichy France not deactivated with the Allies in its hexes can only be one named
    again after a deactivation: refused under the default reading, taken under the other."""
    allied = make(hex_control="allied")
    with pytest.raises(ScenarioError) as error:
        Game(allied)
    assert error.value.field == "hex_control" and "-1" in error.value.reason
    revived = Game(allied, assumptions={"awaw.vichy.named_after_deactivation": "yes"})
    assert revived.prompt is not None and revived.prompt.key == "named_by"
