"""§1, France as a neutral: French units never move, French ships never block, the Axis
crosses French territory only outside combat movement, and who the French fight now."""

from __future__ import annotations

import pytest

from armistice.core.aa50 import rules
from armistice.core.aa50.words import Phase
from armistice.core.errors import RuleRestriction
from armistice.core.turns import END_PHASE, STOP
from tests.aa50.board import answer, game, until


def test_1_a_french_unit_may_not_move_before_liberation() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    answer(g, "move")
    with pytest.raises(RuleRestriction, match=r"neutral French units never move \(§1\)"):
        answer(g, "southern_france")
    s, t = g.scenario, g.state
    ok, why = rules.may_move(s, t, "france:infantry", "southern_france", "france", False)
    assert (ok, why) == (False, "neutral French units never move (§1)")


def test_1_the_axis_may_not_enter_french_territory_in_combat_movement() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    answer(g, "move", "france", "germany:infantry")
    options = {o.value: o for o in g.prompt.options}  # type: ignore[union-attr]
    assert not options["southern_france"].enabled
    assert options["southern_france"].reason == (
        "the Axis may not enter French territory in combat movement (§1)"
    )
    with pytest.raises(RuleRestriction, match="may not enter French territory"):
        answer(g, "southern_france")


def test_1_axis_aircraft_may_fly_over_french_territory_but_not_stop_in_combat() -> None:
    g = until(game(), "italy", Phase.COMBAT_MOVE)
    answer(g, "move", "italy", "italy:fighter")
    options = {o.value: o for o in g.prompt.options}  # type: ignore[union-attr]
    stop = options["southern_france"]
    assert (stop.enabled, stop.reason) == (
        False,
        "in combat movement Axis aircraft may fly over French territory, not stop there (§1)",
    )
    over = options["over.southern_france.france"]
    assert (over.enabled, over.label) == (True, "over Southern France to France")
    answer(g, "over.southern_france.france")
    assert g.state.territories["southern_france"].units.count("italy:fighter") == 0
    assert g.state.territories["france"].units[-1] == "italy:fighter"
    assert g.state.moves[-1] == (
        "Italian fighter: Italy to France: in combat movement Axis aircraft may fly over "
        "French territory (§1); over Southern France: no French rule stands in the way"
    )


def test_1_axis_land_units_have_no_flight_over_french_territory() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    answer(g, "move", "france", "germany:infantry")
    assert not [o for o in g.prompt.options if o.value.startswith("over.")]  # type: ignore[union-attr]


def test_1_the_axis_may_enter_french_territory_in_non_combat_movement() -> None:
    g = until(game(), "germany", Phase.NONCOMBAT_MOVE)
    answer(g, "move", "france", "germany:infantry", "southern_france")
    area = g.state.territories["southern_france"]
    assert area.units.count("germany:infantry") == 1
    assert area.status.value == "french"
    assert "non-combat movement (§1)" in g.state.moves[-1]


def test_1_an_allied_unit_may_not_enter_french_territory_outside_an_invasion() -> None:
    g = until(game(), "united_kingdom", Phase.NONCOMBAT_MOVE)
    ok, why = rules.may_move(
        g.scenario, g.state, "united_kingdom:fighter", "united_kingdom", "sz7", False
    )
    assert (ok, why) == (True, "no French rule stands in the way")
    t = g.state
    ok, why = rules.may_move(
        g.scenario, t, "united_kingdom:infantry", "kwangtung", "french_indo_china", False
    )
    assert (ok, why) == (
        False,
        "French territory is neutral: an Allied unit enters it only to invade it (§2)",
    )


def test_1_french_ships_never_block_a_sea_zone() -> None:
    # Zone 22 holds the Richelieu alone: a British battleship sails through it to zone 23.
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "move", "sz12", "united_kingdom:battleship", "sz22")
    assert g.state.moves[-1].endswith("French ships are in port and never block a sea zone (§1)")
    answer(g, "move", "sz22", "united_kingdom:battleship", "sz23")
    assert (g.state.zones["sz22"], g.state.zones["sz23"]) == ((), ("united_kingdom:battleship",))
    # Nor do they count as an Axis presence where the zone's contents are asked.
    assert rules.zone_answer(g.scenario, g.state, "sz22", False) == "empty"
    assert g.state.ships["richelieu"].fate.value == "french"


def test_1_only_the_power_whose_turn_it_is_moves() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    ok, why = rules.may_move(g.scenario, g.state, "italy:infantry", "italy", "germany", False)
    assert (ok, why) == (False, "only Germany's units move in its turn (§1)")


def test_1_the_french_fight_nobody_until_an_invasion_and_again_nobody_after_it() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    assert rules.hostile_to(g.scenario, g.state) == ()
    answer(g, "invade", {"french_indo_china": 1})
    assert rules.hostile_to(g.scenario, g.state) == ("united_kingdom",)
    until(g, "united_kingdom", Phase.NONCOMBAT_MOVE)
    assert rules.hostile_to(g.scenario, g.state) == ("united_kingdom",)
    answer(g, END_PHASE)
    assert rules.hostile_to(g.scenario, g.state) == ()
    assert g.log[-1].text == "France is fully neutral again toward the United Kingdom"


def test_1_the_turn_goes_round_the_order_phase_by_phase() -> None:
    g = game()
    seen = []
    for _ in range(5 * 6 + 1):
        seen.append((g.state.round, g.state.power, g.state.phase))
        answer(g, END_PHASE)
    assert seen[:5] == [(1, "germany", p) for p in Phase]
    assert seen[5] == (1, "soviet_union", Phase.START)
    assert seen[30] == (2, "germany", Phase.START)


def test_1_an_action_outside_its_phase_is_refused_with_its_rule() -> None:
    g = game()
    with pytest.raises(RuleRestriction, match=r"only in the combat move phase \(§2\)"):
        answer(g, "invade")
    with pytest.raises(RuleRestriction, match=r"only in the conduct combat phase \(§2\)"):
        answer(g, "battle")


def test_a_stop_takes_no_action_number_so_the_open_actions_name_the_menu_that_goes_on() -> None:
    g = answer(until(game(), "germany", Phase.COMBAT_MOVE), STOP)
    assert g.complete
    opened = {s.key: s for s in g.summary.sections}["open"]
    assert [row.value for row in opened.rows] == [
        "action.2=occupy",
        "action.2=move",
        "action.2=end_phase",
    ]
    g.undo()
    assert g.prompt is not None and g.prompt.key == "action.2"
