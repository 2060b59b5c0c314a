"""A ticked and an unticked box in the set-up form differ in the characters drawn, not only
in colour."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from armistice.tui.app import ArmisticeApp
from armistice.tui.widgets.form import Form
from armistice.tui.widgets.tickbox import TickBox
from tests.tui.dashboard import NARROW, isolate, on_screen, press, until
from tests.tui.test_setup import open_setup


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


async def test_the_set_up_forms_unticked_box_is_empty_and_ticks_with_space(saves: Path) -> None:
    async with ArmisticeApp().run_test(size=NARROW) as pilot:
        form = (await open_setup(pilot)).query_one(Form)
        box = form.control("surrender.voluntary")
        assert isinstance(box, TickBox) and not box.value
        assert "▐ ▌" in str(box.render()) and "X" not in str(box.render())
        box.focus()
        await press(pilot, "space")
        await until(pilot, lambda: box.value, "the box to be ticked")
        assert "▐X▌" in str(box.render())
        await press(pilot, "space")
        assert "▐ ▌" in str(box.render())


class Boxes(App[None]):
    def compose(self) -> ComposeResult:
        yield TickBox("ticked", True, id="on")
        yield TickBox("unticked", False, id="off")


async def test_a_box_ticked_from_the_start_is_drawn_ticked() -> None:
    app = Boxes()
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        lines = on_screen(app)
        assert any("X▌ ticked" in line for line in lines), lines[:4]
        assert any("▐ ▌ unticked" in line for line in lines), lines[:4]
