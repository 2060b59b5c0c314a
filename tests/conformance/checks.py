"""The checks every rule system passes, whatever its rules: random legal play to the end,
fates for everything the scenario lists, saves, undo, refusals, odds, batches of rolls, log
and summary.

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

from armistice.core import batch
from armistice.core.errors import IllegalAnswer, RuleRestriction, SaveError
from armistice.core.game import Game
from armistice.core.odds import Odds, Policy, odds
from armistice.core.prompts import (
    Answer,
    AnswerValue,
    Decision,
    Fact,
    Prompt,
    Roll,
    Rolls,
    Selection,
    Via,
)
from armistice.core.systems import RuleSystem
from armistice.core.turns import STOP
from armistice.tui.panels import table
from armistice.tui.report import render
from tests.conformance.reference import TooBig, reference

REFERENCE_BUDGET = 3_000
"""Positions the plain reference walk may visit before the odds comparison is left out."""

RULE = re.compile(r"^§?\d+(\.\d+)*[A-Z]?$")
"""A rule number: ``58``, ``58.21``, ``58.21A``, ``5.6``, or a part of a house rule with
no numbers of its own, as armistice numbers it: ``§2``."""


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
    if isinstance(prompt, Rolls):
        return {m.key: data.draw(st.integers(m.dice.low, m.dice.high)) for m in prompt.members}
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
    """An answer ``prompt`` must refuse (for a batch: its last member one too high)."""
    if isinstance(prompt, Decision):
        return "no such option"
    if isinstance(prompt, Roll):
        return prompt.dice.high + 1
    if isinstance(prompt, Fact):
        return prompt.high + 1
    if isinstance(prompt, Rolls):
        *first, last = prompt.members
        return {**{m.key: m.dice.low for m in first}, last.key: last.dice.high + 1}
    assert isinstance(prompt, Selection)
    return {"no such item": 1}


def refusals(prompt: Rolls) -> list[tuple[AnswerValue, str]]:
    """Answers a batch must refuse, each with the key its refusal must name: a member out of
    range, a member missing, a key that is no member's, a value that is not a mapping."""
    low = {m.key: m.dice.low for m in prompt.members}
    last = prompt.members[-1]
    return [
        (illegal(prompt), last.key),
        ({k: v for k, v in low.items() if k != last.key}, last.key),
        ({**low, "no such member": 1}, prompt.key),
        (last.dice.low, prompt.key),
    ]


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a player can see of ``game``."""
    return (game.answers, game.log, game.state, game.prompt, game.complete)


def refuse(game: Game, value: AnswerValue, where: str = "") -> None:
    """``game`` refuses ``value`` (naming ``where`` if given) and stays as it was."""
    prompt = game.prompt
    assert prompt is not None
    before = snapshot(game)
    try:
        game.answer(value)
    except IllegalAnswer as error:
        assert not where or error.where == where, f"{prompt.key}: refusal names {error.where}"
    else:
        raise AssertionError(f"{prompt.key} accepted {value!r}")
    assert snapshot(game) == before, f"a refused answer to {prompt.key} changed the game"


def play(
    game: Game, data: st.DataObject, limit: int = 500, actions: int = 12
) -> dict[str, AnswerValue]:
    """Answer the running procedure of ``game`` at random to its end, trying an illegal
    answer first at each prompt (which must change nothing); an open-ended procedure is
    stopped once ``actions`` actions have been taken; no roll may be asked whose every total
    gives one result. Returns each decision's answer by prompt key."""
    decided: dict[str, AnswerValue] = {}
    taken = 0
    for _ in range(limit):
        prompt = game.prompt
        if prompt is None:
            return decided
        refuse(game, illegal(prompt))
        if isinstance(prompt, Roll):
            assert prompt.only() is None, f"{prompt.key}: every total gives {prompt.only()}"
        if isinstance(prompt, Rolls):
            for value, where in refusals(prompt):
                refuse(game, value, where)
        value = legal(data, prompt)
        if isinstance(prompt, Decision) and prompt.clock is not None:
            taken += 1
            if taken > actions:
                value = STOP
            refused = [o for o in prompt.options if not o.enabled]
            for option in refused:
                with pytest.raises(RuleRestriction, match=re.escape(option.reason)):
                    game.answer(option.value)
        if isinstance(prompt, Roll | Rolls):
            if data.draw(st.booleans(), label="the app rolls"):
                game.roll()
            else:
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
    """A save loads to the same game; a save whose die marked rolled is not what its seed
    rolls is refused, naming the answer; undo back to the start gives the initial state."""
    loaded = Game.load(game.save(), "conformance.json")
    assert snapshot(loaded) == snapshot(game)
    check_rolled_dice_hold(game)
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
    for key, total in result.totals.items():
        assert 0 < sum(total.distribution.values()) <= 1, key
    check_reference(fresh, choose, result)


def check_reference(game: Game, choose: Policy, result: Odds) -> None:
    """The odds equal those of the plain walk that reuses no position and enumerates each
    batch's product (:mod:`tests.conformance.reference`), when that walk is small enough."""
    try:
        plain = reference(game, choose, REFERENCE_BUDGET)
    except TooBig:
        return
    assert dict(result.outcomes) == dict(plain.outcomes)
    assert result.rolls == {k: dict(v) for k, v in plain.rolls.items()}
    totals = {k: t.distribution for k, t in result.totals.items()}
    assert totals == {k: dict(sorted(v.items())) for k, v in plain.totals.items()}
    assert set(result.defaults) == plain.defaults


def check_batches(game: Game) -> None:
    """On each batch of rolls the game answered: the members' outcome probabilities, every
    total's distribution and the branches the odds walk takes each sum to exactly 1; and
    the batch's ``depends`` holds: answering instead with the branch's representative for
    the value the answer gave leads to the same next prompt and the same outcome."""
    answers = game.answers
    replay = Game(game.origin, assumptions=game.assumptions, seed=game.seed)
    for index, answer in enumerate(answers):
        prompt = replay.prompt
        if isinstance(prompt, Rolls):
            check_batch(game, prompt, index)
        replay.answer(answer.value, answer.via)


def check_batch(game: Game, prompt: Rolls, index: int) -> None:
    """The checks of :func:`check_batches` on ``prompt``, answered by ``game.answers[index]``."""
    for key, dist in batch.member_odds(prompt).items():
        assert sum(dist.values()) == 1, key
    for total in prompt.totals:
        assert sum(batch.total_odds(prompt, total.key).values()) == 1, total.key
    found = batch.branches(prompt)
    assert sum(b.probability for b in found) == 1, prompt.key
    answers = list(game.answers)
    given = answers[index].value
    assert isinstance(given, dict)
    labels = prompt.outcomes_of(given)
    if prompt.depends is None:
        value: tuple[object, ...] = tuple(labels[m.key] for m in prompt.members)
    else:
        value = tuple(prompt.total(name).of(labels) for name in prompt.depends)
    branch = next((b for b in found if b.value == value), None)
    assert branch is not None, f"{prompt.key}: no branch for {value}"
    chosen = msgspec.structs.replace(answers[index], value=branch.answer, via=Via.TYPED)
    swapped = [*answers[:index], chosen]

    def replayed(these: list[Answer]) -> Game:
        return Game(game.scenario, assumptions=game.assumptions, seed=game.seed, answers=these)

    original, other = replayed(answers[: index + 1]), replayed(swapped)
    assert other.prompt == original.prompt, f"{prompt.key}: the next prompt depends on more"
    whole = replayed([*swapped, *answers[index + 1 :]])
    outcome = game.system.outcome
    assert outcome(whole.state) == outcome(game.state), f"{prompt.key}: the outcome depends on more"


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
    """Maybe start a procedure the finished one leads to (its facts as the link starts them
    for this game), a repeating link at most ``repeats`` times. Returns whether one was
    started."""
    open_ = [
        link for link in game.links if link.to != game.system.key or taken.get(link.to, 0) < repeats
    ]
    if not open_ or not data.draw(st.booleans()):
        return False
    link = data.draw(st.sampled_from(open_))
    start = link.start(game.scenario, game.state)
    assert link.facts is None or isinstance(start, link.facts)
    facts = msgspec.to_builtins(start) if start is not None else {}
    before = snapshot(game)
    with pytest.raises(IllegalAnswer):
        game.next("no.such.procedure", facts)
    assert snapshot(game) == before
    game.next(link.to, facts)
    taken[link.to] = taken.get(link.to, 0) + 1
    assert game.system.key == link.to and game.log[len(before[1])].rule == link.rule
    return True


def check_rolled_dice_hold(game: Game) -> None:
    """Each die the app rolled, changed in the save to a neighbouring face its dice can show,
    makes the save refused with the answer's index and key named and the seed cited."""
    original = game.save()
    for index, entry in enumerate(msgspec.json.decode(original)["answers"]):
        if entry["via"] != Via.ROLLED:
            continue
        reasons = []
        for step in (1, -1):
            document = msgspec.json.decode(original)
            edited = document["answers"][index]
            if isinstance(edited["value"], dict):
                member = next(iter(edited["value"]))
                edited["value"][member] += step
            else:
                edited["value"] += step
            with pytest.raises(SaveError) as refused:
                Game.load(msgspec.json.encode(document), "edited.json")
            assert refused.value.field.startswith(f"answers[{index}]")
            reasons.append(refused.value.reason)
        assert any(f"marked as rolled from seed {game.seed}" in r for r in reasons), reasons


def conforms(game: Game, data: st.DataObject) -> None:
    """Play ``game`` at random to its end, through the procedures it leads to, and run every
    check on the way and at the end."""
    decided = play(game, data)
    assert game.complete
    reached = game.system.outcome(game.state)
    check_odds(game, decided, reached)
    check_batches(game)
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
