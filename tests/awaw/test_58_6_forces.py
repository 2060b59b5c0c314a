from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armistice.core.awaw.rule58.fleet import FIELD
from armistice.core.awaw.rule58.tables import Forces, shipped
from armistice.core.awaw.words import ShipKind
from armistice.core.errors import RuleRestriction
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Selection
from armistice.core.scenario import load
from tests import support
from tests.support import at_level, ship

FIELDS = ("infantry_factors", "armor_units", "air_factors", "named_ships", "cruisers")
NAVAL = ("named_ships", "cruisers", "destroyer_factors")


def row(inf: int, armor: int, air: int, ns: int, ca: int, dd: int) -> Forces:
    return Forces(
        infantry_factors=inf,
        armor_units=armor,
        air_factors=air,
        named_ships=ns,
        cruisers=ca,
        destroyer_factors=dd,
    )


FREE_FRENCH_WITH_VICHY = {
    3: row(0, 0, 0, 0, 0, 0),
    2: row(1, 0, 0, 0, 0, 0),
    1: row(2, 0, 0, 0, 0, 0),
    0: row(3, 0, 0, 0, 0, 0),
    -1: row(6, 0, 0, 0, 1, 1),
    -2: row(6, 0, 1, 1, 1, 1),
    -3: row(6, 0, 2, 1, 2, 2),
}
FREE_FRENCH_WITHOUT_VICHY = {
    3: row(3, 0, 0, 0, 0, 0),
    2: row(6, 0, 0, 0, 1, 1),
    1: row(6, 0, 1, 1, 1, 1),
    0: row(6, 0, 2, 1, 2, 2),
    -1: row(9, 0, 2, 1, 2, 5),
    -2: row(12, 0, 2, 1, 3, 6),
    -3: row(9, 1, 2, 2, 3, 6),
}
VICHY = {
    3: row(12, 1, 3, 2, 3, 6),
    2: row(15, 0, 3, 1, 3, 6),
    1: row(12, 0, 3, 1, 2, 5),
    0: row(12, 0, 2, 1, 2, 2),
    -1: row(12, 0, 1, 1, 1, 1),
    -2: row(12, 0, 0, 0, 1, 1),
    -3: row(10, 0, 0, 0, 0, 0),
}
NONE = row(0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("fsl", range(-3, 4))
def test_58_621_58_631_force_levels_with_vichy_established(fsl: int) -> None:
    state = support.resolved(at_level(fsl), vichy="yes")
    assert state.surrender_level.value == fsl
    assert state.force_levels["free_french"] == FREE_FRENCH_WITH_VICHY[fsl]
    assert state.force_levels["vichy"] == VICHY[fsl]


@pytest.mark.parametrize("fsl", range(-3, 4))
def test_58_621_58_631_force_levels_without_vichy(fsl: int) -> None:
    state = support.resolved(at_level(fsl), vichy="no")
    assert state.surrender_level.value == fsl
    assert state.force_levels["free_french"] == FREE_FRENCH_WITHOUT_VICHY[fsl]
    assert state.force_levels["vichy"] == NONE


@pytest.mark.parametrize("fsl", range(-3, 4))
def test_58_622_free_french_never_larger_with_vichy_established(fsl: int) -> None:
    with_vichy = support.resolved(at_level(fsl), vichy="yes").force_levels["free_french"]
    without = support.resolved(at_level(fsl), vichy="no").force_levels["free_french"]
    for name in FIELDS:
        assert getattr(with_vichy, name) <= getattr(without, name)


def test_58_631_us_at_war_means_no_vichy_forces() -> None:
    state = support.resolved(at_level(-1, {"surrender": {"us_at_war_with_germany": True}}))
    assert state.force_levels["free_french"] == FREE_FRENCH_WITHOUT_VICHY[-1]
    assert state.forces["vichy"] == NONE


@pytest.mark.parametrize("fsl", [-3, 0, 3])
def test_58_612_ground_and_air_forces_are_the_table_levels(fsl: int) -> None:
    state = support.resolved(at_level(fsl), vichy="yes")
    for side in ("free_french", "vichy"):
        for name in ("infantry_factors", "armor_units", "air_factors"):
            assert getattr(state.forces[side], name) == getattr(state.force_levels[side], name)


def test_58_621_clamped_bundled_levels_use_the_plus_3_and_minus_3_rows() -> None:
    top = Game(load("damaged-fleet-spring-1940"), seed=1)
    support.play(top, vichy="yes")
    assert top.state.force_levels["vichy"] == VICHY[3]
    assert top.state.force_levels["free_french"] == FREE_FRENCH_WITH_VICHY[3]
    bottom = Game(load("us-at-war-spring-1942"), seed=1)
    support.play(bottom)
    assert bottom.state.force_levels["free_french"] == FREE_FRENCH_WITHOUT_VICHY[-3]


BOTH_CHOOSE = [
    ship("duquesne", "cruiser", 3, "british"),
    ship("suffren", "cruiser", 3, "british"),
    ship("dd_plymouth", "destroyer", 3, "british"),
    ship("dd_dover", "destroyer", 2, "british"),
    ship("dunkerque", "named", 6, "southern_france"),
    ship("strasbourg", "named", 6, "southern_france"),
    ship("algerie", "cruiser", 3, "southern_france"),
    ship("foch", "cruiser", 3, "southern_france"),
    ship("dd_toulon", "destroyer", 3, "southern_france"),
    ship("dd_marseilles", "destroyer", 2, "southern_france"),
]


def test_58_611_free_french_choose_before_vichy() -> None:
    g = support.game(at_level(-1, {"fleet": [support.BALLAST, *BOTH_CHOOSE]}))
    asked = support.play(g, vichy="yes", dice={"lebanon_syria": 6, "north_africa": 6})
    selections = [k for k in asked if k.startswith(("free_french.", "vichy."))]
    assert selections == [
        "free_french.cruisers",
        "free_french.destroyers",
        "vichy.named_ships",
        "vichy.cruisers",
        "vichy.destroyers",
    ]


def test_58_611_free_french_prompts_are_for_the_allies_vichy_for_the_axis() -> None:
    g = support.game(at_level(-1, {"fleet": [support.BALLAST, *BOTH_CHOOSE]}))
    sides = {}
    while (prompt := g.prompt) is not None:
        if isinstance(prompt, Selection):
            sides[prompt.key] = g.player(prompt).key
            g.answer(prompt.default_answer())
        elif isinstance(prompt, Roll):
            g.answer(6)
        else:
            g.answer("yes")
    assert {sides[k] for k in sides if k.startswith("free_french")} == {"allies"}
    assert {sides[k] for k in sides if k.startswith("vichy")} == {"axis"}


def capital(colony: str) -> str:
    return shipped().colonies[colony].capital


def test_58_632_vichy_garrisons_in_vichy_and_each_vichy_colonial_capital() -> None:
    state = support.resolved(
        at_level(-3), vichy="yes", dice={"lebanon_syria": 1, "north_africa": 6}
    )
    assert state.colonies["lebanon_syria"] == "free_french"
    assert state.vichy_garrisons == (
        "Vichy",
        capital("tunisia"),
        capital("algeria"),
        capital("morocco"),
    )
    every = support.resolved(at_level(0), vichy="yes", dice={"lebanon_syria": 6, "north_africa": 6})
    assert len(every.vichy_garrisons) == 5
    assert set(every.vichy_garrisons) == {"Vichy", *(capital(c) for c in support.COLONIES)}
    g = support.game(at_level(0))
    support.play(g, vichy="yes", dice={"lebanon_syria": 6, "north_africa": 6})
    entry = next(e for e in g.log if e.rule == "58.632")
    assert all(city in entry.text for city in every.vichy_garrisons)


def test_58_632_no_vichy_garrisons_without_vichy() -> None:
    assert support.resolved(at_level(0), vichy="no").vichy_garrisons == ()


def test_58_632_axis_held_colony_needs_no_vichy_garrison() -> None:
    state = support.resolved(
        at_level(0, {"colonies": {"tunisia": {"brp": 5, "control": "axis"}}}),
        vichy="yes",
        dice={"lebanon_syria": 6, "north_africa": 6},
    )
    assert capital("tunisia") not in state.vichy_garrisons
    assert capital("algeria") in state.vichy_garrisons


def fleet_game(
    fsl: int,
    fleet: list[dict[str, Any]],
    *,
    colonies: dict[str, Any] | None = None,
    assumptions: dict[str, str] | None = None,
) -> Game:
    overrides: dict[str, Any] = {"fleet": [support.BALLAST, *fleet]}
    if colonies:
        overrides["colonies"] = colonies
    return support.game(at_level(fsl, overrides), assumptions=assumptions)


def test_58_642_damaged_and_row2_ships_serve_at_full_value() -> None:
    fleet = [
        ship("dunkerque", "named", 6, "british", "damaged"),
        ship("duquesne", "cruiser", 3, "british", "row2"),
        ship("tourville", "cruiser", 3, "british", "launch"),
        ship("dd_damaged", "destroyer", 5, "british", "damaged"),
    ]
    g = fleet_game(-1, fleet)
    support.play(g, vichy="no", dice={"lebanon_syria": 6, "north_africa": 6})
    state = g.state
    assert state.fleet.free_french == {
        "dunkerque": 1,
        "duquesne": 1,
        "tourville": 1,
        "dd_damaged": 5,
    }
    assert state.forces["free_french"].named_ships == 1
    assert state.forces["free_french"].cruisers == 2
    assert state.forces["free_french"].destroyer_factors == 5
    assert "free_french" not in state.fleet.lost


def test_58_642_ships_building_on_row_3_or_higher_cannot_be_chosen() -> None:
    fleet = [
        ship("jean_bart", "named", 8, "british", "building"),
        ship("lorraine", "named", 4, "british"),
    ]
    g = fleet_game(-3, fleet)
    support.play(g, vichy="no")
    assert g.state.fleet.free_french.get("jean_bart", 0) == 0
    assert g.state.fleet.removed["jean_bart"] == 1
    assert g.state.fleet.lost["free_french"]["named_ships"] == 1


def test_58_643_no_substitution_and_shortfall_is_recorded() -> None:
    fleet = [
        ship("lorraine", "named", 4, "british"),
        ship("courbet", "named", 3, "british"),
        ship("bretagne", "named", 4, "british"),
        ship("dd_plymouth", "destroyer", 2, "british"),
    ]
    g = fleet_game(-1, fleet)
    support.play(g, vichy="no", picks={"free_french.named_ships": {"courbet": 1}})
    state = g.state
    assert state.forces["free_french"].named_ships == 1
    assert state.forces["free_french"].cruisers == 0
    assert state.forces["free_french"].destroyer_factors == 2
    assert state.fleet.lost["free_french"] == {"cruisers": 2, "destroyer_factors": 3}
    assert state.fleet.free_french == {"courbet": 1, "dd_plymouth": 2}
    assert state.fleet.removed == {"ballast": 1, "lorraine": 1, "bretagne": 1}
    assert any(e.rule == "58.643" for e in g.log)


def test_58_643_vichy_shortfall_in_the_damaged_fleet_scenario() -> None:
    g = Game(load("damaged-fleet-spring-1940"), seed=1)
    asked = support.play(g, vichy="yes")
    state = g.state
    assert "free_french.named_ships" not in asked
    assert state.fleet.vichy == {
        "dunkerque": 1,
        "richelieu": 1,
        "algerie": 1,
        "foch": 1,
        "dd_toulon": 3,
        "dd_gibraltar": 1,
    }
    assert state.forces["vichy"].named_ships == 2
    assert state.forces["vichy"].cruisers == 2
    assert state.forces["vichy"].destroyer_factors == 4
    assert state.fleet.lost == {"vichy": {"cruisers": 1, "destroyer_factors": 2}}
    assert state.fleet.removed == {"strasbourg": 1, "provence": 1, "jean_bart": 1}


TIER_FLEET = [
    ship("lorraine", "named", 4, "british"),
    ship("dunkerque", "named", 6, "tunisia"),
    ship("bretagne", "named", 4, "tunisia"),
]
AXIS_TUNISIA = {"tunisia": {"brp": 5, "control": "axis"}}


def test_58_641_a_single_british_port_ship_joins_without_asking() -> None:
    g = fleet_game(-1, TIER_FLEET, colonies=AXIS_TUNISIA)
    asked = support.play(g, vichy="no")
    assert "free_french.named_ships" not in asked
    assert g.state.fleet.free_french["lorraine"] == 1
    assert any("only choice the ports allow" in e.text for e in g.log if e.rule == "58.641")


def _to_selection(g: Game, key: str) -> Selection:
    while (prompt := g.prompt) is not None and prompt.key != key:
        if isinstance(prompt, Decision):
            g.answer("no")
        elif isinstance(prompt, Roll):
            g.answer(1)
        else:
            g.answer(prompt.default_answer())
    assert isinstance(g.prompt, Selection)
    return g.prompt


def test_58_641_colony_port_ship_refused_while_british_port_ships_are_unused() -> None:
    fleet = [*TIER_FLEET, ship("courbet", "named", 3, "british")]
    g = fleet_game(-1, fleet, colonies=AXIS_TUNISIA)
    prompt = _to_selection(g, "free_french.named_ships")
    assert prompt.required == 1
    tiers = {item.id: item.tier for item in prompt.items}
    assert tiers == {"lorraine": 0, "courbet": 0, "dunkerque": 1, "bretagne": 1}
    before = support.snapshot(g)
    with pytest.raises(RuleRestriction, match=r"58\.641"):
        g.answer({"dunkerque": 1})
    assert support.snapshot(g) == before
    g.answer({"lorraine": 1})
    support.play(g)
    assert g.state.fleet.free_french["lorraine"] == 1
    assert "dunkerque" not in g.state.fleet.free_french


def test_58_641_colony_port_ships_sail_over_once_british_ports_run_out() -> None:
    g = fleet_game(-3, TIER_FLEET, colonies=AXIS_TUNISIA)
    prompt = _to_selection(g, "free_french.named_ships")
    assert prompt.required == 2
    with pytest.raises(RuleRestriction):
        g.answer({"dunkerque": 1, "bretagne": 1})
    g.answer({"lorraine": 1, "bretagne": 1})
    support.play(g)
    assert g.state.fleet.free_french == {"lorraine": 1, "bretagne": 1}
    assert g.state.fleet.removed == {"ballast": 1, "dunkerque": 1}


def test_58_641_ships_in_independent_colony_ports_may_join_the_free_french() -> None:
    fleet = [ship("dunkerque", "named", 6, "algeria")]
    g = fleet_game(0, fleet)
    support.play(g, vichy="no", dice={"lebanon_syria": 1, "north_africa": 6})
    assert g.state.colonies["algeria"] == "independent"
    assert g.state.fleet.free_french == {"dunkerque": 1}


def test_58_641_assumption_stay_keeps_colony_port_ships_out() -> None:
    g = fleet_game(
        -3,
        TIER_FLEET,
        colonies=AXIS_TUNISIA,
        assumptions={"awaw.free_french_ship_range": "stay"},
    )
    asked = support.play(g, vichy="no")
    assert "free_french.named_ships" not in asked
    assert g.state.fleet.free_french == {"lorraine": 1}
    assert g.state.fleet.lost["free_french"]["named_ships"] == 1
    assert g.state.fleet.removed == {"ballast": 1, "dunkerque": 1, "bretagne": 1}


def test_58_641_ships_in_occupied_france_do_not_join_the_free_french() -> None:
    fleet = [ship("dd_brest", "destroyer", 4, "northern_france")]
    g = fleet_game(-1, fleet)
    support.play(g, vichy="no")
    assert g.state.fleet.free_french == {}
    assert g.state.fleet.removed["dd_brest"] == 4


def test_58_641_ships_in_free_french_colony_ports_count_as_british_ports() -> None:
    fleet = [ship("dunkerque", "named", 6, "lebanon_syria")]
    g = fleet_game(-1, fleet)
    support.play(g, vichy="no", dice={"lebanon_syria": 1, "north_africa": 1})
    assert g.state.fleet.free_french == {"dunkerque": 1}


def test_58_641_vichy_takes_its_own_ports_first_then_british_ports() -> None:
    fleet = [
        ship("algerie", "cruiser", 3, "southern_france"),
        ship("duquesne", "cruiser", 3, "british"),
        ship("suffren", "cruiser", 3, "british"),
    ]
    g = fleet_game(0, fleet)
    g.answer("yes")
    prompt = _to_selection(g, "vichy.cruisers")
    assert prompt.required == 2
    assert {i.id: i.tier for i in prompt.items} == {"algerie": 0, "duquesne": 1, "suffren": 1}
    with pytest.raises(RuleRestriction):
        g.answer({"duquesne": 1, "suffren": 1})
    g.answer({"algerie": 1, "suffren": 1})
    support.play(g)
    assert g.state.fleet.vichy == {"algerie": 1, "suffren": 1}
    assert g.state.fleet.removed == {"ballast": 1, "duquesne": 1}


def test_58_641_vichy_takes_only_what_the_free_french_leave_in_british_ports() -> None:
    fleet = [
        ship("duquesne", "cruiser", 3, "british"),
        ship("suffren", "cruiser", 3, "british"),
    ]
    g = fleet_game(-1, fleet)
    support.play(g, vichy="yes", dice={"lebanon_syria": 6, "north_africa": 6})
    fleet_state = g.state.fleet
    assert sum(fleet_state.free_french.values()) == 1
    assert sum(fleet_state.vichy.values()) == 1
    assert set(fleet_state.free_french) | set(fleet_state.vichy) == {"duquesne", "suffren"}


def test_58_64_rulebook_example_default_fleet() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    support.play(g, vichy="yes", dice={"lebanon_syria": 2, "north_africa": 2})
    fleet_state = g.state.fleet
    assert fleet_state.free_french == {"duquesne": 1, "dd_portsmouth": 1}
    assert g.state.forces["free_french"] == FREE_FRENCH_WITH_VICHY[-1]
    assert g.state.forces["vichy"] == VICHY[-1]
    assert fleet_state.lost == {}


def legal_pick(data: st.DataObject, prompt: Selection) -> dict[str, int]:
    """A random selection that fills lower tiers before higher ones."""
    left = prompt.required
    picked: dict[str, int] = {}
    for tier in sorted({i.tier for i in prompt.items}):
        members = [i for i in prompt.items if i.tier == tier]
        take = min(left, sum(i.available for i in members))
        left -= take
        order = data.draw(st.permutations(members))
        for index, item in enumerate(order):
            rest = sum(i.available for i in order[index + 1 :])
            low = max(0, take - rest)
            high = min(item.available, take)
            amount = data.draw(st.integers(low, high))
            if amount:
                picked[item.id] = amount
            take -= amount
    return picked


REGIONS = [
    "northern_france",
    "southern_france",
    "corsica",
    "lebanon_syria",
    "tunisia",
    "algeria",
    "morocco",
    "british",
]
fleets = st.lists(
    st.tuples(
        st.sampled_from(["named", "cruiser", "destroyer"]),
        st.integers(1, 8),
        st.sampled_from(REGIONS),
        st.sampled_from(["ready", "damaged", "row2", "launch", "building"]),
    ),
    max_size=10,
).map(lambda rows: [ship(f"s{i}", *r) for i, r in enumerate(rows)])


@given(
    st.data(),
    fleets,
    st.integers(-3, 3),
    st.booleans(),
    st.fixed_dictionaries(
        {c: st.sampled_from(["french", "axis", "british"]) for c in support.COLONIES}
    ),
    st.sampled_from(["in_range", "stay"]),
    st.sampled_from(["colony_ports", "any_axis_port"]),
)
def test_property_58_64_naval_allocation_never_exceeds_ships_or_levels(
    data: st.DataObject,
    fleet: list[dict[str, Any]],
    fsl: int,
    vichy: bool,
    control: dict[str, str],
    ship_range: str,
    sources: str,
) -> None:
    colonies = {c: {"brp": 5, "control": control[c]} for c in support.COLONIES}
    g = support.game(
        at_level(fsl, {"fleet": [support.BALLAST, *fleet], "colonies": colonies}),
        assumptions={
            "awaw.free_french_ship_range": ship_range,
            "awaw.free_french_ship_sources": sources,
        },
    )
    while (prompt := g.prompt) is not None:
        if isinstance(prompt, Decision):
            g.answer("yes" if vichy else "no")
        elif isinstance(prompt, Roll):
            g.answer(data.draw(st.integers(1, 6)))
        else:
            g.answer(legal_pick(data, prompt))
    state = g.state
    allocation = state.fleet
    for s in [support.BALLAST, *fleet]:
        amount = s["factors"] if s["kind"] == "destroyer" else 1
        shares = (
            allocation.free_french.get(s["id"], 0),
            allocation.vichy.get(s["id"], 0),
            allocation.removed.get(s["id"], 0),
        )
        assert all(n >= 0 for n in shares)
        assert sum(shares) == amount
        if s["condition"] == "building":
            assert shares[2] == amount
    kinds = {s["id"]: s["kind"] for s in [support.BALLAST, *fleet]}
    for side in ("free_french", "vichy"):
        got = dict.fromkeys(NAVAL, 0)
        for ident, n in getattr(allocation, side).items():
            got[FIELD[ShipKind(kinds[ident])]] += n
        level = state.force_levels[side]
        for name in NAVAL:
            assert got[name] <= getattr(level, name)
            assert getattr(state.forces[side], name) == got[name]
            shortfall = getattr(level, name) - got[name]
            assert allocation.lost.get(side, {}).get(name, 0) == shortfall
    if not state.vichy_established:
        assert allocation.vichy == {}


VICHY_COLONY_CRUISERS = [
    ship("duquesne", "cruiser", 3, "british"),
    ship("colbert", "cruiser", 3, "algeria"),
    ship("foch", "cruiser", 3, "algeria"),
]
VICHY_COLONIES = {"lebanon_syria": 6, "north_africa": 6}


def test_58_641_by_default_vichy_colony_ports_do_not_feed_the_free_french() -> None:
    g = fleet_game(-3, VICHY_COLONY_CRUISERS)
    support.play(g, vichy="yes", dice=VICHY_COLONIES)
    assert g.state.colonies["algeria"] == "vichy"
    assert g.state.fleet.free_french == {"duquesne": 1}
    assert g.state.fleet.lost["free_french"]["cruisers"] == 1
    assert g.state.fleet.vichy == {}


def test_58_641_with_vichy_colony_ports_open_the_free_french_take_one_first() -> None:
    g = fleet_game(
        -3, VICHY_COLONY_CRUISERS, assumptions={"awaw.free_french_from_vichy_colonies": "yes"}
    )
    asked = support.play(
        g,
        vichy="yes",
        dice=VICHY_COLONIES,
        picks={"free_french.cruisers": {"duquesne": 1, "foch": 1}},
    )
    assert "free_french.cruisers" in asked
    fleet = g.state.fleet
    assert fleet.free_french == {"duquesne": 1, "foch": 1}
    assert "cruisers" not in fleet.lost["free_french"]
    assert fleet.removed["colbert"] == 1
    picked = next(e for e in g.log if e.text.startswith("Free French cruisers:"))
    assert "Foch" in picked.text


def test_58_641_contested_ship_left_behind_serves_vichy_as_its_own_port() -> None:
    g = fleet_game(
        -2, VICHY_COLONY_CRUISERS, assumptions={"awaw.free_french_from_vichy_colonies": "yes"}
    )
    support.play(g, vichy="yes", dice=VICHY_COLONIES)
    fleet = g.state.fleet
    assert fleet.free_french == {"duquesne": 1}
    assert fleet.vichy == {"colbert": 1}
    assert fleet.removed["foch"] == 1
