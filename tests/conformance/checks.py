"""The checks every rule system passes, whatever its rules: random legal play to the end,
fates for everything the scenario lists, saves, undo, refusals, odds, log and summary.

A rule system gets them by being registered: ``test_conformance`` runs them on every
registered system and bundled scenario, and a test's stand-in system runs them too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import msgspec
import pytest
from hypothesis import strategies as st
from rich.console import Console

from armistice.core.errors import IllegalAnswer, RuleRestriction
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.prompts import AnswerValue, Decision, Fact, Prompt, Roll, Selection, Via
from armistice.core.systems import RuleSystem
from armistice.core.turns import STOP
from armistice.tui.panels import table
from armistice.tui.report import render

RULE = re.compile(r"^\d+(\.\d+)*[A-Z]?$")
"""A rule number: ``58``, ``58.21``, ``58.21A``, ``5.6``."""


def assumptions(system: RuleSystem) -> st.SearchStrategy[dict[str, str]]:
    """A value for each of ``system``'s assumptions."""
    return st.fixed_dictionaries({a.key: st.sampled_from(a.values) for a in system.assumptions})


def legal(data: st.DataObject, prompt: Prompt) -> AnswerValue:
    """A random answer ``prompt`` accepts: an enabled option, a face the dice can show, or a
    selection that fills the tiers in order to exactly the required total."""
    if isinstance(prompt, Decision):
        return data.draw(st.sampled_from([o.value for o in prompt.options if o.enabled]))
    if isinstance(prompt, Roll):
        return data.draw(st.integers(prompt.dice.low, prompt.dice.high))
    if isinstance(prompt, Fact):
        return data.draw(st.integers(prompt.low, prompt.high))
    left, picked = prompt.required, {}
    for tier in sorted({item.tier for item in prompt.items}):
        members = [i for i in prompt.items if i.tier == tier]
        if sum(i.available for i in members) <= left:
            for item in members:
                picked[item.id] = item.available
            left -= sum(i.available for i in members)
            continue
        while left:
            open_ = [i for i in members if picked.get(i.id, 0) < i.available]
            item = data.draw(st.sampled_from(open_))
            picked[item.id] = picked.get(item.id, 0) + 1
            left -= 1
        break
    return {k: v for k, v in picked.items() if v}


def illegal(prompt: Prompt) -> AnswerValue:
    """An answer ``prompt`` must refuse."""
    if isinstance(prompt, Decision):
        return "no such option"
    if isinstance(prompt, Roll):
        return prompt.dice.high + 1
    if isinstance(prompt, Fact):
        return prompt.high + 1
    assert isinstance(prompt, Selection)
    return {"no such item": 1}


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a player can see of ``game``."""
    return (game.answers, game.log, game.state, game.prompt, game.complete)


def play(
    game: Game, data: st.DataObject, limit: int = 500, actions: int = 12
) -> dict[str, AnswerValue]:
    """Answer the running procedure of ``game`` at random to its end, trying an illegal
    answer first at each prompt (which must change nothing); an open-ended procedure is
    stopped once ``actions`` actions have been taken. Returns each decision's answer by
    prompt key."""
    decided: dict[str, AnswerValue] = {}
    taken = 0
    for _ in range(limit):
        prompt = game.prompt
        if prompt is None:
            return decided
        before = snapshot(game)
        try:
            game.answer(illegal(prompt))
        except IllegalAnswer:
            pass
        else:
            raise AssertionError(f"{prompt.key} accepted {illegal(prompt)!r}")
        assert snapshot(game) == before, f"a refused answer to {prompt.key} changed the game"
        value = legal(data, prompt)
        if isinstance(prompt, Decision) and prompt.clock is not None:
            taken += 1
            if taken > actions:
                value = STOP
            refused = [o for o in prompt.options if not o.enabled]
            for option in refused:
                with pytest.raises(RuleRestriction, match=re.escape(option.reason)):
                    game.answer(option.value)
            assert snapshot(game) == before
        if isinstance(prompt, Roll):
            game.answer(value, Via.TYPED)
        else:
            decided[prompt.key] = value
            game.answer(value)
    raise AssertionError(f"still asking after {limit} answers")


def check_fates(game: Game) -> None:
    """Every entity the scenario lists has a final fate of the system's declared values."""
    system = game.system
    fates = system.fates(game.scenario, game.state)
    entities = system.entities(game.scenario)
    assert len(set(entities)) == len(entities), "an entity key is listed twice"
    assert set(fates) == set(entities), (
        f"without a fate: {sorted(set(entities) - set(fates))}; "
        f"not listed: {sorted(set(fates) - set(entities))}"
    )
    declared = {member for word in system.fate_words for member in word}
    for key, fate in fates.items():
        assert fate in declared, f"{key}: {fate!r} is not a declared fate"
        assert fate not in system.provisional, f"{key}: {fate!r} is only provisional"


def check_save_and_undo(game: Game) -> None:
    """A save loads to the same game; undo back to the start gives the initial state."""
    loaded = Game.load(game.save(), "conformance.json")
    assert snapshot(loaded) == snapshot(game)
    fresh = Game(game.origin, assumptions=game.assumptions, seed=game.seed)
    while game.answers:
        game.undo()
    assert snapshot(game) == snapshot(fresh)


def check_odds(game: Game, decided: Mapping[str, AnswerValue], reached: Any) -> None:
    """From the start, with the decisions played, the outcomes' odds sum to exactly 1 and the
    outcome random play reached has a chance above 0."""

    def choose(prompt: Prompt) -> AnswerValue | None:
        if prompt.key not in decided:
            return None
        try:
            prompt.check(decided[prompt.key])
        except IllegalAnswer:
            return None
        return decided[prompt.key]

    fresh = Game(game.origin, assumptions=game.assumptions, seed=game.seed)
    result = odds(fresh, choose)
    assert sum((p for _, p in result.outcomes), Fraction(0)) == 1
    assert all(p > 0 for _, p in result.outcomes)
    assert dict(result.outcomes).get(reached, Fraction(0)) > 0, f"{reached} has no chance"
    for key, results in result.rolls.items():
        assert all(0 < p <= 1 for p in results.values()), key


def check_log(game: Game) -> None:
    """Every log entry carries a rule number and says something."""
    for entry in game.log:
        assert RULE.match(entry.rule), f"{entry.text!r} cites {entry.rule!r}"
        assert entry.text.strip()


def check_summary(game: Game, width: int = 80) -> None:
    """The summary renders within ``width`` columns, as a report and as dashboard panels,
    without cutting a label."""
    report = render(game, with_log=True)
    for line in report.splitlines():
        assert len(line) <= width, f"{len(line)} columns: {line!r}"
    flat = " ".join(report.split())
    console = Console(width=width - 2, record=True, color_system=None, legacy_windows=False)
    for section in game.summary.sections:
        for row in section.rows:
            assert " ".join(row.label.split()) in flat, f"report cut {row.label!r}"
        with console.capture() as shown:
            console.print(table(section))
        words = shown.get().split()
        assert "…" not in shown.get(), f"{section.key} cut a cell"
        for row in section.rows:
            for word in row.label.split():
                assert word in words or any(word in w for w in words), (
                    f"panel {section.key} lost {word!r} of {row.label!r}"
                )


def follow(game: Game, data: st.DataObject, taken: dict[str, int], repeats: int = 3) -> bool:
    """Maybe start a procedure the finished one leads to (its facts at their defaults), a
    repeating link at most ``repeats`` times. Returns whether one was started."""
    open_ = [
        link for link in game.links if link.to != game.system.key or taken.get(link.to, 0) < repeats
    ]
    if not open_ or not data.draw(st.booleans()):
        return False
    link = data.draw(st.sampled_from(open_))
    facts = msgspec.to_builtins(link.facts()) if link.facts else {}
    before = snapshot(game)
    with pytest.raises(IllegalAnswer):
        game.next("no.such.procedure", facts)
    assert snapshot(game) == before
    game.next(link.to, facts)
    taken[link.to] = taken.get(link.to, 0) + 1
    assert game.system.key == link.to and game.log[len(before[1])].rule == link.rule
    return True


def conforms(game: Game, data: st.DataObject) -> None:
    """Play ``game`` at random to its end, through the procedures it leads to, and run every
    check on the way and at the end."""
    decided = play(game, data)
    assert game.complete
    reached = game.system.outcome(game.state)
    check_odds(game, decided, reached)
    taken: dict[str, int] = {}
    while True:
        check_fates(game)
        check_summary(game)
        if not follow(game, data, taken):
            break
        play(game, data)
        assert game.complete
    check_log(game)
    check_save_and_undo(game)
