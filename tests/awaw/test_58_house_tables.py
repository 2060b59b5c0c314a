"""Rule 58 played with house tables: a designer's edited rule58.toml or forces.toml runs the
game, its odds, its help and its summary, and the save replays under the same files."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from armistice.core import savefile, systems, tablefiles
from armistice.core.awaw.rule58.tables import FORCES_FILE, RULE58_FILE
from armistice.core.awaw.words import ColonyStatus
from armistice.core.errors import SaveError, ScenarioError, TableError
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.scenario import load
from armistice.core.tablefiles import HouseTables
from tests import support

EXAMPLE = "rulebook-example-fall-1940"
"""The worked example of 58.21: Fall 1940, surrender level -1."""

BONUS_2 = ("vichy_bonus = 3", "vichy_bonus = 2")
"""58.531: the colonial die gets +2 instead of +3 when Vichy France was established."""

VICHY_ROW = (
    "{ fsl = -1, infantry_factors = 12, armor_units = 0, air_factors = 1,",
    "{ fsl = -1, infantry_factors =  8, armor_units = 0, air_factors = 3,",
)
"""58.631: Vichy's force level at FSL -1 becomes 8 infantry and 3 army air factors."""


def house(*paths: Path) -> HouseTables:
    found = tablefiles.read(systems.get("awaw.58"), paths)
    assert found is not None
    return found


def played(tables: HouseTables | None, lebanon_syria: int = 2, north_africa: int = 3) -> Game:
    """The worked example with Vichy established and the two colonial dice given."""
    game = Game(load(EXAMPLE), seed=4, tables=tables)
    support.play(game, dice={"lebanon_syria": lebanon_syria, "north_africa": north_africa})
    return game


def rolls(game: Game) -> list[tuple[str, int | None, int | None, str]]:
    return [(r.group, r.die, r.modified, r.result) for r in game.state.colony_rolls]


def test_58_531_a_vichy_bonus_of_2_makes_a_die_of_2_at_fsl_minus_1_free_french(
    tmp_path: Path,
) -> None:
    """Die 2, FSL -1, Vichy +2: 3, Free French (3 or less); the published +3 gives 4, Vichy."""
    game = played(house(support.edited(tmp_path, RULE58_FILE, BONUS_2)))
    assert game.state.surrender_level.value == -1
    assert rolls(game) == [("lebanon_syria", 2, 3, "free_french"), ("north_africa", 3, 4, "vichy")]
    assert game.state.colonies["lebanon_syria"] is ColonyStatus.FREE_FRENCH
    assert rolls(played(None)) == [
        ("lebanon_syria", 2, 4, "vichy"),
        ("north_africa", 3, 5, "vichy"),
    ]
    colonies = game.summary.section("colonies")
    assert "2 -1 FSL +2 Vichy = 3" in [row.explanation for row in colonies.rows]


def test_58_631_an_edited_vichy_row_sets_the_vichy_force_level(tmp_path: Path) -> None:
    game = played(house(support.edited(tmp_path, FORCES_FILE, VICHY_ROW)))
    vichy = game.state.force_levels["vichy"]
    assert (vichy.infantry_factors, vichy.air_factors, vichy.cruisers) == (8, 3, 1)
    published = played(None).state.force_levels["vichy"]
    assert (published.infantry_factors, published.air_factors, published.cruisers) == (12, 1, 1)


def test_both_files_at_once_each_replace_their_own(tmp_path: Path) -> None:
    forces = support.edited(tmp_path, FORCES_FILE, VICHY_ROW)
    rules = support.edited(tmp_path, RULE58_FILE, BONUS_2)
    tables = house(forces, rules)
    assert list(tables.texts) == ["rule58.toml", "forces.toml"]
    assert dict(tables.files) == {"rule58.toml": str(rules), "forces.toml": str(forces)}
    assert tables.describe() == (
        f"{rules} in place of rule58.toml, {forces} in place of forces.toml"
    )
    game = played(tables)
    assert game.state.force_levels["vichy"].infantry_factors == 8
    assert game.state.colonies["lebanon_syria"] is ColonyStatus.FREE_FRENCH


def test_a_save_records_the_edited_file_whole_and_replays_without_it(tmp_path: Path) -> None:
    path = support.edited(tmp_path, RULE58_FILE, BONUS_2)
    game = played(house(path))
    data = game.save()
    document = json.loads(data)
    assert document["version"] == savefile.VERSION
    assert document["tables"] == {"rule58.toml": path.read_text(encoding="utf-8")}
    assert str(tmp_path) not in data.decode()
    path.unlink()
    loaded = Game.load(data, "game.json")
    assert support.snapshot(loaded) == support.snapshot(game)
    assert loaded.house is not None and dict(loaded.house.texts) == document["tables"]
    assert loaded.house.describe() == "rule58.toml as saved in game.json"
    assert loaded.save() == data
    loaded.undo()
    loaded.undo()
    assert rolls(loaded)[0] == ("lebanon_syria", 2, 3, "free_french")


def test_house_tables_reach_the_odds(tmp_path: Path) -> None:
    """Lebanon-Syria is Free French on 3 or less: at FSL -1 with Vichy, a die of 1 with the
    published +3 (1/6), of 1 or 2 with +2 (1/3)."""
    tables = house(support.edited(tmp_path, RULE58_FILE, BONUS_2))
    for given, chance in ((tables, Fraction(1, 3)), (None, Fraction(1, 6))):
        game = Game(load(EXAMPLE), seed=4, tables=given)
        result = odds(game)
        assert result.marginals["lebanon_syria"]["free_french"] == chance
        assert result.marginals["morocco"]["vichy"] == 1 - chance


def test_house_tables_reach_the_help_and_the_summary(tmp_path: Path) -> None:
    path = support.edited(tmp_path, RULE58_FILE, BONUS_2)
    game = Game(load(EXAMPLE), seed=4, tables=house(path))
    text = " ".join(game.system.help(game.tables).split())
    assert "plus 2 with Vichy: 3 or less is Free French" in text
    assert ("House tables", f"{path} in place of rule58.toml") in game.summary.facts
    published = Game(load(EXAMPLE), seed=4)
    assert "plus 3 with Vichy" in " ".join(published.system.help(published.tables).split())
    assert all(label != "House tables" for label, _ in published.summary.facts)


def test_a_copy_that_holds_the_published_tables_is_no_house_table(tmp_path: Path) -> None:
    same = support.edited(
        tmp_path,
        RULE58_FILE,
        ("# 58.531: the colonial die", "# A comment of my own. 58.531: the colonial die"),
    )
    assert tablefiles.read(systems.get("awaw.58"), [same]) is None
    game = Game(load(EXAMPLE), seed=4, tables=None)
    assert "tables" not in json.loads(game.save())


def test_the_scenario_is_checked_against_the_house_tables(tmp_path: Path) -> None:
    renamed = support.edited(tmp_path, RULE58_FILE, ('id = "morocco"', 'id = "maroc"'))
    with pytest.raises(ScenarioError) as caught:
        Game(load(EXAMPLE), tables=house(renamed))
    assert caught.value.field == "colonies.morocco"
    assert "under the house tables" in caught.value.source
    assert "unknown colony" in caught.value.reason


RULE58_TEXT = RULE58_FILE.read_text(encoding="utf-8")
FORCES_TEXT = FORCES_FILE.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("tables", "field", "reason"),
    [
        ({"house.toml": RULE58_TEXT}, "tables.house.toml", "not a table file of awaw.58; known:"),
        ({"forces.toml": RULE58_TEXT}, "tables.forces.toml", "does not hold the tables of"),
        ({"rule58.toml": "vichy_bonus = ="}, "tables.rule58.toml", "not valid TOML"),
        (
            {"rule58.toml": RULE58_TEXT.replace(BONUS_2[0], "vichy_bonus = 'two'")},
            "tables.rule58.toml: colony_roll.vichy_bonus",
            'expected a whole number, not "two"',
        ),
        (
            {"forces.toml": FORCES_TEXT.replace(VICHY_ROW[0], "# " + VICHY_ROW[0])},
            "tables.forces.toml: vichy",
            "gap: no row for FSL -1",
        ),
    ],
    ids=["unknown-name", "other-file", "not-toml", "bad-cell", "gap"],
)
def test_a_save_whose_tables_cannot_be_used_is_refused_naming_the_field(
    tables: dict[str, str], field: str, reason: str
) -> None:
    document = json.loads(Game(load(EXAMPLE), seed=4).save())
    document["tables"] = tables
    with pytest.raises(SaveError) as caught:
        Game.load(json.dumps(document).encode(), "game.json")
    assert caught.value.source == "game.json"
    assert caught.value.field == field
    assert reason in caught.value.reason
    assert "\n" not in str(caught.value)


def test_a_save_of_an_earlier_version_holds_no_house_tables() -> None:
    document = json.loads(Game(load(EXAMPLE), seed=4).save())
    document["version"] = 4
    document["tables"] = {"rule58.toml": RULE58_TEXT.replace(*BONUS_2)}
    with pytest.raises(SaveError, match=r"game.json: tables: version 4 saves hold no house"):
        Game.load(json.dumps(document).encode(), "game.json")


@pytest.mark.parametrize(
    ("write", "reason"),
    [
        (None, "cannot be read"),
        ("level = [", "not valid TOML"),
        (
            "[vichy_france]\nbrp = 3\n",
            "an unknown table vichy_france; forces.toml's tables are free_french, vichy; "
            "rule58.toml's tables are level, turn, colony_roll, colony_result, roll_group, "
            "colony, key_area, brp, independent, vichy_garrison",
        ),
        (
            RULE58_TEXT.replace("\n[level]\n", "\n[levls]\n"),
            "an unknown table levls; rule58.toml's tables are level, turn, colony_roll, "
            "colony_result, roll_group, colony, key_area, brp, independent, vichy_garrison",
        ),
        ("[levls]\nparis = 2\n[brps]\nvichy_value = 20\n", "unknown tables levls, brps; "),
        (
            FORCES_TEXT.replace(VICHY_ROW[0], VICHY_ROW[0].replace("fsl = -1", "fsl = -2")),
            "both give FSL -2",
        ),
        (
            "[colony_roll]\nvichy_bonus = 2\n[[vichy]]\nfsl = 0\n",
            "holds tables of both forces.toml and rule58.toml; give each its own file",
        ),
    ],
    ids=["missing", "not-toml", "neither", "misspelled", "two-unknown", "overlap", "both"],
)
def test_a_table_file_that_cannot_be_used_is_refused_naming_the_file(
    tmp_path: Path, write: str | None, reason: str
) -> None:
    path = tmp_path / "mine.toml"
    if write is not None:
        path.write_text(write, encoding="utf-8")
    with pytest.raises(TableError) as caught:
        tablefiles.read(systems.get("awaw.58"), [path])
    assert caught.value.source == str(path)
    assert reason in str(caught.value)


def test_two_files_for_the_same_table_are_refused(tmp_path: Path) -> None:
    first = support.edited(tmp_path, RULE58_FILE, BONUS_2)
    second = support.edited(tmp_path, RULE58_FILE, BONUS_2, name="again.toml")
    with pytest.raises(TableError, match=r"again.toml: replaces rule58.toml, as .*my-rule58.toml"):
        tablefiles.read(systems.get("awaw.58"), [first, second])


BIG = "123456789012345678901"
"""An integer of 21 digits, beyond the +/-10^9 any file may hold."""
SHOWN = "12345...901 (an integer of 21 digits) is beyond +/-1000000000"
MODIFIER_0 = "low = 1\nhigh = 1\nmodifier = 0"
"""58.21D's Summer 1940 row, the second of [[turn]]."""
ARMS_ROW = "{ fsl =  1, vichy = true,  infantry_factors =  2,"
"""58.621's row for FSL +1 with Vichy, the third of free_french."""


@pytest.mark.parametrize(
    ("published", "old", "new", "field", "reason"),
    [
        (RULE58_FILE, "paris = 2 ", f"paris = {BIG} ", "level.paris", SHOWN),
        (
            RULE58_FILE,
            "paris = 2 ",
            "paris = 'two' ",
            "level.paris",
            'expected a whole number, not "two"',
        ),
        (RULE58_FILE, MODIFIER_0, MODIFIER_0.replace("0", BIG), "turn row 2, modifier", SHOWN),
        (
            RULE58_FILE,
            MODIFIER_0,
            MODIFIER_0.replace("= 0", "= 0.5"),
            "turn row 2, modifier",
            "expected a whole number, not 0.5",
        ),
        (
            RULE58_FILE,
            "vichy_bonus = 3",
            "vichy_bonus = true",
            "colony_roll.vichy_bonus",
            "expected a whole number, not true",
        ),
        (
            RULE58_FILE,
            'low = 4\nstatus = "vichy"',
            'low = 4\nstatus = "axis"',
            "colony_result row 2, status",
            '"axis" is not one of: free_french, vichy',
        ),
        (
            RULE58_FILE,
            'low = 4\nstatus = "vichy"',
            f'low = -{BIG}\nstatus = "vichy"',
            "colony_result row 2, low",
            f"-{SHOWN}",
        ),
        (
            RULE58_FILE,
            'id = "north_africa"',
            'id = "North Africa"',
            "roll_group row 2, id",
            'expected a key of lower-case letters a-z, digits and _, not "North Africa"',
        ),
        (
            RULE58_FILE,
            'capital = "Tunis"',
            "capital = 7",
            "colony row 2, capital",
            "expected text in quotes, not 7",
        ),
        (
            RULE58_FILE,
            'brp = 10\nregion = "southern_france"\n[[key_area]]\nid = "marseilles"',
            'brp = -10\nregion = "southern_france"\n[[key_area]]\nid = "marseilles"',
            "key_area row 2, brp",
            "-10 is below 0",
        ),
        (RULE58_FILE, "vichy_value = 20", f"vichy_value = {BIG}", "brp.vichy_value", SHOWN),
        (
            RULE58_FILE,
            'garrison = "2-3 infantry"',
            'garrison = ["2-3 infantry"]',
            "independent.garrison",
            "expected text in quotes, not a list",
        ),
        (
            RULE58_FILE,
            "factors = 2\ncity",
            "factors = -2\ncity",
            "vichy_garrison.factors",
            "-2 is below 0",
        ),
        (
            FORCES_FILE,
            ARMS_ROW,
            ARMS_ROW.replace("true", "'yes'"),
            "free_french row 3, vichy",
            'expected true or false, not "yes"',
        ),
        (
            FORCES_FILE,
            ARMS_ROW,
            ARMS_ROW.replace("=  2,", f"= {BIG},"),
            "free_french row 3, infantry_factors",
            SHOWN,
        ),
        (
            FORCES_FILE,
            "{ fsl =  3, infantry_factors = 12,",
            "{ fsl =  3.5, infantry_factors = 12,",
            "vichy row 1, fsl",
            "expected a whole number, not 3.5",
        ),
        (
            FORCES_FILE,
            "{ fsl =  3, infantry_factors = 12,",
            "{ fsl =  3, infantry_factors = 12, tanks = 1,",
            "vichy row 1, tanks",
            "unknown field; known here: infantry_factors, armor_units, air_factors, "
            "named_ships, cruisers, destroyer_factors, fsl",
        ),
    ],
    ids=[
        "level-huge",
        "level-text",
        "turn-huge",
        "turn-float",
        "colony_roll-bool",
        "colony_result-status",
        "colony_result-huge",
        "roll_group-id",
        "colony-text",
        "key_area-negative",
        "brp-huge",
        "independent-array",
        "vichy_garrison-negative",
        "free_french-bool",
        "free_french-huge",
        "vichy-float",
        "vichy-unknown",
    ],
)
def test_a_bad_value_in_any_table_names_its_row_from_1_and_shows_the_value(
    tmp_path: Path, published: Path, old: str, new: str, field: str, reason: str
) -> None:
    path = support.edited(tmp_path, published, (old, new))
    with pytest.raises(TableError) as caught:
        tablefiles.read(systems.get("awaw.58"), [path])
    assert (caught.value.source, caught.value.field, caught.value.reason) == (
        str(path),
        field,
        reason,
    )
    document = json.loads(Game(load(EXAMPLE), seed=4).save())
    document["tables"] = {published.name: path.read_text(encoding="utf-8")}
    with pytest.raises(SaveError) as saved:
        Game.load(json.dumps(document).encode(), "game.json")
    assert (saved.value.field, saved.value.reason) == (f"tables.{published.name}: {field}", reason)


def test_a_vichy_roll_after_a_house_table_game_reads_the_published_vichy_table(
    tmp_path: Path,
) -> None:
    """House tables of awaw.58 are rule 58's alone: the Vichy roll that follows reads the
    table in vichy.toml (a die of 4 with no modifiers reads the 3-4 row, neutral)."""
    game = played(house(support.edited(tmp_path, RULE58_FILE, BONUS_2)))
    assert game.prompt is None and game.house is not None
    game.next("awaw.vichy", {"turn": {"season": "summer", "year": 1941}})
    assert game.tables == systems.get("awaw.vichy").tables()
    assert "House tables" not in dict(game.summary.facts)
    game.answer("axis")
    game.answer(4)
    d = game.state.vichy_diplomacy
    assert (d.result, d.alignment) == ("3-4", "neutral")
