"""A question before answers are lost needs an explicit y: enter, pressed out of habit or
for what came before, answers nothing; a file name typed at once after o goes into the file
name, not into the question."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from armistice.core import scenario
from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.dialogs import ChooseFile, Confirm
from armistice.tui.screens.game import GameScreen
from armistice.tui.screens.start import StartScreen
from tests.tui.dashboard import EXAMPLE, NARROW, dashboard, example, isolate, press, until


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


@pytest.mark.parametrize(
    ("key", "question"),
    [
        ("q", "Quit with 1 unsaved answer?"),
        ("n", "Drop 1 unsaved answer and start another game?"),
    ],
)
async def test_enter_does_not_confirm_a_question_that_loses_answers(
    saves: Path, key: str, question: str
) -> None:
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        await press(pilot, key)
        await until(pilot, lambda: isinstance(app.screen, Confirm), question)
        await press(pilot, "enter", "enter")
        assert isinstance(app.screen, Confirm), "enter answered the question"
        assert app.is_running and app.return_code is None
        await press(pilot, "escape")
        assert app.screen is screen
        assert len(screen.game.answers) == 1
        await press(pilot, key)
        await until(pilot, lambda: isinstance(app.screen, Confirm), question)
        await press(pilot, "y")
        if key == "q":
            await until(pilot, lambda: app.return_code is not None, "the app to exit")
        else:
            await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")


async def test_a_file_name_typed_at_once_goes_into_the_name_then_dropping_is_asked(
    saves: Path,
) -> None:
    """The name holds a y and an n: neither answers the question about the unsaved answer,
    which comes once the file has opened; enter there does nothing, y opens the file."""
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        await pilot.press("o", *"my-nonesuch.json")
        await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the file to open")
        assert app.screen.query_one(Input).value == "my-nonesuch.json"
        await press(pilot, "enter")
        assert app.screen is screen, "a file that does not open asks nothing"
        assert len(screen.game.answers) == 1

        await press(pilot, "o", *str(scenario.locate(EXAMPLE)), "enter")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the open question")
        await press(pilot, "enter")
        assert isinstance(app.screen, Confirm)
        await press(pilot, "y")
        await until(
            pilot,
            lambda: isinstance(app.screen, GameScreen) and app.screen is not screen,
            "the opened game",
        )
        assert isinstance(app.screen, GameScreen) and not app.screen.game.answers
