"""5.5: the British player rolls once for each French area the Axis does not hold (1-3 Vichy,
4-6 Free French); Vichy areas take control markers (German, Japanese on the Fiji and
Society Islands) and their IPCs move on the income chart to the marker's power."""

from __future__ import annotations

from typing import Any

import pytest

from armistice.core.game import Game
from armistice.core.prompts import Rolls
from armistice.core.waw.words import AreaSide
from tests.waw.maps import BUNDLED, bundled, load, play

SCUTTLE = {"fleet.atlantic": 3, "fleet.mediterranean": 3}


def area_batch(raw: dict[str, Any]) -> Rolls:
    game = Game(load(raw))
    while not isinstance(game.prompt, Rolls):
        game.answer(3)
    return game.prompt


def test_5_5_the_british_player_rolls_one_die_per_french_area_not_held_by_the_axis() -> None:
    prompt = area_batch(bundled("italy-conquers-1941"))
    assert prompt.power == "britain"
    assert [m.key for m in prompt.members] == [
        "area.morocco",
        "area.french_west_africa",
        "area.french_equatorial_africa",
        "area.madagascar",
        "area.syria",
        "area.french_indo_china",
        "area.mauritius_islands",
        "area.fiji_islands",
        "area.society_islands",
    ]
    assert all(m.power == "britain" for m in prompt.members)


@pytest.mark.parametrize(
    ("die", "side"), [(1, "vichy"), (3, "vichy"), (4, "free_french"), (6, "free_french")]
)
def test_5_5_area_die(die: int, side: str) -> None:
    game = play(bundled(), {**SCUTTLE, "area.syria": die})
    assert game.state.areas["syria"].side == side
    assert game.state.areas["syria"].die == die


def test_5_5_vichy_areas_take_german_markers_and_the_pacific_islands_japanese_ones() -> None:
    dice = {**SCUTTLE, "area.algeria": 1, "area.fiji_islands": 2, "area.society_islands": 3}
    game = play(bundled(), dice)
    areas = game.state.areas
    assert {k: (a.side, a.marker) for k, a in areas.items() if a.side == "vichy"} == {
        "algeria": (AreaSide.VICHY, "germany"),
        "fiji_islands": (AreaSide.VICHY, "japan"),
        "society_islands": (AreaSide.VICHY, "japan"),
    }
    # Algeria is worth 2 IPCs, the islands 1 each: France 20 - 6 - 4.
    assert game.state.ipc["france"] == 10
    assert game.state.ipc["germany"] == 42
    assert game.state.ipc["japan"] == 32


def test_5_5_japanese_reading_makes_the_islands_plain_japanese_territory() -> None:
    dice = {**SCUTTLE, "area.fiji_islands": 2}
    game = play(bundled(), dice, assumptions={"waw.japanese_markers": "japanese"})
    fiji = game.state.areas["fiji_islands"]
    assert (fiji.side, fiji.marker, fiji.income_to) == (AreaSide.AXIS, "japan", "japan")
    assert game.state.ipc["japan"] == 31


def test_5_5_an_area_the_axis_holds_is_not_rolled_and_stays_axis() -> None:
    game = play(bundled("italy-conquers-1941"), {**SCUTTLE, "fleet.far_east": 1})
    algeria = game.state.areas["algeria"]
    assert (algeria.side, algeria.die, algeria.income_to) == (AreaSide.AXIS, None, "italy")
    assert game.state.areas["morocco"].side == "free_french"


def test_5_5_every_unit_of_an_area_that_turns_vichy_turns_with_it() -> None:
    raw = bundled()
    kinds = ("infantry",) * 3 + ("armor", "artillery", "artillery", "fighter", "transport")
    raw["areas"]["algeria"]["units"] = [f"france:{kind}" for kind in kinds]
    game = play(raw, {**SCUTTLE, "area.algeria": 1})
    assert game.state.areas["algeria"].units == {"vichy": kinds}


def test_5_5_foreign_units_in_an_area_that_turns_vichy_are_interned_or_stay() -> None:
    raw = bundled("italy-conquers-1941")
    dice = {**SCUTTLE, "area.french_west_africa": 2}
    interned = play(raw, dice)
    assert interned.state.areas["french_west_africa"].units == {"vichy": ("infantry",)}
    assert interned.state.interned == ("french_west_africa: britain infantry",)
    stay = play(raw, dice, assumptions={"waw.foreign_units": "stay"})
    assert stay.state.areas["french_west_africa"].units == {
        "vichy": ("infantry",),
        "britain": ("infantry",),
    }
    assert stay.state.interned == ()


def test_5_5_free_french_areas_keep_their_units_and_holder() -> None:
    game = play(bundled(), {**SCUTTLE, "area.algeria": 4})
    algeria = game.state.areas["algeria"]
    assert (algeria.income_to, algeria.marker) == ("france", "")
    assert algeria.units == {"france": ("infantry", "infantry", "fighter")}


def test_5_5_summary_lists_areas_fleets_and_income_chart() -> None:
    game = play(bundled(), {**SCUTTLE, "area.algeria": 1})
    summary = game.summary
    algeria = next(r for r in summary.section("areas").rows if r.label == "Algeria")
    assert (algeria.value, algeria.cells) == ("Vichy", ("1", "Germany", "2"))
    brest = summary.section("fleets").rows[0]
    assert (brest.value, brest.cells) == ("scuttled", ("3 France", "Bay of Biscay"))
    france = next(r for r in summary.section("income").rows if r.label == "France")
    assert (france.label, france.value, france.cells) == ("France", "12", ("2",))
    assert [r.value for r in summary.result][-1] == "2 IPCs"
    assert game.scenario.name == BUNDLED
