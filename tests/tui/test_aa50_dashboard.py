"""France as a special neutral in the dashboard at 80x24: the French territories and ships,
the actions open now as commands, and the odds of the ship dice, all from the summary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import TabbedContent

from armistice.core.aa50.words import Phase
from armistice.core.turns import END_PHASE, STOP
from armistice.tui.app import ArmisticeApp
from armistice.tui.panels import SectionPanel
from armistice.tui.widgets.odds import OddsPanel
from tests.aa50.board import answer, game, until
from tests.tui.dashboard import (
    NARROW,
    WIDE,
    Notes,
    dashboard,
    flat,
    isolate,
    on_screen,
    press,
    screen_text,
)

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


async def test_the_header_keeps_the_round_the_power_and_the_phase_at_80_columns() -> None:
    """The longest turn of the Anniversary setups: the United Kingdom's mobilize and
    collect income phase; the header gives up the app's name and labels, not the phase."""
    g = until(game(), "united_kingdom", Phase.END)
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot, PANELS)
        top = on_screen(app)[0]
        assert f"Round {g.state.round} · the United Kingdom · mobilize and collect income" in top
        assert "…" not in top


async def test_a_reported_battle_sets_no_column_per_answer_in_the_odds_panel() -> None:
    """The British battle for French Indo-China, a Japanese carrier in sea zone 36: the
    battle's result and whether the Lamotte-Picquet was sunk are reported, not chosen, so
    the odds panel gives the chances from here (the ship's die, 1 captured by Japan, 2-6
    scuttled), not a column per answer."""
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"french_indo_china": 1}, "end_phase", "battle", "french_indo_china")
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        odds = screen.query_one(OddsPanel)
        assert "the battle's result?" in flat(on_screen(app, screen.query_one("#prompt")))
        shown = flat(on_screen(app, odds))
        assert shown.startswith("Chances from here")
        assert "by choice" not in shown
        await press(pilot, "up", "enter")  # captured
        assert "Was Lamotte-Picquet sunk" in flat(on_screen(app, screen.query_one("#prompt")))
        assert flat(on_screen(app, odds)).startswith("Chances from here")
        shown = " ".join(screen_text(screen, "#odds").split())
        assert "by choice" not in shown
        assert "Lamotte-Picquet scuttled 5/6 captured 1/6" in shown


async def test_the_invasion_picker_is_headed_by_what_it_picks() -> None:
    """Declaring an invasion (rule 2): the list the British pick from is headed "French
    territories", and lists them by name."""
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade")
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        table = flat(on_screen(app, screen.query_one("#selection-table")))
        assert table.startswith("Chosen French territories 0 of 1 Southern France 0 of 1 Morocco")
        assert "Ship or unit" not in table
        prompt = flat(on_screen(app, screen.query_one("#prompt")))
        assert prompt.startswith("ALLIES The United Kingdom invades which French territories?")
        assert "0 chosen; pick 1 to 12 territories." in prompt


async def test_the_long_odds_scroll_beside_the_prompt_leaving_rows_to_the_territories() -> None:
    """The odds of every ship and territory run to some 30 lines: beside a turn's menu they
    scroll in a box as tall as the prompt, and the French territories below keep their
    rows (France, Southern France, Morocco, Algeria in view)."""
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        prompt, odds = screen.query_one("#prompt"), screen.query_one("#odds-box")
        assert odds.region.bottom == prompt.region.bottom
        assert odds.virtual_size.height > odds.size.height
        below = on_screen(app)[prompt.region.bottom :]
        shown = [line.split("  ")[0] for line in below]
        for name in ("France", "Southern France", "Morocco", "Algeria"):
            assert name in shown, below


async def test_enter_at_the_ship_dice_says_what_to_do_rather_than_nothing() -> None:
    """Tunisia captured, an Italian battleship in sea zone 14: the Le Fantasque's one die.
    Enter alone says how to roll it, then, with dice typed in, what to type."""
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"tunisia": 1}, "end_phase", "battle", "tunisia", "taken", "no")
    answer(g, "warship:italy")
    app = ArmisticeApp(g, seed=1)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        assert "Roll 1 die, rolled by the app" in flat(on_screen(app, screen.query_one("#prompt")))
        await press(pilot, "enter")
        assert notes.seen[-1][0] == (
            "Dice are rolled by the app: press r to roll, or d to type them in."
        )
        await press(pilot, "d", "enter")
        said = "Nothing typed: type Le Fantasque die's value, 1 to 6, then Enter"
        assert said in flat(on_screen(app, screen.query_one("#prompt")))
        await press(pilot, "7", "enter")
        # The die's name starts the notice's text; the batch's label stays in the title.
        assert notes.seen[-1] == (
            "Le Fantasque die: a 1d6 roll shows 1 to 6, not 7",
            "error",
            "Not allowed (Italy rolls for the French ships in Sea zone 14)",
        )
        await press(pilot, "1", "enter")
        assert screen.game.state.ships["le_fantasque"].fate.value == "captured"
        # The batch's notice starts with the power rolling, not with a count of dice.
        said = [message for message, _, _ in notes.seen]
        assert "Italy rolls for the French ships in Sea zone 14: 1 captured (§2)" in said


async def test_the_log_opens_at_its_newest_entry_after_turns_played_out_of_view() -> None:
    """Three powers' turns are in the log when the British declare their invasion with the
    Territories tab in view; the Log tab then opens on that declaration, not on the first
    German phase."""
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        await press(pilot, "up", "up", "enter", "space", "enter")
        screen.query_one("#tabs", TabbedContent).active = "tab-log"
        await press(pilot)
        view = on_screen(app, screen.query_one("#log").parent)
        shown = flat([line[:-1] for line in view])  # the last column is the scrollbar's
        assert shown.endswith(
            "The United Kingdom invades Southern France: every French unit is hostile to it "
            "[aa50.invasion_scope=named]"
        )
        assert "Germany: end of the start of turn phase" not in shown


async def test_the_help_names_a_territory_among_what_a_list_picks() -> None:
    """The help's key for lists to pick from speaks of items, territories among them (the
    invasion picks territories), not only of ships and units."""
    app = ArmisticeApp(game(), seed=1)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot, PANELS)
        await press(pilot, "question_mark")
        shown = "\n".join(on_screen(app))
        assert "take or drop an item" in shown
        assert "a territory)" in shown
        assert "take or drop a ship or unit" not in shown


async def test_wide_the_territories_take_the_grids_tall_cell_leaving_none_empty() -> None:
    """At 120 columns the first three panels share a grid: the French territories, the
    longest, run down its left column beside the ships and the standing rules, no cell of
    the grid left empty."""
    app = ArmisticeApp(game(), seed=1)
    async with app.run_test(size=WIDE) as pilot:
        screen = await dashboard(pilot, PANELS)
        territories, ships, rules = (screen.query_one(f"#grid > #{key}") for key in PANELS[:3])
        assert territories.region.x < ships.region.x == rules.region.x
        assert territories.region.y == ships.region.y
        assert territories.region.bottom == rules.region.bottom
        assert ships.region.bottom <= rules.region.y
        shown = flat(on_screen(app, territories))
        assert "Madagascar" in shown


async def test_the_key_bar_keeps_save_open_and_new_in_view_at_the_invasion_picker() -> None:
    """The line under the invasion's list names its keys (space, +/-, enter); the key bar
    at 80 columns still shows the screen's own keys whole, up to Assumptions."""
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade")
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        bar = on_screen(app)[-1]
        for key in ("? Help", "q Quit", "u Undo", "s Save", "o Open", "n New", "a Assumptions"):
            assert key in bar, bar
        prompt = flat(on_screen(app, screen.query_one("#prompt")))
        assert "space take/drop · +/- one more/less · enter confirm" in prompt


async def test_a_stopped_game_names_the_keys_that_take_the_stop_back_or_save_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Stopped in the British combat move, with Save moved to w by a keymap: the prompt
    names u to take the stop back and w to save, and u does take it back."""
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('[keys]\nsave = "w"\n', encoding="utf-8")
    monkeypatch.setenv("ARMISTICE_KEYMAP", str(keymap))
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, STOP)
    app = ArmisticeApp(g, seed=1)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        shown = flat(on_screen(app, screen.query_one("#prompt")))
        assert shown.endswith(
            "the United Kingdom, combat move phase. u takes back the last answer, w saves, "
            "n starts another."
        )
        await press(pilot, "u")
        assert not screen.game.complete
        assert screen.game.prompt is not None and screen.game.prompt.clock is not None


async def test_an_occupation_settled_at_80x24_is_two_notices_pointing_to_the_log() -> None:
    """Germany's occupation turns twelve territories and sends ships to their fates at once:
    at 80x24 that is one notice and a count, never a stack over the prompt."""
    g = answer(until(game(), "germany", Phase.COMBAT_MOVE), "occupy", END_PHASE)
    assert g.state.phase is Phase.COMBAT
    app = ArmisticeApp(g, seed=1)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, PANELS)
        await press(pilot, "enter")
        said = [message for message, _, _ in notes.seen]
        assert len(said) == 2
        assert said[0] == (
            "Southern France: no Axis land unit there; Free French (British control), held "
            "by the United Kingdom (§3)"
        )
        assert said[1].startswith("and ") and said[1].endswith(" more: see the Log tab")
        assert screen.game.prompt is not None
