"""Sides in the dashboard: dashboards attached to one shared game in a store, each as a side
(or a spectator), answering only that side's prompts, seeing the other side's answers land
within a poll, and an undo asked by one side and settled by the other.

The rule-book example of 58: the Axis player decides whether to establish Vichy France,
then the Allied player rolls the two colonial dice, then the Axis player picks Vichy ships.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Label

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Via
from armistice.host import mail
from armistice.host.records import Mode
from armistice.host.shared import SharedHost, header_for, last_words
from armistice.host.store import Store
from armistice.tui.app import ArmisticeApp
from armistice.tui.screens.dialogs import Settle
from armistice.tui.screens.game import GameScreen
from armistice.tui.screens.sides import POLL, news, send_line
from armistice.tui.widgets.prompt import WaitingView
from tests.tui.dashboard import (
    NARROW,
    Notes,
    dashboard,
    example,
    flat,
    isolate,
    on_screen,
    press,
    settle,
    text,
    until,
)

SIZE = (100, 30)
AA50_PANELS = ("territories", "ships", "standing", "open", "dice")
ARRIVES = 20 * POLL
"""Seconds a test waits for a dashboard to show what another terminal stored: many polls,
for a loaded machine (benchmarks/shared_dashboard.py measures the delay itself)."""

Attach = Callable[[str], SharedHost]


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A store holding the game ``fall``: the rule-book example, no answer yet."""
    where = tmp_path / "games.db"
    with Store(where, create=True) as store:
        store.create(header_for(example(), "fall"))
    return where


@pytest.fixture
def attach(path: Path) -> Attach:
    """A host attached to ``fall`` as the side given, on its own connection to the store
    (as another process would be)."""
    return lambda side: SharedHost(Store(path), "fall", side)


def stored(path: Path) -> list[tuple[str, str]]:
    """The kind and side of every record of ``fall``, in order."""
    with Store(path) as store:
        return [(r.kind.value, r.side) for r in store.records("fall")]


def waiting_text(screen: GameScreen) -> str | None:
    """What the read-only prompt says, or None while this side may answer."""
    if screen.query_one("#prompt-body").current != "prompt-waiting":  # type: ignore[attr-defined]
        return None
    return text(screen.query_one(WaitingView))


def said(notes: Notes) -> list[str]:
    return [message for message, *_ in notes.seen]


async def test_the_other_sides_prompt_is_read_only_and_its_answers_arrive(
    attach: Attach, path: Path
) -> None:
    axis_app, allies_app = ArmisticeApp(host=attach("axis")), ArmisticeApp(host=attach("allies"))
    axis_notes, allies_notes = Notes(axis_app), Notes(allies_app)
    async with axis_app.run_test(size=SIZE) as axis, allies_app.run_test(size=SIZE) as allies:
        axis_screen, allies_screen = await dashboard(axis), await dashboard(allies)
        assert isinstance(axis_screen.game.prompt, Decision)
        assert axis_screen.game.prompt.key == "establish_vichy"
        assert waiting_text(axis_screen) is None
        assert waiting_text(allies_screen) == (
            " Waiting for the Axis player \nYou play the Allies.\n"
            "· Establish Vichy France\n"
            "· Do not establish Vichy France"
        )
        assert allies_screen.sub_title.startswith("Allied player · ")
        assert axis_screen.sub_title.startswith("Axis player · ")
        await press(allies, "enter", "r", "d")
        assert stored(path) == [] and allies_screen.game.answers == ()
        assert "Waiting for the Axis player: You play the Allies." in said(allies_notes)
        assert allies_screen.check_action("roll", ()) is None

        await press(axis, "enter")
        assert stored(path) == [("answer", "axis")]
        told = "The Axis player answered Establish Vichy France? Establish Vichy France"
        await until(allies, lambda: told in said(allies_notes), "the answer to arrive", ARRIVES)
        assert allies_screen.game.answers == axis_screen.game.answers
        assert isinstance(allies_screen.game.prompt, Roll)
        await press(allies)
        assert waiting_text(allies_screen) is None
        assert "press r to roll (drawn at random)" in text(allies_screen.query_one("#prompt-roll"))
        await until(axis, lambda: waiting_text(axis_screen) is not None, "the Axis prompt to wait")
        assert str(waiting_text(axis_screen)).startswith(
            " Waiting for the Allied player \nYou play the Axis.\nRoll 1d6 (1-6)."
        )
        await press(axis, "r")
        assert stored(path) == [("answer", "axis")]

        await press(allies, "r")
        rolled = allies_screen.game.answers[-1]
        assert rolled.key == "colony_roll.lebanon_syria" and rolled.via is Via.DRAWN
        assert stored(path) == [("answer", "axis"), ("answer", "allies")]
        told = f"The Allied player answered Lebanon-Syria colonial die: rolled {rolled.value}"
        await until(axis, lambda: told in said(axis_notes), "the die to arrive", ARRIVES)
        assert axis_screen.game.answers == allies_screen.game.answers
        assert not any("answered Establish" in m for m in said(axis_notes))


async def test_a_spectator_sees_every_prompt_read_only_and_changes_nothing(
    attach: Attach, path: Path
) -> None:
    attach("axis").answer("yes")
    app = ArmisticeApp(host=attach("spectator"))
    notes = Notes(app)
    async with app.run_test(size=SIZE) as pilot:
        screen = await dashboard(pilot)
        assert str(waiting_text(screen)).splitlines()[:3] == [
            " Waiting for the Allied player ",
            "You are watching.",
            "Roll 1d6 (1-6).",
        ]
        assert screen.sub_title.startswith("Spectator · ")
        assert screen.check_action("undo", ()) is None and screen.check_action("roll", ()) is None
        await press(pilot, "enter", "u", "r", "d")
        assert "A spectator takes nothing back." in said(notes)
        assert "Waiting for the Allied player: You are watching." in said(notes)
        assert stored(path) == [("answer", "axis")] and len(screen.game.answers) == 1
        attach("allies").roll()
        await until(pilot, lambda: len(screen.game.answers) == 2, "the die to arrive", ARRIVES)
        assert screen.game.prompt is not None
        assert screen.game.prompt.key == "colony_roll.north_africa"
        assert str(waiting_text(screen)).startswith(" Waiting for the Allied player ")
        assert any(m.startswith("The Allied player answered Lebanon-Syria") for m in said(notes))


async def test_an_undo_is_asked_and_the_other_side_refuses_then_accepts_it(
    attach: Attach, path: Path
) -> None:
    axis_app, allies_app = ArmisticeApp(host=attach("axis")), ArmisticeApp(host=attach("allies"))
    axis_notes = Notes(axis_app)
    what = "Establish Vichy France? Establish Vichy France"
    async with axis_app.run_test(size=SIZE) as axis, allies_app.run_test(size=SIZE) as allies:
        axis_screen, allies_screen = await dashboard(axis), await dashboard(allies)
        await press(axis, "enter")
        await until(allies, lambda: len(allies_screen.game.answers) == 1, "the answer", ARRIVES)
        await press(axis, "u")
        assert len(axis_screen.game.answers) == 1
        assert f"Asked the Allied player to take back your last answer ({what})" in said(axis_notes)
        assert axis_screen.check_action("undo", ()) is None
        await until(allies, lambda: isinstance(allies_app.screen, Settle), "the ask", ARRIVES)
        question = allies_app.screen.question  # type: ignore[attr-defined]
        assert question == f"The Axis player asks to take back their last answer ({what}). Accept?"
        await press(allies)
        shown = on_screen(allies_app, allies_app.screen.query_one(Label))
        assert flat(shown) == question  # wrapped in the dialog, not cut
        await press(allies, "n")
        refused = f"The Allied player refused to take back your last answer ({what})"
        await until(axis, lambda: refused in said(axis_notes), "the refusal", ARRIVES)
        assert len(axis_screen.game.answers) == len(allies_screen.game.answers) == 1

        await press(axis, "u")
        await until(allies, lambda: isinstance(allies_app.screen, Settle), "the ask", ARRIVES)
        await press(allies, "y")
        assert allies_screen.game.answers == ()
        accepted = f"The Allied player accepted taking back your last answer ({what})"
        await until(axis, lambda: accepted in said(axis_notes), "the acceptance", ARRIVES)
        assert axis_screen.game.answers == ()
        assert axis_screen.game.prompt is not None
        assert axis_screen.game.prompt.key == "establish_vichy"
        assert waiting_text(axis_screen) is None and waiting_text(allies_screen) is not None
        assert stored(path) == [
            ("answer", "axis"),
            ("undo-ask", "axis"),
            ("undo-no", "allies"),
            ("undo-ask", "axis"),
            ("undo-yes", "allies"),
        ]


def undo_line(screen: GameScreen) -> str:
    """What the prompt panel says of an undo asked, empty when it says nothing."""
    shown = screen.query_one("#prompt-undo")
    return text(shown) if shown.display else ""


async def test_a_side_that_asked_an_undo_rolls_nothing_until_the_other_side_settles_it(
    attach: Attach, path: Path
) -> None:
    """The Allies ask to take back their die and press r: refused, with nothing stored; the
    Axis question stays open and y then takes the die back."""
    attach("axis").answer("yes")
    axis_app, allies_app = ArmisticeApp(host=attach("axis")), ArmisticeApp(host=attach("allies"))
    axis_notes, allies_notes = Notes(axis_app), Notes(allies_app)
    async with axis_app.run_test(size=SIZE) as axis, allies_app.run_test(size=SIZE) as allies:
        axis_screen, allies_screen = await dashboard(axis), await dashboard(allies)
        await press(allies, "r")
        what = last_words(allies_screen.game)
        await press(allies, "u")
        await until(axis, lambda: isinstance(axis_app.screen, Settle), "the ask", ARRIVES)
        await press(allies, "r")
        assert stored(path) == [("answer", "axis"), ("answer", "allies"), ("undo-ask", "allies")]
        assert str(waiting_text(allies_screen)).startswith(
            " Waiting for the Axis player to accept or refuse taking back your last answer "
        )
        assert undo_line(allies_screen) == (
            f"You asked to take back your last answer ({what}): waiting for the Axis player "
            "to accept or refuse."
        )
        allies_screen.host.roll = lambda: pytest.fail("rolled while its undo is asked")
        await press(allies, "r")
        await axis.pause(4 * POLL)
        assert isinstance(axis_app.screen, Settle)
        await press(axis, "y")
        assert axis_screen.game.answers == allies_screen.game.answers[:1]
        accepted = f"The Axis player accepted taking back your last answer ({what})"
        await until(allies, lambda: accepted in said(allies_notes), "the acceptance", ARRIVES)
        assert not any("refused" in m for m in said(allies_notes) + said(axis_notes))
        assert allies_screen.game.answers == axis_screen.game.answers
        assert undo_line(allies_screen) == "" and waiting_text(allies_screen) is None


async def test_an_undo_that_lapses_closes_the_question_and_is_not_called_refused(
    attach: Attach, path: Path
) -> None:
    """The Axis player asks to take back Vichy; the Allied player rolls on another terminal
    instead of settling it: the Allied question closes, and neither side is told of a
    refusal no record makes."""
    attach("axis").answer("yes")
    axis_app, allies_app = ArmisticeApp(host=attach("axis")), ArmisticeApp(host=attach("allies"))
    axis_notes, allies_notes = Notes(axis_app), Notes(allies_app)
    what = "Establish Vichy France? Establish Vichy France"
    async with axis_app.run_test(size=SIZE) as axis, allies_app.run_test(size=SIZE) as allies:
        axis_screen, allies_screen = await dashboard(axis), await dashboard(allies)
        await press(axis, "u")
        await until(allies, lambda: isinstance(allies_app.screen, Settle), "the ask", ARRIVES)
        attach("allies").roll()
        await until(allies, lambda: allies_app.screen is allies_screen, "the question", ARRIVES)
        lapsed = f"The request to take back the Axis player's last answer ({what}) lapsed: "
        assert lapsed + "you went on without settling it" in said(allies_notes)
        mine = f"The request to take back your last answer ({what}) lapsed: "
        told = mine + "the Allied player went on without settling it"
        await until(axis, lambda: told in said(axis_notes), "the lapse", ARRIVES)
        assert not any("refused" in m for m in said(allies_notes) + said(axis_notes))
        assert len(axis_screen.game.answers) == len(allies_screen.game.answers) == 2
        assert undo_line(axis_screen) == undo_line(allies_screen) == ""
        await press(allies, "y")
        assert stored(path)[-1] == ("answer", "allies")


async def test_escape_leaves_the_undo_open_and_the_undo_key_asks_again(
    attach: Attach, path: Path
) -> None:
    attach("axis").answer("yes")
    axis_app, allies_app = ArmisticeApp(host=attach("axis")), ArmisticeApp(host=attach("allies"))
    what = "Establish Vichy France? Establish Vichy France"
    async with axis_app.run_test(size=SIZE) as axis, allies_app.run_test(size=SIZE) as allies:
        axis_screen, allies_screen = await dashboard(axis), await dashboard(allies)
        await press(axis, "u")
        await until(allies, lambda: isinstance(allies_app.screen, Settle), "the ask", ARRIVES)
        assert "escape: later (u asks again)" in flat(on_screen(allies_app))
        await press(allies, "escape")
        assert allies_app.screen is allies_screen
        await allies.pause(4 * POLL)
        assert allies_app.screen is allies_screen  # not asked again by itself
        assert stored(path) == [("answer", "axis"), ("undo-ask", "axis")]
        assert allies_screen.host.undo_asked is not None
        assert undo_line(allies_screen) == (
            f"The Axis player asks to take back their last answer ({what}): u to accept or refuse."
        )
        await press(allies, "u")
        assert isinstance(allies_app.screen, Settle)
        await press(allies, "n")
        assert stored(path)[-1] == ("undo-no", "allies")
        assert undo_line(allies_screen) == ""
        await until(axis, lambda: axis_screen.host.undo_asked is None, "the refusal", ARRIVES)


def test_the_waiting_prompt_at_80x24(snap_compare: Callable[..., bool], attach: Attach) -> None:
    """The Allied player's dashboard while the Axis player decides on Vichy France."""

    async def before(pilot: Pilot[Any]) -> None:
        await dashboard(pilot)
        pilot.app.clear_notifications()
        await settle(pilot)

    app = ArmisticeApp(host=attach("allies"))
    assert snap_compare(app, terminal_size=NARROW, run_before=before)


def anniversary(tmp_path: Path) -> SharedHost:
    """The Allied side of a live shared Anniversary game (France neutral, 1941), whose first
    prompt is the German player's menu of actions."""
    where = tmp_path / "aa50.db"
    with Store(where, create=True) as store:
        store.create(header_for(Game(scenario.load("france-neutral-1941")), "aa50"))
    return SharedHost(Store(where), "aa50", "allies")


async def test_the_anniversary_waiting_prompt_opens_on_its_question_at_80x24(
    tmp_path: Path,
) -> None:
    app = ArmisticeApp(host=anniversary(tmp_path))
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot, AA50_PANELS)
        prompt = screen.game.prompt
        assert prompt is not None and waiting_text(screen) is not None
        panel = on_screen(app, screen.query_one("#prompt"))
        assert flat(panel).startswith(
            "AXIS Germany: Round 1, Germany, start of turn: what now? [§1] "
            "Waiting for the Axis player You play the Allies. · Add France's turn"
        )


def test_the_anniversary_waiting_prompt_at_80x24(
    snap_compare: Callable[..., bool], tmp_path: Path
) -> None:
    """The Allied player's dashboard while the German player chooses an action."""

    async def before(pilot: Pilot[Any]) -> None:
        await dashboard(pilot, AA50_PANELS)
        pilot.app.clear_notifications()
        await settle(pilot)

    app = ArmisticeApp(host=anniversary(tmp_path))
    assert snap_compare(app, terminal_size=NARROW, run_before=before)


async def test_an_answer_given_first_on_another_terminal_is_kept_and_this_one_told(
    attach: Attach, path: Path
) -> None:
    app = ArmisticeApp(host=attach("axis"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await dashboard(pilot)
        attach("axis").answer("no")
        screen.answer("establish_vichy", "yes", Via.DECIDED)  # before the next poll
        await press(pilot)
        problem = screen.query_one("#prompt-problem")
        assert "answered on another terminal first" in text(problem)
        assert "establish_vichy = no" in text(problem)
        assert [(a.key, a.value) for a in screen.game.answers] == [("establish_vichy", "no")]
        assert stored(path) == [("answer", "axis")]


async def test_a_store_that_breaks_while_attached_is_said_once_and_the_game_stays(
    attach: Attach, path: Path
) -> None:
    app = ArmisticeApp(host=attach("allies"))
    notes = Notes(app)
    async with app.run_test(size=SIZE) as pilot:
        screen = await dashboard(pilot)
        with sqlite3.connect(path) as db:
            db.execute(
                "INSERT INTO records VALUES ('fall', 1, 'answer', 'axis', ?, ?, ?, '')",
                ('{"key":"establish_vichy","value":"yes","via":"decided"}', "0" * 64, "f" * 64),
            )
        await until(pilot, lambda: notes.errors(), "the error", ARRIVES)
        await pilot.pause(4 * POLL)
        assert len(notes.errors()) == 1
        assert "record 1" in notes.errors()[0] and str(path) in notes.errors()[0]
        assert screen.game.answers == () and waiting_text(screen) is not None


def test_news_names_the_player_of_each_answer_and_what_was_taken_back() -> None:
    game = example()
    game.answer("yes")
    before = game.answers
    game.answer(4, Via.TYPED)
    game.answer(2, Via.TYPED)
    assert news(before, game, "axis") == [
        "The Allied player answered Lebanon-Syria colonial die: rolled 4",
        "The Allied player answered Tunisia-Algeria-Morocco colonial die: rolled 2",
    ]
    assert news(before, game, "allies") == []  # its own answers are not told back to it
    assert len(news(before, game, "spectator")) == 2
    game.answer({"richelieu": 1})
    assert last_words(game) == "Vichy named ships: Richelieu (8 factors, launch, Casablanca)"
    after = game.answers
    game.undo()
    game.undo()
    game.undo()
    assert news(after, game, "axis") == [
        "Taken back: Lebanon-Syria colonial die: rolled 4 and 2 more"
    ]


def test_the_app_opens_a_game_or_a_host_not_both(attach: Attach) -> None:
    with pytest.raises(ValueError, match="a game or a host, not both"):
        ArmisticeApp(example(), host=attach("axis"))
    assert ArmisticeApp(host=attach("axis")).host is not None


async def test_by_mail_each_dashboard_gives_its_secret_and_both_see_the_die_agreed(
    tmp_path: Path,
) -> None:
    where = tmp_path / "mail.db"
    with Store(where, create=True) as store:
        store.create(header_for(example(), "fall", Mode.MAIL))
    SharedHost(Store(where), "fall", "axis").answer("yes")
    axis_app = ArmisticeApp(host=SharedHost(Store(where), "fall", "axis"))
    allies_app = ArmisticeApp(host=SharedHost(Store(where), "fall", "allies"))
    async with axis_app.run_test(size=SIZE) as axis, allies_app.run_test(size=SIZE) as allies:
        axis_screen, allies_screen = await dashboard(axis), await dashboard(allies)
        assert waiting_text(axis_screen) is None  # France's die needs the Axis secret too
        roll_text = text(axis_screen.query_one("#prompt-roll"))
        assert "press r to roll (agreed from both players' secrets)" in roll_text
        await press(axis, "r")
        assert stored(where) == [("answer", "axis"), ("commit", "axis")]
        assert str(waiting_text(axis_screen)).startswith(
            " Waiting for the Allied player's commitment "
        )
        await press(allies, "r")
        assert stored(where)[2:] == [("commit", "allies"), ("reveal", "allies")]
        await until(axis, lambda: waiting_text(axis_screen) is None, "the Axis turn", ARRIVES)
        await press(axis, "r")
        agreed = axis_screen.game.answers[-1]
        assert agreed.key == "colony_roll.lebanon_syria" and agreed.via is Via.AGREED
        assert stored(where)[4:] == [("reveal", "axis"), ("answer", "axis")]
        await until(allies, lambda: len(allies_screen.game.answers) == 2, "the die", ARRIVES)
        assert allies_screen.game.answers == axis_screen.game.answers


async def test_by_mail_after_giving_its_secret_a_player_waits_and_is_told_how_to_send_it(
    tmp_path: Path,
) -> None:
    """A store each: the Axis player decides and commits; the Allied player imports that,
    presses r (commits and reveals) and is shown whose secret the die waits for, and the
    command that writes the moves the Axis player lacks; a spectator sees the wait only."""
    axis_db, allies_db = tmp_path / "axis.db", tmp_path / "allies.db"
    with Store(axis_db, create=True) as store:
        store.create(header_for(example(), "fall", Mode.MAIL))
    axis = SharedHost(Store(axis_db), "fall", "axis")
    axis.answer("yes")
    assert axis.roll() is None
    with Store(allies_db, create=True) as store:
        mail.import_moves(store, "fall", mail.export(Store(axis_db), "fall"), "moves1.json")
    app = ArmisticeApp(host=SharedHost(Store(allies_db), "fall", "allies"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await dashboard(pilot)
        assert waiting_text(screen) is None
        await press(pilot, "r")
        assert stored(allies_db)[2:] == [("commit", "allies"), ("reveal", "allies")]
        assert str(waiting_text(screen)).splitlines()[:4] == [
            " Waiting for the Axis player's secret ",
            "You play the Allies.",
            f"By mail: send the Axis player your moves: armistice export --game "
            f"{allies_db}:fall --since 2 -o fall-4.json",
            "Roll 1d6 (1-6).",
        ]
    with Store(axis_db) as store:  # the command's file carries what the Axis player lacks
        added = mail.import_moves(store, "fall", mail.export(Store(allies_db), "fall", 2), "m")
    assert [r.index for r in added] == [3, 4]
    app = ArmisticeApp(host=SharedHost(Store(allies_db), "fall", "spectator"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await dashboard(pilot)
        assert str(waiting_text(screen)).splitlines()[:3] == [
            " Waiting for the Axis player's secret ",
            "You are watching.",
            "Roll 1d6 (1-6).",
        ]


def test_by_mail_nothing_is_to_send_once_the_other_player_made_the_last_record(
    tmp_path: Path,
) -> None:
    where = tmp_path / "mail.db"
    with Store(where, create=True) as store:
        store.create(header_for(example(), "fall", Mode.MAIL))
    axis, allies = (
        SharedHost(Store(where), "fall", "axis"),
        SharedHost(Store(where), "fall", "allies"),
    )
    assert send_line(axis) == ""
    axis.answer("yes")
    allies.refresh()
    assert send_line(allies) == ""
    assert send_line(axis).endswith(f"--game {where}:fall --since 0 -o fall-1.json")
    assert send_line(SharedHost(Store(where), "fall", "spectator")) == ""
