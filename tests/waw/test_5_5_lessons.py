"""What other implementations got wrong, each held here: sides come from the scenario,
every unit converts with its area, each change happens in one step."""

from __future__ import annotations

from armistice.core.game import Game
from armistice.core.prompts import Roll, Rolls
from armistice.core.waw.words import AreaSide
from tests.waw.maps import bundled, load, play

SCUTTLE = {"fleet.atlantic": 3, "fleet.mediterranean": 3}


def test_sides_come_from_the_scenario_an_extra_allied_power_holding_a_french_area() -> None:
    raw = bundled("italy-conquers-1941")
    raw["areas"]["syria"]["control"] = "canada"
    raw["income"]["canada"] = 5
    game = play(raw, {**SCUTTLE, "fleet.far_east": 3, "area.syria": 1})
    syria = game.state.areas["syria"]
    assert (syria.side, syria.income_to) == (AreaSide.VICHY, "germany")
    assert game.state.ipc["canada"] == 4


def test_a_french_area_an_allied_power_holds_is_kept_by_the_other_reading() -> None:
    raw = bundled("italy-conquers-1941")
    raw["areas"]["syria"]["control"] = "canada"
    raw["income"]["canada"] = 5
    game = play(
        raw,
        {**SCUTTLE, "fleet.far_east": 3, "area.syria": 1},
        assumptions={"waw.allied_held_areas": "kept"},
    )
    syria = game.state.areas["syria"]
    assert (syria.side, syria.income_to, syria.die) == (AreaSide.ALLIED, "canada", None)
    assert game.state.ipc["canada"] == 5


def test_sides_come_from_the_scenario_an_area_held_by_an_extra_axis_power_is_not_rolled() -> None:
    raw = bundled()
    raw["powers"]["hungary"] = {"label": "Hungary", "alignment": "axis"}
    raw["areas"]["syria"]["control"] = "hungary"
    game = play(raw, SCUTTLE)
    assert (game.state.areas["syria"].side, game.state.areas["syria"].die) == (AreaSide.AXIS, None)


def test_sides_come_from_the_scenario_a_power_the_scenario_makes_allied_is_rolled_for() -> None:
    raw = bundled("italy-conquers-1941")
    raw["powers"]["italy"]["alignment"] = "allied"
    raw["conqueror"] = "germany"
    raw["income"]["italy"] = 10
    game = play(raw, {**SCUTTLE, "fleet.far_east": 3, "area.algeria": 2})
    assert game.state.areas["algeria"].side is AreaSide.VICHY


def test_every_area_and_its_units_change_in_the_one_step_after_the_dice() -> None:
    game = Game(load(bundled()))
    while isinstance(game.prompt, Roll):
        game.answer(3)
    assert isinstance(game.prompt, Rolls)
    before = game.state
    assert all(a.die is None for a in before.areas.values())
    game.answer({m.key: 1 for m in game.prompt.members})
    after = game.state
    assert all(a.side is AreaSide.VICHY and a.marker for a in after.areas.values())
    assert all("france" not in a.units for a in after.areas.values())
    assert all(a.income_to == a.marker for a in after.areas.values())


def test_sides_come_from_the_scenario_the_allied_player_answers_for_an_added_allied_power() -> None:
    """Canada, added by the scenario, is an Allied power the Allied player answers for;
    Italy made Allied by the scenario is played by the Allied player too."""
    raw = bundled("vichy-territories-1940")
    raw["powers"]["canada"] = {"label": "Canada", "alignment": "allied"}
    raw["powers"]["italy"]["alignment"] = "allied"
    game = Game(load(raw))
    for value in ("attack", "canada", "area:syria"):
        game.answer(value)
    assert game.prompt is not None and game.prompt.power == "canada"
    assert game.player(game.prompt).key == "allies"
    assert game.sides.player_of("italy").key == "allies"
    assert [p.key for p in game.sides.players] == ["axis", "allies"]
    assert game.sides.player_of("japan").key == "axis"
