"""The set-up screen at 80x24: a position edited in a form made from the scenario's field
descriptions, its summary and odds following every change, saved as a scenario file that
loads back to the same position, and started."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, Static

from armistice.core import scenario
from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.fields import describe
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.dialogs import ChooseFile
from armistice.tui.screens.game import GameScreen
from armistice.tui.screens.setup import SetupScreen
from armistice.tui.widgets.form import Form
from tests.tui.dashboard import EXAMPLE, NARROW, TO_EXAMPLE, isolate, until


def describe_path(struct: type[Any], path: str) -> tuple[tuple[str, str], ...]:
    """The choices of the field at ``path`` (``fleet[].condition`` for an entry's field)."""
    rows = list(describe(struct))
    while rows:
        row = rows.pop(0)
        if row.path == path:
            return row.choices
        rows += row.items
    raise KeyError(path)


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


CHOICES = {
    "territory.paris": describe_path(AwawScenario, "territory.paris"),
    "fleet[0].condition": describe_path(AwawScenario, "fleet[].condition"),
}


def shown(screen: SetupScreen) -> str:
    """The summary column's text as a reader sees it, at its width on screen."""
    side = screen.query_one("#setup-side")
    console = Console(width=side.content_region.width or 36, record=True, file=io.StringIO())
    for ident in ("#setup-stale", "#setup-summary"):
        console.print(screen.query_one(ident, Static).content)
    return " ".join(console.export_text().split())


async def open_setup(pilot: Pilot[Any]) -> SetupScreen:
    """From the start screen, highlight the rulebook example and press p."""
    await pilot.pause()
    await pilot.press(*TO_EXAMPLE, "p")
    await until(pilot, lambda: isinstance(pilot.app.screen, SetupScreen), "the set-up screen")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen) and screen.scenario.name == EXAMPLE
    return screen


async def choose(pilot: Pilot[Any], form: Form, path: str, value: str) -> None:
    """Pick ``value`` in the list at ``path`` with the keyboard: open it, move, enter."""
    select = form.control(path)
    assert isinstance(select, Select)
    order = [choice for choice, _ in CHOICES[path]]
    steps = order.index(value) - order.index(str(select.value))
    select.focus()
    await pilot.press("enter", *(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await pilot.pause()


async def test_paris_held_by_france_and_a_voluntary_surrender_give_level_plus_1(
    saves: Path, tmp_path: Path
) -> None:
    app = ArmisticeApp(seed=3)
    async with app.run_test(size=NARROW) as pilot:
        screen = await open_setup(pilot)
        form = screen.query_one(Form)
        assert "Surrender level" in shown(screen) and "FSL -1" in shown(screen)
        await choose(pilot, form, "territory.paris", "french")
        # Paris French without a voluntary surrender is refused (58.11): the reason shows
        # under the field and the summary keeps the last good position.
        await until(pilot, lambda: form.note("territory.paris"), "the reason under Paris")
        assert "voluntarily (58.11)" in form.note("territory.paris")
        assert "FSL -1" in shown(screen) and "Not counted" in shown(screen)
        voluntary = form.control("surrender.voluntary")
        assert isinstance(voluntary, Checkbox)
        voluntary.focus()
        await pilot.press("space")
        await until(pilot, lambda: "FSL +1" in shown(screen), "the level to follow")
        assert form.note("territory.paris") == ""
        assert "Not counted" not in shown(screen)
        assert "Voluntary surrender" in shown(screen)
        # Save through the dialog, then the file loads back to the same position.
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the file dialog")
        target = tmp_path / "mine.toml"
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await until(pilot, target.exists, "the file to be written")
        again = scenario.load(str(target))
        assert again == screen.scenario
        assert Game(again).state.surrender_level.value == 1
        # And the resolution starts from it.
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        assert app.screen.game.scenario == again


async def test_a_number_out_of_bounds_is_refused_beside_its_field_and_changes_nothing(
    saves: Path,
) -> None:
    app = ArmisticeApp(seed=3)
    async with app.run_test(size=NARROW) as pilot:
        screen = await open_setup(pilot)
        form = screen.query_one(Form)
        dps = form.control("diplomacy.axis_dps")
        assert isinstance(dps, Input)
        dps.focus()
        await pilot.press("minus", "5")
        await until(pilot, lambda: form.note("diplomacy.axis_dps"), "the reason under the DPs")
        assert form.note("diplomacy.axis_dps") == "must be at least 0 DPs"
        assert "Not counted" in shown(screen) and "FSL -1" in shown(screen)
        await pilot.press("backspace", "backspace", "3")
        await until(pilot, lambda: "FSL +2" in shown(screen), "3 Axis DPs to count")
        assert form.values["diplomacy"]["axis_dps"] == 3


async def test_a_ships_condition_and_port_are_changed_in_its_entry(saves: Path) -> None:
    app = ArmisticeApp(seed=3)
    async with app.run_test(size=NARROW) as pilot:
        screen = await open_setup(pilot)
        form = screen.query_one(Form)
        await until(pilot, lambda: form.control("fleet[0].condition"), "Dunkerque's fields")
        await choose(pilot, form, "fleet[0].condition", "building")
        port = form.control("fleet[0].port")
        assert isinstance(port, Input)
        port.focus()
        await pilot.press("ctrl+u", *"Brest")
        await until(pilot, lambda: screen.scenario.fleet[0].port == "Brest", "the new port")
        assert screen.scenario.fleet[0].condition == "building"
        assert form.values["fleet"][0] == {**form.values["fleet"][0], "port": "Brest"}


async def test_the_start_screen_offers_the_set_up_by_a_key_in_its_footer(saves: Path) -> None:
    app = ArmisticeApp(seed=3)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        keys = {b.id: b.key for b in app.screen.BINDINGS if hasattr(b, "id")}
        assert keys["setup"] == "p"
        screen = await open_setup(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen, "the start screen again")
