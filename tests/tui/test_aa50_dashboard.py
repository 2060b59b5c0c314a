"""France as a special neutral in the dashboard at 80x24: the French territories and ships,
the actions open now as commands, and the odds of the ship dice, all from the summary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from armistice.core.aa50.words import Phase
from armistice.tui.app import ArmisticeApp
from armistice.tui.panels import SectionPanel
from tests.aa50.board import answer, game, until
from tests.tui.dashboard import NARROW, dashboard, flat, isolate, on_screen, press

PANELS = ("territories", "ships", "standing", "open", "dice")


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def rows(screen: Any, key: str) -> list[list[str]]:
    return screen.query_one(f"#{key}", SectionPanel).rows()


async def test_the_british_combat_move_shows_the_invasion_as_a_command() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        territories = {r[0]: r[1:3] for r in rows(screen, "territories")}
        assert territories["France"] == ["captured", "Germany"]
        assert territories["Southern France"] == ["French", "France"]
        ships = {r[0]: r[1] for r in rows(screen, "ships")}
        assert ships["Béarn"] == "French"
        commands = {r[0]: r[1] for r in rows(screen, "open")}
        assert (
            commands["Declare an invasion of French territory"]
            == f"action.{g.state.actions + 1}=invade"
        )
        assert "Declare the occupation of Vichy France" not in commands
        for line in on_screen(app):
            assert len(line) <= NARROW[0]


async def test_the_ship_dice_and_their_odds_are_shown_and_rolled() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(
        g,
        "invade",
        {"southern_france": 1},
        "end_phase",
        "battle",
        "southern_france",
        "taken",
        "no",
        "no",
    )
    answer(g, "warship:italy")
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        dice = {r[0]: r[1] for r in rows(screen, "dice")}
        # Southern France's capture rolls for the Strasbourg and the Dunkerque, one die
        # each; Algeria's Provence, in the same zone, is counted apart.
        assert dice["Sea zone 13, Southern France's port: 0 of 2 ships"] == "25/36"
        assert dice["Sea zone 13, Southern France's port: 1 of 2 ships"] == "5/18"
        assert dice["Sea zone 13, Southern France's port: 2 of 2 ships"] == "1/36"
        assert dice["Sea zone 13, Algeria's port: 1 of 1 ship"] == "1/6"
        assert "Strasbourg die" in flat(on_screen(app))
        await press(pilot, "r")
        assert {screen.game.state.ships[k].fate.value for k in ("strasbourg", "dunkerque")} <= {
            "captured",
            "scuttled",
        }
