"""Helpers for driving the dashboard in tests: isolated settings, waiting, reading widgets."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from armistice.core import scenario
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from armistice.tui.panels import SectionPanel
from armistice.tui.screens.game import GameScreen
from armistice.tui.widgets.odds import OddsPanel
from tests import support

EXAMPLE = "rulebook-example-fall-1940"
SEED = 7
NARROW = (80, 24)
WIDE = (120, 40)
STATE_PANELS = ("level", "colonies", "forces", "fleet", "brp", "units")
GRID_PANELS = ("level", "colonies", "forces")
TO_EXAMPLE = ("down",) * [entry.name for entry in scenario.bundled()].index(EXAMPLE)
"""The keys that move the start screen's highlight from its first entry to the rulebook
example (the bundled scenarios are listed by rule system, then name)."""


def isolate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Point saves and the keymap at ``tmp_path``; return the saves folder."""
    saves = tmp_path / "saves"
    monkeypatch.setenv("ARMISTICE_SAVES", str(saves))
    monkeypatch.setenv("ARMISTICE_KEYMAP", str(tmp_path / "no-such-keymap.toml"))
    return saves


def example(seed: int = SEED) -> Game:
    """A fresh game of the rulebook example."""
    return Game(scenario.load(EXAMPLE), seed=seed)


FF_FLEET = [
    support.BALLAST,
    *(support.ship(f"bb{i}", region="british") for i in range(2)),
    *(support.ship(f"al{i}", region="algeria") for i in range(2)),
    *(support.ship(f"cr{i}", kind="cruiser", factors=3, region="british") for i in range(2)),
    *(support.ship(f"ca{i}", kind="cruiser", factors=3, region="algeria") for i in range(2)),
]


def free_french_game(seed: int = 5) -> Game:
    """Level -2; answered "no Vichy" and two typed sixes, the Free French choose ships:
    named ships (2 in British ports, 2 in Algeria), then 3 cruisers from 2 in British
    ports and 2 in Algeria (which join only after the British-port cruisers, 58.641)."""
    return Game(support.scenario(support.at_level(-2, {"fleet": FF_FLEET})), seed=seed)


class Notes:
    """Every notification the app shows, in order, as (message, severity, title)."""

    def __init__(self, app: ArmisticeApp) -> None:
        self.seen: list[tuple[str, str, str]] = []
        original = app.notify

        def notify(message: str, **kwargs: Any) -> None:
            self.seen.append(
                (str(message), str(kwargs.get("severity", "information")), kwargs.get("title", ""))
            )
            original(message, **kwargs)

        app.notify = notify  # type: ignore[method-assign]

    def errors(self) -> list[str]:
        return [
            f"{title}: {message}" for message, severity, title in self.seen if severity == "error"
        ]


async def until(
    pilot: Pilot[Any], ready: Callable[[], object], what: str, wait: float = 5.0
) -> None:
    """Let the app run until ``ready()`` is true; fail naming ``what`` after ``wait`` seconds."""
    deadline = time.monotonic() + wait
    while True:
        try:
            if ready():
                return
        except Exception:  # a widget not mounted yet
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.02)


async def settle(pilot: Pilot[Any]) -> None:
    """Let pending messages, refreshes and animations run, and the odds of the game on
    screen be worked out and shown."""
    await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    if isinstance(screen, GameScreen):
        for panel in screen.query(OddsPanel):
            await until(pilot, lambda panel=panel: panel.current, "the odds to be worked out")
        await pilot.pause()


async def dashboard(pilot: Pilot[Any], panels: tuple[str, ...] = STATE_PANELS) -> GameScreen:
    """Wait for the game screen with its state ``panels`` mounted and the first rendered;
    return it."""
    app = pilot.app

    def ready() -> bool:
        screen = app.screen
        return (
            isinstance(screen, GameScreen)
            and all(screen.query(f"#{name}") for name in panels)
            and screen.query_one(f"#{panels[0]}", SectionPanel).shown is not None
        )

    await until(pilot, ready, "the game screen and its panels")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press ``keys`` in order (each is processed before the next), then let the app settle."""
    await pilot.press(*keys)
    await settle(pilot)


def text(widget: Widget) -> str:
    """The plain text a Static-like widget shows."""
    return str(widget.render())


def rows(panel: SectionPanel) -> list[list[str]]:
    """A summary panel's cells as plain strings, row by row."""
    return panel.rows()


def screen_text(screen: GameScreen, selector: str) -> str:
    return text(screen.query_one(selector))


_SPAN = re.compile(
    r'<text class="[^"]*" x="(?P<x>[\d.]+)" y="[\d.]+" textLength="[\d.]+" '
    r'clip-path="url\(#[\w-]+-line-(?P<line>\d+)\)">(?P<text>[^<]*)</text>'
)
CELL = 12.2
"""Width of one terminal cell in Rich's SVG export, in SVG units."""


def svg_lines(svg: str, size: tuple[int, int]) -> list[str]:
    """The text of an SVG screenshot (``size`` columns and rows), row by row."""
    width, height = size
    rows = [[" "] * width for _ in range(height)]
    for span in _SPAN.finditer(svg):
        row, column = int(span["line"]), round(float(span["x"]) / CELL)
        for offset, char in enumerate(html.unescape(span["text"]).replace("\xa0", " ")):
            if row < height and column + offset < width:
                rows[row][column + offset] = char
    return ["".join(row) for row in rows]


def on_screen(app: ArmisticeApp, within: Widget | None = None) -> list[str]:
    """The rows of text the app shows now, all of them or those inside ``within``'s content
    region (its border and padding left out)."""
    lines = svg_lines(app.export_screenshot(), (app.size.width, app.size.height))
    if within is None:
        return lines
    box = within.content_region
    return [line[box.x : box.right] for line in lines[box.y : box.bottom]]


def flat(lines: list[str]) -> str:
    """``lines`` as one string, every run of white space one space (wrapped text reads as
    it was before it was wrapped)."""
    return " ".join(" ".join(lines).split())
