"""Where a typed file name goes: a name alone in the saves folder with its suffix added,
the notice giving the full path; an empty name refused in words; a folder that does not
exist refused, never created (the saves folder excepted), in the dashboard and by
``resolve --save``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from armistice.tui import saves as saving
from armistice.tui.app import ArmisticeApp
from armistice.tui.cli import run
from armistice.tui.screens.dialogs import ChooseFile
from tests.tui.dashboard import (
    EXAMPLE,
    NARROW,
    Notes,
    dashboard,
    example,
    isolate,
    press,
    until,
)
from tests.tui.test_setup import open_setup


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, tmp_path_factory: Any) -> Path:
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    return isolate(monkeypatch, tmp_path)


async def type_name(pilot: Pilot[Any], key: str, name: str) -> None:
    """Open the file dialog with ``key``, type ``name`` in place of its default, enter."""
    app = pilot.app
    await press(pilot, key)
    await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the file dialog")
    app.screen.query_one(Input).value = name
    await press(pilot, "enter")
    await until(pilot, lambda: not isinstance(app.screen, ChooseFile), "the dialog to close")


async def test_a_save_named_alone_goes_in_the_saves_folder_as_json(saves: Path) -> None:
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        notes = Notes(app)
        await dashboard(pilot)
        await press(pilot, "enter")
        await type_name(pilot, "s", "mysave")
        target = saves / "mysave.json"
        assert target.is_file() and not Path("mysave").exists()
        assert (f"Saved to {target}", "information", "") in notes.seen
        assert saving.recent() == [target]


async def test_an_empty_save_name_is_refused_in_words(saves: Path) -> None:
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        notes = Notes(app)
        await dashboard(pilot)
        await type_name(pilot, "s", "  ")
        assert notes.errors() == ["Not saved: no file name"]
        assert not saves.exists()


async def test_a_save_into_a_missing_folder_is_refused_and_no_folder_made(
    saves: Path, tmp_path: Path
) -> None:
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        notes = Notes(app)
        await dashboard(pilot)
        await type_name(pilot, "s", str(tmp_path / "nowhere" / "game.json"))
        assert notes.errors() == [
            f"Not saved: {tmp_path / 'nowhere' / 'game.json'}: folder {tmp_path / 'nowhere'} "
            "does not exist; create it first"
        ]
        assert not (tmp_path / "nowhere").exists()


async def test_a_position_named_alone_goes_in_the_saves_folder_as_toml_and_is_no_save(
    saves: Path,
) -> None:
    app = ArmisticeApp(seed=3)
    async with app.run_test(size=NARROW) as pilot:
        notes = Notes(app)
        await open_setup(pilot)
        await type_name(pilot, "ctrl+s", "mine")
        target = saves / "mine.toml"
        await until(pilot, target.exists, "the position to be written")
        assert (f"Saved to {target}", "information", "Saved") in notes.seen
        await type_name(pilot, "ctrl+s", "other.json")
        assert (saves / "other.json").is_file()
        assert saving.recent() == []


def test_resolve_save_refuses_a_missing_folder_in_one_line(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "nowhere" / "game.json"
    assert run(["resolve", EXAMPLE, "--auto", "--save", str(target)]) == 2
    out, err = capsys.readouterr()
    assert err == (
        f"armistice: error: {target}: folder {target.parent} does not exist; create it first\n"
    )
    assert out == "" and not target.parent.exists()
