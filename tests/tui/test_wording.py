"""What the dashboard says is in a player's words: answers counted in the right number,
and the set-up form's entries and choices by their display names, never file keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Collapsible, Label, Select

from armistice.core import scenario
from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.dialogs import ChooseFile, Confirm
from armistice.tui.widgets.form import Form
from tests.tui.dashboard import EXAMPLE, NARROW, dashboard, example, isolate, press, text, until
from tests.tui.test_setup import open_setup


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


def question(app: ArmisticeApp) -> str:
    return text(app.screen.query_one(Label))


async def test_unsaved_answers_are_counted_in_words(saves: Path) -> None:
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        await press(pilot, "enter")
        await press(pilot, "q")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the quit question")
        assert question(app) == "Quit with 1 unsaved answer?"
        await press(pilot, "n", "r", "n")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the new-game question")
        assert question(app) == "Drop 2 unsaved answers and start another game?"
        await press(pilot, "n", "o")
        await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the file to open")
        await press(pilot, *str(scenario.locate(EXAMPLE)), "enter")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the open question")
        assert question(app) == "Drop 2 unsaved answers and open another game?"


async def test_the_set_up_form_names_colonies_and_choices_as_a_player_reads_them(
    saves: Path,
) -> None:
    async with ArmisticeApp().run_test(size=NARROW) as pilot:
        form = (await open_setup(pilot)).query_one(Form)
        titles = [block.title for block in form.query(Collapsible)]
        assert "Lebanon-Syria" in titles and "lebanon_syria" not in titles
        conqueror = form.control("surrender.conqueror")
        assert isinstance(conqueror, Select)
        assert conqueror.value == "germany"
        assert text(conqueror.query_one("SelectCurrent #label")) == "Germany"
