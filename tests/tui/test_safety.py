"""The dashboard never loses or clobbers what a player has: saves, answers, keys."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from textual.widgets import Input

from armistice.core import scenario
from armistice.tui.app import ArmisticeApp, read_keymap
from armistice.tui.screens.dialogs import Confirm
from armistice.tui.screens.game import GameScreen
from armistice.tui.widgets.prompt import PromptPanel
from tests.tui.dashboard import (
    EXAMPLE,
    NARROW,
    SEED,
    Notes,
    dashboard,
    example,
    isolate,
    press,
    settle,
)


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


@pytest.mark.parametrize(
    "content",
    [b"not a save\n", b'{"format": "armistice-save"}\n'],
    ids=["text", "claims-to-be-a-save"],
)
async def test_save_refuses_to_overwrite_a_file_that_is_not_a_save(
    saves: Path, tmp_path: Path, content: bytes
) -> None:
    precious = tmp_path / "notes.txt"
    precious.write_bytes(content)
    app = ArmisticeApp(example(), seed=SEED)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        await press(pilot, "enter", "s")
        app.screen.query_one(Input).value = str(precious)
        await press(pilot, "enter")
        assert precious.read_bytes() == content
        assert any("exists and is not a save file" in e for e in notes.errors())


async def test_quit_from_the_command_palette_asks_about_unsaved_answers(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        quits = [c for c in app.get_system_commands(screen) if c.title == "Quit"]
        assert len(quits) == 1
        outcome = quits[0].callback()
        if inspect.isawaitable(outcome):
            await outcome
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        await press(pilot, "n")
        assert isinstance(app.screen, GameScreen)


async def test_an_answer_for_a_prompt_taken_back_is_ignored(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        before = screen.game.answers
        screen.query_one(PromptPanel).post_message(
            PromptPanel.Answered("vichy.named_ships", {"dunkerque": 1}, "decided")  # type: ignore[arg-type]
        )
        await settle(pilot)
        assert screen.game.answers == before
        assert notes.errors() == []


async def test_open_in_a_game_starts_a_scenario_file(saves: Path) -> None:
    path = scenario.locate("historical-summer-1940")
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        await press(pilot, "o")
        app.screen.query_one(Input).value = str(path)
        await press(pilot, "enter")
        screen = await dashboard(pilot)
        assert screen.game.scenario.name == "historical-summer-1940"


def test_keymap_names_each_entry_it_cannot_use(tmp_path: Path) -> None:
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('[keys]\nundo = "z"\nbogus = "x"\nroll = 5\nsave = "z"\n', encoding="utf-8")
    keys, problems = read_keymap(keymap)
    assert keys == {"undo": "z"}
    assert any("keys.bogus: no such binding" in p for p in problems)
    assert any("keys.roll: must be a key name" in p for p in problems)
    assert any("keys.save: 'z' is already undo's key; not applied" in p for p in problems)


async def test_the_roll_hint_names_the_remapped_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    isolate(monkeypatch, tmp_path)
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('[keys]\nroll = "x"\n', encoding="utf-8")
    monkeypatch.setenv("ARMISTICE_KEYMAP", str(keymap))
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        assert "press x to roll" in str(screen.query_one("#prompt-roll").render())
        answers = len(screen.game.answers)
        await press(pilot, "x")
        assert len(screen.game.answers) == answers + 1


def test_example_scenario_name_is_bundled() -> None:
    assert scenario.locate(EXAMPLE).name == f"{EXAMPLE}.toml"
