"""5.5: a fleet that rolled 5 turns Vichy and goes to the nearest Vichy area, counted in
steps from its sea area and placed in the area's port; the Axis player picks between
equally near areas; with no Vichy area it stays and turns Free French."""

from __future__ import annotations

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Rolls
from armistice.core.waw.words import FleetFate
from tests.waw.maps import load, play, small

VICHY = {"fleet.toulon": 5}


def test_5_5_the_fleet_goes_to_the_port_of_the_nearest_vichy_area() -> None:
    game = play(small(), {**VICHY, "area.dakar": 1})
    fleet = game.state.fleets["toulon"]
    assert (fleet.fate, fleet.sent_to, fleet.at) == (FleetFate.VICHY, "dakar", "ocean")


def test_5_5_equally_near_areas_with_different_ports_are_the_axis_players_choice() -> None:
    game = Game(load(small()))
    game.answer(5)
    assert isinstance(game.prompt, Rolls)
    game.answer({"area.oran": 1, "area.bone": 2, "area.dakar": 3})
    prompt = game.prompt
    assert isinstance(prompt, Decision)
    assert (prompt.key, prompt.power) == ("move.toulon", "germany")
    assert [o.value for o in prompt.options] == ["oran", "bone"]
    game.answer("bone")
    assert game.state.fleets["toulon"].at == "strait"


def test_5_5_a_nearer_vichy_area_wins_without_a_choice() -> None:
    game = play(small(), {**VICHY, "area.bone": 1, "area.dakar": 1})
    assert game.state.fleets["toulon"].sent_to == "bone"
    assert not any(a.key.startswith("move.") for a in game.answers)


def test_5_5_with_no_vichy_area_the_fleet_stays_and_turns_free_french() -> None:
    game = play(small(), VICHY)
    fleet = game.state.fleets["toulon"]
    assert (fleet.fate, fleet.at, fleet.owner) == (FleetFate.FREE_FRENCH, "gulf", "france")


def test_5_5_moved_at_the_roll_there_is_no_vichy_area_yet() -> None:
    game = play(small(), {**VICHY, "area.oran": 1}, assumptions={"waw.vichy_fleet_move": "at_roll"})
    assert game.state.fleets["toulon"].fate is FleetFate.FREE_FRENCH
    assert game.state.areas["oran"].side == "vichy"
    moved = [e for e in game.log if e.assumption == "waw.vichy_fleet_move=at_roll"]
    assert len(moved) == 1


def test_5_5_the_move_waits_for_the_area_dice_by_default_and_the_log_says_so() -> None:
    game = Game(load(small()))
    game.answer(5)
    assert isinstance(game.prompt, Rolls)
    assert game.state.fleets["toulon"].sent_to == ""
    game.answer({"area.oran": 1, "area.bone": 6, "area.dakar": 6})
    assert game.state.fleets["toulon"].sent_to == "oran"
    moves = [e.text for e in game.log if e.assumption == "waw.vichy_fleet_move=after_areas"]
    assert moves == ["the fleets that rolled 5 move now, after the area dice"]
    steps = [e.text for e in game.log if e.assumption == "waw.fleet_path=by_sea"]
    assert steps == ["Toulon fleet goes to Oran, 1 step away, placed in Gulf"]


def test_5_5_each_die_is_asked_once_and_the_area_batch_once() -> None:
    game = Game(load(small({"a": "gulf", "b": "strait"})))
    keys = []
    while (prompt := game.prompt) is not None:
        keys.append(prompt.key)
        if isinstance(prompt, Rolls):
            game.answer({m.key: 1 for m in prompt.members})
        elif isinstance(prompt, Roll):
            game.answer(5)
        else:
            game.answer(prompt.default_answer())
    assert keys[:3] == ["fleet.b", "fleet.a", "areas"]
    assert len(keys) == len(set(keys))


def _toulon_with_vichy(areas: set[str], **readings: str) -> Game:
    """The bundled fall of France: the Atlantic fleet scuttled, the Mediterranean fleet
    rolls 5, and only ``areas`` roll Vichy."""
    game = Game(
        scenario.load("fall-of-france-1940"),
        assumptions={f"waw.{k}": v for k, v in readings.items()},
    )
    game.answer(2)
    game.answer(5)
    batch = game.prompt
    assert isinstance(batch, Rolls)
    game.answer({m.key: 1 if m.key.removeprefix("area.") in areas else 4 for m in batch.members})
    return game


def test_5_5_a_fleet_sails_by_sea_so_equally_far_coasts_are_the_axis_players_choice() -> None:
    """From the Western Mediterranean, French West Africa and Syria are each 3 sea steps
    away (2 through Algeria by land): the Axis player picks."""
    game = _toulon_with_vichy({"french_west_africa", "syria"})
    prompt = game.prompt
    assert isinstance(prompt, Decision)
    assert (prompt.key, prompt.power) == ("move.mediterranean", "germany")
    assert [o.value for o in prompt.options] == ["french_west_africa", "syria"]
    assert "3 steps away" in prompt.label


def test_5_5_counted_through_any_area_the_fleet_crosses_algeria() -> None:
    game = _toulon_with_vichy({"french_west_africa", "syria"}, fleet_path="any_area")
    assert game.complete
    assert game.state.fleets["mediterranean"].sent_to == "french_west_africa"
    line = next(e for e in game.log if e.assumption == "waw.fleet_path=any_area")
    assert line.text.startswith("Mediterranean fleet goes to French West Africa, 2 steps away")


def test_5_5_equally_near_areas_sharing_a_port_are_still_the_axis_players_choice() -> None:
    """Which area a fleet was sent to matters later (Indo-China's political case), so a
    tie is asked even when both areas would place the fleet in the same sea area."""
    raw = small()
    raw["areas"]["bone"]["port"] = "gulf"
    game = Game(load(raw))
    game.answer(5)
    game.answer({"area.oran": 1, "area.bone": 2, "area.dakar": 3})
    prompt = game.prompt
    assert isinstance(prompt, Decision) and prompt.key == "move.toulon"
