"""Each die of a batch is answered by its own key on the command line, in every rule system:
``--decide MEMBER=VALUE`` as the log and the pending prompt show the key, the members left
out taking ``--dice``, a value the die cannot show or a member given by neither refused."""

from __future__ import annotations

import inspect
import sys
from collections import deque
from pathlib import Path

import pytest

from armistice.core import scenario, systems
from armistice.core.errors import IllegalAnswer
from armistice.core.game import Game
from armistice.core.prompts import Roll, Rolls, Via
from armistice.tui.prompting import describe_pending
from armistice.tui.scripted import play_out

BATCHES = {
    "waw": ("fall-of-france-1940", ()),
    "aa50": ("france-neutral-1941", ("end_phase", "occupy", "end_phase", "end_phase")),
}
"""The systems whose procedures roll dice in batches, each with a bundled scenario and the
answers (then defaults) that reach its first batch."""


def first_batch(key: str) -> Game:
    """A game of ``key``'s scenario in :data:`BATCHES` waiting at its first batch of rolls,
    reached with the answers given, then defaults, dice rolled from the seed."""
    name, answers = BATCHES[key]
    g = Game(scenario.load(name), seed=7)
    queue = list(answers)
    while not isinstance(g.prompt, Rolls):
        prompt = g.prompt
        assert prompt is not None, f"{name} ends before any batch of rolls"
        if isinstance(prompt, Roll):
            g.roll()
        elif queue:
            g.answer(queue.pop(0))
        else:
            g.answer(prompt.default_answer(), Via.DEFAULT)
    return g


def test_every_system_that_rolls_batches_is_tested() -> None:
    batched = set()
    for key in systems.names():
        module = sys.modules[systems.get(key).procedure.__module__]
        if "Rolls(" in Path(inspect.getfile(module)).read_text(encoding="utf-8"):
            batched.add(key)
    assert batched == set(BATCHES)


SYSTEMS = sorted(BATCHES)


@pytest.mark.parametrize("key", SYSTEMS)
def test_each_die_of_a_batch_is_answered_by_its_own_key(key: str) -> None:
    g = first_batch(key)
    prompt = g.prompt
    assert isinstance(prompt, Rolls)
    assert f"--decide KEY=VALUE (e.g. {prompt.members[0].key}=" in describe_pending(g, prompt)
    faces = {m.key: m.dice.low + i % 2 for i, m in enumerate(prompt.members)}
    decide = {k: str(v) for k, v in faces.items()}
    before = len(g.answers)
    play_out(g, deque(), decide, deque(), auto=False)
    batch = g.answers[before]
    assert (batch.key, batch.value, batch.via) == (prompt.key, faces, Via.TYPED)


@pytest.mark.parametrize("key", SYSTEMS)
def test_members_left_out_take_the_dice_given_and_a_bad_value_is_refused(key: str) -> None:
    g = first_batch(key)
    prompt = g.prompt
    assert isinstance(prompt, Rolls)
    first, rest = prompt.members[0], prompt.members[1:]
    high = first.dice.low - 1
    with pytest.raises(IllegalAnswer, match=rf"--decide {first.key}\b"):
        play_out(g, deque(), {first.key: str(high)}, deque(), auto=False)
    if rest:
        with pytest.raises(IllegalAnswer, match=rf"give {rest[0].key} too"):
            play_out(g, deque(), {first.key: str(first.dice.low)}, deque(), auto=False)
    before = len(g.answers)
    lows = deque(m.dice.low for m in rest)
    play_out(g, lows, {first.key: str(first.dice.low)}, deque(), auto=False)
    assert g.answers[before].value == {m.key: m.dice.low for m in prompt.members}
