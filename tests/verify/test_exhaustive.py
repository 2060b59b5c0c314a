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
from armistice.verify.awaw.rule58.exhaustive import brp, colonies, fleet, level, units
from armistice.verify.awaw.rule58.procedure_mutants import procedure_mutants
from armistice.verify.cli import run
from armistice.verify.model import Mutant, Strength, Verdict
from armistice.verify.mutate import caught

T = shipped()
CHECKS = {name: step.check for step in (level, colonies, units, fleet, brp) for name in step.RULES}
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
    assert set(results) == set(CHECKS) | {"house_rules"}
    assert results.pop("house_rules")["explanation"] == "every value is the book's"
    for name, r in results.items():
        assert r["verdict"] == "proved", (name, r["explanation"])
        assert r["strength"] == "exhaustive", name
        assert r["bounds"], name
        assert any(rule.startswith("58.") for rule in r["rules"]), name
    assert results["colonies_one_status"]["bounds"]["die"] == [1, 6]
    assert results["colonies_one_status"]["bounds"]["level"] == [-3, 3]
    assert results["ships_one_fate"]["bounds"]["ships of each kind per port"] == [0, 2]
    assert results["brps_follow_58_7"]["cases"] == 3072
    assert "15 of 15 invariants proved" in out
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
        (result,) = colonies.check(T, ("colonies_one_status",))
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
        (result,) = fleet.check(T, ("ships_one_fate",))
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


def test_58_7_the_brp_step_fails_on_the_axis_paid_whatever_the_58_411_reading() -> None:
    mutant = MUTANTS["Axis paid Vichy's BRPs after U.S. entry whatever the 58.411 reading"]
    assert mutant.breaks == ("brps_follow_58_7",)
    with mutant.patch():
        (result,) = brp.check(T)
    assert result.verdict is Verdict.VIOLATED
    # The U.S. at war, so no Vichy France; under the reading "no" the Axis get nothing in
    # its place, where the broken engine pays Vichy's own 20 BRPs.
    found = result.counterexample
    assert found["engine"] == "axis_instead_of_vichy 20"
    assert found["rule"] == "axis_instead_of_vichy 0"
    assert found["case"].startswith("us_at_war, ")
    assert found["case"].endswith("readings seasons_left, floor_at_zero, germany, no")
    (shipped_result,) = brp.check(T)
    assert shipped_result.verdict is Verdict.PROVED
    assert shipped_result.cases == 3072


@pytest.mark.parametrize(
    ("season", "proration", "base", "next_turn"),
    [
        # 58.71: 63 - 40 = 23 BRPs; 58.72 prorated by the seasons left after the surrender's.
        ("spring", "seasons_left", 63, 23 * 3 // 4),
        ("summer", "seasons_left", 63, 23 * 2 // 4),
        ("winter", "seasons_left", 63, 0),
        ("summer", "full", 63, 23),
        ("summer", "none", 63, 0),
    ],
)
def test_58_7_the_reference_prorates_the_conquest_value_by_the_seasons_left(
    season: str, proration: str, base: int, next_turn: int
) -> None:
    import msgspec

    from armistice.core.awaw.words import Season
    from armistice.verify.awaw.rule58 import spec

    s = positions.position(T, at=0)
    s = msgspec.structs.replace(
        s,
        surrender=msgspec.structs.replace(s.surrender, season=Season(season), french_brp_base=base),
    )
    statuses = {c: "vichy" for c in s.colonies}
    rule = spec.brps(
        s, True, statuses, spec.BrpReadings(proration, "floor_at_zero", "germany", "no")
    )
    assert rule["conquest_value"] == base - 40
    assert rule["received_next_turn"] == next_turn
    # 58.31A: Vichy's own 20 BRPs plus its four colonies of 5.
    assert rule["vichy_value"] == 20 + 4 * 5
    assert rule["key_areas"]["paris"] == (20, "axis")


def test_the_exhaustive_bounds_read_as_sentences() -> None:
    texts = {r.name: r.scope for check in exhaustive.checks(T)[:1] for r in check.run()}
    assert texts["ground_factors_58_21b"] == (
        "exhaustive over every season of 1940 (a voluntary surrender from Fall only), Lyon and "
        "Marseilles each held by the Axis or France, Anglo-French cooperation 7+ or not, and "
        "net DPs from -8 to +8; every choice among 13 units of 5 factors (French infantry, "
        "armor and air in northern France, southern France, Corsica and Algeria, and a British "
        "infantry unit in northern France) to be present, with Corsica counted in France or "
        "not; a fleet of 30 ready factors with every choice of up to 3 more ships of 1 to 3 "
        "factors, each ready, damaged, row 2, launch or building, damaged factors halved as "
        "one pool or ship by ship"
    )
    assert colonies.domain(T).text == (
        "every surrender level from -3 to +3, each of the 4 colonies held by France, the Axis "
        "or Britain, the U.S. at war with Germany or not, both answers to the Vichy decision "
        "and every face of every colonial die asked"
    )
    assert units.domain(T).text.startswith(
        "a French infantry (4 factors), armor (3 factors) and air (1 factor) unit in each of a "
        "British-held place, northern France and Algeria, and one British infantry, British "
        "air, British naval, British airbase, U.S. air and German infantry unit of 2 factors "
        "in every region;"
    )
    assert fleet.domain(T).text.startswith(
        "each kind of ship on its own (named ships of 4 factors, cruisers, destroyer groups of "
        "1 and 2 factors), 1 or 2 ships in each of 5 ports (a British-held place, southern "
        "France, northern France, Algeria and Lebanon-Syria),"
    )
    assert brp.domain(T).text.startswith(
        "French BRP bases 0, 60 and every one from 36 to 45 (around the key areas' 40),"
    )


def test_58_411_the_brp_counterexample_file_replays_as_a_whole_resolution(tmp_path: Path) -> None:
    mutant = MUTANTS["Axis paid Vichy's BRPs after U.S. entry whatever the 58.411 reading"]
    with mutant.patch():
        (result,) = brp.check(T)
        path = write(tmp_path, "brps_follow_58_7", result.counterexample)
        assert isinstance(path, Path)
        assert replay.reproduces(path, "brps_follow_58_7", result.counterexample)
    text = path.read_text(encoding="utf-8")
    assert "--assume awaw.58.vichy_brps_after_us_entry=no" in text
    # The shipped engine pays nothing in Vichy's place under that reading.
    assert not replay.reproduces(path, "brps_follow_58_7", result.counterexample)
