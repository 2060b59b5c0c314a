"""Properties over random dice and sea-zone contents: every French ship ends in exactly one
fate, a die decides a ship only where an Axis player rolls, every territory French when an
occupation is declared ends captured or Free French; and a save replays to the same game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from armistice.core.aa50.words import SHIP_FATES, Fate
from armistice.core.game import Game
from armistice.core.prompts import Decision, Rolls
from armistice.core.sides import Alignment
from tests.aa50.board import game
from tests.aa50.test_2_invasion import captured, invaded
from tests.aa50.test_3_occupation import occupied

faces = st.integers(1, 6)


def finish(g: Game, data: st.DataObject) -> list[tuple[str, str, dict[str, int]]]:
    """Answer the prompts up to the next action at random: the zone contents and the
    holders drawn from their options, each die a random face. Returns each zone's answer
    and the dice rolled there."""
    zones: list[tuple[str, str, dict[str, int]]] = []
    while not (isinstance(g.prompt, Decision) and g.prompt.clock is not None):
        prompt = g.prompt
        if isinstance(prompt, Rolls):
            dice = {m.key: data.draw(faces) for m in prompt.members}
            g.answer(dice)
            zones[-1] = (*zones[-1][:2], dice)
            continue
        assert isinstance(prompt, Decision)
        value = data.draw(st.sampled_from([o.value for o in prompt.options if o.enabled]))
        if ".zone." in prompt.key:
            zones.append((prompt.key.rsplit(".", 1)[1], value, {}))
        g.answer(value)
    return zones


def check_ships(g: Game, zones: list[tuple[str, str, dict[str, int]]]) -> None:
    for key, ship in g.state.ships.items():
        assert ship.fate in SHIP_FATES
        assert (ship.fate is Fate.CAPTURED) == bool(ship.by), key
    for _, answer, dice in zones:
        for member, face in dice.items():
            ship = g.state.ships[member.rsplit(".", 1)[1]]
            assert ship.die == face
            assert ship.fate is (Fate.CAPTURED if face == 1 else Fate.SCUTTLED)
            assert ship.by == (answer.partition(":")[2] if face == 1 else "")
        if answer.startswith("warship:"):
            assert dice


@settings(max_examples=40, deadline=None)
@given(data=st.data(), minor=st.sampled_from(["as_empty", "dice", "stay"]))
def test_2_every_ship_of_a_captured_territory_ends_in_one_fate(
    data: st.DataObject, minor: str
) -> None:
    g = captured(invaded("southern_france", g=game(minor_zone=minor)), "southern_france")
    zones = finish(g, data)
    check_ships(g, zones)
    for key in ("strasbourg", "dunkerque"):
        ship = g.state.ships[key]
        if zones[0][1] == "empty":
            assert (ship.fate, ship.by, ship.die) == (Fate.CAPTURED, "united_kingdom", None)
    assert g.state.ships["provence"].fate is Fate.FRENCH


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_3_every_territory_french_at_the_declaration_ends_captured_or_free_french(
    data: st.DataObject,
) -> None:
    g = occupied()
    declared = [k for k, a in game().state.territories.items() if a.status is Fate.FRENCH]
    zones = finish(g, data)
    check_ships(g, zones)
    for key in declared:
        area = g.state.territories[key]
        if area.status is Fate.CAPTURED:
            assert g.scenario.side(area.controller) is Alignment.AXIS
        else:
            assert (area.status, area.controller) == (Fate.FREE_FRENCH, "united_kingdom")
        assert not any(u.startswith("france:") for u in area.units)
    assert all(sh.fate is not Fate.FRENCH for sh in g.state.ships.values())


@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_a_save_replays_to_the_same_game(data: st.DataObject) -> None:
    g = occupied()
    finish(g, data)
    loaded = Game.load(g.save(), "save.json")
    assert (loaded.state, loaded.log, loaded.prompt) == (g.state, g.log, g.prompt)
