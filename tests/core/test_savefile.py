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

from armistice.core import savefile, systems
from armistice.core.errors import SaveError
from armistice.core.game import Game
from armistice.core.prompts import Roll
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
    assert versions == set(range(1, savefile.VERSION + 1))


def dropped(save: Path, game: Game) -> list[str]:
    """The keys of the answers ``save`` holds that loading it dropped."""
    kept = [a.key for a in game.answers]
    return [a["key"] for a in json.loads(save.read_text())["answers"] if a["key"] not in kept]


def unrolled(state: dict[str, Any], groups: list[str]) -> dict[str, Any]:
    """``state`` as it reads once the colonial dice of ``groups`` are no longer rolled: the
    same results, without a die or a modified roll."""
    rolls = [
        {**r, "die": None, "modified": None} if r["group"] in groups else r
        for r in state.get("colony_rolls") or ()
    ]
    return {**state, "colony_rolls": rolls}


@pytest.mark.parametrize("save", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_earlier_save_loads_to_the_state_it_had(save: Path) -> None:
    then = expected(save)
    game = Game.open(save)
    gone = dropped(save, game)
    assert all(key.startswith("colony_roll.") for key in gone)
    groups = [key.removeprefix("colony_roll.") for key in gone]
    now = json.loads(msgspec.json.encode(game.state))
    settled = [f"colony_roll.{r['group']}" for r in now["colony_rolls"] or () if r["die"] is None]
    if then["pending"] in settled:
        # The save stopped at a die that is no longer asked: the game goes on to the next
        # question, with the results that die could not have changed.
        assert game.prompt is None or not game.prompt.key.startswith("colony_roll.")
        assert set(gone) <= set(settled)
        return
    state = unrolled(then["state"], groups)
    for field in KEPT:
        assert values(now).get(field) == values(state).get(field), field
    if save.parent.name != "v1":
        assert values(now) == values(state)
    assert game.complete == then["complete"]
    assert (game.prompt.key if game.prompt else None) == then["pending"]
    assert game.system.key == "awaw.58"
    reachable = systems.reachable(game.system)
    assert set(game.assumptions) == {a.key for s in reachable for a in s.assumptions}


def test_a_version_3_save_drops_the_dice_of_rolls_that_cannot_change_anything() -> None:
    save = FIXTURES / "v3" / "voluntary-fall-1940.json"
    game = Game.open(save)
    assert dropped(save, game) == ["colony_roll.lebanon_syria", "colony_roll.north_africa"]
    assert [(r.group, r.die, r.modified, r.result) for r in game.state.colony_rolls] == [
        ("lebanon_syria", None, None, "vichy"),
        ("north_africa", None, None, "vichy"),
    ]
    assert game.state.colonies == expected(save)["state"]["colonies"]
    said = [e.text for e in game.log if "no longer asked" in e.text]
    assert said == [
        "colony_roll.lebanon_syria: the save holds a die (5) for a roll that cannot change "
        "anything; it is no longer asked, and the answer is dropped",
        "colony_roll.north_africa: the save holds a die (4) for a roll that cannot change "
        "anything; it is no longer asked, and the answer is dropped",
    ]
    again = json.loads(game.save())
    assert again["version"] == savefile.VERSION
    assert not any(a["key"].startswith("colony_roll.") for a in again["answers"])


@pytest.mark.parametrize("version", range(savefile.ROLLS_NOT_ASKED, savefile.VERSION + 1))
def test_a_save_since_rolls_went_unasked_with_a_die_no_longer_asked_is_refused(
    version: int,
) -> None:
    document = json.loads((FIXTURES / "v3" / "voluntary-fall-1940.json").read_text())
    document["version"] = version
    with pytest.raises(SaveError, match=r"answers\[1\].*colony_roll.lebanon_syria"):
        Game.load(json.dumps(document).encode(), "new.json")


@pytest.mark.parametrize("save", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_earlier_save_keeps_its_assumptions_under_their_new_keys(save: Path) -> None:
    written = json.loads(save.read_text())["assumptions"]
    game = Game.open(save)
    for old, value in written.items():
        known = (a for s in systems.reachable(game.system) for a in s.assumptions)
        new = next(a for a in known if old in (a.key, *a.aliases))
        assert game.assumptions[new.key] == new.current(value)


CORSICA_KEYS = ("awaw.corsica_ground_factors", "awaw.58.corsica_ground_factors")
"""The keys saves before version 4 wrote for whether Corsica counts as France at 58.21B."""


@pytest.mark.parametrize(
    "save",
    [s for s in SAVES if set(CORSICA_KEYS) & set(json.loads(s.read_text())["assumptions"])],
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_an_earlier_save_reads_corsica_under_the_one_france_assumption(save: Path) -> None:
    """Every fixture save wrote ``excluded``: it loads as France without Corsica, cited under
    the new key, with the 58.21B modifier it had."""
    written = json.loads(save.read_text())["assumptions"]
    assert [written[k] for k in CORSICA_KEYS if k in written] == ["excluded"]
    game = Game.open(save)
    assert game.assumptions["awaw.58.france_includes_corsica"] == "no"
    if not game.state.surrender_level.voluntary:
        entry = next(e for e in game.log if e.rule == "58.21B")
        assert entry.assumption == "awaw.58.france_includes_corsica=no"
    ground = [m for m in game.state.surrender_level.modifiers if m.rule == "58.21B"]
    then = expected(save)["state"]["surrender_level"]["modifiers"]
    assert [m.value for m in ground] == [m["value"] for m in then if m["rule"] == "58.21B"]
    assert json.loads(game.save())["assumptions"]["awaw.58.france_includes_corsica"] == "no"


@pytest.mark.parametrize(("version", "key"), [(1, CORSICA_KEYS[0]), (2, CORSICA_KEYS[1])])
def test_a_save_with_corsica_included_under_an_old_key_loads_to_the_same_game(
    version: int, key: str
) -> None:
    """A save that counted Corsica as France under an old key and value loads with France
    including Corsica: 10 French ground factors (-1 at 58.21B) and the British unit on
    Corsica eliminated by 58.41, exactly as the game read with the new key."""
    units = [
        support.unit("south", "french", "infantry", "southern_france", 8),
        support.unit("corse", "french", "infantry", "corsica", 2),
        support.unit("bef", "british", "infantry", "corsica", 3),
    ]
    now = support.game(
        support.neutral({"units": units}),
        seed=3,
        assumptions={"awaw.58.france_includes_corsica": "yes"},
    )
    support.play(now, vichy="no")
    document = json.loads(now.save())
    document["version"] = version
    assumptions = document["assumptions"]
    assert assumptions.pop("awaw.58.france_includes_corsica") == "yes"
    document["assumptions"] = assumptions | {key: "included"}
    old = Game.load(json.dumps(document).encode(), "old.json")
    assert old.assumptions["awaw.58.france_includes_corsica"] == "yes"
    assert old.state == now.state
    assert support.rule_total(old.state, "58.21B") == -1
    assert {f.unit: (f.fate, f.rule) for f in old.state.units}["bef"] == ("eliminated", "58.41")


@pytest.mark.parametrize("save", SAVES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_earlier_save_is_written_again_in_the_current_version(
    save: Path, tmp_path: Path
) -> None:
    game = Game.open(save)
    again = json.loads(game.save())
    assert again["version"] == savefile.VERSION
    assert again["system"] == "awaw.58"
    assert Game.load(game.save(), "again.json").state == game.state


def first_spellings(game: Game, assumptions: dict[str, str]) -> dict[str, str]:
    """``assumptions`` as version 1 saves spelled them: each key by its first name (the last
    alias), each value by its first spelling; assumptions named since (no alias) left out."""
    first = {}
    for a in game.system.assumptions:
        if not a.aliases:
            continue
        value = assumptions[a.key]
        first[a.aliases[-1]] = next((old for old, new in a.old_values if new == value), value)
    return first


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
    document["assumptions"] = first_spellings(game, document["assumptions"])
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


def _rolled_four() -> dict[str, Any]:
    """The rulebook example with seed 5, Vichy established and the Lebanon-Syria die rolled
    by the app: seed 5 rolls a 4 for the game's first die."""
    game = Game(support.load("rulebook-example-fall-1940"), seed=5)
    game.answer("yes")
    assert game.roll() == 4
    document: dict[str, Any] = json.loads(game.save())
    assert document["answers"][1] == {
        "key": "colony_roll.lebanon_syria",
        "value": 4,
        "via": "rolled",
    }
    return document


def test_a_die_marked_rolled_that_its_seed_does_not_roll_is_refused() -> None:
    document = _rolled_four()
    document["answers"][1]["value"] = 1
    with pytest.raises(SaveError) as refused:
        Game.load(json.dumps(document).encode(), "edited.json")
    assert refused.value.field == "answers[1] (colony_roll.lebanon_syria)"
    assert refused.value.reason == (
        "marked as rolled from seed 5, which rolls 4 here, not 1; a die read off the table "
        "is marked typed"
    )


def test_a_save_whose_seed_was_changed_under_its_rolled_dice_is_refused() -> None:
    document = _rolled_four()
    document["seed"] = 6
    with pytest.raises(SaveError, match=r"seed 6, which rolls 1 here, not 4") as refused:
        Game.load(json.dumps(document).encode(), "edited.json")
    assert refused.value.field == "answers[1] (colony_roll.lebanon_syria)"


def test_a_die_typed_in_is_kept_whatever_the_seed() -> None:
    document = _rolled_four()
    document["answers"][1].update(value=1, via="typed")
    game = Game.load(json.dumps(document).encode(), "typed.json")
    assert game.answers[1].value == 1
    assert any(e.text.startswith("Lebanon-Syria: die 1, level -1") for e in game.log)
    assert any(
        e.text == "Lebanon-Syria is Free French: its hexes pass to Britain (Axis-held "
        "hexes stay Axis); Britain gets its BRPs next turn"
        for e in game.log
    )


def test_an_answer_of_the_wrong_kind_is_refused_in_words_not_type_names() -> None:
    document = _rolled_four()
    document["answers"][1]["value"] = [4]
    with pytest.raises(SaveError) as refused:
        Game.load(json.dumps(document).encode(), "edited.json")
    assert refused.value.field == "answers[1].value"
    assert refused.value.reason == "expected a whole number, text in quotes or a table, not a list"


def test_an_edited_die_of_a_batch_is_named_by_its_member() -> None:
    game = Game(support.load("fall-of-france-1940"), seed=3)
    while game.prompt is not None and game.prompt.key != "areas":
        game.roll() if isinstance(game.prompt, Roll) else game.answer(game.prompt.default)
    assert game.roll() == {
        "area.morocco": 2,
        "area.algeria": 1,
        "area.french_west_africa": 1,
        "area.french_equatorial_africa": 1,
        "area.madagascar": 3,
        "area.syria": 3,
        "area.french_indo_china": 5,
        "area.mauritius_islands": 5,
        "area.fiji_islands": 2,
        "area.society_islands": 4,
    }
    document = json.loads(game.save())
    document["answers"][2]["value"]["area.morocco"] = 6
    with pytest.raises(SaveError) as refused:
        Game.load(json.dumps(document).encode(), "edited.json")
    assert refused.value.field == "answers[2] (areas)"
    assert refused.value.reason == (
        "marked as rolled from seed 3, which rolls Morocco die 2, not 6; a die read off the "
        "table is marked typed"
    )
