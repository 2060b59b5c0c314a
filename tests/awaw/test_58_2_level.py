from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from armistice.core.game import Game
from armistice.core.scenario import from_mapping, load
from tests import support
from tests.support import BALLAST, at_level, neutral, rule_total, ship, unit


def level(overrides: dict[str, Any], assumptions: dict[str, str] | None = None) -> Any:
    return support.game(overrides, assumptions=assumptions).state.surrender_level


def test_58_21_worked_example_bundled_scenario_is_level_minus_1() -> None:
    state = Game(load("rulebook-example-fall-1940"), seed=1).state
    assert state.surrender_level.value == -1
    assert state.surrender_level.raw == -1
    assert rule_total(state, "58.21A") == 3
    assert rule_total(state, "58.21B") == -2
    assert rule_total(state, "58.21C") == 0
    assert rule_total(state, "58.21D") == -2


def test_58_21_worked_example_built_from_a_dict_is_level_minus_1() -> None:
    g = support.game(
        {
            "surrender": {"season": "fall", "year": 1940},
            "territory": {"paris": "axis", "lyon": "french", "marseilles": "axis"},
            "units": [
                unit("north", "french", "infantry", "northern_france", 12),
                unit("south", "french", "infantry", "southern_france", 9),
            ],
            "fleet": [BALLAST],
        }
    )
    lvl = g.state.surrender_level
    assert (lvl.value, lvl.raw) == (-1, -1)
    assert [(m.rule, m.value) for m in lvl.modifiers if m.value] == [
        ("58.21A", 2),
        ("58.21A", 1),
        ("58.21B", -2),
        ("58.21D", -2),
    ]
    assert g.log[-1].rule == "58.2"
    assert "-1" in g.log[-1].text


def test_58_21_neutral_baseline_is_zero() -> None:
    lvl = level(neutral())
    assert (lvl.value, lvl.raw) == (0, 0)


def test_58_21a_paris_gives_plus_2() -> None:
    state = support.game(neutral()).state
    assert rule_total(state, "58.21A") == 2


@pytest.mark.parametrize(
    ("territory", "expected"),
    [
        ({"lyon": "axis"}, 3),
        ({"marseilles": "axis"}, 3),
        ({"lyon": "axis", "marseilles": "axis"}, 4),
        ({"other_french_objectives": ["Brest"]}, 1),
        ({"other_french_objectives": ["Brest", "Bordeaux", "Strasbourg"]}, -1),
        ({"lyon": "axis", "other_french_objectives": ["Brest"]}, 2),
    ],
)
def test_58_21a_territory_modifiers(territory: dict[str, Any], expected: int) -> None:
    state = support.game(neutral({"territory": territory})).state
    assert rule_total(state, "58.21A") == expected
    assert state.surrender_level.raw == expected - 2


def test_58_21a_french_held_lyon_and_marseilles_give_nothing() -> None:
    state = support.game(neutral({"territory": {"lyon": "french", "marseilles": "french"}})).state
    assert rule_total(state, "58.21A") == 2


@pytest.mark.parametrize(
    ("factors", "expected"), [(0, 0), (9, 0), (10, -1), (19, -1), (20, -2), (21, -2), (35, -3)]
)
def test_58_21b_minus_1_per_ten_ground_factors(factors: int, expected: int) -> None:
    units = [unit("army", "french", "infantry", "northern_france", factors)] if factors else []
    state = support.game(neutral({"units": units})).state
    assert rule_total(state, "58.21B") == expected


def test_58_21b_armor_counts_as_ground_and_both_halves_of_france_count() -> None:
    units = [
        unit("inf", "french", "infantry", "northern_france", 6),
        unit("arm", "french", "armor", "southern_france", 4),
    ]
    assert rule_total(support.game(neutral({"units": units})).state, "58.21B") == -1


def test_58_21b_air_and_foreign_and_colonial_units_are_ignored() -> None:
    units = [
        unit("inf", "french", "infantry", "northern_france", 9),
        unit("air", "french", "air", "northern_france", 5),
        unit("bef", "british", "infantry", "northern_france", 6),
        unit("levant", "french", "infantry", "lebanon_syria", 6),
        unit("uk", "french", "infantry", "british", 6),
    ]
    assert rule_total(support.game(neutral({"units": units})).state, "58.21B") == 0


@pytest.mark.parametrize(
    ("assumptions", "modifier", "basis", "reading"),
    [
        ({}, 0, "8 factors", "no"),
        ({"awaw.58.france_includes_corsica": "no"}, 0, "8 factors", "no"),
        ({"awaw.58.france_includes_corsica": "yes"}, -1, "10 factors", "yes"),
        ({"awaw.58.corsica_ground_factors": "excluded"}, 0, "8 factors", "no"),
        ({"awaw.58.corsica_ground_factors": "included"}, -1, "10 factors", "yes"),
        ({"awaw.corsica_ground_factors": "excluded"}, 0, "8 factors", "no"),
        ({"awaw.corsica_ground_factors": "included"}, -1, "10 factors", "yes"),
    ],
)
def test_58_21b_corsica_counts_as_france_only_if_the_reading_says_so(
    assumptions: dict[str, str], modifier: int, basis: str, reading: str
) -> None:
    """8 factors in southern France and 2 on Corsica: 10 factors (-1) only when France
    includes Corsica; the older keys and values read the same."""
    units = [
        unit("inf", "french", "infantry", "southern_france", 8),
        unit("corsica", "french", "infantry", "corsica", 2),
    ]
    g = support.game(neutral({"units": units}), assumptions=assumptions)
    line = next(m for m in g.state.surrender_level.modifiers if m.rule == "58.21B")
    assert (line.value, line.basis) == (modifier, basis)
    assert g.assumptions["awaw.58.france_includes_corsica"] == reading
    entry = next(e for e in g.log if e.rule == "58.21B")
    assert entry.assumption == f"awaw.58.france_includes_corsica={reading}"


def fleet_modifier(fleet: list[dict[str, Any]], assumptions: dict[str, str] | None = None) -> int:
    g = support.game({"fleet": fleet}, assumptions=assumptions)
    return rule_total(g.state, "58.21C")


@pytest.mark.parametrize(
    ("factors", "expected"),
    [
        (42, 0),
        (38, 0),
        (37, 1),
        (33, 1),
        (32, 2),
        (28, 2),
        (27, 3),
        (23, 3),
        (22, 4),
        (2, 8),
        (1, 8),
        (43, 0),
        (60, 0),
    ],
)
def test_58_21c_plus_1_per_five_factors_below_42(factors: int, expected: int) -> None:
    assert fleet_modifier([ship("fleet", "named", factors, "northern_france")]) == expected


def test_58_21c_no_fleet_at_all_is_plus_8() -> None:
    assert fleet_modifier([]) == 8


def test_58_21c_building_ships_are_not_counted() -> None:
    fleet = [
        ship("ready", "named", 30, "northern_france"),
        ship("hull", "named", 10, "northern_france", "building"),
    ]
    assert fleet_modifier(fleet) == 2


@pytest.mark.parametrize("condition", ["damaged", "row2", "launch"])
def test_58_21c_discounted_ships_count_half(condition: str) -> None:
    fleet = [
        ship("ready", "named", 36, "northern_france"),
        ship("hurt", "named", 4, "northern_france", condition),
    ]
    assert fleet_modifier(fleet) == 0
    fleet[1] = ship("hurt", "named", 3, "northern_france", condition)
    assert fleet_modifier(fleet) == 1


def test_58_21c_two_damaged_3_factor_ships_pool_to_3() -> None:
    fleet = [
        ship("ready", "named", 35, "northern_france"),
        ship("a", "cruiser", 3, "northern_france", "damaged"),
        ship("b", "cruiser", 3, "northern_france", "damaged"),
    ]
    assert fleet_modifier(fleet) == 0
    assert fleet_modifier(fleet, {"awaw.fleet_discount": "pooled"}) == 0


def test_58_21c_per_ship_discount_halves_each_ship_separately() -> None:
    fleet = [
        ship("ready", "named", 35, "northern_france"),
        ship("a", "cruiser", 3, "northern_france", "damaged"),
        ship("b", "cruiser", 3, "northern_france", "damaged"),
    ]
    assert fleet_modifier(fleet, {"awaw.fleet_discount": "per_ship"}) == 1
    state = support.game(
        neutral({"fleet": fleet}), assumptions={"awaw.58.fleet_discount": "per_ship"}
    ).state
    basis = next(m.basis for m in state.surrender_level.modifiers if m.rule == "58.21C")
    assert basis == "37 factors = 35 ready + 1 + 1 (3, 3 halved, rounded down)"


def fleet_sum(basis: str) -> tuple[int, int]:
    """``(shown, added)``: the fleet count a 58.21C explanation states, and what the terms
    it adds up to give (``37 factors = 35 ready + 1 + 1 (...)`` gives ``(37, 37)``)."""
    head = basis.split(" (")[0].split(";")[0]
    shown, terms = head.split(" factors = ")
    return int(shown), sum(int(term.split()[0]) for term in terms.split(" + "))


FLEET_EXPLAINED = [
    ship("ready", "named", 28, "northern_france"),
    ship("a", "cruiser", 3, "northern_france", "damaged"),
    ship("b", "cruiser", 3, "northern_france", "row2"),
    ship("c", "named", 5, "southern_france", "launch"),
    ship("hull", "named", 9, "southern_france", "building"),
]
"""28 ready factors, 11 damaged or unfinished in ships of 3, 3 and 5, 9 building."""


@pytest.mark.parametrize(
    ("discount", "counted", "modifier", "basis"),
    [
        (
            "pooled",
            33,
            1,
            "33 factors = 28 ready + 5 (11 halved, rounded down); 9 building",
        ),
        (
            "per_ship",
            32,
            2,
            "32 factors = 28 ready + 1 + 1 + 2 (3, 3, 5 halved, rounded down); 9 building",
        ),
    ],
)
@pytest.mark.parametrize("spelling", ["awaw.58.fleet_discount", "awaw.fleet_discount"])
def test_58_21c_fleet_explanation_adds_up_to_the_count_it_explains(
    discount: str, counted: int, modifier: int, basis: str, spelling: str
) -> None:
    g = support.game(neutral({"fleet": FLEET_EXPLAINED}), assumptions={spelling: discount})
    line = next(m for m in g.state.surrender_level.modifiers if m.rule == "58.21C")
    assert line.basis == basis
    assert fleet_sum(line.basis) == (counted, counted)
    assert line.value == modifier
    entry = next(e for e in g.log if e.rule == "58.21C")
    assert entry.assumption == f"awaw.58.fleet_discount={discount}"
    assert basis in entry.text


def test_58_21c_damaged_row2_and_launch_share_one_pool() -> None:
    fleet = [
        ship("ready", "named", 35, "northern_france"),
        ship("a", "named", 3, "northern_france", "row2"),
        ship("b", "named", 3, "northern_france", "launch"),
    ]
    assert fleet_modifier(fleet) == 0
    assert fleet_modifier(fleet, {"awaw.fleet_discount": "per_ship"}) == 1


def test_58_21c_fleet_counts_wherever_its_ships_are_based() -> None:
    fleet = [
        ship("a", "named", 20, "british"),
        ship("b", "named", 10, "algeria"),
        ship("c", "destroyer", 8, "southern_france"),
    ]
    assert fleet_modifier(fleet) == 0


@pytest.mark.parametrize(
    ("season", "year", "expected"),
    [
        ("spring", 1938, 2),
        ("fall", 1938, 2),
        ("summer", 1939, 2),
        ("fall", 1939, 2),
        ("winter", 1939, 2),
        ("spring", 1940, 2),
        ("summer", 1940, 0),
        ("fall", 1940, -2),
        ("winter", 1940, -4),
        ("spring", 1941, -4),
        ("spring", 1942, -4),
        ("fall", 1945, -4),
    ],
)
def test_58_21d_turn_of_surrender(season: str, year: int, expected: int) -> None:
    state = support.game(neutral({"surrender": {"season": season, "year": year}})).state
    assert rule_total(state, "58.21D") == expected


def test_58_21d_worked_example_moved_to_fall_1938_takes_spring_1940_or_earlier() -> None:
    """A game that starts the war early: the rulebook example, France falling in Fall 1938.
    Paris +2, Marseilles +1, 21 ground factors -2, a full fleet 0, and the turn +2 where
    Fall 1940 gave -2: level +3 instead of -1."""
    example = load("rulebook-example-fall-1940")
    s = msgspec.structs.replace(
        example, surrender=msgspec.structs.replace(example.surrender, year=1938)
    )
    g = Game(from_mapping(msgspec.to_builtins(s), "fall-1938"), seed=1)
    line = next(m for m in g.state.surrender_level.modifiers if m.rule == "58.21D")
    assert (line.value, line.basis) == (2, "Fall 1938")
    assert (g.state.surrender_level.raw, g.state.surrender_level.value) == (3, 3)
    support.play(g)
    assert g.complete
    assert g.state.surrender_level.value == 3


@pytest.mark.parametrize(
    ("diplomacy", "expected"),
    [
        ({"axis_dps": 3}, 3),
        ({"allied_dps": 2}, -2),
        ({"axis_dps": 5, "allied_dps": 2, "axis_dps_cancelled": 1, "allied_dps_cancelled": 1}, 3),
        ({"axis_dps": 2, "allied_dps": 4, "allied_dps_cancelled": 1}, -1),
        ({"axis_dps": 4, "axis_dps_cancelled": 4}, 0),
    ],
)
def test_58_21e_net_dps_after_covert_operations(diplomacy: dict[str, int], expected: int) -> None:
    state = support.game(neutral({"diplomacy": diplomacy})).state
    assert rule_total(state, "58.21E") == expected
    assert state.surrender_level.raw == expected


def test_58_21f_anglo_french_cooperation_is_minus_1() -> None:
    state = support.game(neutral({"surrender": {"anglo_french_cooperation": True}})).state
    assert rule_total(state, "58.21F") == -1
    assert state.surrender_level.value == -1


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"surrender": {"season": "winter", "year": 1943}},
        {
            "units": [unit("army", "french", "infantry", "northern_france", 80)],
            "fleet": [BALLAST],
            "diplomacy": {"allied_dps": 6},
            "surrender": {"anglo_french_cooperation": True},
            "territory": {"other_french_objectives": ["Brest", "Metz"]},
        },
        {"diplomacy": {"axis_dps": 9}, "territory": {"lyon": "axis", "marseilles": "axis"}},
    ],
)
def test_58_21_voluntary_surrender_is_exactly_plus_1(overrides: dict[str, Any]) -> None:
    voluntary = {"surrender": {"voluntary": True}, "territory": {"paris": "french"}}
    lvl = level(support.merge(overrides, voluntary))
    assert (lvl.value, lvl.raw) == (1, 1)
    assert lvl.voluntary
    assert sum(m.value for m in lvl.modifiers) == 1


@pytest.mark.parametrize(
    ("objectives", "basis"), [(["Brest", "Metz"], "Brest, Metz"), ([], "none")]
)
def test_58_21a_the_other_objectives_are_named_beside_their_modifier(
    objectives: list[str], basis: str
) -> None:
    lvl = level({"territory": {"other_french_objectives": objectives}})
    (line,) = [m for m in lvl.modifiers if m.basis == basis]
    assert (line.rule, line.value) == ("58.21A", -len(objectives))


def test_58_21_voluntary_bundled_scenario_is_plus_1() -> None:
    lvl = Game(load("voluntary-fall-1940"), seed=1).state.surrender_level
    assert (lvl.value, lvl.raw) == (1, 1)


def test_58_22_damaged_fleet_spring_1940_raw_plus_10_held_at_plus_3() -> None:
    g = Game(load("damaged-fleet-spring-1940"), seed=1)
    lvl = g.state.surrender_level
    assert (lvl.raw, lvl.value) == (10, 3)
    assert rule_total(g.state, "58.21C") == 4
    assert any(e.rule == "58.22" and "+10" in e.text for e in g.log)


def test_58_22_us_at_war_spring_1942_raw_minus_4_held_at_minus_3() -> None:
    g = Game(load("us-at-war-spring-1942"), seed=1)
    lvl = g.state.surrender_level
    assert (lvl.raw, lvl.value) == (-4, -3)
    assert rule_total(g.state, "58.21A") == 2
    assert rule_total(g.state, "58.21B") == -2
    assert rule_total(g.state, "58.21C") == 2
    assert rule_total(g.state, "58.21D") == -4
    assert rule_total(g.state, "58.21E") == -1
    assert rule_total(g.state, "58.21F") == -1
    assert any(e.rule == "58.22" for e in g.log)


@pytest.mark.parametrize(("raw", "value"), [(-7, -3), (-3, -3), (0, 0), (3, 3), (9, 3)])
def test_58_22_level_is_held_within_3(raw: int, value: int) -> None:
    lvl = level(at_level(raw))
    assert (lvl.raw, lvl.value) == (raw, value)


def test_58_22_no_clamp_entry_when_the_level_is_within_bounds() -> None:
    assert all(e.rule != "58.22" for e in support.game(at_level(2)).log)


def test_every_modifier_cites_a_58_2_rule_and_has_a_label() -> None:
    for m in support.game(neutral()).state.surrender_level.modifiers:
        assert m.rule.startswith("58.21")
        assert m.label


SEASONS = ("spring", "summer", "fall", "winter")
TURN_MODIFIER = {"spring": 2, "summer": 0, "fall": -2, "winter": -4}


def oracle(raw: dict[str, Any], discount: str, corsica: str) -> int:
    """58.21-58.22 computed straight from the rule text."""
    s = raw["surrender"]
    if s.get("voluntary"):
        return 1
    t = raw["territory"]
    total = 2 if t["paris"] == "axis" else 0
    total += (t["lyon"] == "axis") + (t["marseilles"] == "axis")
    total -= len(t["other_french_objectives"])
    places = {"northern_france", "southern_france"} | (
        {"corsica"} if corsica == "included" else set()
    )
    ground = sum(
        u["factors"]
        for u in raw["units"]
        if u["nationality"] == "french"
        and u["kind"] in ("infantry", "armor")
        and u["location"] in places
    )
    total -= ground // 10
    full = sum(x["factors"] for x in raw["fleet"] if x["condition"] == "ready")
    halves = [x["factors"] for x in raw["fleet"] if x["condition"] in ("damaged", "row2", "launch")]
    counted = full + (sum(halves) // 2 if discount == "pooled" else sum(h // 2 for h in halves))
    total += max(0, 42 - counted) // 5
    year, season = s["year"], s["season"]
    if year < 1940:
        total += 2
    elif year == 1940:
        total += TURN_MODIFIER[season]
    else:
        total -= 4
    d = raw["diplomacy"]
    total += (d["axis_dps"] - d["axis_dps_cancelled"]) - (
        d["allied_dps"] - d["allied_dps_cancelled"]
    )
    total -= 1 if s["anglo_french_cooperation"] else 0
    return total


@st.composite
def surrenders(draw: st.DrawFn) -> dict[str, Any]:
    year = draw(st.integers(1938, 1945))
    season = draw(st.sampled_from(SEASONS))
    late_enough = year > 1940 or (year == 1940 and season in ("fall", "winter"))
    voluntary = late_enough and draw(st.booleans())
    paris = "french" if voluntary else "axis"
    control = st.sampled_from(["axis", "french"])
    axis_dps, allied_dps = draw(st.integers(0, 6)), draw(st.integers(0, 6))
    units = draw(
        st.lists(
            st.builds(
                unit,
                st.just("u"),
                st.sampled_from(["french", "british", "german"]),
                st.sampled_from(["infantry", "armor", "air"]),
                st.sampled_from(["northern_france", "southern_france", "corsica", "algeria"]),
                st.integers(0, 200),
            ),
            max_size=4,
        )
    )
    ships = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["named", "cruiser", "destroyer"]),
                st.integers(1, 30),
                st.sampled_from(["northern_france", "southern_france", "british", "algeria"]),
                st.sampled_from(["ready", "damaged", "row2", "launch", "building"]),
            ),
            max_size=8,
        )
    )
    return support.raw(
        {
            "surrender": {
                "season": season,
                "year": year,
                "voluntary": voluntary,
                "anglo_french_cooperation": draw(st.booleans()),
            },
            "territory": {
                "paris": paris,
                "lyon": draw(control),
                "marseilles": draw(control),
                "other_french_objectives": draw(
                    st.lists(st.sampled_from(["Brest", "Metz", "Lille", "Nancy"]), unique=True)
                ),
            },
            "diplomacy": {
                "axis_dps": axis_dps,
                "allied_dps": allied_dps,
                "axis_dps_cancelled": draw(st.integers(0, axis_dps)),
                "allied_dps_cancelled": draw(st.integers(0, allied_dps)),
            },
            "units": units,
            "fleet": [ship(f"s{i}", *fields) for i, fields in enumerate(ships)],
        }
    )


@given(
    surrenders(),
    st.sampled_from(["pooled", "per_ship"]),
    st.sampled_from(["excluded", "included"]),
)
def test_property_58_22_level_is_the_clamped_sum_of_its_modifiers(
    raw: dict[str, Any], discount: str, corsica: str
) -> None:
    assumptions = {"awaw.fleet_discount": discount, "awaw.corsica_ground_factors": corsica}
    g = Game(from_mapping(raw, "generated"), seed=0, assumptions=assumptions)
    lvl = g.state.surrender_level
    total = sum(m.value for m in lvl.modifiers)
    assert lvl.raw == total
    assert lvl.value == max(-3, min(3, total))
    assert -3 <= lvl.value <= 3
    assert lvl.raw == oracle(raw, discount, corsica)
    if not lvl.voluntary:
        shown, added = fleet_sum(next(m.basis for m in lvl.modifiers if m.rule == "58.21C"))
        assert shown == added
        assert next(m.value for m in lvl.modifiers if m.rule == "58.21C") == max(0, 42 - shown) // 5


def test_58_21_each_fresh_scenario_gets_its_own_level() -> None:
    for net in [3, -2, 0, 1, -3, 2, -1] * 6:
        g = support.game(at_level(net))
        assert g.state.surrender_level.raw == net
        del g


def test_58_21c_one_scenario_read_two_ways_gives_two_levels() -> None:
    s = support.scenario(
        {
            "fleet": [
                ship("ready", "named", 35, "northern_france"),
                ship("a", "cruiser", 3, "northern_france", "damaged"),
                ship("b", "cruiser", 3, "northern_france", "damaged"),
            ]
        }
    )
    pooled = Game(s, seed=0, assumptions={"awaw.fleet_discount": "pooled"})
    per_ship = Game(s, seed=0, assumptions={"awaw.fleet_discount": "per_ship"})
    assert rule_total(pooled.state, "58.21C") == 0
    assert rule_total(per_ship.state, "58.21C") == 1
    assert rule_total(Game(s, seed=0).state, "58.21C") == 0


def test_58_21_a_voluntary_surrender_logs_only_the_modifier_it_counts() -> None:
    g = Game(load("voluntary-fall-1940"), seed=1)
    lines = [e.text for e in g.log if e.rule.startswith("58.21")]
    assert lines == ["Voluntary surrender: +1 (yes)"]
