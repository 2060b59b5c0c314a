"""Rule 58's exhaustive checks of the whole procedure (``armistice verify --exhaustive``):
every property holds on the shipped engine, each fails on its named broken engine with a
counterexample scenario that loads and, resolved with the answers its header gives,
breaks the property again."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from armistice.core.awaw.rule58.tables import shipped
from armistice.core.prompts import Selection, SelectionItem
from armistice.core.scenario import from_mapping, load
from armistice.verify.awaw.rule58 import SUITE, exhaustive, positions, replay, steps
from armistice.verify.awaw.rule58.counterexample import scenario_toml, write
from armistice.verify.awaw.rule58.procedure_mutants import procedure_mutants
from armistice.verify.cli import run
from armistice.verify.model import Mutant, Strength, Verdict
from armistice.verify.mutate import caught

T = shipped()
CHECKS = {
    **dict.fromkeys(exhaustive.LEVEL_RULES, exhaustive.level_check),
    **dict.fromkeys(exhaustive.COLONY_RULES, exhaustive.colony_check),
    **dict.fromkeys(exhaustive.UNIT_RULES, exhaustive.unit_check),
    **dict.fromkeys(exhaustive.FLEET_RULES, exhaustive.fleet_check),
}
MUTANTS = {m.name: m for m in procedure_mutants(T)}
BROKEN = [(m, name) for m in MUTANTS.values() for name in m.breaks]


def test_every_exhaustive_property_holds_on_the_shipped_engine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    folder = tmp_path / "cx"
    code = run(["--exhaustive", "--json", str(report), "--counterexamples", str(folder)])
    out = capsys.readouterr().out
    assert code == 0, out
    results = {r["property"]: r for r in json.loads(report.read_text())["results"]}
    assert set(results) == set(CHECKS)
    for name, r in results.items():
        assert r["verdict"] == "proved", (name, r["explanation"])
        assert r["strength"] == "exhaustive", name
        assert r["bounds"], name
        assert any(rule.startswith("58.") for rule in r["rules"]), name
    assert results["colonies_one_status"]["bounds"]["die"] == [1, 6]
    assert results["colonies_one_status"]["bounds"]["level"] == [-3, 3]
    assert results["ships_one_fate"]["bounds"]["ships of each kind per port"] == [1, 2]
    assert "14 of 14 invariants proved" in out
    assert not folder.exists()


def test_every_property_has_a_named_broken_engine() -> None:
    named = {name for m in MUTANTS.values() for name in m.breaks}
    assert named == set(CHECKS)
    for bug in (
        "damaged ships at full value in the ship-by-ship fleet count",
        "colonial die step drops the +3 for Vichy",
        "British-held colony left unassigned",
        "Vichy re-take the ships the Free French chose",
        "air factors counted as ground factors in 58.21B",
    ):
        assert bug in MUTANTS
    in_suite = {m.name for m in SUITE.mutants(T)}
    assert set(MUTANTS) <= in_suite


@pytest.mark.parametrize(("mutant", "name"), BROKEN, ids=lambda x: getattr(x, "name", x))
def test_each_property_fails_on_its_broken_engine(mutant: Mutant, name: str) -> None:
    with mutant.patch():
        (result,) = CHECKS[name](T, (name,))
    assert result.verdict is Verdict.VIOLATED, result.explanation
    assert result.strength is Strength.EXHAUSTIVE and result.bounds
    found = result.counterexample
    assert found["engine"] != found["rule"]
    assert str(found["resolve"]).startswith("armistice resolve FILE")


def test_58_531_the_colony_die_without_the_vichy_bonus_gives_the_smallest_case() -> None:
    with MUTANTS["colonial die step drops the +3 for Vichy"].patch():
        (result,) = exhaustive.colony_check(T, ("colonies_one_status",))
    # Level 0, Vichy established, die 1: 1 + 0 + 3 = 4 is Vichy; without the +3, 1 is Free French.
    assert "level +0" in result.explanation
    assert "'colony_roll.lebanon_syria': 1" in result.explanation
    assert result.counterexample["engine"] == "lebanon_syria: free_french"
    assert result.counterexample["rule"] == "lebanon_syria: vichy"


def test_a_counterexample_file_loads_and_its_answers_reproduce_the_violation(
    tmp_path: Path,
) -> None:
    from armistice.tui.cli import run as armistice

    mutant = MUTANTS["Vichy re-take the ships the Free French chose"]
    with mutant.patch():
        (result,) = exhaustive.fleet_check(T, ("ships_one_fate",))
        path = write(tmp_path, "ships_one_fate", result.counterexample)
        assert path is not None
        assert replay.reproduces(path, "ships_one_fate", result.counterexample)
    text = path.read_text(encoding="utf-8")
    assert f"#   armistice resolve {path} --assume" in text
    assert "--decide vichy.cruisers=" in text or "--decide vichy.named_ships=" in text
    assert armistice(["check", str(path)]) == 0
    # On the engine as shipped the Vichy may not pick that ship: the answer is refused.
    assert not replay.reproduces(path, "ships_one_fate", result.counterexample)


def test_the_suite_runner_writes_the_counterexample_of_a_broken_engine(tmp_path: Path) -> None:
    from dataclasses import replace

    from armistice.verify import runner

    level_only = replace(SUITE, exhaustive=lambda t: exhaustive.checks(t)[:1])
    with MUTANTS["air factors counted as ground factors in 58.21B"].patch():
        results = list(runner.run(level_only, T, True, tmp_path, exhaustive=True))
    by_name = {r.name: r for r in results}
    broken = by_name["ground_factors_58_21b"]
    assert broken.verdict is Verdict.VIOLATED
    # The smallest case: 5 French air factors in northern and 5 in southern France.
    assert "the engine gives -1, the rule 0" in broken.explanation
    assert Path(broken.scenario).is_file()
    assert by_name["level_is_clamped_raw_sum"].verdict is Verdict.UNKNOWN


def test_the_mutation_driver_catches_a_procedure_slip_with_the_exhaustive_checks() -> None:
    assert caught(SUITE, MUTANTS["British-held colony left unassigned"]) == "colonies_one_status"


def test_exhaustive_with_update_baseline_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--exhaustive", "--update-baseline"]) == 2
    assert "without --exhaustive" in capsys.readouterr().err


def test_a_selection_walk_sends_only_what_the_tiers_allow() -> None:
    pick = Selection(
        key="free_french.cruisers",
        power="britain",
        label="Free French cruisers",
        rule="58.641",
        items=(
            SelectionItem("a", "A", 1, 0),
            SelectionItem("b", "B", 1, 0),
            SelectionItem("c", "C", 2, 1),
        ),
        required=3,
    )
    assert steps.allocations(pick) == [{"a": 1, "b": 1, "c": 1}]
    # Any total up to 3: nothing; A or B; both (C only once A and B are used up); all three.
    assert len(steps.allocations(msgspec_replace(pick, minimum=0))) == 1 + 2 + 1 + 1


def msgspec_replace(s: Selection, **changes: int) -> Selection:
    import msgspec

    return msgspec.structs.replace(s, **changes)


def test_58_531_a_walk_answers_both_vichy_choices_and_every_face() -> None:
    s = positions.position(T, at=0)
    leaves = list(steps.walk(lambda: steps.colony_step(s, T, 0)))
    # Vichy at level 0: every modified roll is 4 or more, no die asked; without Vichy a die
    # for each of the two groups, 6 x 6 faces.
    assert len(leaves) == 1 + 36
    assert {a for path, _ in leaves for p, a in path if p.key == "colony_roll.north_africa"} == set(
        range(1, 7)
    )


def test_any_scenario_is_written_as_toml_that_loads_back_to_it() -> None:
    for name in ("us-at-war-spring-1942", "rulebook-example-fall-1940"):
        s = load(name)
        text = scenario_toml(s, ["a header line"])
        assert text.startswith("# a header line\n")
        assert from_mapping(tomllib.loads(text), name) == s
