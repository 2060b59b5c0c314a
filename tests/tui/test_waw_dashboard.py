"""World at War's fall of France in the dashboard at 80x24: the French areas with their dice
and markers, the fleets with who rolled them and where they went, the income chart, and
then 5.6's actions as commands, all from the rule systems' summaries."""

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
from tests.tui.dashboard import NARROW, dashboard, flat, isolate, on_screen, press, until

PANELS = ("areas", "fleets", "income")
SEED = 24


def fall() -> Game:
    return Game(scenario.load("fall-of-france-1940"), seed=SEED)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def rows(screen: Any, key: str) -> list[list[str]]:
    return screen.query_one(f"#{key}", SectionPanel).rows()


async def test_5_5_and_5_6_in_the_dashboard() -> None:
    app = ArmisticeApp(fall(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        assert "Atlantic fleet die" in flat(on_screen(app))
        for _ in range(3):
            await press(pilot, "r")
        assert screen.game.complete
        areas = {r[0]: r[1:4] for r in rows(screen, "areas")}
        assert areas["Algeria"] == ["Vichy", "2", "Germany"]
        assert areas["Morocco"] == ["Free French", "4", "-"]
        assert areas["Fiji Islands"][2] == "Japan"
        fleets = {r[0]: r[1:4] for r in rows(screen, "fleets")}
        assert fleets["Mediterranean fleet"] == ["Vichy", "5 France", "Western Mediterranean"]
        income = {r[0]: r[1] for r in rows(screen, "income")}
        assert income["France"] == "6"
        for line in on_screen(app):
            assert len(line) <= NARROW[0]
        await press(pilot, "enter")
        await until(pilot, lambda: screen.game.system.key == "waw.vichy", "the 5.6 turn")
        shown = flat(on_screen(app))
        assert "armistice — Turn 3 · Phase combat" in shown
        assert "Turn 3, combat: what now?" in shown
        assert "could not be worked out" not in shown
        offered = {o.value: o.enabled for o in screen.game.prompt.options}
        assert offered == {
            "attack": True,
            "retake": True,
            "politics": True,
            "ask": True,
            "collect": False,
            "end_phase": True,
            "stop": True,
        }


def _app() -> ArmisticeApp:
    return ArmisticeApp(fall(), seed=SEED)


async def _resolved(pilot: Pilot[Any]) -> None:
    await dashboard(pilot, PANELS)
    for _ in range(3):
        await press(pilot, "r")
    pilot.app.clear_notifications()
    await press(pilot, "tab")


def test_fall_of_france_resolved_80x24(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(_app(), terminal_size=NARROW, run_before=_resolved)
