"""Going on from a finished procedure to the one it links to, in the dashboard at 80x24: every
fact of the link that fits a prompt is asked, those that do not are named in a notice
saying how to give them, and a fact the next procedure asks itself is asked once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from armistice.core import scenario
from armistice.core.game import NEXT, Game
from armistice.core.prompts import Decision, Fact, Prompt, Roll
from armistice.tui.app import ArmisticeApp
from armistice.tui.handover import DEFAULTS, Handover
from armistice.tui.screens.game import GameScreen
from tests import standin
from tests.support import finished
from tests.tui.dashboard import NARROW, Notes, flat, isolate, on_screen, screen_text, until


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


async def shown(pilot: Pilot[Any]) -> GameScreen:
    """The game screen once its prompt panel shows what it asks."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
    await pilot.pause()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def choose(pilot: Pilot[Any], screen: GameScreen, value: str) -> None:
    """Highlight the option ``value`` of the pending decision with the arrow keys, press enter."""
    options = screen.query_one("#prompt-decision", OptionList)
    prompt = screen.pending()
    assert isinstance(prompt, Decision)
    ids = [o.value for o in prompt.options]
    while options.highlighted != ids.index(value):
        await pilot.press("down" if options.highlighted < ids.index(value) else "up")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def answer_one(pilot: Pilot[Any], screen: GameScreen, given: dict[str, str]) -> Prompt:
    """Answer the fact asked now: ``given`` by key, else the default offered (typed in for a
    number, chosen for a decision). Returns the prompt answered."""
    prompt = screen.pending()
    assert prompt is not None
    if isinstance(prompt, Fact):
        await pilot.press(*given.get(prompt.key, str(prompt.default)), "enter")
        await pilot.pause()
    else:
        assert isinstance(prompt, Decision)
        await choose(pilot, screen, given.get(prompt.key, prompt.default))
    return prompt


async def give(pilot: Pilot[Any], screen: GameScreen, given: dict[str, str]) -> list[Prompt]:
    """Answer every fact of the hand-over being asked: ``given`` by key, else the default
    offered (typed in for a number, chosen for a decision). Returns the prompts asked."""
    asked: list[Prompt] = []
    while screen.handover is not None:
        asked.append(await answer_one(pilot, screen, given))
    return asked


async def test_facts_that_fit_no_prompt_are_named_with_the_command_that_gives_them() -> None:
    app = ArmisticeApp(finished("historical-summer-1940", 3), seed=3)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        assert screen.game.system.key == "awaw.58"
        notice = screen.pending()
        assert notice is not None and notice.key == DEFAULTS
        text = flat(on_screen(app))
        assert "Facts taken at their defaults" in text
        for label in ("Axis and Allied units in Vichy territory", "Attacked by the Western"):
            assert label in notice.help
        for asked in ("Board", "Named by", "USAT", "Turn", "Beirut"):
            assert asked not in notice.help
        assert "armistice resolve SAVE --next awaw.vichy --facts FILE" in notice.help
        await choose(pilot, screen, "accept")
        await give(pilot, screen, {})
        assert screen.game.system.key == "awaw.vichy"
        assert screen.game.scenario.turn.name == "Spring 1941"
        assert len(screen.game.facts[-1]["units"]) == 0


async def test_the_first_roll_asks_the_turn_the_board_the_dps_and_each_capital() -> None:
    app = ArmisticeApp(finished("historical-summer-1940", 3), seed=3)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        await choose(pilot, screen, "accept")
        given = {
            "turn.season": "fall",
            "turn.year": "1942",
            "board.usat_level": "40",
            "board.us_at_war": "true",
            "diplomacy.axis_dps": "2",
            "diplomacy.allied_dps": "5",
            "capitals.morocco": "allied",
        }
        asked = {p.key: p for p in await give(pilot, screen, given)}
        assert set(given) <= set(asked)
        assert {"named_by", "board.allied_attack", "capitals.lebanon_syria"} <= set(asked)
        year = asked["turn.year"]
        assert isinstance(year, Fact) and (year.low, year.high, year.default) == (1938, 1950, 1941)
        season = asked["turn.season"]
        assert isinstance(season, Decision) and season.default == "spring"
        s = screen.game.scenario
        assert screen.game.system.key == "awaw.vichy" and s.turn.name == "Fall 1942"
        assert (s.board.usat_level, s.board.us_at_war) == (40, True)
        assert (s.diplomacy.axis_dps, s.diplomacy.allied_dps) == (2, 5)
        assert s.colonies["morocco"].capital == "allied"
        assert s.colonies["tunisia"].capital == "vichy"


async def test_the_next_roll_offers_the_board_the_last_roll_left() -> None:
    app = ArmisticeApp(finished("vichy-1941-axis-roll", 4), seed=4)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        asked = {p.key: p for p in await give(pilot, screen, {"diplomacy.allied_dps": "3"})}
        defaults = {k: p.default for k, p in asked.items()}
        assert defaults["turn.season"] == "fall" and defaults["turn.year"] == 1941
        assert defaults["board.usat_level"] == 10
        assert defaults["board.germany_at_war_with_russia"] == "true"
        assert (defaults["diplomacy.axis_dps"], defaults["diplomacy.allied_dps"]) == (2, 1)
        assert defaults["named_by"] == "axis"
        s = screen.game.scenario
        assert s.turn.name == "Fall 1941" and s.board.usat_level == 10
        assert (s.diplomacy.axis_dps, s.diplomacy.allied_dps) == (2, 3)


async def test_the_roll_names_the_side_that_named_vichy() -> None:
    app = ArmisticeApp(Game(scenario.load("vichy-1942-allied-roll"), seed=2), seed=2)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "western_allies")
        assert isinstance(screen.pending(), Roll)
        header = screen_text(screen, "#prompt-header")
        assert "ALLIES" in header and "EITHER PLAYER" not in header
        await pilot.press("r")
        await pilot.pause()
        assert any(e.text.startswith("The Western Allies roll: die") for e in screen.game.log)


async def test_a_fact_the_next_procedure_asks_itself_answers_it() -> None:
    app = ArmisticeApp(finished("vichy-1941-axis-roll", 4), seed=4)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        asked: list[str] = []
        while screen.handover is not None:
            prompt = screen.pending()
            assert prompt is not None
            asked.append(prompt.key)
            if isinstance(prompt, Fact):
                await pilot.press(*str(prompt.default), "enter")
                await pilot.pause()
            else:
                assert isinstance(prompt, Decision)
                chosen = {"named_by": "western_allies", "board.american_ground_unit": "true"}
                await choose(pilot, screen, chosen.get(prompt.key, prompt.default))
        assert "named_by" in asked and "board.american_ground_unit" in asked
        game = screen.game
        assert game.system.key == "awaw.vichy"
        assert game.facts[-1]["named_by"] == "western_allies"
        assert game.answers[-1].key == "named_by"
        assert game.answers[-1].value == "western_allies"
        assert game.prompt is None or game.prompt.key != "named_by"
        assert "Who names Vichy France?" not in flat(on_screen(app))


async def test_a_fact_takes_its_default_on_an_empty_enter_and_refuses_letters() -> None:
    app = ArmisticeApp(finished("vichy-1941-axis-roll", 4), seed=4)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        await choose(pilot, screen, "fall")
        fact = screen.pending()
        assert isinstance(fact, Fact) and fact.key == "turn.year"
        assert fact.default == 1941 and "or Enter alone for" in flat(on_screen(app))
        await pilot.press("x", "y", "z")
        await pilot.pause()
        assert app.screen is screen
        assert (
            "Digits only: type a whole number from 1938 to 1950, then Enter" in (notes.errors()[-1])
        )
        assert screen.pending() == fact
        await pilot.press("enter")
        await pilot.pause()
        assert screen.handover is not None and screen.handover.answers["turn.year"] == 1941


async def test_a_fact_typed_replaces_its_default() -> None:
    app = ArmisticeApp(finished("vichy-1941-axis-roll", 4), seed=4)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        await choose(pilot, screen, "fall")
        await pilot.press("1", "9", "4", "2", "enter")
        await pilot.pause()
        assert screen.handover is not None and screen.handover.answers["turn.year"] == 1942


async def test_a_refused_turn_is_asked_again_and_the_other_facts_stand() -> None:
    app = ArmisticeApp(finished("historical-summer-1940", 3), seed=3)
    notes = Notes(app)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        await choose(pilot, screen, "accept")
        given = {"turn.year": "1940", "board.usat_level": "40", "capitals.morocco": "allied"}
        asked = await give_once(pilot, screen, given)
        handover = screen.handover
        assert handover is not None and screen.game.system.key == "awaw.58"
        assert notes.errors()[-1] == (
            "Cannot start A Vichy France diplomatic roll: turn: Spring 1940 is before France "
            "fell (Summer 1940); change it, the other facts stand"
        )
        assert "Spring 1940 is before France fell" in flat(on_screen(app))
        season = screen.pending()
        assert isinstance(season, Decision) and season.key == "turn.season"
        kept = handover.answers
        assert (kept["turn.season"], kept["turn.year"]) == ("spring", 1940)
        assert (kept["board.usat_level"], kept["capitals.morocco"]) == (40, "allied")
        assert len(kept) == len(asked) + 1 and kept[DEFAULTS] == "accept"
        await choose(pilot, screen, "spring")
        year = screen.pending()
        assert isinstance(year, Fact) and (year.key, year.default) == ("turn.year", 1940)
        await pilot.press("1", "9", "4", "1", "enter")
        await pilot.pause()
        assert screen.handover is None and screen.game.system.key == "awaw.vichy"
        s = screen.game.scenario
        assert s.turn.name == "Spring 1941" and s.board.usat_level == 40
        assert s.colonies["morocco"].capital == "allied"


def test_a_refusal_naming_a_fact_not_asked_here_asks_nothing_again() -> None:
    game = finished("historical-summer-1940", 3)
    link = game.links[0]
    handover = Handover(link, link.start(game.scenario, game.state))
    assert handover.prompt is not None and handover.prompt.key == DEFAULTS
    assert not handover.reopen("units") and not handover.reopen("tur")
    assert handover.at == 0 and handover.reopen("capitals")
    assert handover.prompt.key == "capitals.lebanon_syria"
    handover.answers = {p.key: p.default_answer() for p in handover.prompts}
    handover.answer("allied")
    handover.answer("vichy")
    handover.answer("vichy")
    assert handover.prompt is not None and handover.prompt.key == "capitals.morocco"
    assert handover.reopen("turn") and handover.prompt.key == "turn.season"
    handover.answer("fall")
    handover.answer(1941)
    assert handover.prompt is None and handover.facts()["turn"] == {"season": "fall", "year": 1941}


async def give_once(pilot: Pilot[Any], screen: GameScreen, given: dict[str, str]) -> list[Prompt]:
    """Answer each fact of the hand-over once, in order (``given`` by key, else the default
    offered), until the last is given; returns the prompts asked."""
    handover = screen.handover
    assert handover is not None
    asked: list[Prompt] = []
    for _ in range(len(handover.prompts) - handover.at):
        asked.append(await answer_one(pilot, screen, given))
    return asked


async def test_undoing_the_link_reopens_its_facts_at_the_last_one() -> None:
    app = ArmisticeApp(finished("vichy-1941-axis-roll", 4), seed=4)
    async with app.run_test(size=NARROW) as pilot:
        screen = await shown(pilot)
        await choose(pilot, screen, "awaw.vichy")
        given = {"turn.season": "winter", "diplomacy.allied_dps": "3", "board.usat_level": "25"}
        asked = await give_once(pilot, screen, given)
        assert screen.handover is None and len(screen.game.facts) == 1
        while screen.game.facts:
            await pilot.press("u")
            await pilot.pause()
        handover = screen.handover
        assert handover is not None and screen.game.complete
        last = screen.pending()
        assert last is not None and last.key == asked[-1].key
        kept = handover.answers
        assert (kept["turn.season"], kept["turn.year"]) == ("winter", 1941)
        assert (kept["diplomacy.allied_dps"], kept["board.usat_level"]) == (3, 25)
        for back in reversed(asked[:-1]):
            await pilot.press("u")
            await pilot.pause()
            prompt = screen.pending()
            assert prompt is not None and prompt.key == back.key
        season = screen.pending()
        assert isinstance(season, Decision) and season.default == "winter"
        await give_once(pilot, screen, {"diplomacy.axis_dps": "4"})
        s = screen.game.scenario
        assert len(screen.game.facts) == 1 and s.turn.name == "Winter 1941"
        assert (s.diplomacy.axis_dps, s.diplomacy.allied_dps, s.board.usat_level) == (4, 3, 25)
        while screen.game.facts:
            await pilot.press("u")
            await pilot.pause()
        for _ in asked:
            await pilot.press("u")
            await pilot.pause()
        assert screen.handover is None and screen.pending() is not None
        assert screen.pending().key == NEXT  # type: ignore[union-attr]


def raided() -> Game:
    """The stand-in raid, not raided, finished: it leads on to the tally, asking the tribute."""
    game = Game(scenario.from_mapping(standin.SCENARIO, "three-towns"), seed=3)
    game.answer("no")
    while game.prompt is not None:
        game.answer(game.prompt.default_answer())
    return game


async def test_a_stand_in_tribute_refused_is_asked_again_with_the_one_given() -> None:
    with standin.registered():
        app = ArmisticeApp(raided(), seed=3)
        notes = Notes(app)
        async with app.run_test(size=NARROW) as pilot:
            screen = await shown(pilot)
            await choose(pilot, screen, standin.TALLY)
            await pilot.press("9", "enter")
            await pilot.pause()
            assert notes.errors()[-1] == (
                "Cannot start Tally the tribute: tribute: 9 gold is more than a town yields "
                "(8, 2.1); change it, the other facts stand"
            )
            tribute = screen.pending()
            assert isinstance(tribute, Fact) and (tribute.key, tribute.default) == ("tribute", 9)
            assert screen.game.system.key == standin.KEY
            await pilot.press("4", "enter")
            await pilot.pause()
            assert screen.game.system.key == standin.TALLY and screen.game.scenario.tribute == 4


async def test_undoing_a_stand_in_link_asks_its_tribute_again() -> None:
    with standin.registered():
        app = ArmisticeApp(raided(), seed=3)
        async with app.run_test(size=NARROW) as pilot:
            screen = await shown(pilot)
            await choose(pilot, screen, standin.TALLY)
            await pilot.press("6", "enter", "u")
            await pilot.pause()
            tribute = screen.pending()
            assert screen.game.system.key == standin.KEY
            assert isinstance(tribute, Fact) and (tribute.key, tribute.default) == ("tribute", 6)
            await pilot.press("enter")
            await pilot.pause()
            assert screen.game.facts == ({"tribute": 6},)
            await pilot.press("u", "u")
            await pilot.pause()
            assert screen.handover is None and screen.game.complete
            prompt = screen.pending()
            assert prompt is not None and prompt.key == NEXT
