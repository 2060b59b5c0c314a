"""The Vichy France diplomatic roll in the dashboard at 80x24: who may name Vichy and why
not, the modifiers with their signs, the odds of every row, the result and what it changed,
all from the rule system's summary."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from armistice.core import scenario
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from armistice.tui.panels import SectionPanel
from tests.tui.dashboard import NARROW, dashboard, flat, isolate, on_screen, press, settle

PANELS = ("naming", "modifiers", "chances", "changed")


def vichy_game() -> Game:
    return Game(scenario.load("vichy-1941-axis-roll"), seed=4)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def rows(screen: Any, key: str) -> list[list[str]]:
    return screen.query_one(f"#{key}", SectionPanel).rows()


async def test_77_the_dashboard_shows_who_may_name_vichy_the_modifiers_odds_and_result() -> None:
    app = ArmisticeApp(vichy_game(), seed=4)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        naming = rows(screen, "naming")
        assert [r[:2] for r in naming] == [
            ["the Axis", "may"],
            ["the Axis (reaction roll)", "may not"],
            ["the Western Allies", "may not"],
            ["the Soviet Union", "may not"],
        ]
        assert "Who names Vichy France?" in flat(on_screen(app))
        await press(pilot, "enter")
        modifiers = {r[0]: r[1] for r in rows(screen, "modifiers")}
        assert modifiers["Unbuilt Vichy units"] == "+2"
        assert modifiers["Friendly factors"] == "+1"
        assert modifiers["Sum of modifiers"] == "+6"
        odds = {r[0]: r[1] for r in rows(screen, "chances")}
        assert odds["10: Axis minor ally"] == "1/2 (50.0%)"
        assert odds["-3: Allied minor ally"] == "0"
        await press(pilot, "r")
        assert screen.game.complete
        changed = {r[0]: r[1] for r in rows(screen, "changed")}
        assert "Alignment" in changed and "BRPs to the Axis" in changed
        for line in on_screen(app):
            assert len(line) <= NARROW[0]
        await press(pilot, "enter")
        assert "Turn of the roll: Season" in flat(on_screen(app))


def _app() -> ArmisticeApp:
    return ArmisticeApp(vichy_game(), seed=4)


async def _named(pilot: Pilot[Any]) -> None:
    await dashboard(pilot, PANELS)
    await press(pilot, "enter")
    pilot.app.clear_notifications()
    await settle(pilot)


def test_vichy_roll_pending_80x24(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(_app(), terminal_size=NARROW, run_before=_named)
