"""The start screen at 80x24: each bundled scenario under the game and rule it belongs to,
its description wrapped inside its indent, and the highlight kept where the player left it
when they come back from the set-up form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from armistice.core import scenario
from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.game import GameScreen
from armistice.tui.screens.setup import SetupScreen
from armistice.tui.screens.start import StartScreen
from tests.tui.dashboard import NARROW, isolate, on_screen, press, until


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


async def highlight(pilot: Pilot[Any], name: str) -> OptionList:
    """Move the start screen's highlight down to the scenario ``name`` with the arrow key."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
    listing = app.screen.query_one("#start-list", OptionList)
    for _ in range(listing.option_count):
        if listing.highlighted_option.id == f"scenario:{name}":
            break
        await press(pilot, "down")
    assert listing.highlighted_option.id == f"scenario:{name}"
    return listing


async def test_escape_from_the_set_up_form_keeps_the_highlighted_scenario(saves: Path) -> None:
    app = ArmisticeApp(seed=3)
    async with app.run_test(size=NARROW) as pilot:
        listing = await highlight(pilot, "italy-conquers-1941")
        await press(pilot, "p")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up form")
        assert app.screen.scenario.name == "italy-conquers-1941"  # type: ignore[attr-defined]
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        assert listing.highlighted_option.id == "scenario:italy-conquers-1941"
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        assert app.screen.game.scenario.name == "italy-conquers-1941"  # type: ignore[attr-defined]


async def test_the_first_scenario_is_highlighted_at_first(saves: Path) -> None:
    app = ArmisticeApp()
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        listing = app.screen.query_one("#start-list", OptionList)
        first = scenario.bundled()[0].name
        assert first == "france-neutral-1941"
        assert listing.highlighted_option.id == f"scenario:{first}"


GAMES = {
    "Axis & Allies Anniversary: France as a special neutral": "france-neutral-1941",
    "A World at War, rule 58: French surrender": "damaged-fleet-spring-1940",
    "A World at War: Vichy France diplomatic roll": "vichy-1941-axis-roll",
    "World at War: the fall of France (5.5)": "italy-conquers-1941",
    "World at War: Vichy territories (5.6)": "vichy-territories-1940",
}


async def test_each_scenario_is_listed_under_its_game_and_wraps_inside_its_indent(
    saves: Path,
) -> None:
    app = ArmisticeApp()
    async with app.run_test(size=NARROW) as pilot:
        listing = await highlight(pilot, "vichy-territories-1940")
        under: dict[str, list[str]] = {}
        heading = ""
        for option in listing.options:
            if option.disabled:
                heading = str(option.prompt).strip()
                under[heading] = []
            else:
                under[heading].append(option.id or "")
        assert list(under) == ["Bundled scenarios", *GAMES]
        for game, name in GAMES.items():
            assert f"scenario:{name}" in under[game], (game, under[game])
        lines = on_screen(app, listing)
        title = next(i for i, line in enumerate(lines) if "1941: Italy conquers France" in line)
        assert lines[title].startswith("    1941: Italy conquers France; Algeria Italian")
        assert lines[title + 1].rstrip() == "    Indo-China", lines[title : title + 2]
