from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armistice.core.awaw.rule58 import colonies, tables
from armistice.core.awaw.words import ColonyStatus
from armistice.core.game import Game
from armistice.core.prompts import Roll
from armistice.core.scenario import load
from tests import support
from tests.support import COLONIES, GROUP_OF, STATUSES, at_level, neutral


def expected_status(die: int, level: int, vichy: bool) -> str:
    modified = die + level + (3 if vichy else 0)
    if modified <= 3:
        return "free_french"
    return "vichy" if vichy else "independent"


def test_58_51_french_minors_become_british() -> None:
    state = support.resolved(neutral({"french_minors": ["Belgium", "Netherlands"]}))
    assert state.minors == {"Belgium": "british", "Netherlands": "british"}
    assert [e.rule for e in Game(load("us-at-war-spring-1942"), seed=1).log].count("58.51") == 1


def conquest_holder(conquest: dict[str, Any], *, vichy: str, dice: dict[str, int]) -> str:
    state = support.resolved(neutral({"conquests": [conquest]}), vichy=vichy, dice=dice)
    return state.conquests[conquest["name"]]


FREE_LEVANT_VICHY_AFRICA = {"lebanon_syria": 1, "north_africa": 6}
ALL_FREE = {"lebanon_syria": 1, "north_africa": 1}


def test_58_52_conquest_held_by_a_british_ground_unit_goes_british() -> None:
    conquest = {"name": "Tripoli", "british_ground_unit": True, "vichy_france_distance": 1}
    assert conquest_holder(conquest, vichy="yes", dice={}) == "british"


def test_58_52_conquest_closer_by_land_to_a_free_french_colony_goes_british() -> None:
    conquest = {"name": "Fezzan", "land_distance": {"lebanon_syria": 3, "tunisia": 5}}
    g = support.game(at_level(-3))
    support.play(g, vichy="yes", dice=FREE_LEVANT_VICHY_AFRICA)
    assert g.state.colonies["lebanon_syria"] == "free_french"
    assert g.state.colonies["tunisia"] == "vichy"
    state = support.resolved(
        at_level(-3, {"conquests": [conquest]}), vichy="yes", dice=FREE_LEVANT_VICHY_AFRICA
    )
    assert state.conquests == {"Fezzan": "british"}


def test_58_52_tie_between_free_french_and_vichy_colonies_goes_axis() -> None:
    conquest = {"name": "Fezzan", "land_distance": {"lebanon_syria": 4, "tunisia": 4}}
    state = support.resolved(
        at_level(-3, {"conquests": [conquest]}), vichy="yes", dice=FREE_LEVANT_VICHY_AFRICA
    )
    assert state.conquests == {"Fezzan": "axis"}


def test_58_52_closer_to_a_vichy_colony_goes_axis() -> None:
    conquest = {"name": "Fezzan", "land_distance": {"lebanon_syria": 6, "tunisia": 2}}
    state = support.resolved(
        at_level(-3, {"conquests": [conquest]}), vichy="yes", dice=FREE_LEVANT_VICHY_AFRICA
    )
    assert state.conquests == {"Fezzan": "axis"}


def test_58_52_closer_to_vichy_france_than_to_the_free_french_goes_axis() -> None:
    conquest = {"name": "Savoy", "land_distance": {"algeria": 5}, "vichy_france_distance": 2}
    state = support.resolved(at_level(-3, {"conquests": [conquest]}), vichy="yes", dice=ALL_FREE)
    assert state.conquests == {"Savoy": "axis"}
    state = support.resolved(at_level(-3, {"conquests": [conquest]}), vichy="no")
    assert state.colonies["algeria"] == "free_french"
    assert state.conquests == {"Savoy": "british"}


def test_58_52_conquest_with_no_free_french_colony_in_reach_goes_axis() -> None:
    conquest = {"name": "Aosta"}
    assert conquest_holder(conquest, vichy="no", dice=ALL_FREE) == "axis"
    conquest = {"name": "Fezzan", "land_distance": {"tunisia": 1}}
    assert conquest_holder(conquest, vichy="yes", dice={}) == "axis"


def test_58_52_bundled_us_at_war_conquests() -> None:
    g = Game(load("us-at-war-spring-1942"), seed=1)
    asked = support.play(g)
    assert not any(key.startswith("colony_roll.") for key in asked)
    assert g.state.conquests == {"Tripoli": "british", "Western Libyan desert": "british"}


def test_58_531_one_die_for_lebanon_syria_and_one_for_north_africa() -> None:
    g = support.game(neutral())
    asked = support.play(g, vichy="no")
    rolls = [k for k in asked if k.startswith("colony_roll.")]
    assert rolls == ["colony_roll.lebanon_syria", "colony_roll.north_africa"]
    north = next(r for r in g.state.colony_rolls if r.group == "north_africa")
    assert north.colonies == ("tunisia", "algeria", "morocco")


def test_58_531_the_colonial_die_is_a_d6_rolled_by_the_allies() -> None:
    g = support.game(neutral())
    g.answer("no")
    prompt = g.prompt
    assert isinstance(prompt, Roll)
    assert prompt.rule == "58.531"
    assert (prompt.dice.count, prompt.dice.sides) == (1, 6)
    assert prompt.power == "france"


@pytest.mark.parametrize("level", range(-3, 4))
@pytest.mark.parametrize("vichy", [True, False])
@pytest.mark.parametrize("die", range(1, 7))
def test_58_531_modified_roll_is_die_plus_level_plus_3_for_vichy(
    level: int, vichy: bool, die: int
) -> None:
    g = support.game(at_level(level))
    want = expected_status(die, level, vichy)
    forced = {expected_status(face, level, vichy) for face in range(1, 7)} == {want}
    dice = {} if forced else {"lebanon_syria": die, "north_africa": die}
    support.play(g, vichy="yes" if vichy else "no", dice=dice)
    for roll in g.state.colony_rolls:
        assert roll.die == (None if forced else die)
        assert roll.surrender_level == level
        assert roll.vichy_bonus == (3 if vichy else 0)
        assert roll.modified == (None if forced else die + level + (3 if vichy else 0))
        assert roll.result == want
    assert g.state.colonies == dict.fromkeys(COLONIES, want)


def test_58_531_rulebook_example_die_1_is_free_french_die_2_is_vichy() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    support.play(g, vichy="yes", dice={"lebanon_syria": 1, "north_africa": 2})
    levant, africa = g.state.colony_rolls
    assert (levant.modified, levant.result) == (3, "free_french")
    assert (africa.modified, africa.result) == (4, "vichy")
    assert g.state.colonies == {
        "lebanon_syria": "free_french",
        "tunisia": "vichy",
        "algeria": "vichy",
        "morocco": "vichy",
    }


def test_58_531_level_is_the_clamped_one() -> None:
    g = Game(load("damaged-fleet-spring-1940"), seed=1)
    asked = support.play(g, vichy="no")
    assert not any(key.startswith("colony_roll.") for key in asked)
    assert all(r.surrender_level == 3 and r.die is None for r in g.state.colony_rolls)
    assert set(g.state.colonies.values()) == {"independent"}


def test_58_531_a_die_every_face_of_which_gives_one_result_is_not_rolled() -> None:
    g = support.game(neutral())
    asked = support.play(g, vichy="yes")
    assert not any(key.startswith("colony_roll.") for key in asked)
    assert set(g.state.colonies.values()) == {"vichy"}
    said = [(e.rule, e.text) for e in g.log if e.announce and "no die" in e.text]
    assert said == [
        (
            "58.531B",
            "Lebanon-Syria: no die rolled; with level +0, +3 for Vichy every face gives Vichy",
        ),
        (
            "58.531B",
            "Tunisia-Algeria-Morocco: no die rolled; with level +0, +3 for Vichy every face "
            "gives Vichy",
        ),
    ]


def test_58_531_a_rolled_die_is_told_with_its_modifiers_result_and_rule() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    support.play(g, vichy="yes", dice={"lebanon_syria": 6, "north_africa": 1})
    told = [(e.rule, e.text) for e in g.log if e.announce and e.rule.startswith("58.53")]
    assert told == [
        ("58.531B", "Lebanon-Syria: die 6, level -1, +3 for Vichy: 8, Vichy"),
        ("58.531A", "Tunisia-Algeria-Morocco: die 1, level -1, +3 for Vichy: 3, Free French"),
    ]


def test_58_532a_would_be_vichy_colonies_become_independent() -> None:
    g = support.game(neutral())
    support.play(g, vichy="no", dice={"lebanon_syria": 4, "north_africa": 3})
    assert g.state.colonies == {
        "lebanon_syria": "independent",
        "tunisia": "free_french",
        "algeria": "free_french",
        "morocco": "free_french",
    }
    assert [e.rule for e in g.log if "throws off French rule" in e.text] == ["58.532A"]
    assert ("58.532A", "Lebanon-Syria: die 4, level +0: 4, independent") in [
        (e.rule, e.text) for e in g.log
    ]


def test_58_533_axis_held_colony_is_not_rolled_for_and_stays_axis() -> None:
    g = support.game(at_level(-2, {"colonies": {"tunisia": {"brp": 5, "control": "axis"}}}))
    support.play(g, vichy="yes", dice={"lebanon_syria": 1, "north_africa": 6})
    assert g.state.colonies["tunisia"] == "axis"
    north = next(r for r in g.state.colony_rolls if r.group == "north_africa")
    assert north.colonies == ("algeria", "morocco")
    assert g.state.colonies["algeria"] == "vichy"
    assert any(e.rule == "58.533" and "Tunisia" in e.text for e in g.log)


def test_58_534_british_held_colony_is_not_rolled_for_and_goes_free_french() -> None:
    g = support.game(neutral({"colonies": {"lebanon_syria": {"brp": 5, "control": "british"}}}))
    asked = support.play(g, vichy="no", dice={"north_africa": 6})
    assert "colony_roll.lebanon_syria" not in asked
    assert g.state.colonies["lebanon_syria"] == "free_french"
    assert [r.group for r in g.state.colony_rolls] == ["north_africa"]
    assert any(e.rule == "58.534" for e in g.log)


def test_58_533_58_534_a_group_all_held_before_the_surrender_asks_no_die() -> None:
    held = {
        "lebanon_syria": {"brp": 5, "control": "british"},
        "tunisia": {"brp": 5, "control": "axis"},
        "algeria": {"brp": 5, "control": "british"},
        "morocco": {"brp": 5, "control": "axis"},
    }
    g = support.game(neutral({"colonies": held}))
    asked = support.play(g, vichy="yes")
    assert not any(k.startswith("colony_roll.") for k in asked)
    assert g.state.colony_rolls == ()
    assert g.state.colonies == {
        "lebanon_syria": "free_french",
        "tunisia": "axis",
        "algeria": "free_french",
        "morocco": "axis",
    }


@given(
    st.fixed_dictionaries({c: st.sampled_from(["french", "axis", "british"]) for c in COLONIES}),
    st.booleans(),
    st.integers(-3, 3),
    st.integers(1, 6),
    st.integers(1, 6),
    st.booleans(),
)
def test_property_58_53_every_colony_gets_exactly_one_status(
    control: dict[str, str], vichy: bool, level: int, die_l: int, die_n: int, us_war: bool
) -> None:
    colonies = {c: {"brp": 5, "control": control[c]} for c in COLONIES}
    overrides = at_level(level, {"colonies": colonies})
    if us_war:
        overrides = support.merge(overrides, {"surrender": {"us_at_war_with_germany": True}})
    established = vichy and not us_war
    forced = len({expected_status(face, level, established) for face in range(1, 7)}) == 1
    dice = {"lebanon_syria": die_l, "north_africa": die_n}
    open_groups = {GROUP_OF[c] for c in COLONIES if control[c] == "french"}
    g = support.game(overrides)
    given = {} if forced else {k: v for k, v in dice.items() if k in open_groups}
    asked = support.play(g, vichy="yes" if vichy else "no", dice=given)
    assert g.state.vichy_established is established
    assert set(g.state.colonies) == set(COLONIES)
    for colony, status in g.state.colonies.items():
        assert status in STATUSES
        prior = control[colony]
        if prior == "axis":
            assert status == "axis"
        elif prior == "british":
            assert status == "free_french"
        else:
            assert status == expected_status(dice[GROUP_OF[colony]], level, established)
    for group in ("lebanon_syria", "north_africa"):
        open_ = [c for c in COLONIES if GROUP_OF[c] == group and control[c] == "french"]
        assert (f"colony_roll.{group}" in asked) == (bool(open_) and not forced)
    if not established:
        assert "vichy" not in g.state.colonies.values()
    else:
        assert "independent" not in g.state.colonies.values()


def test_58_531_a_colonial_table_without_a_row_for_a_roll_says_which(tmp_path: Path) -> None:
    """Rows up to 3 and from 5: at FSL 0 without Vichy a die of 4 has no row. Games refuse
    such tables before they start; the colonial step itself refuses them too."""
    text = tables.RULE58_FILE.read_text(encoding="utf-8")
    assert "low = 4\nstatus" in text
    path = tmp_path / "rule58.toml"
    path.write_text(text.replace("low = 4\nstatus", "low = 5\nstatus"), encoding="utf-8")
    gapped = tables.load(path)
    with pytest.raises(ValueError, match=r"no row for a modified roll of 4$"):
        colonies.colony_faces(gapped, 0, False)
    faces, _ = colonies.colony_faces(tables.shipped(), 0, False)
    assert faces[4] is ColonyStatus.INDEPENDENT


def test_58_52_an_independent_colony_gives_a_conquest_no_supply() -> None:
    """Without Vichy France the Levant rolls Vichy and goes independent (58.532A): a
    conquest next to it is still the Axis's, for only a Free French colony supplies it."""
    conquest = {"name": "Fezzan", "land_distance": {"lebanon_syria": 1}}
    g = support.game(neutral())
    support.play(g, vichy="no", dice={"lebanon_syria": 6, "north_africa": 6})
    assert g.state.colonies["lebanon_syria"] == "independent"
    holder = conquest_holder(conquest, vichy="no", dice={"lebanon_syria": 6, "north_africa": 6})
    assert holder == "axis"
