"""The command palette as a player sees it: the game's actions that apply now first, in
the order of the keys, before Textual's own commands, whether or not something is typed;
nothing about dice once every rule has been resolved; a turn-by-turn game's open actions
lead, and choosing one answers the turn's menu."""

from __future__ import annotations

from typing import Any

from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from armistice.core import scenario
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
from tests.tui.dashboard import NARROW, Notes, dashboard, example, press, until
from tests.tui.test_80x24 import finished

GAME = ("Roll", "Dice mode", "Undo", "Save", "Open", "New", "Assumptions", "Help", "Quit")


async def palette(pilot: Pilot[Any], typed: str = "") -> list[str]:
    """Open the palette with ctrl+p, type ``typed``, and read the titles it lists in order."""
    app = pilot.app
    await press(pilot, "ctrl+p")
    await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the command palette")
    if typed:
        await pilot.press(*typed)
    listing = app.screen.query_one(CommandList)
    await until(pilot, lambda: listing.option_count, "the palette's list")
    await pilot.pause(0.3)
    shown = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
    await press(pilot, "escape")
    return [line.split("\n")[0] for line in shown]


async def test_the_palette_lists_the_games_actions_first_typed_or_not() -> None:
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        await press(pilot, "enter")
        listed = await palette(pilot)
        own = [title for title in listed if title in GAME]
        assert listed[: len(own)] == own == [t for t in GAME if t in own]
        assert {"Roll", "Undo", "Save", "Dice mode"} <= set(own)
        assert len(listed) > len(own)  # Textual's own follow: Keys, Theme...
        for typed in ("s", "e", "m"):
            listed = await palette(pilot, typed)
            own = [title for title in listed if title in GAME]
            assert own and listed[: len(own)] == own, (typed, listed)


async def test_a_finished_game_offers_no_dice_mode_and_d_says_why() -> None:
    app = ArmisticeApp(example())
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await finished(pilot)
        listed = await palette(pilot)
        assert "Dice mode" not in listed and "Roll" not in listed
        assert {"Undo", "Save"} <= set(listed)
        typing = screen.typing
        await press(pilot, "d")
        assert screen.typing == typing
        assert notes.seen[-1][0] == "No dice left to roll or type: every rule has been resolved."


def territories() -> Game:
    return Game(scenario.load("vichy-territories-1940"), seed=24)


async def test_the_turn_menus_open_actions_are_the_palettes_first_commands() -> None:
    """World at War 5.6, Turn 4, combat phase: the menu's open actions lead the palette in
    the menu's order, before the screen's keys; collecting income (income phase only) is
    not offered until that phase."""
    app = ArmisticeApp(territories())
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, ("areas", "fleets", "income"))
        open_now = [o.label for o in screen.game.prompt.options if o.enabled]
        assert open_now[0] == "Attack a Vichy area or fleet"
        assert "Collect the Axis income from Vichy areas" not in open_now
        listed = await palette(pilot)
        assert listed[: len(open_now)] == open_now
        assert listed[len(open_now)] in GAME
        for typed, first in (
            ("attack", "Attack a Vichy area or fleet"),
            ("politic", "Gain an area by political influence"),
            ("stop", "Stop here (the game can be saved and reported)"),
            ("end", "End the combat phase"),
        ):
            assert (await palette(pilot, typed))[0] == first, typed
        assert "Collect the Axis income from Vichy areas" not in await palette(pilot, "collect")


async def test_a_turn_action_chosen_in_the_palette_answers_the_menu() -> None:
    app = ArmisticeApp(territories())
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, ("areas", "fleets", "income"))
        game = screen.game
        await press(pilot, "ctrl+p", *"end", "enter")
        assert [(a.key, a.value) for a in game.answers][-1][1] == "end_phase"
        assert game.prompt.clock is not None and game.prompt.clock.phase == "income"
        assert (await palette(pilot, "collect"))[0] == "Collect the Axis income from Vichy areas"
        await press(pilot, "ctrl+p", *"collect", "enter")
        assert game.answers[-1].value == "collect"
