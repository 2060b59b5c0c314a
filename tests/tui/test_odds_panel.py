"""The odds panel: exact fractions for the pending die, and choices compared side by side."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.tui.app import ArmisticeApp
from tests.tui.dashboard import NARROW, SEED, dashboard, example, isolate, press, screen_text


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    return isolate(monkeypatch, tmp_path)


async def test_58_31_vichy_choice_shows_each_colonys_free_french_chance_both_ways(
    saves: Path,
) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        shown = screen_text(screen, "#odds")
        assert "Free French chance by choice" in shown
        row = next(line for line in shown.splitlines() if line.startswith("Lebanon-Syria"))
        assert row.split()[-2:] == ["1/6", "2/3"]


async def test_58_531_pending_die_shows_its_exact_odds(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        shown = screen_text(screen, "#odds")
        assert "1/6" in next(line for line in shown.splitlines() if line.startswith("Free French"))
        assert "5/6" in next(line for line in shown.splitlines() if line.startswith("Vichy"))
