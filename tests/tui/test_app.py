"""The dashboard driven by key presses only: every assertion reads the game the screen owns,
the widgets that render it, or the notifications the app shows."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text as RichText
from textual.widgets import Input, OptionList, Select, Static, TabbedContent

from armistice.core.awaw.rule58.tables import shipped
from armistice.core.game import Game
from armistice.core.prompts import Answer, Decision, Roll, Selection, Via
from armistice.tui.app import ArmisticeApp
from armistice.tui.panels import SectionPanel
from armistice.tui.screens.dialogs import ChangeAssumptions, ChooseFile, Confirm
from armistice.tui.screens.game import GameScreen
from armistice.tui.screens.start import StartScreen
from tests.tui.dashboard import (
    EXAMPLE,
    GRID_PANELS,
    NARROW,
    SEED,
    STATE_PANELS,
    TO_EXAMPLE,
    WIDE,
    Notes,
    dashboard,
    example,
    free_french_game,
    isolate,
    press,
    rows,
    screen_text,
    settle,
    text,
    until,
)


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The saves folder, in tmp_path; the keymap is a file that does not exist."""
    return isolate(monkeypatch, tmp_path)


def header(screen: GameScreen) -> str:
    return screen_text(screen, "#prompt-header")


def selection_line(screen: GameScreen) -> str:
    return screen_text(screen, "#selection-total")


def problem(screen: GameScreen) -> str:
    return screen_text(screen, "#prompt-problem")


def titles(app: ArmisticeApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


# 1. The rulebook example from the start screen to the end.


async def test_rulebook_example_by_keys_ends_at_level_minus_1_with_the_fleet_divided(
    saves: Path,
) -> None:
    app = ArmisticeApp(seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        await press(pilot, *TO_EXAMPLE, "enter")
        screen = await dashboard(pilot)
        game = screen.game
        assert game.scenario.name == EXAMPLE
        assert game.seed == SEED
        assert isinstance(game.prompt, Decision) and game.prompt.key == "establish_vichy"

        await press(pilot, "enter")
        assert game.answers == (Answer("establish_vichy", "yes", Via.DECIDED),)
        await press(pilot, "r", "r")
        dice = [a for a in game.answers if a.key.startswith("colony_roll.")]
        assert [a.via for a in dice] == [Via.ROLLED, Via.ROLLED]
        assert isinstance(game.prompt, Selection)

        for _ in range(10):
            if game.complete:
                break
            assert isinstance(game.prompt, Selection)
            await press(pilot, "space", "enter")
        assert game.complete
        assert game.state.surrender_level.value == -1

        level = rows(screen.query_one("#level", SectionPanel))
        assert level[0][2] == "58.22"
        assert level[0][1] == "-1"
        assert level[1][:3] == ["Sum of modifiers", "-1", "58.21"]

        colonies = {row[0]: row for row in rows(screen.query_one("#colonies", SectionPanel))}
        assert set(colonies) == {"Lebanon-Syria", "Tunisia", "Algeria", "Morocco"}
        for row in colonies.values():
            assert row[1] == "Vichy"
        named = shipped().colonies
        for roll in game.state.colony_rolls:
            for colony in roll.colonies:
                assert colonies[named[colony].name][2] == str(roll.die)

        assert "Vichy France established" in screen.sub_title
        fleet_rows = {row[0]: row for row in rows(screen.query_one("#fleet", SectionPanel))}
        names = {ship.id: ship.name for ship in game.scenario.fleet}
        fleet = game.state.fleet
        for title, share in (
            ("Free French", fleet.free_french),
            ("Vichy", fleet.vichy),
            ("Removed", fleet.removed),
        ):
            for ident in share:
                assert names[ident] in fleet_rows[title][1]
            assert fleet_rows[title][2].startswith("58.64")

        assert "Resolution complete" in header(screen)
        assert "Undo" in titles(app) and "Roll" not in titles(app)


# 2. Undo and replay: the n-th app roll is fixed by the seed and its index.


async def test_undo_then_roll_gives_the_same_die_again(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        await press(pilot, "enter")
        first = game.prompt
        assert isinstance(first, Roll)

        await press(pilot, "r")
        assert len(game.answers) == 2
        rolled = game.answers[-1]
        assert rolled.via is Via.ROLLED
        assert rolled.value == first.dice.roll(SEED, 0)
        state_after = game.state

        await press(pilot, "u")
        assert len(game.answers) == 1
        assert game.prompt == first
        assert game.rolls_made == 0

        await press(pilot, "r")
        assert len(game.answers) == 2
        assert game.answers[-1] == rolled
        assert game.state == state_after

        second = game.prompt
        assert isinstance(second, Roll)
        await press(pilot, "r")
        again = game.answers[-1]
        assert again.value == second.dice.roll(SEED, 1)
        await press(pilot, "u")
        assert len(game.answers) == 2
        await press(pilot, "r")
        assert game.answers[-1] == again


# 3. Dice typed in from a physical die.


async def test_typed_die_out_of_range_is_refused_and_a_legal_one_is_recorded_as_typed(
    saves: Path,
) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    notes = Notes(app)
    async with app.run_test(size=WIDE) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        await press(pilot, "enter", "d")
        assert screen.typing
        assert "Roll" not in titles(app)
        pending = game.prompt
        assert isinstance(pending, Roll)
        before = (game.answers, game.state, game.log)

        await press(pilot, "9", "enter")
        assert (game.answers, game.state, game.log) == before
        assert game.prompt == pending
        assert any("9" in error for error in notes.errors())
        assert isinstance(app.screen, GameScreen)

        await press(pilot, "2", "enter")
        assert game.answers[-1] == Answer(pending.key, 2, Via.TYPED)
        entry = next(e for e in game.log if e.rule == pending.rule and "typed" in e.text)
        assert "2" in entry.text

        screen.query_one("#tabs", TabbedContent).active = "tab-log"
        await settle(pilot)
        console = Console(width=NARROW[0], record=True, file=io.StringIO())
        console.print(screen.query_one("#log", Static).content)
        lines = console.export_text().splitlines()
        assert any("typed" in line and "2" in line for line in lines)


# 4. Save, then open the save again: from the start screen's list and by path.


async def test_save_writes_a_file_that_reopens_to_the_same_game(
    saves: Path,
) -> None:
    app = ArmisticeApp(seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        await press(pilot, *TO_EXAMPLE, "enter")
        screen = await dashboard(pilot)
        game = screen.game
        await press(pilot, "enter", "r")
        assert screen.unsaved == 2

        await press(pilot, "s")
        await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the save dialog")
        field = app.screen.query_one(Input)
        assert field.value.startswith(str(saves))
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")

        written = sorted(saves.glob("*.json"))
        assert len(written) == 1
        assert screen.unsaved == 0
        reopened = Game.open(written[0])
        assert reopened.answers == game.answers
        assert reopened.state == game.state
        assert reopened.seed == game.seed
        assert dict(reopened.assumptions) == dict(game.assumptions)
        saved_state, saved_answers = game.state, game.answers

        await press(pilot, "q")
        assert not isinstance(app.screen, Confirm)
    assert app.return_code == 0

    # The start screen lists the save under "Recent saves"; enter opens it.
    app = ArmisticeApp(seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        listing = app.screen.query_one("#start-list", OptionList)
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        assert f"save:{written[0]}" in ids
        target = ids.index(f"save:{written[0]}")
        for _ in range(listing.option_count):
            if listing.highlighted == target:
                break
            await press(pilot, "down")
        assert listing.highlighted == target
        await press(pilot, "enter")
        screen = await dashboard(pilot)
        assert screen.game.answers == saved_answers
        assert screen.game.state == saved_state
        assert screen.unsaved == 0


async def test_start_screen_opens_a_save_file_whatever_its_name(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = example()
    game.answer("yes")
    game.roll()
    (tmp_path / "mine").write_bytes(game.save())
    monkeypatch.chdir(tmp_path)
    app = ArmisticeApp(seed=SEED)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        await press(pilot, "o")
        await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the open dialog")
        await pilot.press(*"mine")
        await press(pilot, "enter")
        await settle(pilot)
        assert notes.errors() == []
        screen = await dashboard(pilot)
        assert screen.game.answers == game.answers
        assert screen.game.state == game.state


# 5. A corrupt save file: a notification, and the app carries on.


CORRUPT = {
    "not-json": b"{not json",
    "future-version": b'{"format": "armistice-save", "version": 99}',
}


@pytest.mark.parametrize("kind", sorted(CORRUPT))
async def test_corrupt_save_opened_from_the_start_screen_is_reported(
    kind: str, saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "x.json").write_bytes(CORRUPT[kind])
    monkeypatch.chdir(tmp_path)
    app = ArmisticeApp(seed=SEED)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        await press(pilot, "o")
        await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the open dialog")
        await pilot.press(*"x.json")
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert any("x.json" in error for error in notes.errors())
        assert app.return_code is None
        assert app.is_running
        # The start screen still works.
        await press(pilot, *TO_EXAMPLE, "enter")
        screen = await dashboard(pilot)
        assert screen.game.scenario.name == EXAMPLE


async def test_corrupt_save_opened_from_a_game_leaves_the_game_as_it_was(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = example()
    good.answer("yes")
    good.roll()
    data = good.save()
    (tmp_path / "c.json").write_bytes(data[: len(data) // 2])
    monkeypatch.chdir(tmp_path)
    app = ArmisticeApp(Game.load(data, "memory"), seed=SEED)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        before = (game.answers, game.state)
        await press(pilot, "o")
        await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the open dialog")
        await pilot.press(*"c.json")
        await press(pilot, "enter")
        await settle(pilot)
        assert app.screen is screen
        assert screen.game is game
        assert (game.answers, game.state) == before
        assert any("c.json" in error for error in notes.errors())
        assert app.return_code is None
        # Still playable.
        await press(pilot, "r")
        assert len(game.answers) == len(before[0]) + 1


# 6. Quitting with unsaved answers asks first.


async def test_quit_with_unsaved_answers_asks_and_n_keeps_playing(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        assert screen.unsaved == 1

        await press(pilot, "q")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the quit question")
        await press(pilot, "n")
        assert app.screen is screen
        assert app.return_code is None
        assert app.is_running
        assert len(screen.game.answers) == 1

        await press(pilot, "q")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the quit question")
        await press(pilot, "y")
        await until(pilot, lambda: app.return_code is not None, "the app to exit")
    assert app.return_code == 0


async def test_quit_without_answers_does_not_ask(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        await press(pilot, "q")
        assert not isinstance(app.screen, Confirm)
        await until(pilot, lambda: app.return_code is not None, "the app to exit")
    assert app.return_code == 0


async def test_quit_asks_after_a_saved_answer_is_taken_back_and_replaced(saves: Path) -> None:
    """Saved with 2 answers, then the die is taken back and typed differently: the game on
    screen differs from the save although it holds as many answers."""
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        await press(pilot, "enter", "r")
        await press(pilot, "s")
        await until(pilot, lambda: isinstance(app.screen, ChooseFile), "the save dialog")
        await press(pilot, "enter")
        await until(pilot, lambda: app.screen is screen, "the game screen")
        saved = Game.open(next(saves.glob("*.json")))
        rolled = game.answers[-1].value
        assert isinstance(rolled, int)
        other = 1 if rolled != 1 else 2

        await press(pilot, "u", "d", str(other), "enter")
        assert game.answers[-1] == Answer(game.answers[-1].key, other, Via.TYPED)
        assert game.answers != saved.answers

        await press(pilot, "q")
        assert isinstance(app.screen, Confirm), "quit did not ask although the game changed"
        assert app.return_code is None


# 7. Assumptions: changeable before the first answer, fixed after.


async def test_assumptions_dialog_changes_the_first_assumption_by_keys(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "a")
        await until(pilot, lambda: isinstance(app.screen, ChangeAssumptions), "the dialog")
        await press(pilot, "enter", "down", "enter", "ctrl+a")
        await until(pilot, lambda: app.screen is screen, "the game screen")
        assert screen.game.assumptions["awaw.58.conquest_proration"] == "full"
        assert screen.game.answers == ()


async def test_assumptions_dialog_is_open_before_any_answer_and_locked_after(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=WIDE) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "a")
        await until(pilot, lambda: isinstance(app.screen, ChangeAssumptions), "the dialog")
        dialog = app.screen
        assert isinstance(dialog, ChangeAssumptions)
        assert not dialog.locked
        selects = list(dialog.query(Select))
        assert selects
        assert not any(select.disabled for select in selects)
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is screen, "the game screen")

        await press(pilot, "enter")
        assert len(screen.game.answers) == 1
        assumed = dict(screen.game.assumptions)
        await press(pilot, "a")
        await until(pilot, lambda: isinstance(app.screen, ChangeAssumptions), "the dialog")
        dialog = app.screen
        assert isinstance(dialog, ChangeAssumptions)
        assert dialog.locked
        selects = list(dialog.query(Select))
        assert selects
        assert all(select.disabled for select in selects)
        await press(pilot, "ctrl+a")
        await until(pilot, lambda: app.screen is screen, "the game screen")
        assert dict(screen.game.assumptions) == assumed
        assert len(screen.game.answers) == 1


# 8. Selections: illegal picks change nothing, tier-blocked items say why.


async def test_vichy_ship_selection_refuses_a_wrong_total_and_a_tier_blocked_ship(
    saves: Path,
) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        await press(pilot, "enter", "r", "r")
        prompt = game.prompt
        assert isinstance(prompt, Selection) and prompt.key == "vichy.named_ships"
        assert "AXIS" in header(screen)
        before = (game.answers, game.state, game.prompt)

        await press(pilot, "enter")
        assert (game.answers, game.state, game.prompt) == before
        assert "must come to exactly 1 unit" in problem(screen)

        blocked = [item for item in prompt.items if item.tier > 0]
        assert [item.id for item in blocked] == ["lorraine"]
        row = [item.id for item in prompt.items].index("lorraine")
        await press(pilot, *["down"] * row, "space")
        assert blocked[0].note in problem(screen)
        assert "58.641" in problem(screen)
        assert "0 chosen; pick 1" in selection_line(screen)
        await press(pilot, "plus")
        assert "0 chosen; pick 1" in selection_line(screen)
        await press(pilot, "enter")
        assert (game.answers, game.state, game.prompt) == before

        await press(pilot, *["up"] * row, "space")
        assert "1 chosen; pick 1" in selection_line(screen)
        await press(pilot, "enter")
        assert game.answers[-1] == Answer("vichy.named_ships", {prompt.items[0].id: 1})
        assert game.prompt != prompt


async def test_free_french_cruisers_from_colonies_only_after_those_in_british_ports(
    saves: Path,
) -> None:
    app = ArmisticeApp(free_french_game(), seed=5)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        await press(pilot, "down", "enter")  # no Vichy France
        assert game.answers == (Answer("establish_vichy", "no"),)
        await press(pilot, "d", "6", "enter", "6", "enter")
        assert isinstance(game.prompt, Selection)
        assert game.prompt.key == "free_french.named_ships"
        assert "ALLIES" in header(screen)
        await press(pilot, "space", "enter")
        prompt = game.prompt
        assert isinstance(prompt, Selection) and prompt.key == "free_french.cruisers"
        assert prompt.required == 3
        order = [item.id for item in prompt.items]
        assert order == ["cr0", "cr1", "ca0", "ca1"]
        note = prompt.items[2].note
        assert note
        before = (game.answers, game.state)

        await press(pilot, "down", "down", "space")
        assert note in problem(screen) and "0 chosen; pick 3" in selection_line(screen)
        await press(pilot, "enter")
        assert (game.answers, game.state) == before
        assert "exactly 3 units" in problem(screen)

        await press(pilot, "up", "up", "space", "down", "space", "down", "space")
        assert "3 chosen; pick 3" in selection_line(screen)
        await press(pilot, "enter")
        assert game.answers[-1] == Answer("free_french.cruisers", {"cr0": 1, "cr1": 1, "ca0": 1})


async def test_resizing_keeps_a_selection_half_made(saves: Path) -> None:
    app = ArmisticeApp(free_french_game(), seed=5)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        await press(pilot, "down", "enter", "d", "6", "enter", "6", "enter", "space", "enter")
        assert isinstance(game.prompt, Selection) and game.prompt.key == "free_french.cruisers"
        await press(pilot, "space", "down", "space")
        assert "2 chosen; pick 3" in selection_line(screen)

        await pilot.resize_terminal(*WIDE)
        await until(pilot, lambda: screen.query("#grid #level"), "the wide layout")
        await settle(pilot)
        assert "2 chosen; pick 3" in selection_line(screen)


# 9. Narrow and wide layouts.


def in_tabs(screen: GameScreen, name: str) -> bool:
    widget = screen.query_one(f"#{name}")
    ancestors = list(widget.ancestors)
    return any(a.id == "tabs" for a in ancestors) and any(
        type(a).__name__ == "TabPane" for a in ancestors
    )


def in_grid(screen: GameScreen, name: str) -> bool:
    widget = screen.query_one(f"#{name}")
    return widget.parent is not None and widget.parent.id == "grid"


async def test_narrow_layout_puts_every_state_panel_in_a_tab(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        assert not screen.query("#grid")
        for name in (*STATE_PANELS, "log", "assumed"):
            assert in_tabs(screen, name), name


async def test_wide_layout_puts_the_state_panels_in_the_grid(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=WIDE) as pilot:
        screen = await dashboard(pilot)
        await until(pilot, lambda: screen.query("#grid"), "the grid")
        for name in GRID_PANELS:
            assert in_grid(screen, name), name
            assert not in_tabs(screen, name), name
        for name in ("fleet", "brp", "units", "log", "assumed"):
            assert in_tabs(screen, name), name


async def test_resizing_switches_layout_and_keeps_the_panels_filled(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter", "r")
        game = screen.game
        narrow_level = rows(screen.query_one("#level", SectionPanel))
        narrow_colonies = rows(screen.query_one("#colonies", SectionPanel))

        await pilot.resize_terminal(*WIDE)
        await until(pilot, lambda: screen.query("#grid #level"), "the wide layout")
        await settle(pilot)
        for name in GRID_PANELS:
            assert in_grid(screen, name), name
        assert rows(screen.query_one("#level", SectionPanel)) == narrow_level
        assert rows(screen.query_one("#colonies", SectionPanel)) == narrow_colonies
        assert "Vichy France established" in screen.sub_title

        await pilot.resize_terminal(*NARROW)
        await until(pilot, lambda: not screen.query("#grid"), "the narrow layout")
        await settle(pilot)
        for name in STATE_PANELS:
            assert in_tabs(screen, name), name
        assert rows(screen.query_one("#level", SectionPanel)) == narrow_level

        # The prompt still answers keys after both switches.
        await press(pilot, "r")
        assert len(game.answers) == 3
        assert app.return_code is None


# 10. The command palette lists the game's actions when they apply.


async def test_command_palette_offers_the_actions_that_apply_now(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        listed = titles(app)
        for title in ("Save", "Open", "New", "Assumptions", "Dice mode", "Help", "Quit"):
            assert title in listed, title
        assert "Undo" not in listed  # nothing to take back
        assert "Roll" not in listed  # a decision is pending

        await press(pilot, "enter")
        listed = titles(app)
        assert {"Undo", "Save", "Roll"} <= set(listed)

        await press(pilot, "d")
        assert "Roll" not in titles(app)  # dice are typed in now
        await press(pilot, "d")
        assert "Roll" in titles(app)


async def test_command_palette_roll_command_rolls_the_die(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        roll = next(c for c in app.get_system_commands(app.screen) if c.title == "Roll")
        await roll.callback()  # type: ignore[misc]
        await settle(pilot)
        assert screen.game.answers[-1].via is Via.ROLLED
        assert len(screen.game.answers) == 2


async def test_command_palette_lists_each_title_once(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        await press(pilot, "enter")
        listed = titles(app)
        assert sorted(t for t in set(listed) if listed.count(t) > 1) == []


# 11. Hot seat: the header names the side that acts.


async def test_prompt_header_names_the_side_to_act(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        assert game.prompt is not None and game.prompt.key == "establish_vichy"
        assert "AXIS" in header(screen)
        assert "ALLIES" not in header(screen)
        assert "58.31" in header(screen)

        await press(pilot, "enter")
        assert isinstance(game.prompt, Roll)
        assert "ALLIES" in header(screen)
        assert "AXIS" not in header(screen)
        assert game.prompt.label in header(screen)


# Help and leaving a game.


async def test_help_opens_and_closes(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "question_mark")
        await until(pilot, lambda: type(app.screen).__name__ == "Help", "the help screen")
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is screen, "the game screen")
        assert app.return_code is None


async def test_new_game_with_unsaved_answers_asks_then_shows_the_start_screen(
    saves: Path,
) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter", "n")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        await press(pilot, "n")
        assert app.screen is screen
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        await press(pilot, "y")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        assert text(app.screen.query_one("#start-hint"))


# Readability of what the rule-58 dashboard shows.


async def test_prompt_help_is_shown_in_full_at_80x24(saves: Path) -> None:
    """The colonial die's help ends with the outcome ("4 or higher Vichy"): it must not be cut."""
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        prompt = screen.game.prompt
        assert isinstance(prompt, Roll) and prompt.help
        shown = screen.query_one("#prompt-help")
        assert screen_text(screen, "#prompt-help") == prompt.help
        needed = RichText(prompt.help).wrap(app.console, shown.content_region.width)
        assert len(needed) <= shown.content_region.height, (
            f"{len(needed)} lines of help in {shown.content_region.height}"
        )


async def test_wide_layout_shows_the_whole_level_table_without_scrolling(saves: Path) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=WIDE) as pilot:
        screen = await dashboard(pilot)
        await until(pilot, lambda: screen.query("#grid #level"), "the grid")
        await settle(pilot)
        level = screen.query_one("#level", SectionPanel)
        assert len(rows(level)) == 12
        assert level.virtual_size.height <= level.scrollable_content_region.height, (
            f"{level.virtual_size.height} lines of table in "
            f"{level.scrollable_content_region.height}: the 58.22 level is scrolled out of view"
        )
