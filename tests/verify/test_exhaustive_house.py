"""``armistice verify --exhaustive --tables``: the exhaustive checks read the rule with the
numbers the house tables set (a house value is the rule a game under them follows, and a
finding says so), and tables a game refuses end the run with the game's reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armistice.core.awaw.rule58.tables import FORCES_FILE, RULE58_FILE, load, shipped
from armistice.verify.awaw.rule58 import spec
from armistice.verify.awaw.rule58.exhaustive import colonies, house_rules, level
from armistice.verify.awaw.rule58.procedure_mutants import procedure_mutants
from armistice.verify.model import Verdict
from tests.support import edited
from tests.verify.runs import verify


def test_58_531_a_house_vichy_bonus_of_2_is_the_rule_the_colony_step_is_held_to(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(tmp_path, RULE58_FILE, ("vichy_bonus = 3", "vichy_bonus = 2"))
    t = load(path, FORCES_FILE)
    assert spec.house(t).vichy_bonus == 2
    # Level 0, Vichy established, die 1: 1 + 0 + 2 = 3 is Free French under the house rule.
    assert spec.colony_outcome("french", 1, 0, True, spec.house(t)) == "free_french"
    assert spec.colony_outcome("french", 1, 0, True) == "vichy"
    (held, _) = colonies.check(t)
    assert held.verdict is Verdict.PROVED, held.explanation
    # The engine that drops the bonus is still caught under the house value.
    dropped = {m.name: m for m in procedure_mutants(t)}["colonial die step drops the +3 for Vichy"]
    with dropped.patch():
        (broken,) = colonies.check(t, ("colonies_one_status",))
    assert broken.verdict is Verdict.VIOLATED
    # Die 2 at level 0: 2 + 0 + 2 = 4 is Vichy under the house bonus; without it, Free French.
    assert "'colony_roll.north_africa': 2" in broken.explanation
    assert broken.counterexample["engine"] == "tunisia: free_french"
    assert broken.counterexample["rule"] == "tunisia: vichy"
    finding = house_rules(t)
    assert finding.verdict is Verdict.FINDING
    assert finding.explanation == (
        "the exhaustive checks hold the engine to these house values: "
        "house rule: colony_roll.vichy_bonus 2, book 3"
    )


def test_58_21b_a_house_ground_step_is_the_rule_the_level_step_is_held_to(tmp_path: Path) -> None:
    path = edited(tmp_path, RULE58_FILE, ("ground_step = 10", "ground_step = 5"))
    t = load(path, FORCES_FILE)
    results = {r.name: r for r in level.check(t)}
    assert results["ground_factors_58_21b"].verdict is Verdict.PROVED
    assert results["ground_factors_58_21b"].cases == 18832


def test_a_game_refused_table_ends_the_exhaustive_run_with_the_refusal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(tmp_path, RULE58_FILE, ("low = 2\nhigh = 2", "low = 3\nhigh = 2"))
    report = tmp_path / "report.json"
    code, out, err = verify(capsys, "--exhaustive", "--tables", str(path), "--json", str(report))
    assert code == 2
    says = (
        "a game refuses these tables, so --exhaustive has nothing to run: "
        f"{path}: turn: gap: no row covers Fall 1940"
    )
    assert err == f"armistice: error: {says}\n"
    assert out == ""
    assert json.loads(report.read_text())["error"] == says


def test_plain_and_exhaustive_runs_agree_that_a_house_bonus_is_a_finding(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = edited(tmp_path, RULE58_FILE, ("vichy_bonus = 3", "vichy_bonus = 2"))
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 0
    assert "house_rules: finding: house rule: colony_roll.vichy_bonus 2, book 3" in out
    assert "colony_status_follows_58_53 (58.531 58.532), differs here:" in out
    assert "(6 properties holding the tables to the book: findings, not invariants" in out
    assert shipped().rules.colony_roll.vichy_bonus == 3
