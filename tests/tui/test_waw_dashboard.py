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
from armistice.tui.screens import game as game_screen
from armistice.tui.widgets.odds import OddsPanel
from tests.tui.dashboard import (
    NARROW,
    Notes,
    dashboard,
    flat,
    isolate,
    on_screen,
    press,
    screen_text,
    until,
)
from tests.tui.test_80x24 import focus_panel

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
            "retake": False,
            "politics": True,
            "move": True,
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


async def test_a_batch_of_area_dice_is_one_notice_then_the_fleet_move_and_the_log_keeps_each_die() -> (
    None
):
    app = _app()
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        for _ in range(3):
            await press(pilot, "r")
        said = [message for message, _, _ in notes.seen]
        assert said == [
            "Atlantic fleet: France rolls 4, scuttled (5.5)",
            "Mediterranean fleet: France rolls 5, Vichy (5.5)",
            "French area dice: 6 Vichy, 4 Free French (5.5)",
            "Mediterranean fleet goes to Algeria, 1 step away, placed in Western Mediterranean (5.5)",
        ]
        logged = [e.text for e in screen.game.log]
        assert "Morocco: the British player rolls 4, Free French" in logged
        assert "Society Islands: the British player rolls 5, Free French" in logged


async def test_the_prompt_names_the_power_that_rolls() -> None:
    game = fall()
    game.answer(6)
    app = ArmisticeApp(game, seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        header = " ".join(screen_text(screen, "#prompt-header").split())
        assert header == "ALLIES Britain: Mediterranean fleet die [5.5]"
    app = _app()
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        header = " ".join(screen_text(screen, "#prompt-header").split())
        assert header == "ALLIES France: Atlantic fleet die [5.5]"


async def test_the_odds_panel_names_each_fleet_as_the_summary_does() -> None:
    game = fall()
    game.answer(6)
    game.answer(2)
    app = ArmisticeApp(game, seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        await until(pilot, lambda: screen.query_one(OddsPanel).current, "the odds")
        panel = on_screen(app, screen.query_one(OddsPanel))
        text = flat(panel)
        assert "Atlantic fleet" in text and "Mediterranean fleet" in text
        assert "fleet:" not in text
        lines = [" ".join(line.split()) for line in panel]
        assert lines[lines.index("Atlantic fleet") + 1] == "Free French 1"
        assert lines[lines.index("Mediterranean fleet") + 1] == "scuttled 1"
        assert all(len(line) <= 32 for line in panel)


async def test_the_fleets_income_and_unit_tabs_show_on_screen_at_80x24() -> None:
    app = _app()
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        for _ in range(3):
            await press(pilot, "r")
        fleets = await focus_panel(pilot, screen, "fleets")
        shown = flat(on_screen(app, fleets))
        assert "Atlantic fleet scuttled 4 France Bay of Biscay" in shown
        assert "Mediterranean Vichy 5 France Western 5.5 sent to Algeria" in shown
        income = await focus_panel(pilot, screen, "income")
        shown = flat(on_screen(app, income))
        assert "France 6 2" in shown and "Germany 47 3" in shown and "Japan 31 0" in shown
    game = fall()
    while game.prompt is not None:
        game.roll()
    game.next("waw.vichy")
    app = ArmisticeApp(game, seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        units = await focus_panel(pilot, screen, "units")
        shown = flat(on_screen(app, units))
        assert "Algeria Vichy infantry, infantry, fighter 5.6" in shown
        assert all(len(line) <= NARROW[0] for line in on_screen(app))


async def _in_5_6(pilot: Pilot[Any]) -> None:
    await _resolved(pilot)
    await press(pilot, "shift+tab", "enter")
    await until(pilot, lambda: pilot.app.screen.game.system.key == "waw.vichy", "the 5.6 turn")
    pilot.app.clear_notifications()


def test_vichy_territories_turn_80x24(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(_app(), terminal_size=NARROW, run_before=_in_5_6)


async def test_a_choice_of_more_options_than_the_odds_panel_can_set_side_by_side() -> None:
    game = Game(scenario.load("vichy-territories-1940"), seed=SEED)
    game.answer("attack")
    app = ArmisticeApp(game, seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        await until(pilot, lambda: screen.query_one(OddsPanel).current, "the odds")
        panel = on_screen(app, screen.query_one(OddsPanel))
        assert panel[0].strip() == "Chances from here"
        assert "chance by choice" not in flat(panel)
        assert all(len(line) <= 32 for line in panel)


async def test_a_step_that_says_more_than_the_screen_holds_is_cut_to_a_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With room for one notice a step, the area dice (a batch notice and the fleet's move)
    are one notice pointing to the log."""
    monkeypatch.setattr(game_screen, "NOTICES", 1)
    app = _app()
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot, PANELS)
        for _ in range(3):
            await press(pilot, "r")
        said = [message for message, _, _ in notes.seen]
        assert said[-1] == "and 2 more: see the Log tab"
        assert "French area dice: 6 Vichy, 4 Free French (5.5)" not in said


async def test_enter_at_a_turns_menu_ends_the_phase_neither_stopping_nor_attacking() -> None:
    app = ArmisticeApp(Game(scenario.load("vichy-territories-1940")), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        await press(pilot, "enter")
        assert screen.game.answers[-1].value == "end_phase"
        assert not screen.game.complete
