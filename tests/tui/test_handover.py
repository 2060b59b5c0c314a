"""Going on from a finished procedure to the one it links to, in the dashboard at 80x24: every
fact of the link that fits a prompt is asked, those that do not are named in a notice
saying how to give them, and a fact the next procedure asks itself is asked once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Decision, Fact, Roll
from armistice.tui.app import ArmisticeApp
from armistice.tui.handover import DEFAULTS
from armistice.tui.screens.game import GameScreen
from tests.tui.dashboard import NARROW, Notes, flat, isolate, on_screen, until


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def finished(name: str, seed: int) -> Game:
    """The bundled scenario ``name`` played to its end: dice from the seed, else defaults."""
    game = Game(scenario.load(name), seed=seed)
    while game.prompt is not None:
        if isinstance(game.prompt, Roll):
            game.roll()
        else:
            game.answer(game.prompt.default_answer())
    return game


async def shown(pilot: Pilot[Any]) -> GameScreen:
    """The game screen once its prompt panel shows what it asks."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
    await pilot.pause()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def choose(pilot: Pilot[Any], screen: GameScreen, value: str) -> None:
    """Highlight the option ``value`` of the pending decision with the arrow keys, press enter."""
    options = screen.query_one("#prompt-decision", OptionList)
    prompt = screen.pending()
    assert isinstance(prompt, Decision)
    ids = [o.value for o in prompt.options]
    while options.highlighted != ids.index(value):
        await pilot.press("down" if options.highlighted < ids.index(value) else "up")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def test_facts_that_fit_no_prompt_are_named_with_the_command_that_gives_them() -> None:
    app = ArmisticeApp(finished("historical-summer-1940", 3), seed=3)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        assert screen.game.system.key == "awaw.58"
        notice = screen.pending()
        assert notice is not None and notice.key == DEFAULTS
        text = flat(on_screen(app))
        assert "Facts taken at their defaults" in text
        for label in ("Board", "Diplomacy", "Units", "Named by"):
            assert label in notice.help
        assert "armistice resolve SAVE --next awaw.vichy --facts FILE" in notice.help
        await choose(pilot, screen, "accept")
        assert screen.game.system.key == "awaw.vichy"
        assert screen.game.facts[-1] == {}


async def test_a_fact_the_next_procedure_asks_itself_answers_it() -> None:
    app = ArmisticeApp(finished("vichy-1941-axis-roll", 4), seed=4)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        asked: list[str] = []
        while screen.handover is not None:
            prompt = screen.pending()
            assert prompt is not None
            asked.append(prompt.key)
            if isinstance(prompt, Fact):
                await pilot.press(*str(prompt.default), "enter")
                await pilot.pause()
            else:
                assert isinstance(prompt, Decision)
                chosen = {"named_by": "western_allies", "board.american_ground_unit": "true"}
                await choose(pilot, screen, chosen.get(prompt.key, prompt.default))
        assert "named_by" in asked and "board.american_ground_unit" in asked
        game = screen.game
        assert game.system.key == "awaw.vichy"
        assert game.facts[-1]["named_by"] == "western_allies"
        assert game.answers[-1].key == "named_by"
        assert game.answers[-1].value == "western_allies"
        assert game.prompt is None or game.prompt.key != "named_by"
        assert "Who names Vichy France?" not in flat(on_screen(app))


async def test_a_fact_answers_an_empty_enter_and_letters_with_what_to_type() -> None:
    app = ArmisticeApp(finished("vichy-1941-axis-roll", 4), seed=4)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        fact = screen.pending()
        assert isinstance(fact, Fact) and fact.key == "seasons_later"
        await pilot.press("enter")
        await pilot.pause()
        assert "Nothing typed: type a whole number from 1 to 40, then Enter" in notes.errors()[-1]
        await pilot.press("x", "y", "z")
        await pilot.pause()
        assert app.screen is screen
        assert "Digits only: type a whole number from 1 to 40, then Enter" in notes.errors()[-1]
        assert screen.pending() == fact
        await pilot.press("4", "enter")
        await pilot.pause()
        assert screen.handover is not None and screen.handover.answers["seasons_later"] == 4
