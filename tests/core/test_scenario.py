from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from armistice.core import scenario as scenarios
from armistice.core.errors import ScenarioError
from armistice.core.scenario import decode, from_mapping, load
from tests import support

BUNDLED = {
    "damaged-fleet-spring-1940",
    "historical-summer-1940",
    "rulebook-example-fall-1940",
    "us-at-war-spring-1942",
    "voluntary-fall-1940",
}

BAD = [
    pytest.param(
        {"territory": {"other_french_objectives": ["Brest", "Brest"]}},
        "territory.other_french_objectives[1]",
        id="objective-twice",
    ),
    pytest.param(
        {"territory": {"other_french_objectives": ["Lyon"]}},
        "territory.other_french_objectives[0]",
        id="objective-lyon",
    ),
    pytest.param(
        {"territory": {"other_french_objectives": [""]}},
        "territory.other_french_objectives[0]",
        id="objective-unnamed",
    ),
    pytest.param({"surrender": {"year": 19400}}, "surrender.year", id="year-too-late"),
    pytest.param({"name": None}, "name", id="name-null"),
    pytest.param({"surrender": {"year": "1940"}}, "surrender.year", id="wrong-type"),
    pytest.param({"surrender": {"season": "monsoon"}}, "surrender.season", id="bad-season"),
    pytest.param({"surrender": {"fleet_size": 3}}, "surrender.fleet_size", id="unknown-key"),
    pytest.param({"armies": []}, "armies", id="unknown-top-level-key"),
    pytest.param({"colonies": {"indochina": {"brp": 3}}}, "colonies.indochina", id="colony"),
    pytest.param(
        {"units": [support.unit("x", "french", "infantry", "northern_france", -3)]},
        "units[0].factors",
        id="negative-factors",
    ),
    pytest.param(
        {"fleet": [support.ship("x", factors=-1)]}, "fleet[0].factors", id="negative-ship"
    ),
    pytest.param({"fleet": [support.ship("x", factors=0)]}, "fleet[0].factors", id="empty-ship"),
    pytest.param({"territory": {"paris": "french"}}, "territory.paris", id="paris-not-axis"),
    pytest.param(
        {"surrender": {"voluntary": True, "season": "summer"}, "territory": {"paris": "french"}},
        "surrender.season",
        id="voluntary-before-fall-1940",
    ),
    pytest.param(
        {"surrender": {"voluntary": True, "season": "spring", "year": 1940}},
        "surrender.voluntary",
        id="voluntary-with-paris-lost",
    ),
    pytest.param({"surrender": {"season": "winter", "year": 1937}}, "surrender.year", id="1937"),
    pytest.param(
        {"diplomacy": {"axis_dps": 1, "axis_dps_cancelled": 2}},
        "diplomacy.axis_dps_cancelled",
        id="cancelled-too-many",
    ),
    pytest.param(
        {"fleet": [support.ship("a"), support.ship("a")]}, "fleet[1].id", id="duplicate-ship"
    ),
    pytest.param(
        {"fleet": [support.ship("a", region="elsewhere")]}, "fleet[0].region", id="ship-elsewhere"
    ),
    pytest.param(
        {"units": [support.unit("x", "french", "naval", "british")]},
        "units[0].kind",
        id="french-naval-unit",
    ),
    pytest.param({"system": "chess"}, "system", id="unknown-system"),
]


def test_58_bundled_scenarios_all_load() -> None:
    rule58 = [entry for entry in scenarios.bundled() if entry.system == "awaw.58"]
    assert {entry.name for entry in rule58} == BUNDLED
    for entry in scenarios.bundled():
        assert load(entry.name).name == entry.name


def test_minimal_scenario_builds_with_defaults(scenario_dict: dict[str, Any]) -> None:
    s = from_mapping(scenario_dict, "test")
    assert s.surrender.french_brp_base == 60
    assert s.territory.paris == "axis"
    assert s.fleet == ()


def test_a_unit_entry_without_factors_has_none(build: Callable[..., Any]) -> None:
    entry = support.unit("Escort", "british", "naval", "southern_france")
    del entry["factors"]
    (unit,) = build({"units": [entry]}).units
    assert (unit.factors, unit.units) == (0, 1)


def test_naval_units_of_every_other_nationality_are_listed_as_units(
    build: Callable[..., Any],
) -> None:
    """Only French ships are kept apart, in [[fleet]] (58.64)."""
    others = ("british", "us", "german", "italian")
    units = [support.unit(n, n, "naval", "southern_france") for n in others]
    assert [u.nationality for u in build({"units": units}).units] == list(others)


def test_overrides_merge_into_the_minimal_scenario(build: Callable[..., Any]) -> None:
    s = build({"surrender": {"season": "summer"}, "colonies": {"tunisia": {"brp": 9}}})
    assert (s.surrender.season, s.surrender.year) == ("summer", 1940)
    assert s.colonies["tunisia"].brp == 9
    assert s.colonies["algeria"].brp == 5


@pytest.mark.parametrize(("overrides", "field"), BAD)
def test_bad_mapping_raises_scenario_error_naming_file_and_field(
    overrides: dict[str, Any], field: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        from_mapping(support.raw(overrides), "my-game.toml")
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.source == "my-game.toml"
    assert error.field == field
    assert str(error).startswith(f"my-game.toml: {field}: ")


@pytest.mark.parametrize("colony", [{"brp": -5}, {"brp": "five"}, {"brp": 5, "control": "italian"}])
def test_bad_colony_entry_names_the_colony(colony: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError) as caught:
        from_mapping(support.raw({"colonies": {"tunisia": colony}}), "my-game.toml")
    assert caught.value.field.startswith("colonies")
    assert "tunisia" in caught.value.field


def test_missing_colony_is_refused() -> None:
    raw = support.raw()
    del raw["colonies"]["algeria"]
    with pytest.raises(ScenarioError, match="algeria") as caught:
        from_mapping(raw, "x.toml")
    assert caught.value.field == "colonies"


def test_missing_system_is_refused() -> None:
    raw = support.raw()
    del raw["system"]
    with pytest.raises(ScenarioError) as caught:
        from_mapping(raw, "x.toml")
    assert caught.value.field == "system"


def test_voluntary_surrender_in_fall_1940_is_allowed() -> None:
    s = from_mapping(
        support.raw({"surrender": {"voluntary": True}, "territory": {"paris": "french"}}), "x"
    )
    assert s.surrender.voluntary


def test_surrender_in_fall_1939_is_allowed() -> None:
    assert from_mapping(support.raw({"surrender": {"year": 1939}}), "x").turn == -2


@pytest.mark.parametrize(
    ("season", "year", "turn"), [("spring", 1938, -8), ("fall", 1938, -6), ("summer", 1939, -3)]
)
def test_surrender_before_fall_1939_is_allowed_from_1938(season: str, year: int, turn: int) -> None:
    raw = support.raw({"surrender": {"season": season, "year": year}})
    assert from_mapping(raw, "x").turn == turn


def test_a_year_before_1938_is_refused_naming_the_year() -> None:
    with pytest.raises(ScenarioError) as caught:
        from_mapping(support.raw({"surrender": {"season": "winter", "year": 1937}}), "x")
    assert caught.value.field == "surrender.year"
    assert "1938" in caught.value.reason


TOML_OK = """
system = "awaw"
name = "file"
title = "from a file"

[surrender]
season = "fall"
year = 1940

[colonies]
lebanon_syria = { brp = 5 }
tunisia = { brp = 5 }
algeria = { brp = 5 }
morocco = { brp = 5 }
"""


def test_load_reads_a_scenario_file(tmp_path: Path) -> None:
    path = tmp_path / "good.toml"
    path.write_text(TOML_OK, encoding="utf-8")
    assert load(str(path)).name == "file"


def test_invalid_toml_raises_scenario_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('system = "awaw"\nname = \n', encoding="utf-8")
    with pytest.raises(ScenarioError, match="not valid TOML") as caught:
        load(str(path))
    assert str(caught.value).startswith(f"{path}: ")
    assert "\n" not in str(caught.value)


def test_wrong_type_in_a_file_names_the_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text(TOML_OK.replace("year = 1940", 'year = "1940"'), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load(str(path))
    assert str(caught.value).startswith(f"{path}: surrender.year: ")


def test_unknown_key_in_a_file_names_the_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "extra.toml"
    path.write_text(TOML_OK.replace("year = 1940", "year = 1940\nweather = 3"), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load(str(path))
    assert caught.value.field == "surrender.weather"
    assert str(path) in str(caught.value)


def test_non_utf8_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'title = "\xe9"\n')
    with pytest.raises(ScenarioError, match="UTF-8"):
        load(str(path))


def test_decode_names_the_source_it_was_given() -> None:
    with pytest.raises(ScenarioError) as caught:
        decode(b"[surrender\n", "inline.toml")
    assert caught.value.source == "inline.toml"


def test_unknown_scenario_name_is_refused() -> None:
    with pytest.raises(ScenarioError, match="no-such-scenario"):
        load("no-such-scenario")


def test_missing_required_field_is_named(scenario_dict: dict[str, Any]) -> None:
    del scenario_dict["name"]
    with pytest.raises(ScenarioError) as caught:
        from_mapping(scenario_dict, "my-game.toml")
    assert (caught.value.field, caught.value.reason) == ("name", "missing (required)")


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        (
            {"surrender": {"season": "autumn"}},
            'surrender.season: "autumn" is not one of: spring, summer, fall, winter',
        ),
        (
            {"colonies": {"tunisia": {"brp": 5, "control": "italian"}}},
            'colonies.tunisia.control: "italian" is not one of: french, axis, british',
        ),
        (
            {"surrender": {"year": 1937}},
            "surrender.year: 1937 is below 1938 (Year of surrender: 1938 to 1950)",
        ),
        (
            {"diplomacy": {"axis_dps": -1}},
            "diplomacy.axis_dps: -1 is below 0 (Axis DPs in France: at least 0 DPs)",
        ),
    ],
)
def test_a_refused_value_says_what_the_field_accepts(
    overrides: dict[str, Any], reason: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        from_mapping(support.raw(overrides), "my-game.toml")
    assert str(caught.value) == f"my-game.toml: {reason}"
