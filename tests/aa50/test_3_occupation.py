"""§3, occupation by an Axis power: declared at the start of its combat move, the
occupier may enter any French territory, and after combat every territory French when it
was declared is captured or Free French, every French ship meets its fate."""

from __future__ import annotations

import pytest

from armistice.core.aa50 import rules
from armistice.core.aa50.state import Removal
from armistice.core.aa50.words import OCCUPATION, Fate, Phase
from armistice.core.errors import RuleRestriction
from armistice.core.game import Game
from armistice.core.prompts import Rolls
from tests.aa50.board import answer, game, raw, until
from tests.aa50.test_2_invasion import submarine_only


def occupied(g: Game | None = None) -> Game:
    """Germany occupies Vichy France in round 1, moves an infantry into Southern France
    and ends its combat move and its combat phase: the settlement is asked."""
    g = until(g or game(), "germany", Phase.COMBAT_MOVE)
    answer(g, "occupy", "move", "france", "germany:infantry", "southern_france", "end_phase")
    answer(g, "end_phase")
    return g


def settle(
    g: Game,
    holders: dict[str, str] | None = None,
    zones: dict[str, str] | None = None,
    die: int = 4,
) -> Game:
    """Answer the settlement: ``holders`` per territory (else the default), ``zones`` per
    sea zone (else the default), every ship die ``die``."""
    while g.prompt is not None and g.prompt.key.split(".")[1] in ("occupation", "zone", "ships"):
        prompt = g.prompt
        place = prompt.key.split(".")[2]
        if isinstance(prompt, Rolls):
            answer(g, {m.key: die for m in prompt.members})
        elif prompt.key.split(".")[1] == "occupation":
            answer(g, (holders or {}).get(place, prompt.default_answer()))
        else:
            answer(g, (zones or {}).get(place, prompt.default_answer()))
    return g


def test_3_an_allied_power_may_not_declare_an_occupation() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    with pytest.raises(RuleRestriction, match=r"only an Axis power occupies Vichy France.*\(§3\)"):
        answer(g, "occupy")


def test_3_the_occupier_may_enter_french_territory_in_its_combat_move() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    answer(g, "occupy")
    ok, why = rules.may_move(
        g.scenario, g.state, "germany:infantry", "france", "southern_france", False
    )
    assert (ok, why) == (
        True,
        "Germany occupies Vichy France: it may enter any French territory (§3)",
    )


def test_3_french_units_do_not_defend_against_an_occupation() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    answer(g, "occupy", "move", "france", "germany:infantry", "southern_france", "end_phase")
    answer(g, "battle")
    options = {o.value: o for o in g.prompt.options}  # type: ignore[union-attr]
    assert not options["southern_france"].enabled
    assert options["southern_france"].reason.startswith(
        "French units do not defend against an occupation"
    )
    answer(g, "gibraltar", "held")
    # No battle is fought: the German infantry stands unharmed and takes the territory
    # when the combat phase ends, the French units removed.
    answer(g, "end_phase")
    settle(g)
    area = g.state.territories["southern_france"]
    assert (area.status, area.controller, area.units) == (
        Fate.CAPTURED,
        "germany",
        ("germany:infantry",),
    )


def test_3_a_territory_with_an_axis_land_unit_is_captured_the_others_join_free_france() -> None:
    g = occupied()
    assert g.prompt.key.endswith("occupation.southern_france")  # type: ignore[union-attr]
    assert g.prompt.default == "germany"  # type: ignore[union-attr]
    settle(g)
    t = g.state
    south = t.territories["southern_france"]
    assert (south.status, south.controller, south.units) == (
        Fate.CAPTURED,
        "germany",
        ("germany:infantry",),
    )
    algeria = t.territories["algeria"]
    assert (algeria.status, algeria.controller) == (Fate.FREE_FRENCH, "united_kingdom")
    assert algeria.units == ("united_kingdom:infantry", "united_kingdom:infantry")
    assert t.occupation is None
    assert Removal("southern_france", "france:artillery", OCCUPATION) in t.removed


def test_3_every_remaining_french_ship_meets_its_fate_zone_by_zone() -> None:
    g = settle(occupied(), die=4)
    fates = {k: (sh.fate, sh.by) for k, sh in g.state.ships.items()}
    # Sea zone 13 holds an Italian cruiser: a die each, a 4 scuttles.
    assert fates["strasbourg"] == (Fate.SCUTTLED, "")
    assert submarine_only().scenario.places["sz13"].units == ("italy:submarine",)
    g = settle(occupied(submarine_only()), die=4)
    # With an Italian submarine only there, it is as an empty zone: to the United Kingdom.
    assert (g.state.ships["strasbourg"].fate, g.state.ships["strasbourg"].by) == (
        Fate.CAPTURED,
        "united_kingdom",
    )
    fates = {k: (sh.fate, sh.by) for k, sh in g.state.ships.items()}
    # Sea zone 14 holds an Italian battleship: a die each, a 4 scuttles.
    assert fates["le_fantasque"] == (Fate.SCUTTLED, "")
    # Sea zone 36 holds a Japanese carrier: Japan rolls.
    assert fates["lamotte_picquet"] == (Fate.SCUTTLED, "")
    # Sea zone 19 holds an American destroyer only: an Allied zone.
    assert fates["bearn"] == (Fate.CAPTURED, "united_kingdom")
    assert rules.neutral_ships(g.state) == ()


def test_3_a_ship_die_of_1_gives_the_ship_to_the_axis_power_rolling() -> None:
    g = settle(occupied(), die=1)
    assert (g.state.ships["lamotte_picquet"].fate, g.state.ships["lamotte_picquet"].by) == (
        Fate.CAPTURED,
        "japan",
    )
    assert (g.state.ships["le_fantasque"].fate, g.state.ships["le_fantasque"].by) == (
        Fate.CAPTURED,
        "italy",
    )


def test_3_another_axis_powers_land_unit_names_the_captor_under_unit_owner() -> None:
    document = raw()
    document["places"]["tunisia"]["units"].append("italy:infantry")
    g = settle(occupied(game(document)), {"tunisia": "italy"})
    assert g.state.territories["tunisia"].controller == "germany"
    g = settle(occupied(game(document, occupation_captor="unit_owner")), {"tunisia": "italy"})
    assert g.state.territories["tunisia"].controller == "italy"


@pytest.mark.parametrize(("reading", "left"), [("removed", ()), ("stay", ("germany:fighter",))])
def test_3_axis_aircraft_in_a_territory_joining_free_france_follow_the_reading(
    reading: str, left: tuple[str, ...]
) -> None:
    document = raw()
    document["places"]["madagascar"]["units"] = ["france:infantry", "germany:fighter"]
    g = settle(occupied(game(document, units_on_change=reading)))
    assert g.state.territories["madagascar"].units == ("united_kingdom:infantry", *left)
    gone = Removal("madagascar", "germany:fighter", OCCUPATION)
    assert (gone in g.state.removed) is (reading == "removed")


def test_3_a_second_occupation_in_one_turn_is_refused() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    answer(g, "occupy")
    with pytest.raises(
        RuleRestriction, match="has declared the occupation of Vichy France this turn"
    ):
        answer(g, "occupy")


def test_3_under_the_occupier_reading_only_an_empty_zone_goes_to_the_occupier() -> None:
    g = settle(occupied(game(occupation_empty_zone="occupier")))
    t = g.state
    # Zone 12 (a British battleship) and zone 19 (an American destroyer) hold Allied units
    # only: the Allies take Jean Bart and the Béarn, as in an invasion.
    assert (t.ships["jean_bart"].fate, t.ships["jean_bart"].by) == (Fate.CAPTURED, "united_kingdom")
    assert (t.ships["bearn"].fate, t.ships["bearn"].by) == (Fate.CAPTURED, "united_kingdom")
    # Zone 22 is empty: Germany, the occupier, takes the Richelieu under this reading.
    assert (t.ships["richelieu"].fate, t.ships["richelieu"].by) == (Fate.CAPTURED, "germany")
    cited = {e.text: e.assumption for e in g.log}
    assert cited["Sea zone 22: Germany captures Richelieu"] == "aa50.occupation_empty_zone=occupier"
    assert cited["Sea zone 12: the United Kingdom captures Jean Bart"] == ""
