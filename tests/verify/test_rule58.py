"""Rule 58's proof suite (awaw.58): verdicts on the shipped rules, edited tables, reports,
mutation, and differential checks that keep the independent spec equal to the engine."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.playable import regions
from armistice.core.awaw.rule58.tables import FORCES_FILE, RULE58_FILE, Band, shipped
from armistice.core.scenario import load
from armistice.verify import runner
from armistice.verify.awaw.rule58 import SUITE, spec
from armistice.verify.awaw.rule58.analysis import colony_odds
from armistice.verify.awaw.rule58.checks import checks
from armistice.verify.awaw.rule58.mutants import code_mutants
from armistice.verify.awaw.rule58.properties import PROPERTIES
from armistice.verify.model import Mutant, Strength, Verdict
from armistice.verify.mutate import caught, mutation_score
from tests.support import edited
from tests.verify.runs import verify

T = shipped()


def test_every_invariant_is_proved_on_the_shipped_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    code, out, _ = verify(capsys, "--json", str(report), "--counterexamples", str(tmp_path / "cx"))
    assert code == 0
    document = json.loads(report.read_text(encoding="utf-8"))
    assert document["ok"] is True
    verdicts = {r["property"]: r["verdict"] for r in document["results"]}
    for name in (
        "level_within_limits",
        "level_is_clamped_sum",
        "voluntary_is_plus_one",
        "fleet_modifier_bands",
        "level_is_monotone",
        "colony_status_follows_58_53",
        "force_tables_total",
        "naval_allocation_conserves",
        "colony_result_no_gaps",
        "colony_result_no_overlaps",
        "turn_modifier_no_gaps",
    ):
        assert verdicts[name] == "proved", name
    assert verdicts["naval_levels_mirror"] == "finding"
    assert "invariants proved, 0 not" in out


def test_58_22_proof_names_the_clamp_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    verify(capsys, "--json", str(report))
    by_name = {r["property"]: r for r in json.loads(report.read_text())["results"]}
    assert by_name["level_within_limits"]["needed"] == ["58.22"]
    assert by_name["fleet_modifier_bands"]["needed"] == ["58.21C"]
    assert by_name["naval_allocation_conserves"]["needed"] == ["58.641"]


def test_a_gap_in_the_colony_results_is_found_with_its_region_and_witness(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(
        tmp_path, RULE58_FILE, ("[[colony_result]]\nlow = 4", "[[colony_result]]\nlow = 6")
    )
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 1
    assert "colony_result_no_gaps" in out
    assert "no row covers 4..5; smallest: 4" in out


def test_an_overlap_names_both_rows(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = edited(
        tmp_path, RULE58_FILE, ("[[colony_result]]\nlow = 4", "[[colony_result]]\nlow = 2")
    )
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 1
    assert "overlap: 2..3 in rows 1, 2; smallest: 2" in out


def test_a_house_rule_modifier_is_a_finding_with_a_scenario_that_loads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(tmp_path, RULE58_FILE, ("paris = 2 ", "paris = 3 "))
    folder = tmp_path / "cx"
    code, out, _ = verify(capsys, "--tables", str(path), "--counterexamples", str(folder))
    assert code == 0
    assert "modifiers_follow_58_21: finding" in out
    assert "58.21A Paris held by the Axis: engine 3, rule 2" in out
    assert "house rule: level.paris 3, book 2" in out
    scenario = folder / "counterexample-modifiers-follow-58-21.toml"
    assert f"scenario: {scenario}" in out
    loaded = load(str(scenario))
    assert loaded.territory.paris == "axis"


def test_edited_force_tables_that_differ_from_the_rule_book_are_a_finding(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(
        tmp_path,
        FORCES_FILE,
        ("{ fsl =  2, infantry_factors = 15", "{ fsl =  2, infantry_factors = 14"),
    )
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 0
    assert "forces_match_published" in out
    assert "finding" in out.split("forces_match_published", 1)[1].splitlines()[0]


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        (
            "{ fsl = -3, infantry_factors = 10,",
            "{ fsl = -3, infantry_factors = 10.5,",
            "vichy row 7, infantry_factors",
        ),
        (
            "  { fsl = -3, infantry_factors = 10, armor_units = 0, air_factors = 0, named_ships = 0, cruisers = 0, destroyer_factors = 0 },\n",
            "",
            "gap: no row for FSL -3",
        ),
        (
            "{ fsl =  3, infantry_factors = 12,",
            "{ fsl =  3, infantry_factors = -12,",
            "vichy row 1, infantry_factors",
        ),
    ],
)
def test_a_malformed_table_is_refused_naming_file_and_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, old: str, new: str, says: str
) -> None:
    path = edited(tmp_path, FORCES_FILE, (old, new))
    code, _, err = verify(capsys, "--tables", str(path))
    assert code == 2
    assert err.startswith(f"armistice: error: {path}")
    assert says in err
    assert "Traceback" not in err


def test_junit_and_markdown_reports(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    junit, markdown = tmp_path / "verify.xml", tmp_path / "verify.md"
    assert verify(capsys, "--junit", str(junit), "--report", str(markdown))[0] == 0
    suite = ET.parse(junit).getroot()
    assert suite.get("failures") == "0"
    assert int(suite.get("tests") or 0) >= 15
    text = markdown.read_text(encoding="utf-8")
    assert "| -1 | yes | 1/6 | 5/6 | 0 | 0 |" in text
    assert "## Colony odds by surrender level" in text


def test_58_531_colony_odds_are_exact_fractions() -> None:
    from fractions import Fraction

    from armistice.core.awaw.words import ColonyStatus

    odds = colony_odds(T)
    assert odds[(-1, True)] == {
        ColonyStatus.FREE_FRENCH: Fraction(1, 6),
        ColonyStatus.VICHY: Fraction(5, 6),
    }
    assert odds[(-3, False)] == {ColonyStatus.FREE_FRENCH: Fraction(1)}
    assert odds[(0, False)] == {
        ColonyStatus.FREE_FRENCH: Fraction(1, 2),
        ColonyStatus.INDEPENDENT: Fraction(1, 2),
    }
    assert odds[(3, True)] == {ColonyStatus.VICHY: Fraction(1)}


def test_band_regions_report_gaps_and_overlaps_exactly() -> None:
    bands = [Band(None, 2), Band(5, 7), Band(6, None)]
    gaps, overlaps = regions(bands, 0, 10)
    assert gaps == [(3, 4)]
    assert overlaps == [((6, 7), (1, 2))]


@pytest.mark.parametrize("mutant", list(code_mutants(T)), ids=lambda m: m.name)
def test_every_code_mutant_is_caught(mutant: Mutant) -> None:
    assert caught(SUITE, mutant) != ""


def test_mutation_score_is_at_least_95_percent() -> None:
    killed, survivors = mutation_score(SUITE, T)
    assert len(killed) / (len(killed) + len(survivors)) >= 0.95, survivors


@pytest.mark.parametrize("full", range(0, 61, 3))
@pytest.mark.parametrize("half", range(0, 21))
def test_spec_fleet_band_equals_the_engine_on_small_fleets(full: int, half: int) -> None:
    assert spec.fleet_band(spec.counted(full, half)) == rules.fleet_modifier(
        rules.counted_fleet(full, half), T
    )


@given(
    voluntary=st.just(False),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    numbers=st.tuples(
        *(st.integers(0, 200) for _ in range(3)), st.integers(-8, 43), st.integers(-20, 20)
    ),
)
def test_spec_modifiers_equal_the_engine(
    voluntary: bool, flags: tuple[bool, ...], numbers: tuple[int, ...]
) -> None:
    paris, lyon, marseilles, coop = flags
    objectives, ground, fleet, turn, dps = numbers
    facts = rules.SurrenderFacts(
        voluntary, paris, lyon, marseilles, objectives, ground, fleet, turn, dps, coop
    )
    engine = tuple(t.value for t in rules.surrender_terms(facts, T))[:-1]
    assert engine == spec.modifiers(facts)


def test_spec_force_tables_equal_the_shipped_tables() -> None:
    for level in range(-3, 4):
        assert tuple(rules.free_french_level(level, True, T).__struct_fields__) == tuple(
            T.free_french[True][level].__struct_fields__
        )
        for published, table in (
            (spec.FREE_FRENCH_WITH_VICHY, T.free_french[True]),
            (spec.FREE_FRENCH_WITHOUT_VICHY, T.free_french[False]),
            (spec.VICHY, T.vichy),
        ):
            row = table[level]
            assert published[level] == tuple(getattr(row, f) for f in row.__struct_fields__)


def test_armistice_verify_runs_the_same_suite(capsys: pytest.CaptureFixture[str]) -> None:
    from armistice.tui.cli import run as armistice

    assert armistice(["verify"]) == 0
    assert "invariants proved, 0 not" in capsys.readouterr().out


def test_regression_scenarios_stay_within_the_invariants() -> None:
    from armistice.core.game import Game
    from armistice.core.prompts import Roll

    folder = Path(__file__).resolve().parents[1] / "regressions"
    files = sorted(folder.glob("*.toml"))
    assert files, "tests/regressions holds counterexample scenarios kept as regression cases"
    for path in files:
        game = Game(load(str(path)), seed=1)
        while game.prompt is not None:
            game.roll() if isinstance(game.prompt, Roll) else game.answer(
                game.prompt.default_answer()
            )
        level = game.state.surrender_level
        assert -3 <= level.value <= 3
        assert level.value == max(-3, min(3, sum(m.value for m in level.modifiers)))
        assert set(game.state.colonies.values()) <= {"free_french", "vichy", "axis", "independent"}


def test_counterexample_folder_is_not_created_when_all_is_proved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "cx"
    verify(capsys, "--counterexamples", str(folder))
    assert not folder.exists()
    shutil.rmtree(folder, ignore_errors=True)


def test_no_proof_takes_more_than_twice_its_stored_effort() -> None:
    stored = runner.baseline().get("awaw.58", {})
    assert stored, "verify/baseline.json holds each awaw.58 property's rlimit"
    for result in runner.run(SUITE, T):
        if result.name in stored:
            assert result.rlimit <= 2 * stored[result.name], (result.name, result.rlimit)


def test_each_verdict_states_its_strength_in_the_json_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    assert verify(capsys, "--system", "awaw.58", "--json", str(report))[0] == 0
    document = json.loads(report.read_text(encoding="utf-8"))
    results = {r["property"]: r for r in document["results"]}
    for r in results.values():
        assert r["system"] == "awaw.58"
        assert r["strength"] in {s.value for s in Strength}
        assert bool(r["bounds"]) == (r["strength"] == "exhaustive"), r["property"]
    for prop in PROPERTIES:
        assert results[prop.name]["strength"] == "proved"
    assert results["turn_modifier_no_gaps"]["strength"] == "exhaustive"
    assert results["turn_modifier_no_gaps"]["bounds"] == {"value": [-8, 43]}
    assert results["colony_result_rows_reachable"]["bounds"] == {"die": [1, 6], "level": [-3, 3]}
    assert "colony_odds" in document["systems"]["awaw.58"]


def test_each_property_gives_the_rules_it_declares() -> None:
    for check in checks(T):
        for result in check.run():
            assert set(result.rules) <= set(check.rules), (check.name, result.rules)
    for prop in PROPERTIES:
        assert prop.check(T).rules == prop.rules, prop.name


def test_58_22_a_level_without_its_clamp_fails_an_invariant_through_the_suite() -> None:
    unclamped = next(m for m in SUITE.mutants(T) if m.name == "no clamp on the level")
    with unclamped.patch():
        verdicts = {r.name: r.verdict for r in runner.run(SUITE, SUITE.build(unclamped.tables))}
    assert verdicts["level_is_clamped_sum"] is Verdict.VIOLATED
