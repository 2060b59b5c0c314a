"""Counterexample files of rule 58's z3 properties: each model that describes a resolution
is written as a scenario that loads, whose header gives the engine's value beside the
rule's and the `armistice resolve` command that shows the violation on the broken engine,
under the same table files it was found with."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest

from armistice.core.awaw.rule58.tables import RULE58_FILE, shipped
from armistice.core.game import Game
from armistice.core.scenario import load
from armistice.tui.cli import run as armistice
from armistice.verify import runner
from armistice.verify.awaw.rule58 import SUITE, models, properties, replay
from armistice.verify.awaw.rule58.counterexample import write
from armistice.verify.awaw.rule58.exhaustive import fleet
from armistice.verify.awaw.rule58.mutants import code_mutants
from armistice.verify.awaw.rule58.procedure_mutants import procedure_mutants
from armistice.verify.cli import run as verify
from armistice.verify.model import Verdict

T = shipped()
MUTANTS = {m.name: m for m in code_mutants(T)}


def header(path: Path) -> list[str]:
    return [line[2:] for line in path.read_text(encoding="utf-8").splitlines() if line[:1] == "#"]


def reproduce(path: Path) -> list[str]:
    """The words of the header's `armistice resolve` command, without the program name."""
    lines = header(path)
    command = lines[lines.index("Reproduce it with:") + 1].strip()
    words = shlex.split(command)
    assert words[:2] == ["armistice", "resolve"]
    return words[1:]


def broken(mutant: str, name: str, folder: Path) -> tuple[dict[str, Any], Path]:
    """The model of ``name`` z3 finds on the engine broken by ``mutant`` (one of those the
    mutant names as broken), and its file, written while the engine is still broken."""
    assert name in MUTANTS[mutant].breaks
    with MUTANTS[mutant].patch():
        result = getattr(properties, name)(T)
        assert result.verdict is Verdict.VIOLATED
        path = write(folder, name, result.counterexample)
    assert isinstance(path, Path)
    return result.counterexample, path


def test_a_colony_model_is_a_surrender_at_its_level_with_its_vichy_choice_and_die(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    values, path = broken(
        "colony roll without the Vichy bonus", "colony_status_follows_58_53", tmp_path
    )
    # The smallest model: die 1 at level 0 with Vichy France; 1 + 0 + 3 = 4 makes it Vichy.
    assert values == {"die": 1, "level": 0, "vichy": True}
    assert Game(load(str(path)), seed=0).state.surrender_level.value == 0
    assert reproduce(path) == [
        "resolve",
        str(path),
        "--decide",
        "establish_vichy=yes",
        "--decide",
        "colony_roll.lebanon_syria=1",
        "--decide",
        "colony_roll.north_africa=1",
    ]
    lines = header(path)
    assert (
        "  the engine gives lebanon_syria free_french, tunisia free_french, algeria free_french, morocco free_french"
        in lines
    )
    assert (
        "  the rule gives lebanon_syria vichy, tunisia vichy, algeria vichy, morocco vichy" in lines
    )
    assert armistice(["check", str(path)]) == 0
    with MUTANTS["colony roll without the Vichy bonus"].patch():
        assert armistice(reproduce(path)) == 0
        out = capsys.readouterr().out
    # The broken engine drops the +3 for Vichy France: the die of 1 stays 1, Free French.
    assert re.search(r"Lebanon-Syria +Free French +1 +1 \+0 FSL \+3 Vichy = 1\n", out)
    # On the engine as shipped the same command gives every colony to Vichy.
    game, _ = replay.play(
        load(str(path)),
        {},
        [
            ("establish_vichy", "yes"),
            ("colony_roll.lebanon_syria", 1),
            ("colony_roll.north_africa", 1),
        ],
    )
    assert game is not None
    assert {x.value for x in game.state.colonies.values()} == {"vichy"}


def test_a_force_model_is_a_surrender_at_its_level_and_shows_the_short_cell(tmp_path: Path) -> None:
    values, path = broken(
        "Free French one destroyer factor short", "forces_match_published", tmp_path
    )
    assert values == {"level": 0, "vichy": False}
    lines = header(path)
    engine = next(x for x in lines if x.startswith("  the engine gives"))
    rule = next(x for x in lines if x.startswith("  the rule gives"))
    # 58.621 at FSL 0 without Vichy France: 2 destroyer factors; the broken engine gives 1.
    assert "cruisers 2, destroyer_factors 1; Vichy" in engine
    assert "cruisers 2, destroyer_factors 2; Vichy" in rule
    assert "--decide establish_vichy=no" in " ".join(reproduce(path))
    assert Game(load(str(path)), seed=0).state.surrender_level.value == 0
    assert armistice(["check", str(path)]) == 0


def test_force_tables_total_shows_the_negative_cell(tmp_path: Path) -> None:
    values, path = broken("Free French one destroyer factor short", "force_tables_total", tmp_path)
    assert values == {"level": 0, "vichy": True}
    engine = next(x for x in header(path) if x.startswith("  the engine gives"))
    # 58.621 at FSL 0 with Vichy France: no destroyer factors; one short is -1.
    assert "Free French: infantry_factors 3" in engine
    assert "destroyer_factors -1; Vichy" in engine
    rule = next(x for x in header(path) if x.startswith("  the rule gives"))
    assert (
        "Free French: infantry_factors 3, armor_units 0, air_factors 0, named_ships 0, cruisers 0, destroyer_factors 0; Vichy"
        in rule
    )


def test_a_fleet_model_is_a_surrender_with_those_ready_and_damaged_factors(tmp_path: Path) -> None:
    values, path = broken("counted fleet ignores damage", "fleet_modifier_bands", tmp_path)
    # Three smallest models tie (3 factors in all, at least one damaged; z3 may give any):
    # 2 ready + 1 damaged and 1 ready + 2 damaged count 2, 0 ready + 3 damaged count 1, all
    # +8 by 58.21C; counting damage in full, 3 factors: +7.
    assert values in (
        {"fleet_full": 2, "fleet_discounted": 1},
        {"fleet_full": 1, "fleet_discounted": 2},
        {"fleet_full": 0, "fleet_discounted": 3},
    )
    lines = header(path)
    assert lines[lines.index("Resolved, the fleet modifier (58.21C):") + 1 :][:2] == [
        "  the engine gives +7",
        "  the rule gives +8",
    ]
    ships = {(s.condition, s.factors) for s in load(str(path)).fleet}
    wanted = {("ready", values["fleet_full"]), ("damaged", values["fleet_discounted"])}
    assert ships == {(condition, factors) for condition, factors in wanted if factors}


def test_a_level_model_shows_the_unclamped_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = broken("no clamp on the level", "level_within_limits", tmp_path)
    lines = header(path)
    # Spring 1940, Paris lost, no fleet: +2 +2 for the turn +8 for the fleet = +12.
    assert "  the engine gives level +12 from modifiers summing to +12" in lines
    assert "  the rule gives level +3 from modifiers summing to +12" in lines
    with MUTANTS["no clamp on the level"].patch():
        assert armistice(reproduce(path)) in (0, 3)
    assert re.search(r"FSL +\+12\n", capsys.readouterr().out)


def test_the_level_a_written_scenario_gives_is_the_models() -> None:
    for level in range(-3, 4):
        s = models.at_level(level, None)
        assert s is not None
        assert Game(s, seed=0).state.surrender_level.value == level


def test_a_naval_model_gets_no_file_and_the_result_says_why(tmp_path: Path) -> None:
    with MUTANTS["Vichy served before the Free French"].patch():
        result = properties.naval_allocation_conserves(T)
        why = write(tmp_path, "naval_allocation_conserves", result.counterexample)
    assert isinstance(why, str)
    assert result.counterexample["free_french_level"] == 0
    assert result.counterexample["vichy_level"] == 1
    assert "the tables give Free French 0 and Vichy 1 ships of one kind for named_ships" in why
    assert not tmp_path.joinpath("counterexample-naval-allocation-conserves.toml").exists()


def test_the_runner_puts_the_reason_for_no_file_in_the_result(tmp_path: Path) -> None:
    from dataclasses import replace

    naval = replace(
        SUITE,
        checks=lambda t, p: [
            c for c in SUITE.checks(t, p) if "naval_allocation_conserves" in c.name
        ][:1],
    )
    with MUTANTS["Vichy served before the Free French"].patch():
        (result,) = [
            r
            for r in runner.run(naval, T, True, tmp_path)
            if r.name == "naval_allocation_conserves"
        ]
    assert result.verdict is Verdict.VIOLATED
    assert "; no scenario file: the tables give Free French 0 and Vichy 1" in result.explanation
    assert result.scenario == ""


def test_a_house_table_finding_replays_under_the_same_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = RULE58_FILE.read_text(encoding="utf-8")
    edited = tmp_path / "rule58.toml"
    edited.write_text(text.replace("paris = 2 ", "paris = 3 ", 1), encoding="utf-8")
    folder = tmp_path / "cx"
    assert verify(["--tables", str(edited), "--counterexamples", str(folder)]) == 0
    capsys.readouterr()
    path = folder / "counterexample-modifiers-follow-58-21.toml"
    words = reproduce(path)
    assert words[:4] == ["resolve", str(path), "--tables", str(edited.resolve())]
    lines = header(path)
    assert (
        lines[0]
        == "Counterexample to modifiers_follow_58_21, found by `armistice verify --tables`."
    )
    engine = next(x for x in lines if x.startswith("  the engine gives"))
    rule = next(x for x in lines if x.startswith("  the rule gives"))
    # Paris worth 3 under the house tables, 2 in the book: the sum is one higher.
    assert int(engine.split()[-1]) == int(rule.split()[-1]) + 1
    level = engine.split()[4]
    assert armistice(words) in (0, 3)
    out = capsys.readouterr().out
    assert "58.21A   Paris held by the Axis           +3" in out
    assert re.search(rf"FSL +\{level}\n", out)
    named = f"House tables {edited.resolve()} in place of rule58.toml"
    assert "".join(named.split()) in "".join(out.split())
    assert f"58.21    Sum of modifiers                 {engine.split()[-1]}" in out


def test_an_exhaustive_case_found_under_house_tables_replays_under_them(tmp_path: Path) -> None:
    copy = tmp_path / "rule58.toml"
    shutil.copyfile(RULE58_FILE, copy)
    mutant = {m.name: m for m in procedure_mutants(T)}[
        "Vichy re-take the ships the Free French chose"
    ]
    with mutant.patch():
        (result,) = fleet.check(T, ("ships_one_fate",))
        path = write(tmp_path / "cx", "ships_one_fate", result.counterexample, [copy])
        assert isinstance(path, Path)
        assert replay.reproduces(
            path, "ships_one_fate", result.counterexample, replay.House.read([copy])
        )
    words = reproduce(path)
    assert words[2:4] == ["--tables", str(copy.resolve())]
    assert header(path)[0] == (
        "Counterexample to ships_one_fate, found by `armistice verify --exhaustive --tables`."
    )


def test_the_runner_hands_the_suite_the_edited_table_files(tmp_path: Path) -> None:
    from dataclasses import replace

    seen: list[tuple[str, tuple[Path, ...]]] = []

    def record(folder: Path, name: str, values: dict[str, object], house: object) -> None:
        seen.append((name, tuple(house)))  # type: ignore[arg-type]

    suite = replace(
        SUITE,
        checks=lambda t, p: [c for c in SUITE.checks(t, p) if "fleet_modifier_bands" in c.name][:1],
        counterexample=record,
    )
    edited = tmp_path / "rule58.toml"
    with MUTANTS["counted fleet ignores damage"].patch():
        list(runner.run(suite, T, False, tmp_path, house=[edited]))
    assert seen == [("fleet_modifier_bands", (edited,))]


def test_a_file_whose_resolution_agrees_with_the_rule_says_so(tmp_path: Path) -> None:
    # On the engine as shipped, 30 ready and 5 damaged factors count 32: +2 either way.
    path = write(tmp_path, "fleet_modifier_bands", {"fleet_full": 30, "fleet_discounted": 5})
    assert isinstance(path, Path)
    lines = header(path)
    assert "  the engine gives +2" in lines
    assert "  the rule gives +2" in lines
    assert "A resolution does not show this: the engine's values agree here, and the" in lines


def test_the_command_quotes_a_path_with_spaces_so_it_runs_as_written(tmp_path: Path) -> None:
    house = tmp_path / "my dir" / "my house.toml"
    said = replay.command(
        "cx dir/counterexample.toml", {}, [("colony_roll.north_africa", 2)], [house]
    )
    assert said == (
        f"armistice resolve 'cx dir/counterexample.toml' --tables '{house}' "
        "--decide colony_roll.north_africa=2"
    )
