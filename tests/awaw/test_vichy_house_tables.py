"""The Vichy table played with house tables: an edited vichy.toml runs the roll, its odds, its
summary and its save, and a file the table cannot take is refused naming the file, the place
and the reason."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from armistice.core import systems, tablefiles
from armistice.core.awaw.vichy.tables import VICHY_FILE
from armistice.core.errors import ScenarioError, TableError
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.scenario import load
from armistice.core.tablefiles import HouseTables
from tests import support
from tests.awaw.vichy import make, net

US_AT_WAR_2 = ("us_at_war = -1 ", "us_at_war = -2 ")
"""The U.S. at war with the Axis counts -2 instead of -1."""


def house(folder: Path, *changes: tuple[str, str]) -> HouseTables:
    found = tablefiles.read(
        systems.get("awaw.vichy"), [support.edited(folder, VICHY_FILE, *changes)]
    )
    assert found is not None
    return found


def test_an_edited_modifier_counts_in_the_roll_the_odds_and_the_save(tmp_path: Path) -> None:
    tables = house(tmp_path, US_AT_WAR_2)
    game = Game(make(board={"us_at_war": True}), seed=1, tables=tables)
    assert ("House tables", f"{tmp_path / 'my-vichy.toml'} in place of vichy.toml") in (
        game.summary.facts
    )
    assert odds(game).marginals["result"]["1-2"] == Fraction(1, 3)  # a die of 3 or 4, less 2
    game.answer("axis")
    game.answer(4)
    d = game.state.vichy_diplomacy
    assert [(m.label, m.value) for m in d.modifiers if m.value] == [("U.S. at war", -2)]
    assert (d.modified, d.result) == (2, "1-2")
    loaded = Game.load(game.save(), "game.json")
    assert loaded.house is not None and dict(loaded.house.texts) == dict(tables.texts)
    assert loaded.state == game.state


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            ("[table]", "[tabel]"),
            "an unknown table tabel; vichy.toml's tables are table, modifiers, row, policy",
        ),
        (
            ("us_at_war = -1 ", "us_at_war = 'two' "),
            'modifiers.us_at_war: expected a whole number, not "two"',
        ),
        (("factor_step = 5 ", "factor_step = 0 "), "modifiers.factor_step: 0 is below 1"),
        (
            ("us_at_war = -1 ", "us_at_war = 1 "),
            "modifiers.us_at_war: 1 is above 0",
        ),
        (
            ("colony_attacked = 2 ", "colony_attacked = -2 "),
            "modifiers.colony_attacked: -2 is below 0",
        ),
    ],
    ids=["unknown-table", "bad-value", "zero-step", "toward-the-axis", "toward-the-allies"],
)
def test_a_vichy_table_the_engine_cannot_take_is_refused_naming_the_file(
    tmp_path: Path, change: tuple[str, str], reason: str
) -> None:
    path = support.edited(tmp_path, VICHY_FILE, change)
    with pytest.raises(TableError) as caught:
        tablefiles.read(systems.get("awaw.vichy"), [path])
    assert str(caught.value).startswith(f"{path}: {reason}")


def test_a_copy_of_the_published_table_is_no_house_table(tmp_path: Path) -> None:
    copy = tmp_path / "vichy-copy.toml"
    copy.write_text(VICHY_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    assert tablefiles.read(systems.get("awaw.vichy"), [copy]) is None


def test_vichy_house_tables_are_refused_for_a_rule_58_game(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as refused:
        Game(load("historical-summer-1940"), tables=house(tmp_path, US_AT_WAR_2))
    assert str(refused.value) == "historical-summer-1940: system: the house tables are awaw.vichy's"


def test_a_deactivation_row_removes_every_vichy_unit_whatever_it_says_of_the_colonies(
    tmp_path: Path,
) -> None:
    kept = (
        'id = "0"\nlow = 0\nhigh = 0\neffect = "deactivate"\ncolonies = "capital_holder"',
        'id = "0"\nlow = 0\nhigh = 0\neffect = "deactivate"\ncolonies = "none"',
    )
    game = Game(make(diplomacy=net(-1)), seed=1, tables=house(tmp_path, kept))
    game.answer("axis")
    game.answer(1)
    d = game.state.vichy_diplomacy
    assert d is not None and (d.modified, d.result, d.alignment) == (0, "0", "deactivated")
    assert [game.state.units[i] for i in range(3)] == ["removed"] * 3
    assert game.state.colonies["lebanon_syria"] == "vichy"
