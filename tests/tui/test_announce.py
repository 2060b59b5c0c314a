"""What a die gave, and what the engine did without asking, is announced as it happens."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core import scenario
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from tests.tui.dashboard import NARROW, Notes, dashboard, example, isolate, press, screen_text


@pytest.fixture(autouse=True)
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


async def test_each_colonial_die_is_announced_with_its_face_modifiers_result_and_rule() -> None:
    app = ArmisticeApp(example(), seed=7)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter", "d", "6", "enter", "1", "enter")
        assert screen.game.state.colonies["lebanon_syria"] == "vichy"
        said = [message for message, _, _ in notes.seen]
        assert "Lebanon-Syria: die 6, level -1, +3 for Vichy: 8, Vichy (58.531B)" in said
        assert (
            "Tunisia-Algeria-Morocco: die 1, level -1, +3 for Vichy: 3, Free French (58.531A)"
            in said
        )


async def test_a_die_that_cannot_change_anything_is_not_asked_and_is_announced() -> None:
    app = ArmisticeApp(Game(scenario.load("voluntary-fall-1940"), seed=7), seed=7)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        assert not any(a.key.startswith("colony_roll.") for a in screen.game.answers)
        said = [message for message, _, _ in notes.seen]
        assert (
            "Lebanon-Syria: no die rolled; with level +1, +3 for Vichy every face gives Vichy "
            "(58.531B)" in said
        )
        assert not any("58.21" in message for message in said)


async def test_a_complete_resolution_shows_its_result_first() -> None:
    game = example()
    game.answer("yes")
    game.answer(6)
    game.answer(1)
    while game.prompt is not None:
        game.answer(game.prompt.default_answer())
    app = ArmisticeApp(game, seed=7)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        shown = " ".join(screen_text(screen, "#prompt-help").split())
        assert "Surrender level: -1 (58.22)" in shown
        assert "Vichy France: established (58.31)" in shown
        assert "Colonies: Lebanon-Syria Vichy, Tunisia Free French" in shown
        assert "Free French: " in shown and "Vichy: " in shown
        assert "BRPs: France 20 BRPs to Germany" in shown
