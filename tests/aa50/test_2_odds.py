"""The dice of §2 in the odds every rule system gives: per ship, per zone and the number of
ships captured, exact, in ``armistice odds --json`` from a save at the dice."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from armistice.core.aa50 import rules
from armistice.tui.cli import run
from tests.aa50.test_2_invasion import captured, invaded


def test_2_captured_odds_of_n_ships_are_binomial_in_sixths() -> None:
    assert rules.captured_odds(1) == {0: pytest.approx(5 / 6), 1: pytest.approx(1 / 6)}
    two = rules.captured_odds(2)
    assert [str(two[n]) for n in range(3)] == ["25/36", "5/18", "1/36"]
    three = rules.captured_odds(3)
    assert [str(three[n]) for n in range(4)] == ["125/216", "25/72", "5/72", "1/216"]
    assert sum(rules.captured_odds(5).values()) == 1


def test_2_the_capture_chance_counts_the_faces_that_capture_not_the_face_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Capturing on a 6 instead of a 1 is still one face in six.
    monkeypatch.setattr(rules, "CAPTURED_FACE", 6)
    assert rules.captured_odds(1) == {0: Fraction(5, 6), 1: Fraction(1, 6)}


def test_2_odds_json_from_a_save_at_the_ship_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = captured(invaded("southern_france"), "southern_france")
    g.answer("warship:italy")
    path = tmp_path / "game.json"
    path.write_bytes(g.save())
    assert run(["odds", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)["odds"]
    step = g.state.actions
    for ship in ("strasbourg", "dunkerque"):
        assert document["rolls"][f"{step}.ship.{ship}"] == {"captured": "1/6", "scuttled": "5/6"}
        assert document["marginals"][f"ship:{ship}"] == {"captured": "1/6", "scuttled": "5/6"}
    total = document["totals"][f"{step}.captured.sz13"]
    assert total["distribution"] == {"0": "25/36", "1": "5/18", "2": "1/36"}
    assert total["unit"] == "ships"
