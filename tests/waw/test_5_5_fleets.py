"""5.5: every French fleet at sea in the Atlantic or the Mediterranean rolls one die, once;
1 joins Germany, 2-4 scuttled, 5 Vichy, 6 Free French under British control, after which
the British player rolls for the Mediterranean fleet."""

from __future__ import annotations

import pytest

from armistice.core.game import Game
from armistice.core.prompts import Roll
from armistice.core.waw.words import FleetFate
from tests.waw.maps import load, play, small

TWO = {"brest": "strait", "toulon": "gulf"}


@pytest.mark.parametrize(
    ("die", "fate", "owner"),
    [
        (1, FleetFate.GERMAN, "germany"),
        (2, FleetFate.SCUTTLED, ""),
        (3, FleetFate.SCUTTLED, ""),
        (4, FleetFate.SCUTTLED, ""),
        (5, FleetFate.VICHY, "vichy"),
        (6, FleetFate.FREE_FRENCH, "britain"),
    ],
)
def test_5_5_each_face_of_the_fleet_die(die: int, fate: FleetFate, owner: str) -> None:
    raw = small()
    raw["fleets"]["toulon"]["ships"] = ["battleship", "cruiser", "submarine"]
    game = play(raw, {"fleet.toulon": die, "area.oran": 1})
    fleet = game.state.fleets["toulon"]
    assert (fleet.fate, fleet.owner, fleet.die, fleet.rolled) == (fate, owner, die, "france")
    kept = () if fate is FleetFate.SCUTTLED else ("battleship", "cruiser", "submarine")
    assert fleet.ships == kept


def test_5_5_a_1_joins_germany_even_when_italy_conquered_france() -> None:
    game = play({**small(), "conqueror": "italy"}, {"fleet.toulon": 1})
    assert game.state.fleets["toulon"].owner == "germany"


def rollers(
    raw: dict[str, object], dice: dict[str, int], reading: str = "atlantic_first"
) -> list[tuple[str, str]]:
    game = Game(load(raw), assumptions={"waw.fleet_order": reading})
    asked = []
    while isinstance(prompt := game.prompt, Roll):
        asked.append((prompt.key, prompt.power))
        game.answer(dice[prompt.key])
    return asked


def test_5_5_after_a_6_the_british_player_rolls_for_the_mediterranean_fleet() -> None:
    raw = small(TWO)
    assert rollers(raw, {"fleet.brest": 6, "fleet.toulon": 3}) == [
        ("fleet.brest", "france"),
        ("fleet.toulon", "britain"),
    ]
    assert rollers(raw, {"fleet.brest": 5, "fleet.toulon": 3}) == [
        ("fleet.brest", "france"),
        ("fleet.toulon", "france"),
    ]
    game = play(raw, {"fleet.brest": 6, "fleet.toulon": 2})
    assert game.state.fleets["toulon"].rolled == "britain"


def test_5_5_fleet_order_atlantic_first_or_as_the_map_lists() -> None:
    raw = small({"toulon": "gulf", "brest": "strait"})
    dice = {"fleet.brest": 6, "fleet.toulon": 6}
    assert rollers(raw, dice) == [("fleet.brest", "france"), ("fleet.toulon", "britain")]
    assert rollers(raw, dice, "map_order") == [
        ("fleet.toulon", "france"),
        ("fleet.brest", "france"),
    ]


def test_5_5_each_fleet_is_rolled_exactly_once() -> None:
    raw = small({"a": "gulf", "b": "strait", "c": "gulf", "d": "ocean"})
    dice = {f"fleet.{k}": 6 for k in "abcd"}
    asked = [key for key, _ in rollers(raw, dice)]
    assert sorted(asked) == ["fleet.a", "fleet.b", "fleet.c", "fleet.d"]


def test_5_5_a_fleet_outside_the_atlantic_and_mediterranean_follows_the_reading() -> None:
    raw = small({"toulon": "gulf", "saigon": "far"})
    game = play(raw, {"fleet.toulon": 3})
    saigon = game.state.fleets["saigon"]
    assert (saigon.fate, saigon.die, saigon.owner) == (FleetFate.FREE_FRENCH, None, "france")
    assert any(e.assumption == "waw.other_fleets=free_french" for e in game.log)
    rolled = play(
        raw, {"fleet.toulon": 3, "fleet.saigon": 1}, assumptions={"waw.other_fleets": "rolled"}
    )
    assert rolled.state.fleets["saigon"].fate is FleetFate.GERMAN
