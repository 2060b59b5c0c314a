"""A game that asks no die (World at War 5.6's turns, or any game once complete) offers no
Roll or Dice mode, and r or d says why in the game's own terms; a turn-by-turn game the
players stop says it was stopped, by turn and phase, never that every rule was resolved."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core import scenario
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from tests.tui.dashboard import (
    NARROW,
    Notes,
    dashboard,
    example,
    flat,
    isolate,
    on_screen,
    press,
    screen_text,
)
from tests.tui.test_80x24 import finished

PANELS = ("areas", "fleets", "income")


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def territories() -> Game:
    return Game(scenario.load("vichy-territories-1940"), seed=24)


def footer(app: ArmisticeApp) -> str:
    return on_screen(app)[-1]


async def test_a_turn_menu_offers_no_dice_and_r_and_d_say_an_action_is_asked() -> None:
    app = ArmisticeApp(territories())
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        assert "Turn 4, combat: what now?" in flat(on_screen(app))
        assert "Roll" not in footer(app) and "Dice mode" not in footer(app)
        assert "u Undo" in footer(app) and "s Save" in footer(app)
        await press(pilot, "r")
        assert (
            notes.seen[-1][0]
            == "No die to roll: Turn 4, combat phase asks for an action, not a die."
        )
        await press(pilot, "d")
        assert not screen.typing
        assert notes.seen[-1][0] == (
            "No die to roll or type: Turn 4, combat phase asks for an action, not a die."
        )


async def test_a_stopped_game_says_it_was_stopped_by_turn_and_phase() -> None:
    game = territories()
    game.answer("end_phase")
    app = ArmisticeApp(game)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        assert screen.game.prompt.label == "Turn 4, collect income: what now?"
        await press(pilot, "end", "enter")
        assert screen.game.complete and screen.game.answers[-1].value == "stop"
        shown = flat(on_screen(app))
        assert screen_text(screen, "#prompt-header") == "Game stopped"
        assert screen_text(screen, "#prompt-done").endswith(
            "The players stopped the game in Turn 4, collect income phase. "
            "u takes back the last answer, s saves, n starts another."
        )
        assert "stopped the game in Turn 4," in shown
        assert "Stopped: no dice left." in shown
        assert "resolved" not in shown.lower()
        assert "Roll" not in footer(app) and "Dice mode" not in footer(app)
        await press(pilot, "r")
        assert notes.seen[-1][0] == (
            "Nothing to roll: the players stopped the game in Turn 4, collect income phase."
        )


async def test_a_resolution_with_dice_ahead_keeps_roll_in_view_and_drops_it_once_resolved() -> None:
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        assert "r Roll" in footer(app) and "d Dice mode" in footer(app)
        screen = await finished(pilot)
        assert screen.game.complete
        assert "Roll" not in footer(app) and "Dice mode" not in footer(app)
