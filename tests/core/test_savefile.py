"""Save files of every earlier version load and give the state they gave when written.

``tests/fixtures/saves/v<N>/`` holds saves written by armistice at format version N,
each beside ``<name>.expected.json``: whether the game was complete, the pending prompt,
the state and the log as that version produced them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from armistice.core import savefile
from armistice.core.game import Game
from tests import support

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
SAVES = sorted(p for p in FIXTURES.glob("v*/*.json") if not p.name.endswith(".expected.json"))
KEPT = (
    "surrender_level",
    "vichy_established",
    "hexes",
    "minors",
    "colony_rolls",
    "colonies",
    "conquests",
    "force_levels",
    "fleet_available",
    "forces",
    "vichy_garrisons",
    "fleet",
    "brp",
)
"""The state's fields that every version has had."""


def values(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` without the modifiers' ``basis``: wording that later versions may correct
    (the numbers stay)."""
    level = state.get("surrender_level")
    if level:
        modifiers = [{k: v for k, v in m.items() if k != "basis"} for m in level["modifiers"]]
        state = {**state, "surrender_level": {**level, "modifiers": modifiers}}
    return state


def expected(save: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(save.with_suffix(".expected.json").read_text())
    return document


def test_there_is_a_fixture_save_of_every_earlier_version() -> None:
    versions = {int(p.parent.name.removeprefix("v")) for p in SAVES}
    assert versions == set(range(1, savefile.VERSION))


@pytest.mark.parametrize("save", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_earlier_save_loads_to_the_state_it_had(save: Path) -> None:
    then = expected(save)
    game = Game.open(save)
    now = json.loads(msgspec.json.encode(game.state))
    for field in KEPT:
        assert values(now).get(field) == values(then["state"]).get(field), field
    if save.parent.name != "v1":
        assert now == then["state"]
        assert json.loads(msgspec.json.encode(game.log)) == then["log"]
    assert game.complete == then["complete"]
    assert (game.prompt.key if game.prompt else None) == then["pending"]
    assert game.system.key == "awaw.58"
    assert set(game.assumptions) == {a.key for a in game.system.assumptions}


@pytest.mark.parametrize("save", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_earlier_save_keeps_its_assumptions_under_their_new_keys(save: Path) -> None:
    written = json.loads(save.read_text())["assumptions"]
    game = Game.open(save)
    for old, value in written.items():
        new = next(a.key for a in game.system.assumptions if old in (a.key, *a.aliases))
        assert game.assumptions[new] == value


@pytest.mark.parametrize("save", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_earlier_save_is_written_again_in_the_current_version(
    save: Path, tmp_path: Path
) -> None:
    game = Game.open(save)
    again = json.loads(game.save())
    assert again["version"] == savefile.VERSION
    assert again["system"] == "awaw.58"
    assert Game.load(game.save(), "again.json").state == game.state


def test_a_version_1_save_takes_the_default_for_the_58_623_choice_it_never_had() -> None:
    on_board = [
        support.unit("Levant army", "french", "infantry", "british", 6),
        support.unit("Free French brigade", "french", "infantry", "british", 6),
    ]
    game = support.game(support.at_level(-1, {"units": on_board}), seed=4)
    support.play(game, vichy="no")
    asked = [a.key for a in game.answers]
    assert "free_french.units.infantry_factors" in asked
    document = json.loads(game.save())
    document["version"] = 1
    document["system"] = document["scenario"]["system"] = "awaw"
    document["assumptions"] = {
        key.replace("awaw.58.", "awaw."): value for key, value in document["assumptions"].items()
    }
    document["answers"] = [
        a for a in document["answers"] if not a["key"].startswith("free_french.units")
    ]
    loaded = Game.load(json.dumps(document).encode(), "old.json")
    assert loaded.complete
    kept = next(a for a in loaded.answers if a.key == "free_french.units.infantry_factors")
    assert kept.via == "default"
    assert kept.value == {"unit0": 6, "unit1": 3}
    assert any("predates this question" in e.text and e.rule == "58.623" for e in loaded.log)
    fates = {f.unit: f.fate for f in loaded.state.units}
    assert fates == {"Levant army": "free_french", "Free French brigade": "part_free_french"}
