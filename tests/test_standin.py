"""A rule system made in a test (:mod:`tests.standin`) works everywhere through the seams
alone: scenario files, the game, saves, odds, the command line, the dashboard and the
conformance checks, with no generic file knowing it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armistice.core import scenario, systems, tablefiles
from armistice.core.awaw.rule58.tables import RULE58_FILE
from armistice.core.errors import RuleRestriction, SaveError, ScenarioError
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.tui.app import ArmisticeApp
from armistice.tui.cli import run
from armistice.tui.panels import SectionPanel
from tests import standin
from tests.conformance.checks import assumptions, conforms
from tests.support import edited
from tests.tui.dashboard import dashboard, press, screen_text


@pytest.fixture(autouse=True)
def registered() -> Iterator[Any]:
    with standin.registered() as system:
        yield system


@pytest.fixture
def scenario_file(tmp_path: Path) -> Path:
    lines = [f'{k} = "{v}"' for k, v in standin.SCENARIO.items() if isinstance(v, str)]
    lines.append("[towns]")
    lines += [f"{k} = {v}" for k, v in standin.SCENARIO["towns"].items()]  # type: ignore[attr-defined]
    lines.append("[reserves]")
    lines += [f"{k} = {v}" for k, v in standin.SCENARIO["reserves"].items()]  # type: ignore[attr-defined]
    path = tmp_path / "three-towns.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def game(seed: int = 1, chosen: dict[str, str] | None = None) -> Game:
    return Game(
        scenario.from_mapping(standin.SCENARIO, "three-towns"), assumptions=chosen, seed=seed
    )


def finished_raid() -> Game:
    """A raid answered yes and played to its end: dice from seed 3, other prompts at default."""
    g = game(seed=3)
    g.answer("yes")
    while g.prompt is not None:
        g.roll() if g.prompt.key.startswith("die.") else g.answer(g.prompt.default_answer())
    return g


@settings(max_examples=40)
@given(data=st.data())
def test_the_stand_in_conforms(data: st.DataObject) -> None:
    chosen = data.draw(assumptions(systems.get(standin.KEY)))
    conforms(game(data.draw(st.integers(0, 1000)), chosen), data)


def test_the_stand_in_names_its_players_and_their_powers() -> None:
    g = game()
    assert g.prompt is not None and g.prompt.key == "raid"
    assert g.player(g.prompt).key == "raider"


def test_a_scenario_may_hand_the_powers_to_other_players() -> None:
    raw = {**standin.SCENARIO, "players": {"raider": ["north", "south"]}}
    g = Game(scenario.from_mapping(raw, "solo"), seed=1)
    g.answer("yes")
    while g.prompt is not None and g.prompt.key.startswith("die."):
        g.roll()
    assert g.prompt is not None and g.prompt.key == "reserves"
    assert g.player(g.prompt).key == "raider"


def test_a_scenario_that_gives_a_power_twice_is_refused() -> None:
    raw = {**standin.SCENARIO, "players": {"raider": ["north"], "keeper": ["north", "south"]}}
    with pytest.raises(ValueError, match=r"players\.keeper: north is already played by raider"):
        scenario.from_mapping(raw, "twice")


def test_the_command_line_resolves_lists_and_describes_it(
    scenario_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "raid.json"
    assert run(["resolve", str(scenario_file), "--auto", "--seed", "3", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Stand-in raid" in out and "Towns (1.2)" in out
    assert json.loads(save.read_text())["system"] == standin.KEY
    assert run(["assumptions", standin.KEY]) == 0
    assert f"{standin.KEY}.bonus" in capsys.readouterr().out
    assert run(["schema", "scenario", standin.KEY]) == 0
    assert "towns" in capsys.readouterr().out
    assert run(["odds", str(scenario_file), "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)["odds"]
    assert set(odds["marginals"]) == {"ford", "mill", "keep"}


async def test_the_dashboard_shows_its_summary_and_its_own_panel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ARMISTICE_SAVES", str(tmp_path))
    monkeypatch.setenv("ARMISTICE_KEYMAP", str(tmp_path / "none.toml"))
    app = ArmisticeApp(game(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot, ("towns", "raid-map"))
        assert "RAIDER" in screen_text(screen, "#prompt-header")
        await press(pilot, "enter", "r", "r", "r")
        assert "KEEPER" in screen_text(screen, "#prompt-header")
        assert screen_text(screen, "#raid-map") == "ford mill keep"
        towns = screen.query_one("#towns", SectionPanel).rows()
        assert [row[0] for row in towns] == ["ford", "mill", "keep"]
        assert "Raid yes" in screen.sub_title


def test_58_chain_a_finished_raid_leads_to_a_tally_with_told_facts() -> None:
    g = finished_raid()
    assert [link.to for link in g.links] == [standin.TALLY]
    before = (g.answers, g.log, g.state)
    with pytest.raises(ValueError, match=r"facts: tribute: 11 is above 10"):
        g.next(standin.TALLY, {"tribute": 11})
    with pytest.raises(ValueError, match=r"does not lead to 'standin.raid'; it leads to: standin"):
        g.next(standin.KEY)
    with pytest.raises(ValueError, match=r"does not lead to 'zz.unknown'"):
        g.next("zz.unknown")
    assert (g.answers, g.log, g.state) == before
    g.next(standin.TALLY, {"tribute": 3})
    assert g.system.key == standin.TALLY and g.scenario.tribute == 3
    assert g.log[len(before[1])].text == "Next: Tally the tribute"
    prompt = g.prompt
    assert prompt is not None and prompt.clock is not None
    assert prompt.clock.phase == "collect"
    with pytest.raises(ValueError, match=r"only in the march phase \(2\.2\)"):
        g.answer("march")
    g.answer("collect")
    assert g.state.gold == 3 * len(g.scenario.taken)
    g.answer("end_phase")
    g.answer("march")
    assert g.log[-1].text.endswith(": March on (decided)")
    with pytest.raises(ValueError, match=r"report a whole number of men from 0 to 3, not 4"):
        g.answer(4)
    g.answer(2)
    assert g.undo().key == "raiders_lost"
    assert g.facts == ({"tribute": 3},) and g.scenario.tribute == 3
    g.answer(2)
    g.answer("stop")
    assert g.complete and g.state.lost == 2
    loaded = Game.load(g.save(), "chain.json")
    assert (loaded.answers, loaded.log, loaded.state, loaded.facts) == (
        g.answers,
        g.log,
        g.state,
        ({"tribute": 3},),
    )
    g.next(standin.TALLY, {"tribute": 1})
    assert g.scenario.turn == 2 and g.state.gold == loaded.state.gold
    g.answer("collect")
    twice = Game.load(g.save(), "chain.json")
    assert twice.facts == ({"tribute": 3}, {"tribute": 1})
    assert (twice.scenario, twice.state, twice.log) == (g.scenario, g.state, g.log)
    g.undo()
    g.undo()
    assert g.system.key == standin.TALLY and g.scenario.turn == 1 and g.complete
    while g.system.key != standin.KEY:
        g.undo()
    assert g.complete and not g.facts


def test_a_link_starts_its_facts_from_the_finished_game() -> None:
    """The tally's next turn keeps the tribute the last turn was told unless told again;
    the first tally, whose link gives no defaults, takes the struct's (2 gold)."""
    g = finished_raid()
    assert g.links[0].start(g.scenario, g.state) == standin.Tribute(2)
    g.next(standin.TALLY, {"tribute": 3})
    g.answer("stop")
    assert g.links[0].start(g.scenario, g.state) == standin.Tribute(3)
    g.next(standin.TALLY)
    assert (g.scenario.turn, g.scenario.tribute) == (2, 3)
    assert g.facts == ({"tribute": 3}, {"tribute": 3})


def test_the_command_line_takes_a_link_with_facts_and_answers(
    scenario_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "raid.json"
    assert run(["resolve", str(scenario_file), "--auto", "--seed", "3", "--save", str(save)]) == 0
    capsys.readouterr()
    facts = tmp_path / "facts.toml"
    facts.write_text('action = "collect"\n[next]\ntribute = 4\n', encoding="utf-8")
    code = run(["resolve", str(save), "--next", standin.TALLY, "--facts", str(facts), "--json"])
    document = json.loads(capsys.readouterr().out)
    assert code == 3
    assert document["game"] == standin.TALLY
    assert document["clock"]["phase"] == "collect"
    assert document["actions"] == ["collect", "end_phase", "stop"]
    assert document["links"] == []
    raid = Game.open(save)
    taken = [town for town, fate in raid.state.towns.items() if fate == "taken"]
    assert document["state"]["gold"] == 4 * len(taken)
    bad = tmp_path / "bad.toml"
    bad.write_text("[next]\ntribute = 99\n", encoding="utf-8")
    assert run(["resolve", str(save), "--next", standin.TALLY, "--facts", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{bad}: next.tribute: 99 is above 10" in err
    assert run(["resolve", str(scenario_file), "--seed", "3", "--next", standin.TALLY]) == 2
    assert "not finished" in capsys.readouterr().err


async def test_the_dashboard_offers_the_next_procedure_of_a_finished_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ARMISTICE_SAVES", str(tmp_path))
    monkeypatch.setenv("ARMISTICE_KEYMAP", str(tmp_path / "none.toml"))
    g = game(seed=3)
    g.answer("no")
    while g.prompt is not None:
        g.answer(g.prompt.default_answer())
    app = ArmisticeApp(g, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot, ("towns", "raid-map"))
        assert "Go on to" in screen_text(screen, "#prompt-header")
        await press(pilot, "enter")
        asked = screen_text(screen, "#prompt-header") + screen_text(screen, "#prompt-help")
        assert "Tribute per town [2.1]" in asked and "0 to 10 gold" in asked
        assert screen.game.system.key == standin.KEY
        await press(pilot, "1", "2", "enter")
        assert screen.game.system.key == standin.KEY and screen.handover is not None
        await press(pilot, "backspace", "backspace", "5", "enter")
        assert screen.game.system.key == standin.TALLY
        assert screen.game.facts == ({"tribute": 5},)
        assert "Turn 1" in screen_text(screen, "#prompt-header")
        await press(pilot, "u")
        assert screen.game.system.key == standin.KEY and screen.game.complete
        assert screen.handover is not None and screen.handover.answers == {"tribute": 5}
        await press(pilot, "u")
        assert screen.handover is None and "Go on to" in screen_text(screen, "#prompt-header")


def test_a_save_whose_scenario_is_of_another_system_is_refused() -> None:
    document = json.loads(game().save())
    document["system"], document["assumptions"] = "awaw.58", {}
    with pytest.raises(SaveError, match=r"^mixed\.json: system: says 'awaw\.58' but the scenario"):
        Game.load(json.dumps(document).encode(), "mixed.json")


def test_a_save_whose_system_is_not_its_scenarios_is_refused() -> None:
    """Either way round: a rule-58 scenario in a save that names the stand-in."""
    rule58 = Game(scenario.load("historical-summer-1940"), seed=1)
    document = json.loads(rule58.save())
    document["system"], document["assumptions"] = standin.KEY, {}
    with pytest.raises(SaveError, match=rf"^mixed\.json: system: says '{standin.KEY}' but the"):
        Game.load(json.dumps(document).encode(), "mixed.json")


def test_undoing_a_link_of_a_loaded_save_takes_back_its_facts() -> None:
    g = finished_raid()
    g.next(standin.TALLY, {"tribute": 3})
    loaded = Game.load(g.save(), "chain.json")
    assert loaded.undo().key == "next"
    assert loaded.system.key == standin.KEY and loaded.facts == ()


def test_joint_outcomes_of_equal_chance_are_listed_in_outcome_order() -> None:
    outcomes = odds(game()).outcomes
    assert len({p for _, p in outcomes}) < len(outcomes)  # some chances are equal
    assert list(outcomes) == sorted(outcomes, key=lambda kv: (-kv[1], kv[0]))


def test_a_save_whose_link_facts_the_link_refuses_is_refused_naming_them() -> None:
    g = finished_raid()
    g.next(standin.TALLY, {"tribute": 3})
    document = json.loads(g.save())
    document["facts"] = [{"tribute": 11}]
    with pytest.raises(SaveError, match=r"^chain\.json: facts\.tribute: 11 is above 10"):
        Game.load(json.dumps(document).encode(), "chain.json")


def test_house_tables_of_another_system_are_refused_naming_theirs(tmp_path: Path) -> None:
    path = edited(tmp_path, RULE58_FILE, ("vichy_bonus = 3", "vichy_bonus = 2"))
    house = tablefiles.read(systems.get("awaw.58"), [path])
    with pytest.raises(ScenarioError) as refused:
        Game(scenario.from_mapping(standin.SCENARIO, "three-towns"), tables=house)
    assert str(refused.value) == "three-towns: system: the house tables are awaw.58's"


def test_a_step_that_refuses_an_answer_leaves_the_game_as_it_was() -> None:
    """A procedure may refuse an answer only once it has worked on it (a rule it checks
    itself): the game then stands as before the answer, ready for another."""
    original = standin.SYSTEM.procedure

    def refusing(s: Any, ledger: Any) -> Any:
        steps = original(s, ledger)
        prompt = next(steps)
        while True:
            answer = yield prompt
            if answer == "yes":
                raise RuleRestriction("raid", "no raid this turn (2.1)")
            try:
                prompt = steps.send(answer)
            except StopIteration as done:
                return done.value

    systems.unregister(standin.KEY)
    systems.register(dataclasses.replace(standin.SYSTEM, procedure=refusing))
    try:
        g = game(seed=3)
        before = (g.answers, g.log, g.state, g.prompt)
        with pytest.raises(RuleRestriction, match=r"no raid this turn \(2\.1\)"):
            g.answer("yes")
        assert (g.answers, g.log, g.state, g.prompt) == before
        g.answer("no")
        assert [a.value for a in g.answers] == ["no"]
    finally:
        systems.unregister(standin.KEY)
        systems.register(standin.SYSTEM)
