"""What other implementations got wrong, each held here: sides come from the scenario,
France is no Allied presence before liberation, every unit converts with its territory,
each change happens in one step with each die rolled once, a liberated territory goes where
the rules say now, and the units of another side in a territory that changes side."""

from __future__ import annotations

from armistice.core.aa50 import rules
from armistice.core.aa50.state import Removal
from armistice.core.aa50.words import INVASION, OCCUPATION, Fate, Phase
from armistice.core.prompts import Decision, Rolls
from tests.aa50.board import LIBERATED, answer, game, raw, until
from tests.aa50.test_2_invasion import captured, invaded
from tests.aa50.test_3_occupation import occupied, settle


def test_an_extra_allied_power_from_the_scenario_invades_and_takes_ships() -> None:
    g = answer(game(LIBERATED, still_neutral="stay"), "liberate")
    until(g, "anzac", Phase.COMBAT_MOVE)
    answer(g, "invade", {"new_caledonia": 1}, "end_phase", "battle", "new_caledonia", "taken")
    area = g.state.territories["new_caledonia"]
    assert (area.status, area.controller) == (Fate.CAPTURED, "anzac")


def test_an_extra_allied_power_holding_paris_liberates_france() -> None:
    document = raw(LIBERATED)
    document["places"]["france"]["control"] = "anzac"
    g = answer(game(document), "liberate")
    assert g.state.territories["france"].controller == "france"


def test_an_extra_allied_powers_ships_make_a_zone_allied_not_axis() -> None:
    document = raw()
    document["powers"]["canada"] = {"label": "Canada", "alignment": "allied"}
    document["turn_order"].append("canada")
    document["places"]["sz12"]["units"] = ["canada:destroyer"]
    g = captured(invaded("morocco", g=game(document)), "morocco")
    assert g.prompt.default == "allied"  # type: ignore[union-attr]


def test_an_extra_axis_power_from_the_scenario_rolls_for_the_ships() -> None:
    document = raw()
    document["powers"]["hungary"] = {"label": "Hungary", "alignment": "axis"}
    document["turn_order"].append("hungary")
    document["places"]["sz12"]["units"] = ["hungary:cruiser"]
    g = captured(invaded("morocco", g=game(document)), "morocco")
    assert g.prompt.default == "warship:hungary"  # type: ignore[union-attr]
    answer(g, "warship:hungary")
    assert isinstance(g.prompt, Rolls) and g.prompt.power == "hungary"
    assert g.player(g.prompt) is not None and g.player(g.prompt).key == "axis"  # type: ignore[union-attr]


def test_frances_units_are_no_allied_presence_before_liberation() -> None:
    document = raw(LIBERATED)
    document["places"]["france"]["control"] = "france"
    g = game(document)
    assert not rules.may_liberate(g.scenario, g.state)[0]
    assert "france" not in rules.powers_on(g.scenario, g.state, rules.Alignment.ALLIED)
    # A territory neutral France holds is no Allied holding: liberation marks Morocco, held
    # by the United States, and leaves Madagascar, held by neutral France, neutral.
    t = answer(game(LIBERATED, still_neutral="stay"), "liberate").state
    assert (t.territories["morocco"].status, t.territories["morocco"].marker) == (
        Fate.LIBERATED,
        True,
    )
    assert (t.territories["madagascar"].status, t.territories["madagascar"].marker) == (
        Fate.FRENCH,
        False,
    )


def test_free_france_converts_every_unit_whatever_its_kind_and_number() -> None:
    document = raw()
    document["kinds"]["marine"] = {"domain": "land"}
    units = ["france:infantry"] * 3 + [
        "france:artillery",
        "france:armour",
        "france:fighter",
        "france:marine",
    ]
    document["places"]["algeria"]["units"] = units
    g = settle(occupied(game(document)))
    after = g.state.territories["algeria"].units
    assert after == tuple(u.replace("france:", "united_kingdom:") for u in units)


def test_an_occupation_changes_every_territory_at_once_after_its_last_question() -> None:
    g = occupied()
    while g.prompt.key.split(".")[1] == "occupation":  # type: ignore[union-attr]
        assert rules.french(g.state) == rules.french(game().state)
        answer(g, g.prompt.default_answer())  # type: ignore[union-attr]
    assert rules.french(g.state) == ()


def test_each_ship_die_is_rolled_once_a_rolled_ship_is_never_rolled_again() -> None:
    g = captured(invaded("southern_france"), "southern_france")
    answer(g, "warship:italy")
    answer(g, {m.key: 5 for m in g.prompt.members})  # type: ignore[union-attr]
    rolled = {k for k, sh in g.state.ships.items() if sh.die is not None}
    assert rolled == {"strasbourg", "dunkerque"}
    until(g, "germany", Phase.COMBAT_MOVE)
    answer(g, "occupy", "end_phase", "end_phase")
    asked = []
    while not (isinstance(g.prompt, Decision) and g.prompt.clock is not None):
        prompt = g.prompt
        if isinstance(prompt, Rolls):
            asked += [m.key.rsplit(".", 1)[1] for m in prompt.members]
            answer(g, {m.key: 2 for m in prompt.members})
        else:
            answer(g, prompt.default_answer())  # type: ignore[union-attr]
    assert not rolled & set(asked)
    assert {k: sh.die for k, sh in g.state.ships.items() if k in rolled} == {
        "strasbourg": 5,
        "dunkerque": 5,
    }


def test_a_liberated_territory_goes_to_france_not_to_the_power_that_took_it() -> None:
    g = answer(game(LIBERATED), "liberate")
    assert g.state.territories["algeria"].controller == "france"  # the United States took it
    until(g, "united_states", Phase.COMBAT)
    answer(g, "battle", "tunisia", "taken")
    tunisia = g.state.territories["tunisia"]
    assert (tunisia.status, tunisia.controller, tunisia.marker) == (Fate.LIBERATED, "france", True)
    assert tunisia.units == ()  # the German infantry lost the battle


def test_axis_units_in_a_french_territory_the_allies_capture_are_removed() -> None:
    g = until(game(), "germany", Phase.NONCOMBAT_MOVE)
    answer(g, "move", "france", "germany:infantry", "southern_france")
    captured(invaded("southern_france", g=g), "southern_france")
    assert Removal("southern_france", "germany:infantry", INVASION) in g.state.removed
    assert g.state.territories["southern_france"].units == ()


def test_allied_units_in_a_french_territory_the_axis_captures_are_removed() -> None:
    document = raw()
    document["places"]["tunisia"]["units"] = [
        "france:infantry",
        "united_kingdom:fighter",
        "germany:infantry",
    ]
    g = settle(occupied(game(document)), {"tunisia": "germany"})
    assert g.state.territories["tunisia"].units == ("germany:infantry",)
    assert Removal("tunisia", "united_kingdom:fighter", OCCUPATION) in g.state.removed
