"""The dashboard at the smallest window it is laid out for, 80x24 (and at 120 columns):
nothing a player needs is cut off or out of reach. Every check reads the text the app
draws on screen, as a player would see it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import DataTable, TabbedContent, Tabs

from armistice.core import scenario
from armistice.core.errors import IllegalAnswer
from armistice.core.game import Game
from armistice.core.prompts import Fact, Roll, Rolls, Selection, Via
from armistice.core.turns import END_PHASE
from armistice.tui.app import ArmisticeApp
from armistice.tui.panels import SectionPanel
from armistice.tui.screens.game import GameScreen
from armistice.tui.screens.small import TooSmall
from armistice.tui.widgets.selection import SelectionView
from tests import income, standin, support
from tests.tui.dashboard import (
    NARROW,
    SEED,
    WIDE,
    Notes,
    dashboard,
    example,
    flat,
    free_french_game,
    isolate,
    on_screen,
    press,
    rows,
    until,
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    isolate(monkeypatch, tmp_path)
    with standin.registered(), income.registered():
        yield


def shown(app: ArmisticeApp, selector: str) -> str:
    """The text inside the widget ``selector`` on screen, white space made single."""
    return flat(on_screen(app, app.screen.query_one(selector)))


def footer(app: ArmisticeApp) -> str:
    return on_screen(app)[-1]


def tally_fact() -> Game:
    """The stand-in tally at its Fact: the men lost on the march."""
    g = Game(scenario.from_mapping(standin.SCENARIO, "three-towns"), seed=3)
    g.answer("no")
    while g.prompt is not None:
        g.answer(g.prompt.default_answer())
    g.next(standin.TALLY, {"tribute": 2})
    g.answer(END_PHASE)
    g.answer("march")
    assert isinstance(g.prompt, Fact)
    return g


def income_batch() -> Game:
    return Game(scenario.from_mapping(income.scenario(3), "income"), seed=1)


# Each prompt kind: the game, the keys that lead to it, and the panels to wait for.
KINDS: dict[str, tuple[Callable[[], Game], tuple[str, ...], tuple[str, ...]]] = {
    "decision": (example, (), ("level",)),
    "roll": (example, ("enter",), ("level",)),
    "selection": (example, ("enter", "r", "r"), ("level",)),
    "rolls": (income_batch, (), ("areas",)),
    "fact": (tally_fact, (), ("tally",)),
}


async def opened(pilot: Pilot[Any], kind: str) -> GameScreen:
    _, keys, panels = KINDS[kind]
    screen = await dashboard(pilot, panels)
    await press(pilot, *keys)
    return screen


# 1. Nothing a player needs is cut off.


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_each_prompt_kind_shows_its_whole_explanation_at_80x24(kind: str) -> None:
    app = ArmisticeApp(KINDS[kind][0](), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await opened(pilot, kind)
        prompt = screen.game.prompt
        assert prompt is not None and prompt.help
        assert type(prompt).__name__.lower() == kind.rstrip("s") or isinstance(prompt, Rolls)
        text = shown(app, "#prompt")
        assert flat([prompt.label]) in text
        assert flat([prompt.help]) in text, f"{prompt.help!r} not whole in {text!r}"


def _selection_reasons(game: Game) -> dict[str, str]:
    prompt = game.prompt
    assert isinstance(prompt, Selection)
    with pytest.raises(IllegalAnswer) as empty:
        prompt.check({})
    return {"total": empty.value.reason, "tier": prompt.blocked({}, "lorraine")}


def _reason(game: Game, value: object) -> str:
    with pytest.raises(IllegalAnswer) as refused:
        game.answer(value, Via.TYPED)  # type: ignore[arg-type]
    return refused.value.reason


def _expected(kind: str) -> str:
    """The reason the core gives for the refused try of ``kind``."""
    if kind in ("selection-total", "selection-tier"):
        g = example()
        g.answer("yes")
        g.roll()
        g.roll()
        return _selection_reasons(g)[kind.split("-")[1]]
    if kind == "roll-typed":
        g = example()
        g.answer("yes")
        assert isinstance(g.prompt, Roll)
        return _reason(g, 9)
    if kind == "rolls-typed":
        prompt = income_batch().prompt
        assert isinstance(prompt, Rolls)
        member = prompt.members[0]
        with pytest.raises(IllegalAnswer) as refused:
            member.check(9)
        return f"{member.label}: {refused.value.reason}"
    return _reason(tally_fact(), 9)


# Each refused try: the prompt kind it is made at and the keys that make it.
ERRORS = {
    "selection-total": ("selection", ("enter",)),
    "selection-tier": ("selection", ("down",) * 5 + ("space",)),
    "roll-typed": ("roll", ("d", "9", "enter")),
    "rolls-typed": ("rolls", ("d", "9", "enter")),
    "fact-typed": ("fact", ("9", "enter")),
}


@pytest.mark.parametrize("error", sorted(ERRORS))
async def test_each_refused_try_is_said_whole_in_the_prompt_and_as_a_notification(
    error: str,
) -> None:
    kind, keys = ERRORS[error]
    expected = _expected(error)
    app = ArmisticeApp(KINDS[kind][0](), seed=SEED)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await opened(pilot, kind)
        before = screen.game.answers
        await press(pilot, *keys)
        assert screen.game.answers == before
        assert expected in shown(app, "#prompt"), f"{expected!r} not whole on screen"
        assert any(expected in e for e in notes.errors()), notes.errors()


async def test_ship_rows_show_name_factors_condition_port_and_note_at_80_columns() -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await opened(pilot, "selection")
        prompt = screen.game.prompt
        assert isinstance(prompt, Selection)
        assert any(item.note for item in prompt.items)
        for row, item in enumerate(prompt.items):
            text = shown(app, "#prompt")
            assert item.label in text, f"row {row}: {item.label!r} cut in {text!r}"
            assert flat([item.note]) in text, f"row {row}: {item.note!r} cut"
            await press(pilot, "down")
        assert "Richelieu (8 factors, launch, Casablanca)" in shown(app, "#prompt")


# 2. Every panel scrolls from the keyboard, in every layout.


async def focus_panel(pilot: Pilot[Any], screen: GameScreen, name: str) -> Widget:
    """Bring panel ``name`` into view and give it the focus, with the keyboard only."""
    panel = screen.query_one(f"#{name}")
    target = panel if panel.can_focus else panel.parent
    assert isinstance(target, Widget)
    tabs = screen.query_one("#tabs", TabbedContent)
    if f"tab-{name}" in [pane.id for pane in tabs.query("TabPane")]:
        for _ in range(12):
            if isinstance(pilot.app.focused, Tabs):
                break
            await press(pilot, "tab")
        for _ in range(12):
            if tabs.active == f"tab-{name}":
                break
            await press(pilot, "right")
    for _ in range(12):
        if pilot.app.focused is target:
            return target
        await press(pilot, "tab")
    raise AssertionError(f"tab never reached {name}; it stopped at {pilot.app.focused}")


def last_words(screen: GameScreen, name: str) -> list[str]:
    """The words of the last thing panel ``name`` shows (a table's last row, which may wrap
    over several lines)."""
    panel = screen.query_one(f"#{name}")
    if isinstance(panel, SectionPanel):
        return " ".join(rows(panel)[-1]).split()
    if name == "log":
        return screen.game.log[-1].text.split()
    hint = "fixed once the first answer is given"
    return hint.split()


def in_view(words: list[str], target: Widget) -> bool:
    seen = flat(on_screen(target.app, target)).split()  # type: ignore[arg-type]
    return all(word in seen for word in words)


async def finished(pilot: Pilot[Any]) -> GameScreen:
    """The rulebook example played to its end by keys: Vichy, both dice, first ships."""
    screen = await dashboard(pilot)
    await press(pilot, "enter", "r", "r")
    while not screen.game.complete:
        await press(pilot, "space", "enter")
    return screen


SCROLLING = [
    (NARROW, "level"),
    (NARROW, "log"),
    (NARROW, "assumed"),
    (WIDE, "forces"),
    (WIDE, "brp"),
    (WIDE, "units"),
    (WIDE, "log"),
    (WIDE, "assumed"),
]


@pytest.mark.parametrize(("size", "name"), SCROLLING, ids=lambda v: str(v))
async def test_every_panel_pages_down_to_its_last_row_from_the_keyboard(
    size: tuple[int, int], name: str
) -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=size) as pilot:
        screen = await finished(pilot)
        target = await focus_panel(pilot, screen, name)
        await press(pilot, "home")
        last = last_words(screen, name)
        assert target.max_scroll_y > 0, f"{name} fits at {size}: nothing to scroll"
        assert not in_view(last, target)
        for _ in range(20):
            if in_view(last, target):
                break
            await press(pilot, "pagedown")
        assert in_view(last, target), f"{last!r} never came into view"
        assert target.scroll_y == target.max_scroll_y
        await press(pilot, "home")
        assert target.scroll_y == 0


async def test_a_finished_game_offers_what_follows_and_its_panels_still_page() -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await finished(pilot)
        assert app.focused is not None and app.focused.id == "prompt-decision"
        level = await focus_panel(pilot, screen, "level")
        await press(pilot, "pagedown")
        assert level.scroll_y > 0


# 3. The level is visible without scrolling.


async def test_the_level_and_the_raw_sum_head_the_level_panel_at_80x24() -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        text = shown(app, "#level")
        assert "Surrender level (within +/-3) -1 58.22" in text
        assert "Sum of modifiers -1 58.21" in text


async def test_the_title_gives_the_level_worked_out_not_the_scenarios_title() -> None:
    raw = support.at_level(-2, {"title": "The worked example of 58.21: Fall 1940, level -1"})
    game = Game(support.scenario(raw), seed=SEED)
    assert game.state.surrender_level.value == -2
    app = ArmisticeApp(game, seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        title = on_screen(app)[0]
        assert "FSL -2" in title and "level -1" not in title


# 4. Selections start fresh, and undo gives the picks back.


async def test_a_new_selection_starts_on_its_first_row_and_undo_restores_the_picks() -> None:
    app = ArmisticeApp(free_french_game(), seed=5)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        game = screen.game
        await press(pilot, "down", "enter", "d", "6", "enter", "6", "enter")
        assert isinstance(game.prompt, Selection) and game.prompt.key == "free_french.named_ships"
        await press(pilot, "space", "down", "space")
        table = screen.query_one("#selection-table", DataTable)
        assert table.cursor_row == 1
        named = dict(screen.query_one(SelectionView).picked)
        await press(pilot, "enter")
        assert game.prompt is not None and game.prompt.key == "free_french.cruisers"
        assert table.cursor_row == 0
        assert screen.query_one(SelectionView).picked == {}

        await press(pilot, "space", "down", "space", "down", "space")
        cruisers = dict(screen.query_one(SelectionView).picked)
        assert sum(cruisers.values()) == 3
        await press(pilot, "enter")
        assert game.answers[-1].value == cruisers

        await press(pilot, "u")
        assert game.prompt is not None and game.prompt.key == "free_french.cruisers"
        assert screen.query_one(SelectionView).picked == cruisers
        assert "3 chosen; pick 3" in shown(app, "#selection-total")
        await press(pilot, "u")
        assert game.prompt is not None and game.prompt.key == "free_french.named_ships"
        assert screen.query_one(SelectionView).picked == named


# 5. Footer and keys at 80 columns.


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_help_and_quit_stay_in_the_footer_at_80_columns(kind: str) -> None:
    app = ArmisticeApp(KINDS[kind][0](), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        await opened(pilot, kind)
        assert "? Help" in footer(app) and "q Quit" in footer(app), footer(app)


async def test_roll_is_greyed_out_while_a_decision_is_pending_and_says_why() -> None:
    app = ArmisticeApp(example(), seed=SEED)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        keys = {key.action: key for key in screen.query("FooterKey")}  # type: ignore[attr-defined]
        assert keys["roll"].has_class("-disabled")
        assert not keys["app.help"].has_class("-disabled")
        await press(pilot, "r")
        assert screen.game.answers == ()
        said = [message for message, _, _ in notes.seen]
        assert said == ["Nothing to roll: Establish Vichy France? is answered first."]
        await press(pilot, "u")
        assert notes.seen[-1][0] == "Nothing to take back yet."


async def test_the_command_palette_lists_the_games_actions_before_textuals() -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        titles = [command.title for command in app.get_system_commands(screen)]
        own = {b.description for b in (*screen.BINDINGS, *app.BINDINGS) if b.description}
        first_builtin = next(i for i, title in enumerate(titles) if title not in own)
        assert {"Save", "Help", "Quit"} <= set(titles[:first_builtin])
        assert not own & set(titles[first_builtin:])


async def test_the_help_writes_keys_as_keys() -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "f1")
        await until(pilot, lambda: app.screen is not screen, "the help")
        await settle_help(pilot)
        text = flat(on_screen(app))
        assert "?, F1" in text
        assert "question_mark" not in text and "f1" not in text


async def settle_help(pilot: Pilot[Any]) -> None:
    await press(pilot)
    await pilot.pause(0.2)


# 6. Small windows.


async def test_a_window_below_80x24_says_how_big_it_must_be_until_it_grows() -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TooSmall), "the size notice")
        await press(pilot)
        assert "needs a window of at least 80x24; this one is 60x20" in flat(on_screen(app))

        await pilot.resize_terminal(*NARROW)
        screen = await dashboard(pilot)
        assert "Establish Vichy France?" in shown(app, "#prompt")
        await press(pilot, "enter")
        assert len(screen.game.answers) == 1

        await pilot.resize_terminal(79, 24)
        await until(pilot, lambda: isinstance(app.screen, TooSmall), "the size notice")
        await press(pilot)
        assert "this one is 79x24" in flat(on_screen(app))
        await pilot.resize_terminal(80, 30)
        await until(pilot, lambda: app.screen is screen, "the game again")


# 7. Column headers a player understands.


async def test_headers_say_what_the_numbers_are() -> None:
    app = ArmisticeApp(example(), seed=SEED)
    async with app.run_test(size=NARROW) as pilot:
        screen = await dashboard(pilot)
        await press(pilot, "enter")
        odds = shown(app, "#odds-box")
        assert "Chances from here (open choices at default)" in odds
        assert "(defaults)" not in odds
        await press(pilot, "r", "r")
        prompt = shown(app, "#prompt")
        assert "Chosen Vichy named ships (note)" in prompt and "0 of 1 Dunkerque" in prompt
        await press(pilot, "space", "enter")
        while not screen.game.complete:
            await press(pilot, "space", "enter")
        screen.query_one("#tabs", TabbedContent).active = "tab-forces"
        await press(pilot)
        forces = shown(app, "#forces")
        assert "Forces: got / table level" in forces
        assert "Force Free French Vichy Ships Rule" in forces
        assert "Exist" not in forces and "pool" not in forces
