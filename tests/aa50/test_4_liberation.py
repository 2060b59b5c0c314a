"""§4, liberation: at the start of the British turn with Paris held by the Allies,
France's turn is added for good, French markers go on the initially French territories the
Allies hold now, and France is an Allied power from then on."""

from __future__ import annotations

import pytest

from armistice.core.aa50 import rules
from armistice.core.aa50.words import Fate, Phase
from armistice.core.errors import RuleRestriction
from armistice.core.sides import Alignment
from armistice.core.turns import END_PHASE
from tests.aa50.board import LIBERATED, answer, game, raw, until

ORDER = ("germany", "soviet_union", "japan", "united_kingdom", "italy", "united_states", "anzac")


def test_4_france_joins_the_turn_order_right_after_the_united_kingdom() -> None:
    g = answer(game(LIBERATED), "liberate")
    t = g.state
    assert t.france_active and t.liberated == 4
    assert t.turn_order == (*ORDER[:4], "france", *ORDER[4:])
    assert rules.side(g.scenario, t, "france") is Alignment.ALLIED


def test_4_the_end_of_round_reading_puts_france_last() -> None:
    g = answer(game(LIBERATED, france_place="end_of_round"), "liberate")
    assert g.state.turn_order == (*ORDER, "france")


def test_4_french_markers_go_where_the_allies_hold_now_not_where_the_axis_does() -> None:
    t = answer(game(LIBERATED), "liberate").state
    for key in ("france", "morocco", "algeria", "french_west_africa"):
        area = t.territories[key]
        assert (area.status, area.controller, area.marker) == (Fate.LIBERATED, "france", True), key
    for key in ("southern_france", "tunisia"):
        assert (t.territories[key].status, t.territories[key].controller) == (
            Fate.CAPTURED,
            "germany",
        )
    # The Allied units standing in a territory that takes a marker stay.
    assert t.territories["algeria"].units == ("united_states:infantry", "united_states:armour")


def test_4_territories_still_neutral_join_france_or_stay_neutral_by_reading() -> None:
    t = answer(game(LIBERATED), "liberate").state
    assert t.territories["madagascar"].status is Fate.LIBERATED
    assert t.ships["lamotte_picquet"].allied and t.ships["bearn"].allied
    t = answer(game(LIBERATED, still_neutral="stay"), "liberate").state
    assert t.territories["madagascar"].status is Fate.FRENCH
    s = game(LIBERATED).scenario
    # Those France held, neutral, when Paris fell to the Allies: seven, in map order.
    assert rules.french(t) == tuple(k for k in s.land if s.places[k].control == "france")
    assert len(rules.french(t)) == 7
    # The ships based at the territories left neutral stay neutral with them.
    assert not t.ships["bearn"].allied and not t.ships["lamotte_picquet"].allied
    assert t.zones["sz19"] == ("united_states:destroyer",)


def test_4_martinique_off_the_rules_list_is_marked_by_reading() -> None:
    document = raw(LIBERATED)
    document["places"]["martinique"]["control"] = "united_states"
    document["places"]["martinique"]["original"] = True
    t = answer(game(document), "liberate").state
    assert t.territories["martinique"].controller == "france"
    t = answer(game(document, unlisted_markers="no_marker"), "liberate").state
    assert (t.territories["martinique"].status, t.territories["martinique"].controller) == (
        Fate.CAPTURED,
        "united_states",
    )


def test_4_the_british_turn_may_not_start_without_adding_the_french_turn_when_due() -> None:
    g = game(LIBERATED)
    with pytest.raises(RuleRestriction, match=r"France's turn is added first \(§4\)"):
        answer(g, END_PHASE)


def test_4_liberation_is_refused_outside_the_start_of_the_british_turn() -> None:
    g = game()
    with pytest.raises(
        RuleRestriction, match=r"only at the start of the United Kingdom's turn \(§4\)"
    ):
        answer(g, "liberate")
    g = until(game(LIBERATED), "united_kingdom", Phase.START)
    answer(g, "liberate")
    with pytest.raises(RuleRestriction, match=r"France already has its turn \(§4\)"):
        answer(g, "liberate")


def test_4_france_plays_its_own_turn_after_the_united_kingdom_and_once_a_round() -> None:
    g = answer(game(LIBERATED), "liberate")
    powers = []
    for _ in range(5 * 8 + 6):
        if not powers or powers[-1] != g.state.power:
            powers.append(g.state.power)
        answer(g, END_PHASE)
    assert powers[:3] == ["united_kingdom", "france", "italy"]
    assert powers.count("france") == 2
    assert g.state.turn_order.count("france") == 1


def test_4_liberated_french_units_move_in_frances_turn() -> None:
    g = until(answer(game(LIBERATED), "liberate"), "france", Phase.COMBAT_MOVE)
    ok, _ = rules.may_move(
        g.scenario, g.state, "france:infantry", "french_indo_china", "kwangtung", False
    )
    assert ok


def test_4_paris_held_by_a_neutral_france_does_not_liberate_it() -> None:
    document = raw(LIBERATED)
    document["places"]["france"]["control"] = "france"
    g = game(document)
    ok, why = rules.may_liberate(g.scenario, g.state)
    assert (ok, why) == (False, "Paris is held by France, not by the Allies (§4)")


def test_4_liberated_frances_income_is_a_named_reading() -> None:
    t = answer(game(LIBERATED), "liberate").state
    assert t.income_to == "france"
    assert (
        rules.france_income(game(LIBERATED).scenario, t)
        == 6 + 1 + 1 + 1 + 1 + 1 + 2 + 1 + 1 + 1 + 1
    )
    assert (
        answer(game(LIBERATED, france_income="britain"), "liberate").state.income_to
        == "united_kingdom"
    )


def test_4_units_of_a_territory_left_neutral_never_move_and_lose_its_battle() -> None:
    g = answer(game(LIBERATED, still_neutral="stay"), "liberate", "end_phase")
    ok, why = rules.may_move(
        g.scenario, g.state, "france:infantry", "french_indo_china", "kwangtung", False
    )
    assert (ok, why) == (False, "neutral French units never move (§1)")
    answer(g, "invade", {"french_indo_china": 1}, "end_phase", "battle", "french_indo_china")
    answer(g, "taken", "no", "warship:japan", {f"{g.state.actions}.ship.lamotte_picquet": 1})
    area = g.state.territories["french_indo_china"]
    assert (area.status, area.controller, area.units) == (Fate.CAPTURED, "united_kingdom", ())
    ship = g.state.ships["lamotte_picquet"]
    assert (ship.fate, ship.by, ship.allied) == (Fate.CAPTURED, "japan", False)


def test_4_liberated_frances_ships_are_france_units_in_their_zones_and_move() -> None:
    g = answer(game(LIBERATED), "liberate")
    assert g.state.zones["sz19"] == ("united_states:destroyer", "france:carrier")  # the Béarn
    assert g.state.zones["sz36"][-1] == "france:cruiser"  # the Lamotte-Picquet
    until(g, "france", Phase.COMBAT_MOVE)
    answer(g, "move", "sz19", "france:carrier", "sz18")
    assert g.state.zones["sz19"] == ("united_states:destroyer",)
    assert g.state.zones["sz18"] == ("france:carrier",)


def test_4_while_the_axis_holds_paris_again_the_liberator_keeps_what_it_takes() -> None:
    g = until(answer(game(LIBERATED), "liberate"), "italy", Phase.COMBAT)
    answer(g, "battle", "france", "taken")
    s, t = g.scenario, g.state
    assert (t.territories["france"].controller, rules.france_income(s, t)) == ("italy", 0)
    g = until(g, "united_states", Phase.COMBAT)
    answer(g, "battle", "tunisia", "taken")
    tunisia = g.state.territories["tunisia"]
    assert (tunisia.status, tunisia.controller, tunisia.marker) == (
        Fate.CAPTURED,
        "united_states",
        False,
    )
    # Paris retaken goes back to France, and with it Tunisia from the United States; from
    # then on France collects its IPCs again and a French territory the Allies take is
    # France's.
    answer(g, "battle", "france", "taken")
    assert g.state.territories["france"].controller == "france"
    assert g.state.territories["tunisia"].controller == "france"
    assert rules.france_income(s, g.state) == 6 + 1 + 1 + 1 + 1 + 1 + 1 + 2 + 1 + 1 + 1 + 1
    answer(g, "battle", "southern_france", "taken")
    assert g.state.territories["southern_france"].controller == "france"


@pytest.mark.parametrize("unlisted", ["marker", "no_marker"])
def test_4_still_neutral_territories_join_france_listed_or_not(unlisted: str) -> None:
    t = answer(game(LIBERATED, unlisted_markers=unlisted, still_neutral="join"), "liberate").state
    martinique = t.territories["martinique"]
    assert (martinique.status, martinique.controller) == (Fate.LIBERATED, "france")
    assert t.ships["bearn"].allied and "france:carrier" in t.zones["sz19"]
    assert rules.french(t) == ()


def test_4_liberated_france_does_not_invade_its_own_neutral_territories() -> None:
    g = until(
        answer(game(LIBERATED, still_neutral="stay"), "liberate"), "france", Phase.COMBAT_MOVE
    )
    with pytest.raises(
        RuleRestriction, match=r"France does not invade its own territories.*\(§4\)"
    ):
        answer(g, "invade")


def test_4_an_occupation_after_liberation_sends_the_rest_to_france_not_free_france() -> None:
    from tests.aa50.test_3_occupation import settle

    g = answer(game(LIBERATED, still_neutral="stay"), "liberate")
    until(g, "italy", Phase.COMBAT_MOVE)
    answer(g, "occupy", "end_phase", "end_phase")
    settle(g)
    madagascar = g.state.territories["madagascar"]
    assert (madagascar.status, madagascar.controller, madagascar.marker) == (
        Fate.LIBERATED,
        "france",
        True,
    )
    assert madagascar.units == ("france:infantry",)
    # The Béarn, in a zone with an American destroyer only, becomes France's own.
    bearn = g.state.ships["bearn"]
    assert (bearn.fate, bearn.allied) == (Fate.FRENCH, True)
    assert "france:carrier" in g.state.zones["sz19"]
