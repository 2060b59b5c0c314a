"""A player's own position on the command line: ``new`` writes a bundled scenario as commented
TOML that loads back to the same position, ``check`` shows what a file resolves to without
playing it, ``schema --fields`` lists the fields in words. Every field of every registered
system is described."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from armistice.core import scenario, systems
from armistice.core.fields import Field, describe
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.tui import positions
from tests.tui.test_cli import cli

EXAMPLE = "rulebook-example-fall-1940"


def every_field(fields: tuple[Field, ...]) -> list[Field]:
    """Each field and, after it, the fields of its entries."""
    return [g for f in fields for g in (f, *every_field(f.items))]


@pytest.mark.parametrize("bundled", scenario.bundled(), ids=lambda b: b.name)
def test_new_writes_every_bundled_scenario_so_it_loads_and_resolves_the_same(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bundled: scenario.BundledScenario
) -> None:
    target = tmp_path / "mine.toml"
    code, out, err = cli(capsys, "new", bundled.name, str(target))
    assert (code, err) == (0, "")
    assert out == f"Wrote {target}; check it with: armistice check {target}\n"
    original, again = scenario.load(bundled.name), scenario.load(str(target))
    assert again == original
    first, second = Game(original, seed=1), Game(again, seed=1)
    assert second.summary == first.summary
    assert odds(second).outcomes == odds(first).outcomes


@pytest.mark.parametrize("system", systems.every(), ids=lambda s: s.key)
def test_every_field_of_every_system_has_a_label_and_every_count_a_unit_and_bounds(
    system: systems.RuleSystem,
) -> None:
    fields = every_field(describe(system.scenario_type))
    assert fields
    for field in fields:
        assert field.label, field.path
        if field.kind == "integer":
            assert field.low is not None, f"{field.path}: no lower bound"
            if field.low in (0, 1):
                assert field.unit, f"{field.path} counts something: give its unit"


@pytest.mark.parametrize("system", systems.every(), ids=lambda s: s.key)
def test_new_explains_every_field_with_its_label_unit_and_rule(
    system: systems.RuleSystem,
) -> None:
    first = next(b for b in scenario.bundled() if b.system == system.key)
    text = positions.text(scenario.load(first.name), first.name)
    comments = " ".join(
        line.removeprefix("#").strip() for line in text.splitlines() if line.startswith("#")
    )
    for field in every_field(describe(system.scenario_type)):
        assert field.label in comments, field.path
        assert f"in {field.unit}" in comments if field.unit else True
        assert f"(rule {field.rule})" in comments if field.rule else True
        if field.name:
            assert f"{field.name} =" in text or f"{field.name}:" in text or f"[{field.name}" in text


def test_new_rule_58_comments_say_the_unit_bounds_and_rule_of_a_field() -> None:
    text = positions.text(scenario.load(EXAMPLE), EXAMPLE)
    lines = text.splitlines()
    at = lines.index("axis_dps = 0")
    assert (
        lines[at - 1] == "# Axis DPs in France, in DPs, at least 0 (rule 58.21E); if left out: 0."
    )
    assert (
        "# Year of surrender, 1938 to 1950 (rule 58.21D): 1938 and 1939 are for games that start"
        in lines
    )
    assert tomllib.loads(text)["surrender"]["year"] == 1940


def test_new_never_overwrites_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "mine.toml"
    target.write_text("my notes\n")
    code, out, err = cli(capsys, "new", EXAMPLE, str(target))
    assert (code, out) == (2, "")
    assert err == f"armistice: error: {target}: already exists; choose another name\n"
    assert target.read_text() == "my notes\n"


def test_new_of_an_unknown_scenario_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = cli(capsys, "new", "no-such-scenario", str(tmp_path / "x.toml"))
    assert code == 2 and err.count("\n") == 1 and "no-such-scenario" in err
    assert not (tmp_path / "x.toml").exists()


def test_check_shows_the_level_of_the_worked_example_with_its_modifiers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "mine.toml"
    positions.write(scenario.load(EXAMPLE), target, EXAMPLE)
    code, out, err = cli(capsys, "check", str(target))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{target}: a valid awaw.58 scenario"
    assert "FSL       -1" in lines
    assert any(line.split()[-1:] == ["-1"] and "Surrender level" in line for line in lines)
    assert any(
        "58.21A" in line and "Paris held by the Axis" in line and "+2" in line for line in lines
    )
    assert any("58.21B" in line and "-2" in line and "21 factors" in line for line in lines)
    assert lines[-1] == "Next: Establish Vichy France? (58.31)"


def test_check_a_save_shows_where_it_stands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    code, _, err = cli(
        capsys,
        "resolve",
        EXAMPLE,
        "--decide",
        "establish_vichy=no",
        "--dice",
        "1",
        "--seed",
        "2",
        "--save",
        str(save),
    )
    assert code == 3, err
    code, out, err = cli(capsys, "check", str(save))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"{save}: a valid awaw.58 save"
    assert "Vichy France  declined" in out


def test_check_a_bad_position_names_the_file_field_and_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "mine.toml"
    text = positions.text(scenario.load(EXAMPLE), EXAMPLE)
    target.write_text(text.replace('paris = "axis"', 'paris = "french"'))
    code, out, err = cli(capsys, "check", str(target))
    assert (code, out) == (2, "")
    assert err.startswith(f"armistice: error: {target}: territory.paris: France surrenders only")
    assert err.count("\n") == 1
    target.write_text(text.replace("axis_dps = 0", "axis_dps = -1"))
    code, _, err = cli(capsys, "check", str(target))
    assert code == 2
    assert err.startswith(f"armistice: error: {target}: diplomacy.axis_dps: -1 is below 0")


def test_schema_fields_lists_each_field_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "schema", "scenario", "awaw.58", "--fields")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "== awaw.58"
    assert "surrender.year  Year of surrender, 1938 to 1950 (rule 58.21D): 1938 and 1939" in out
    assert "fleet[].count  How many, in ships, 1 to 99 (rule 58.64)" in out
    assert all(len(line) <= 78 for line in out.splitlines())
    code, out, _ = cli(capsys, "schema", "save", "--fields")
    assert code == 0 and out.startswith("format  ")
