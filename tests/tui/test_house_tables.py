"""The dashboard on a save played with house tables: the header says so, and the odds, the
dice rolled again and the rules help all follow the edited table (58.531, Vichy bonus +2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from armistice.core import scenario
from armistice.core.awaw.words import ColonyStatus
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.dialogs import ChangeAssumptions
from armistice.tui.screens.game import EDGES
from armistice.tui.screens.help import Help
from armistice.tui.screens.setup import SetupScreen
from armistice.tui.screens.start import StartScreen
from tests.tui.dashboard import NARROW, Notes, dashboard, isolate, press, screen_text, until
from tests.tui.test_setup import shown

SAVE = Path(__file__).resolve().parents[1] / "fixtures/saves/v5/house-vichy-bonus-2.json"
"""The worked example of 58.21 (FSL -1, Vichy established) with a colonial bonus of +2."""


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


async def test_a_save_with_house_tables_plays_under_them_in_the_dashboard(saves: Path) -> None:
    game = Game.open(SAVE)
    assert game.state.colonies["lebanon_syria"] is ColonyStatus.FREE_FRENCH
    app = ArmisticeApp(game)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        assert screen.sub_title.startswith("House tables · Fall 1940 · FSL")
        assert len(screen.sub_title) <= NARROW[0] - EDGES
        assert (f"rule58.toml as saved in {SAVE}", "information", "Playing under house tables") in (
            notes.seen
        )

        # Back to the Lebanon-Syria die: with +2, Free French on a die of 1 or 2.
        await press(pilot, *["u"] * 6)
        await until(
            pilot,
            lambda: (
                screen.game.prompt is not None
                and screen.game.prompt.key == "colony_roll.lebanon_syria"
            ),
            "the Lebanon-Syria die",
        )
        await until(pilot, lambda: "2/3" in screen_text(screen, "#odds"), "the die's odds")
        shown = screen_text(screen, "#odds").splitlines()
        assert "1/3" in next(line for line in shown if line.startswith("Free French"))
        assert "2/3" in next(line for line in shown if line.startswith("Vichy"))

        # The seed rolls the same 2 again: 2 -1 FSL +2 Vichy = 3, Free French.
        await press(pilot, "r")
        await until(pilot, lambda: bool(screen.game.state.colony_rolls), "the die rolled")
        roll = screen.game.state.colony_rolls[0]
        assert (roll.group, roll.die, roll.modified) == ("lebanon_syria", 2, 3)
        assert screen.game.state.colonies["lebanon_syria"] is ColonyStatus.FREE_FRENCH
        assert screen.game.house == game.house

        await press(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, Help), "the help screen")
        assert isinstance(app.screen, Help)
        assert "plus 2 with Vichy" in " ".join(app.screen.rules.split())


async def test_changing_an_assumption_keeps_the_house_tables(saves: Path) -> None:
    house = Game.open(SAVE).house
    app = ArmisticeApp(Game(scenario.load("rulebook-example-fall-1940"), seed=4, tables=house))
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "a")
        await until(pilot, lambda: isinstance(app.screen, ChangeAssumptions), "the dialog")
        await press(pilot, "enter", "down", "enter", "ctrl+a")
        await until(pilot, lambda: app.screen is screen, "the game screen")
        assert screen.game.assumptions["awaw.58.conquest_proration"] == "full"
        assert screen.game.house is house
        assert screen.sub_title.startswith("House tables")


async def test_the_set_up_form_opened_from_a_save_keeps_its_house_tables(saves: Path) -> None:
    """p on a save played with a colonial bonus of +2 sets up its position under that bonus:
    Lebanon-Syria is Free French on a die of 1 or 2 at FSL -1 with Vichy (1/3, not the
    published 1/6), and the game it starts runs with the same tables."""
    saves.mkdir()
    copy = saves / SAVE.name
    copy.write_bytes(SAVE.read_bytes())
    house = Game.open(copy).house
    assert house is not None
    app = ArmisticeApp(None)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        listing = app.screen.query_one(OptionList)
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        listing.highlighted = ids.index(f"save:{copy}")
        await press(pilot, "p")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert setup.house is not None and dict(setup.house.texts) == dict(house.texts)
        assert f"under the house tables rule58.toml as saved in {copy}" in setup.sub_title
        assert "plus 2 with Vichy" in " ".join(setup.rules_help().split())
        summary = "".join(shown(setup).split())
        assert f"Housetablesrule58.tomlassavedin{copy}" in summary
        assert "Lebanon-Syria:Vichy66.7%,FreeFrench33.3%" in summary
        await press(pilot, "ctrl+r")
        await until(pilot, lambda: app.screen is not setup, "the game screen")
        started = app.screen.game  # type: ignore[attr-defined]
        assert started.house is not None and dict(started.house.texts) == dict(house.texts)
