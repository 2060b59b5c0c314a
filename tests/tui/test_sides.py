"""Sides in the dashboard: two terminals attached to one shared game (held in memory here),
each answering only its own side's prompts, seeing the other's answers land, and an undo
asked by one side and settled by the other."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core.prompts import Decision, Roll
from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.dialogs import Confirm
from armistice.tui.screens.game import GameScreen
from armistice.tui.widgets.prompt import WaitingView
from tests.tui.dashboard import (
    Notes,
    dashboard,
    example,
    isolate,
    press,
    text,
    until,
)
from tests.tui.fakehost import FakeHost, Table


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def waiting_text(screen: GameScreen) -> str | None:
    """What the read-only prompt says, or None while this side may answer."""
    view = screen.query_one(WaitingView)
    return (
        text(view)
        if view.display and screen.query_one("#prompt-body").current == "prompt-waiting"
        else None
    )


async def test_the_other_sides_prompt_is_read_only_and_its_answer_arrives() -> None:
    table = Table(example)
    axis_app, allies_app = (
        ArmisticeApp(host=FakeHost(table, "axis")),
        ArmisticeApp(host=FakeHost(table, "allies")),
    )
    axis_notes, allies_notes = Notes(axis_app), Notes(allies_app)
    async with (
        axis_app.run_test(size=(100, 30)) as axis,
        allies_app.run_test(size=(100, 30)) as allies,
    ):
        axis_screen, allies_screen = await dashboard(axis), await dashboard(allies)
        assert isinstance(axis_screen.game.prompt, Decision)
        assert axis_screen.game.prompt.key == "establish_vichy"
        assert waiting_text(axis_screen) is None
        shown = waiting_text(allies_screen)
        assert shown is not None and shown.startswith(
            "Waiting for the Axis player  You play the Allies."
        )
        assert shown.splitlines()[1:] == [
            "· Establish Vichy France",
            "· Do not establish Vichy France",
        ]
        await press(allies, "enter")
        assert allies_screen.game.answers == ()
        assert any("Waiting for the Axis player" in m for m, *_ in allies_notes.seen)
        assert "Allies player" in allies_screen.sub_title and "Axis player" in axis_screen.sub_title

        await press(axis, "enter")
        assert len(table.records) == 1
        await until(
            allies,
            lambda: allies_screen.game.answers == axis_screen.game.answers,
            "the answer to arrive",
            2,
        )
        await until(
            allies,
            lambda: any(
                m.startswith("The Axis player answered Establish Vichy France?")
                for m, *_ in allies_notes.seen
            ),
            "the notice",
        )
        assert isinstance(allies_screen.game.prompt, Roll)
        await press(allies)
        assert waiting_text(allies_screen) is None
        await until(axis, lambda: waiting_text(axis_screen) is not None, "the axis prompt to wait")
        assert waiting_text(axis_screen).startswith("Waiting for the Allies player")

        await press(axis, "r")
        assert len(table.records) == 1
        assert axis_screen.check_action("roll", ()) is None
        await press(allies, "r")
        rolled = allies_screen.game.answers[-1]
        assert rolled.key == "colony_roll.lebanon_syria" and 1 <= rolled.value <= 6
        await until(
            axis,
            lambda: axis_screen.game.answers == allies_screen.game.answers,
            "the die to arrive",
            2,
        )
        told = f"The Allies player answered Lebanon-Syria colonial die: rolled {rolled.value}"
        await until(axis, lambda: told in [m for m, *_ in axis_notes.seen], "the notice of the die")


async def test_a_spectator_sees_every_prompt_read_only_and_changes_nothing() -> None:
    table = Table(example)
    FakeHost(table, "axis").answer("yes")
    records = len(table.records)
    app = ArmisticeApp(host=FakeHost(table, "spectator"))
    notes = Notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await dashboard(pilot)
        shown = waiting_text(screen)
        assert shown is not None
        assert shown.splitlines()[:2] == [
            "Waiting for the Allies player  You are watching.",
            "Roll 1d6 (1-6).",
        ]
        assert screen.sub_title.startswith("Spectator · ")
        assert screen.check_action("undo", ()) is None and screen.check_action("roll", ()) is None
        await press(pilot, "enter", "u", "r", "d")
        said = [m for m, *_ in notes.seen]
        assert "A spectator takes nothing back." in said
        assert "Waiting for the Allies player: You are watching." in said
        assert len(table.records) == records and len(screen.game.answers) == 1
        FakeHost(table, "allies").roll()
        await until(pilot, lambda: len(screen.game.answers) == 2, "the die to arrive", 2)
        assert screen.game.prompt.key == "colony_roll.north_africa"


async def test_an_undo_is_asked_and_the_other_side_accepts_or_refuses_it() -> None:
    table = Table(example)
    axis_app, allies_app = (
        ArmisticeApp(host=FakeHost(table, "axis")),
        ArmisticeApp(host=FakeHost(table, "allies")),
    )
    axis_notes = Notes(axis_app)
    async with (
        axis_app.run_test(size=(100, 30)) as axis,
        allies_app.run_test(size=(100, 30)) as allies,
    ):
        axis_screen, allies_screen = await dashboard(axis), await dashboard(allies)
        await press(axis, "enter")
        await until(allies, lambda: len(allies_screen.game.answers) == 1, "the answer to arrive", 2)
        await press(axis, "u")
        assert len(axis_screen.game.answers) == 1
        assert "Asked the Allies player to take back your answer (establish_vichy)" in [
            m for m, *_ in axis_notes.seen
        ]
        assert axis_screen.check_action("undo", ()) is None
        await until(
            allies, lambda: isinstance(allies_app.screen, Confirm), "the allies to be asked", 2
        )
        question = allies_app.screen.question
        assert (
            question
            == "The Axis player asks to take back their answer Establish Vichy France?: Establish Vichy France. Accept?"
        )
        await press(allies, "n")
        await until(axis, lambda: axis_screen.host.undo_asked is None, "the refusal to arrive", 2)
        await until(
            axis, lambda: any("refused" in m for m, *_ in axis_notes.seen), "the refusal notice"
        )
        assert len(axis_screen.game.answers) == len(allies_screen.game.answers) == 1

        await press(axis, "u")
        await until(
            allies,
            lambda: isinstance(allies_app.screen, Confirm),
            "the allies to be asked again",
            2,
        )
        await press(allies, "y")
        await until(
            allies, lambda: allies_screen.game.answers == (), "the undo on the allied side", 2
        )
        await until(axis, lambda: axis_screen.game.answers == (), "the undo on the axis side", 2)
        await until(
            axis, lambda: any("accepted" in m for m, *_ in axis_notes.seen), "the acceptance notice"
        )
        assert axis_screen.game.prompt.key == "establish_vichy"
        assert waiting_text(axis_screen) is None and waiting_text(allies_screen) is not None
