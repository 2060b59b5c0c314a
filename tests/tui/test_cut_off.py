"""Nothing a player needs is cut off at 80x24 in World at War's fall of France: the
header's phase, a die's results in the odds panel, a batch's totals, a refused die, the
log's wrapped lines and its last entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core import scenario
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.game import EDGES, headline, titles
from armistice.tui.widgets.odds import LINE, OddsPanel
from armistice.tui.widgets.prompt import PromptPanel
from tests.tui.dashboard import NARROW, WIDE, dashboard, flat, isolate, on_screen, press
from tests.tui.test_80x24 import focus_panel

PANELS = ("areas", "fleets", "income")
MOVES = 20
"""A seed under which the Mediterranean fleet turns Vichy and has two nearest Vichy areas
to choose from (Morocco and Algeria, 1 step away): 5.5's Vichy fleet moves phase."""


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def fall(seed: int, rolls: int = 0) -> Game:
    game = Game(scenario.load("fall-of-france-1940"), seed=seed)
    for _ in range(rolls):
        game.roll()
    return game


def test_a_fact_short_of_room_is_given_by_its_value_alone_the_phase_kept_last() -> None:
    facts = (("Conqueror", "Germany"), ("Turn", "3"), ("Phase", "Vichy fleet moves"))
    assert headline(facts, 52) == "Conqueror Germany · Turn 3 · Phase Vichy fleet moves"
    assert headline(facts, 50) == "Conqueror Germany · Turn 3 · Vichy fleet moves"
    assert headline(facts, 30) == "Turn 3 · Vichy fleet moves"
    assert headline(facts, 17) == "Vichy fleet moves"
    assert headline(facts, 12) == "Vichy fleet…"
    assert headline((("Turn", "12"), ("Phase", "combat")), 10) == "combat"


def test_a_value_that_does_not_read_alone_keeps_its_label_or_is_left_out() -> None:
    facts = (("Turn", "Fall 1940"), ("FSL", "-1"), ("Vichy France", "established"))
    assert headline(facts, 46) == "Fall 1940 · FSL -1 · Vichy France established"
    assert headline(facts, 40) == "Turn Fall 1940 · FSL -1"
    assert headline(facts, 20) == "Fall 1940 · FSL -1"


def longest(game: Game) -> tuple[tuple[str, str], ...]:
    """``game``'s facts with its longest power name wherever a power is named, its longest
    phase name for the phase, and two-figure rounds and turns."""
    powers = [p.label for p in game.sides.powers]
    phases = [p.label for p in game.system.phases] if game.system.phases else []
    facts = []
    for label, value in game.summary.facts:
        if value in powers:
            value = max(powers, key=len)
        elif label == "Phase" and phases:
            value = max(phases, key=len)
        elif label in ("Round", "Turn") and value.isdigit():
            value = "12"
        facts.append((label, value))
    return tuple(facts)


@pytest.mark.parametrize("entry", scenario.bundled(), ids=lambda e: e.name)
def test_power_round_and_phase_stay_in_the_header_at_80_columns(
    entry: scenario.BundledScenario,
) -> None:
    """For each bundled setup of every rule system, with its longest power name, its
    longest phase and a two-figure round: the power, the round (or turn) and the phase are
    all in the header's 80 columns, whole."""
    game = Game(scenario.load(entry.name), seed=1)
    facts = longest(game)
    powers = {p.label for p in game.sides.powers}
    title, line = titles(facts, NARROW[0])
    assert len(f"{title} — {line}" if title else line) <= NARROW[0] - EDGES
    for label, value in facts:
        if value in powers or label in ("Round", "Turn", "Phase"):
            assert value in line.split(" · ") or f"{label} {value}" in line.split(" · "), (
                label,
                line,
            )


async def test_the_header_names_the_vichy_fleet_moves_phase_whole() -> None:
    game = fall(MOVES, rolls=3)
    assert dict(game.summary.facts)["Phase"] == "Vichy fleet moves"
    app = ArmisticeApp(game)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot, PANELS)
        top = on_screen(app)[0]
        assert "Conqueror Germany · Turn 3 · Phase Vichy fleet moves" in top
        assert "armistice" not in top
        assert "…" not in top


async def test_a_fleet_dies_results_are_named_whole_or_by_their_short_form() -> None:
    """5.5's fleet die: 1 joins Germany ("German" in the bar's 11 cells), 2-4 scuttled,
    5 Vichy, 6 Free French."""
    app = ArmisticeApp(fall(MOVES))
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        panel = on_screen(app, screen.query_one(OddsPanel))
        bars = [line.split("█")[0].strip() for line in panel[1:5]]
        assert panel[0].strip() == "This roll"
        assert bars == ["German", "scuttled", "Vichy", "Free French"]
        assert panel[1].rstrip().endswith("1/6  17%")
        assert panel[2].rstrip().endswith("1/2  50%")
        assert "Germa " not in flat(panel)


async def test_a_batch_lists_income_and_vichy_areas_whole_and_no_nearness_conditions() -> None:
    """The area dice with the Mediterranean fleet waiting to move: ten 0-1 totals say
    whether each area is among its nearest Vichy areas; they decide the move, and are
    not listed. Axis income is 0-12 IPCs (the ten areas' IPCs), Vichy areas 0-10."""
    game = fall(MOVES, rolls=2)
    assert sum(t.key.startswith("near.") for t in game.prompt.totals) == 10
    app = ArmisticeApp(game)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        panel = [line.rstrip() for line in on_screen(app, screen.query_one(OddsPanel))]
        assert panel[:6] == [
            "These 10 rolls",
            "Axis income from Vichy areas",
            "  0-12 IPCs",
            "  mean 6.0, likeliest 6 (19%)",
            "Vichy areas 0-10 areas",
            "  mean 5.0, likeliest 5 (25%)",
        ]
        assert "nearest" not in flat(panel)
        assert all(len(line) <= LINE for line in panel)


async def test_a_refused_typed_die_is_said_in_full_in_view() -> None:
    app = ArmisticeApp(fall(MOVES, rolls=2))
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        await press(pilot, "d", "9", "enter")
        shown = flat(on_screen(app, screen.query_one(PromptPanel)))
        assert shown.endswith("Morocco die: a 1d6 roll shows 1 to 6, not 9"), shown


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=str)
async def test_the_log_wraps_beside_its_rules_and_end_shows_the_last_entry_whole(
    size: tuple[int, int],
) -> None:
    game = fall(24, rolls=3)
    app = ArmisticeApp(game)
    async with app.run_test(size=size) as pilot:
        screen = await dashboard(pilot, PANELS)
        log = await focus_panel(pilot, screen, "log")
        await press(pilot, "home")
        lines = [line.rstrip() for line in on_screen(app, log)]
        assert lines[0].startswith("5.5 ")
        assert all(line.startswith(("5.5 ", "    ")) for line in lines if line), lines
        tag = next(line for line in lines if "[waw.fleet_order=atlantic_first]" in line)
        assert tag.startswith(("5.5 ", "    "))
        await press(pilot, "end")
        lines = [line.rstrip() for line in on_screen(app, log)]
        last = game.log[-1].text
        assert last.endswith("Britain 30, the United States 40")
        tail = flat([line.rstrip("▁▂▃▄▅▆▇█ ") for line in lines[-3:]])
        assert tail.endswith("Britain 30, the United States 40"), lines[-3:]
        assert log.scroll_y == log.max_scroll_y > 0
