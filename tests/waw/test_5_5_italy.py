"""5.5 on the Italy map (italy-conquers-1941): Italy conquered France, yet a fleet that rolls
1 joins Germany and the control markers are German (the rule names Germany for both); Italy
collects what France can pay; Algeria, already Italian, is not rolled and stays Italy's."""

from __future__ import annotations

from armistice.core.waw.words import AreaSide, FleetFate
from tests.waw.maps import bundled, play

ITALY = "italy-conquers-1941"
ALL_VICHY = {
    "fleet.atlantic": 1,
    "fleet.mediterranean": 1,
    **{f"area.{k}": 1 for k in bundled(ITALY)["areas"]},
}


def test_5_5_a_fleet_rolling_1_joins_germany_though_italy_conquered_france() -> None:
    game = play(bundled(ITALY), ALL_VICHY)
    fleets = game.state.fleets
    assert game.scenario.conqueror == "italy"
    assert (fleets["atlantic"].fate, fleets["atlantic"].owner) == (FleetFate.GERMAN, "germany")
    assert fleets["mediterranean"].owner == "germany"
    assert fleets["mediterranean"].ships == (
        "battleship",
        "battleship",
        "cruiser",
        "destroyer",
        "submarine",
    )
    assert fleets["far_east"].die is None
    assert fleets["far_east"].fate is FleetFate.FREE_FRENCH


def test_5_5_italy_is_paid_the_1_ipc_france_holds_and_france_loses_6_of_income() -> None:
    game = play(bundled(ITALY), {"fleet.atlantic": 3, "fleet.mediterranean": 3})
    assert game.state.paid == 1
    assert game.state.bank == {"france": 0, "italy": 3}
    assert game.state.ipc["france"] == 18 - 6
    assert game.state.ipc["italy"] == 10


def test_5_5_vichy_areas_take_german_markers_under_an_italian_conquest() -> None:
    game = play(bundled(ITALY), ALL_VICHY)
    areas = game.state.areas
    markers = {k: a.marker for k, a in areas.items() if a.side is AreaSide.VICHY}
    assert markers == {
        "morocco": "germany",
        "french_west_africa": "germany",
        "french_equatorial_africa": "germany",
        "madagascar": "germany",
        "syria": "germany",
        "french_indo_china": "germany",
        "mauritius_islands": "germany",
        "fiji_islands": "japan",
        "society_islands": "japan",
    }
    assert (areas["algeria"].side, areas["algeria"].die, areas["algeria"].income_to) == (
        AreaSide.AXIS,
        None,
        "italy",
    )
    # 18 - 6, then Morocco 1, FWA 1, FEA 1, Madagascar 1, Syria 1, Indo-China 2,
    # Mauritius 1 to Germany and Fiji 1, Society 1 to Japan.
    assert game.state.ipc == {
        "france": 2,
        "germany": 48,
        "italy": 10,
        "japan": 32,
        "britain": 30,
        "united_states": 40,
    }
