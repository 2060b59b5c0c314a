"""A rule system with a batch of rolls (:mod:`tests.income`): the game, exact odds checked
against enumerating every assignment, the conformance checks, the command line and the
dashboard."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import defaultdict
from collections.abc import Generator, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armistice.core import scenario, systems
from armistice.core.dice import D6, Dice
from armistice.core.errors import IllegalAnswer
from armistice.core.game import Game, describe
from armistice.core.ledger import Ledger
from armistice.core.odds import odds
from armistice.core.prompts import AnswerValue, Prompt, Roll, Rolls, Via
from armistice.tui.app import ArmisticeApp
from armistice.tui.cli import run
from armistice.tui.documents import json_report as _json_report
from armistice.tui.prompting import describe_pending
from armistice.tui.widgets.odds import OddsPanel, position
from tests import income
from tests.conformance.checks import conforms
from tests.tui.dashboard import dashboard, isolate, press, screen_text, settle, until

Outcome = tuple[tuple[str, Any], ...]


@pytest.fixture(autouse=True)
def registered() -> Iterator[Any]:
    with income.registered() as system:
        yield system


def game(dice: int = 3, worth: tuple[int, ...] = (1,), seed: int = 1) -> Game:
    return Game(scenario.from_mapping(income.scenario(dice, worth), "income"), seed=seed)


def batch_of(g: Game) -> Rolls:
    assert isinstance(g.prompt, Rolls)
    return g.prompt


# The game


def test_2_1_the_app_rolls_every_member_from_the_seed_each_its_own_draw() -> None:
    first, second = game(seed=5), game(seed=5)
    rolled = first.roll()
    assert rolled == second.roll()
    assert isinstance(rolled, dict) and list(rolled) == [m.key for m in batch_of(game()).members]
    assert rolled == {m.key: D6.roll(5, i) for i, m in enumerate(batch_of(game()).members)}
    assert first.answers[-1].via is Via.ROLLED
    assert first.rolls_made == 3
    market = first.roll()
    assert market == D6.roll(5, 3)
    omens = Game(scenario.from_mapping(income.scenario(3, omens=True), "income"), seed=4)
    assert omens.roll() == D6.roll(4, 0)
    members = batch_of(omens).members
    draws = {m.key: D6.roll(4, 1 + i) for i, m in enumerate(members)}
    assert sorted(draws.values()) == [1, 2, 3]  # draws 1, 2 and 3 differ, so none is reused
    assert omens.roll() == draws


def test_2_1_typed_dice_are_recorded_as_typed_and_the_log_names_each_member() -> None:
    g = game()
    g.answer({"income.area00": 2, "income.area01": 5, "income.area02": 6})
    assert g.answers[-1].via is Via.TYPED
    lines = [entry.text for entry in g.log]
    assert "Income dice, area00: 2 (typed)" in lines
    assert "Income dice, area02: 6 (typed)" in lines
    assert g.state.income == 13
    assert describe(batch_of(game()), g.answers[-1].value) == "area00 2, area01 5, area02 6"
    other = game()
    other.answer({"income.area00": 1, "income.area01": 1, "income.area02": 1}, Via.DEFAULT)
    assert other.answers[-1].via is Via.TYPED


def test_2_1_a_refused_batch_names_the_member_and_changes_nothing() -> None:
    g = game()
    with pytest.raises(IllegalAnswer) as refused:
        g.answer({"income.area00": 2, "income.area01": 9, "income.area02": 6})
    assert refused.value.where == "income.area01"
    assert g.answers == () and g.log == game().log


def test_a_batch_answer_survives_save_load_and_undo() -> None:
    g = game(seed=9)
    g.roll()
    g.roll()
    loaded = Game.load(g.save(), "income.json")
    assert loaded.answers == g.answers and loaded.state == g.state
    assert loaded.rolls_made == g.rolls_made
    g.undo()
    g.undo()
    assert g.rolls_made == 0 and isinstance(g.prompt, Rolls)


# Exact odds


def start(s: Any) -> tuple[Ledger[income.Year], Generator[Prompt, AnswerValue, None], Prompt]:
    ledger = Ledger(income.SYSTEM.initial_state(s), {})
    steps = income.procedure(s, ledger)
    return ledger, steps, next(steps)


def send(steps: Generator[Prompt, AnswerValue, None], value: AnswerValue) -> Prompt | None:
    try:
        return steps.send(value)
    except StopIteration:
        return None


def enumerate_every_assignment(s: Any) -> tuple[dict[Outcome, Fraction], dict[int, Fraction]]:
    """The outcomes and income by brute force: the procedure run on every assignment of
    faces to the batch, then on every outcome class of each roll that follows."""
    outcomes: dict[Outcome, Fraction] = defaultdict(Fraction)
    totals: dict[int, Fraction] = defaultdict(Fraction)
    prompt = start(s)[2]
    assert isinstance(prompt, Rolls)
    keys = [m.key for m in prompt.members]
    each = Fraction(1, 6 ** len(keys))

    def rest(path: list[AnswerValue], weight: Fraction, now: Any) -> None:
        ledger, steps, pending = now
        if pending is None:
            outcomes[income.outcome(ledger.state)] += weight
            return
        assert isinstance(pending, Roll)
        for i, outcome in enumerate(pending.outcomes):
            if i:
                ledger, steps, _ = start(s)
                for value in path:
                    send(steps, value)
            face = outcome.faces[0]
            after = (ledger, steps, send(steps, face))
            rest([*path, face], weight * Fraction(len(outcome.faces), 6), after)

    for faces in itertools.product(D6.faces(), repeat=len(keys)):
        value = dict(zip(keys, faces, strict=True))
        totals[prompt.totals[0].of(prompt.outcomes_of(value))] += each
        ledger, steps, _ = start(s)
        rest([value], each, (ledger, steps, send(steps, value)))
    return outcomes, totals


def test_odds_at_6_dice_equal_the_enumeration_of_all_6_to_the_6_assignments() -> None:
    g = game(6, (1, 2, 1, 3))
    result = odds(g)
    outcomes, totals = enumerate_every_assignment(g.scenario)
    assert dict(result.outcomes) == outcomes
    assert result.totals["income"].distribution == dict(sorted(totals.items()))
    assert result.totals["income"].unit == "IPCs"
    for member in batch_of(g).members:
        assert result.rolls[member.key] == {str(f): Fraction(1, 6) for f in D6.faces()}
    assert sum(p for _, p in result.outcomes) == 1


def test_odds_of_a_total_after_an_earlier_roll_are_weighted_by_its_branches() -> None:
    """The omen die (2.0) changes nothing after it: the income total's odds are the batch's
    own, weighted by the omen's two branches (1/3 and 2/3), and still sum to 1."""
    plain = odds(game(3, (1, 2)))
    s = scenario.from_mapping(income.scenario(3, (1, 2), omens=True), "income")
    after = odds(Game(s, seed=1))
    assert after.rolls["omens"] == {"bad": Fraction(1, 3), "good": Fraction(2, 3)}
    assert after.totals["income"].distribution == plain.totals["income"].distribution
    assert sum(after.totals["income"].distribution.values()) == 1
    assert dict(after.outcomes) == dict(plain.outcomes)


def boom_given(need: int) -> Fraction:
    """2.2-2.3: the chance of a boom for a market die needing ``need``: ``need``-5 on the
    first die, or a 6 and then ``need`` or more on the second."""
    return Fraction(max(0, 6 - need), 6) + Fraction(1, 6) * Fraction(7 - need, 6)


def test_odds_at_12_dice_are_exact() -> None:
    g = game(12)
    result = odds(g)
    income_odds = Dice(12, 6).distribution()
    assert result.totals["income"].distribution == income_odds
    s = g.scenario
    boom = sum((p * boom_given(income.need(s, t)) for t, p in income_odds.items()), Fraction(0))
    assert result.marginals["market"] == {"boom": boom, "bust": 1 - boom}
    bands: dict[str, Fraction] = defaultdict(Fraction)
    for t, p in income_odds.items():
        bands[income.band(s, t).value] += p
    assert result.marginals["band"] == bands
    assert sum(p for _, p in result.outcomes) == 1
    # rolled again after a 6, unless the target is 1 and any second die is a boom
    again = sum((p for t, p in income_odds.items() if income.need(s, t) > 1), Fraction(0))
    assert sum(result.rolls["market.again"].values()) == Fraction(1, 6) * again
    assert again == 1 - Fraction(1, 6**12)


def test_the_odds_start_from_the_current_state() -> None:
    g = game()
    g.answer({"income.area00": 6, "income.area01": 6, "income.area02": 6})
    result = odds(g)
    assert "income" not in result.totals
    assert result.marginals["band"] == {"rich": Fraction(1)}
    assert result.marginals["market"] == {"boom": Fraction(1)}


@settings(max_examples=15)
@given(data=st.data())
def test_the_income_stand_in_conforms(data: st.DataObject) -> None:
    worth = data.draw(st.sampled_from([(1,), (1, 2), (2, 1, 3)]))
    conforms(game(data.draw(st.integers(1, 3)), worth, data.draw(st.integers(0, 1000))), data)


# The command line


@pytest.fixture
def scenario_file(tmp_path: Path) -> Path:
    raw = income.scenario(3, (1, 2))
    lines = [f'{k} = "{v}"' for k, v in raw.items() if isinstance(v, str)]
    lines += ["[areas]", *(f"{k} = {v}" for k, v in raw["areas"].items())]
    path = tmp_path / "income.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_resolve_takes_one_die_per_member_from_dice(
    scenario_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(["resolve", str(scenario_file), "--dice", "6,6,6,2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["answers"][0] == {
        "key": "income",
        "value": {"income.area00": 6, "income.area01": 6, "income.area02": 6},
        "via": "typed",
    }
    assert out["state"]["income"] == 24
    assert "odds" not in out["state"]
    assert out["odds"]["outcomes"] == [
        {"outcome": {"band": "rich", "market": "boom"}, "probability": "1"}
    ]


def test_resolve_takes_a_batch_from_decide_and_names_a_refused_member(
    scenario_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decide = "income=income.area00:1,income.area01:2,income.area02:3"
    assert run(["resolve", str(scenario_file), "--decide", decide, "--seed", "4"]) == 0
    assert "Income dice, area01: 2 (typed)" in run_log(scenario_file, decide, capsys)
    bad = "income=income.area00:1,income.area01:9,income.area02:3"
    assert run(["resolve", str(scenario_file), "--decide", bad]) == 2
    assert "--decide income: income.area01:" in capsys.readouterr().err
    assert run(["resolve", str(scenario_file), "--decide", "income=3,4"]) == 2
    assert "write KEY:TOTAL" in capsys.readouterr().err


def run_log(scenario_file: Path, decide: str, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    run(["resolve", str(scenario_file), "--decide", decide, "--seed", "4", "--log"])
    return capsys.readouterr().out


def test_resolve_json_shows_a_pending_batch_and_the_odds_from_there(
    scenario_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = Game(scenario.load(str(scenario_file)), seed=2)
    assert run(["resolve", str(scenario_file), "--json", "--dice", "1,1,1,1", "--seed", "2"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert done["complete"] and done["odds"]["totals"] == {}
    pending = json.loads(_json_report(g))
    assert pending["pending"]["type"] == "rolls"
    assert [m["key"] for m in pending["pending"]["members"]] == [
        "income.area00",
        "income.area01",
        "income.area02",
    ]
    assert (
        sum(Fraction(p) for p in pending["odds"]["totals"]["income"]["distribution"].values()) == 1
    )


def test_too_few_dice_for_a_batch_are_refused(
    scenario_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["resolve", str(scenario_file), "--dice", "6,6"]) == 2
    assert "rolls 3 at once; only 2 value(s) left" in capsys.readouterr().err


def test_a_pending_batch_is_described_with_its_members(
    scenario_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = Game(scenario.load(str(scenario_file)), seed=1)
    text = describe_pending(g, batch_of(g))
    assert "income.area01" in text and "--decide income=KEY:VALUE" in text


def test_odds_json_reports_the_weighted_total(
    scenario_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["odds", str(scenario_file), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    total = doc["odds"]["totals"]["income"]
    assert (total["label"], total["unit"]) == ("Income", "IPCs")
    assert sum(Fraction(p) for p in total["distribution"].values()) == 1
    assert set(doc["odds"]) == {"labels", "defaults", "rolls", "marginals", "outcomes", "totals"}
    assert run(["odds", str(scenario_file)]) == 0
    assert "Total: Income (IPCs)" in capsys.readouterr().out


# The dashboard


async def test_the_dashboard_rolls_a_batch_with_the_roll_key_and_shows_its_total(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    isolate(monkeypatch, tmp_path)
    app = ArmisticeApp(game(seed=3), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot, ("areas",))
        assert "Roll 3 at once" in screen_text(screen, "#prompt-batch")
        shown = screen_text(screen, "#odds")
        assert "These 3 rolls" in shown and "Income      3-18 IPCs" in shown
        await press(pilot, "r")
        assert screen.game.answers[0].via is Via.ROLLED
        assert screen.game.answers[0].value == game(seed=3).roll()
        assert isinstance(screen.game.prompt, Roll)


async def test_the_dashboard_takes_typed_values_one_member_at_a_time(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    isolate(monkeypatch, tmp_path)
    app = ArmisticeApp(game(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot, ("areas",))
        await press(pilot, "d", "4", "enter", "9", "enter")
        assert "area01: a 1d6 roll shows 1 to 6, not 9" in screen_text(screen, "#prompt-problem")
        await press(pilot, "2", "enter", "backspace", "5", "enter", "1", "enter")
        assert screen.game.answers[0].value == {
            "income.area00": 4,
            "income.area01": 5,
            "income.area02": 1,
        }
        assert screen.game.answers[0].via is Via.TYPED


async def test_odds_are_worked_out_once_per_position_and_stale_ones_are_not_shown(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    isolate(monkeypatch, tmp_path)
    app = ArmisticeApp(game(6), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot, ("areas",))
        panel = screen.query_one(OddsPanel)
        first = position(screen.game)
        await press(pilot, "r")
        worked = panel.computations
        await press(pilot, "d", "d")
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert panel.computations == worked
        await press(pilot, "u")
        assert panel.computations == worked and "These 6 rolls" in screen_text(screen, "#odds")
        await press(pilot, "r")
        panel.post_message(OddsPanel.Computed(first, panel.known[first]))
        await settle(pilot)
        assert "These 6 rolls" not in screen_text(screen, "#odds")
        await until(pilot, lambda: panel.current, "the odds")


def _remembers_its_first_die(
    s: income.IncomeScenario, ledger: Ledger[income.Year]
) -> Generator[Prompt, AnswerValue, None]:
    """Two market dice; the year is rich only if both reach 4. The first die is kept in a
    local variable, not in the state: this procedure is not memoryless."""
    first = yield income.market("first", 4, again=False)
    second = yield income.market("second", 4, again=False)
    assert isinstance(first, int) and isinstance(second, int)
    rich = first >= 4 and second >= 4
    ledger.state = income.Year(band=income.Economy.RICH if rich else income.Economy.POOR)


def test_odds_of_a_system_that_is_not_memoryless_never_reuse_a_position() -> None:
    """Both dice reach 4 with 1/2 x 1/2: 1/4. A position reached after either first die looks
    the same (the same state, the same second die), so reusing it would give 0 or 1/2."""
    keeping = dataclasses.replace(
        income.SYSTEM, procedure=_remembers_its_first_die, memoryless=False
    )
    systems.unregister(income.KEY)
    systems.register(keeping)
    try:
        result = odds(game(1))
    finally:
        systems.unregister(income.KEY)
        systems.register(income.SYSTEM)
    assert dict(result.outcomes) == {
        (("band", income.Economy.RICH),): Fraction(1, 4),
        (("band", income.Economy.POOR),): Fraction(3, 4),
    }
