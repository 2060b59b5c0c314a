"""Screenshots of the dashboard compared with accepted SVGs (tests/tui/__snapshots__/).

Fixed seed, explicit terminal sizes, no saves listed, no notifications on screen.
Accept a deliberate change with: python -m pytest tests/tui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.start import StartScreen
from tests.tui.dashboard import (
    NARROW,
    SEED,
    TO_EXAMPLE,
    WIDE,
    dashboard,
    isolate,
    press,
    settle,
    until,
)

Compare = Callable[..., bool]


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    saves = isolate(monkeypatch, tmp_path)
    assert not saves.exists()


async def _start(pilot: Pilot[Any]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, StartScreen), "the start screen")
    await settle(pilot)


async def _after_vichy(pilot: Pilot[Any]) -> None:
    """The rulebook example chosen on the start screen and Vichy France set up: a die to roll."""
    await _start(pilot)
    await press(pilot, *TO_EXAMPLE, "enter")
    await dashboard(pilot)
    await press(pilot, "enter")
    pilot.app.clear_notifications()
    await settle(pilot)


async def _completed(pilot: Pilot[Any]) -> None:
    """The rulebook example played to the end: Vichy, both dice rolled, first ships taken."""
    await _after_vichy(pilot)
    await press(pilot, "r", "r")
    screen = pilot.app.screen
    for _ in range(10):
        if screen.game.complete:  # type: ignore[attr-defined]
            break
        await press(pilot, "space", "enter")
    assert screen.game.complete  # type: ignore[attr-defined]
    pilot.app.clear_notifications()
    await settle(pilot)


def _app() -> ArmisticeApp:
    return ArmisticeApp(seed=SEED)


def _shot(
    snap_compare: Compare, size: tuple[int, int], before: Callable[[Pilot[Any]], Awaitable[None]]
) -> bool:
    return snap_compare(_app(), terminal_size=size, run_before=before)


def test_start_screen_80x24(snap_compare: Compare) -> None:
    assert _shot(snap_compare, NARROW, _start)


def test_start_screen_120x40(snap_compare: Compare) -> None:
    assert _shot(snap_compare, WIDE, _start)


def test_rule58_dashboard_with_a_die_to_roll_80x24(snap_compare: Compare) -> None:
    assert _shot(snap_compare, NARROW, _after_vichy)


def test_rule58_dashboard_with_a_die_to_roll_120x40(snap_compare: Compare) -> None:
    assert _shot(snap_compare, WIDE, _after_vichy)


def test_rule58_dashboard_completed_80x24(snap_compare: Compare) -> None:
    assert _shot(snap_compare, NARROW, _completed)
