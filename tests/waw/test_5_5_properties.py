"""5.5 over random maps and random dice: every fleet and area ends with one fate, Vichy
fleets stand in the port of a nearest Vichy area, IPCs are conserved, and a save replays to
the same state."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Rolls
from armistice.core.waw import board
from armistice.core.waw.words import AreaSide, FleetFate
from tests.waw.maps import load, random_map

READINGS = st.fixed_dictionaries(
    {
        "waw.short_bank": st.sampled_from(["all_it_has", "nothing"]),
        "waw.fleet_order": st.sampled_from(["atlantic_first", "map_order"]),
        "waw.other_fleets": st.sampled_from(["free_french", "rolled"]),
        "waw.vichy_fleet_move": st.sampled_from(["after_areas", "at_roll"]),
        "waw.japanese_markers": st.sampled_from(["vichy", "japanese"]),
    }
)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_5_5_random_maps_and_dice(data: st.DataObject) -> None:
    raw = random_map(data.draw)
    s = load(raw)
    readings = data.draw(READINGS)
    game = Game(s, assumptions=readings)
    while (prompt := game.prompt) is not None:
        if isinstance(prompt, Rolls):
            game.answer({m.key: data.draw(st.integers(1, 6)) for m in prompt.members})
        elif isinstance(prompt, Roll):
            game.answer(data.draw(st.integers(1, 6)))
        else:
            assert isinstance(prompt, Decision)
            game.answer(data.draw(st.sampled_from([o.value for o in prompt.options])))
    st_ = game.state
    final_fleets = {FleetFate.GERMAN, FleetFate.SCUTTLED, FleetFate.VICHY, FleetFate.FREE_FRENCH}
    assert set(st_.fleets) == set(s.fleets)
    assert all(f.fate in final_fleets for f in st_.fleets.values())
    assert set(st_.areas) == set(s.french_areas)
    assert all(
        a.side in (AreaSide.VICHY, AreaSide.FREE_FRENCH, AreaSide.AXIS) for a in st_.areas.values()
    )
    vichy = [k for k, a in st_.areas.items() if a.side is AreaSide.VICHY]
    for key, fleet in st_.fleets.items():
        if fleet.fate is FleetFate.VICHY:
            assert fleet.sent_to in vichy
            assert fleet.at == s.areas[fleet.sent_to].port
            far = board.distances(s, s.fleets[key].at)
            assert far[fleet.sent_to] == min(far[v] for v in vichy)
    rolled = [k for k, a in st_.areas.items() if a.die is not None and a.die <= 3]
    shifted = sum(s.areas[k].ipc for k in rolled)
    assert sum(st_.bank.values()) == sum(s.bank.values())
    assert sum(st_.ipc.values()) == sum(s.income.values()) - 6
    assert st_.ipc["france"] == s.income["france"] - 6 - shifted
    gained = sum(st_.ipc.get(p, 0) - s.income.get(p, 0) for p in ("germany", "japan"))
    assert gained == shifted
    loaded = Game.load(game.save(), "replay.json")
    assert loaded.state == game.state and loaded.log == game.log
