"""Every way one action of the Anniversary game can be resolved: the engine's own procedure
run from a position for each answer to each question the action asks (a sea zone's
contents, an Axis land unit's owner, a ship lost in battle) and each result class of each
die, one run per end of the action (:mod:`armistice.verify.walk`)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import AnswerValue, Decision, Fact, Prompt, Rolls, Selection, Via
from armistice.verify.walk import Run
from armistice.verify.walk import ends as walked

SETUPS = ("france-neutral-1941", "paris-liberated-1943")
"""The bundled setups the properties are checked on."""


def load(name: str) -> Any:
    """A bundled setup."""
    return scenario.load(name)


def position(s: Any, assumptions: Mapping[str, str], values: list[AnswerValue]) -> Game:
    """The game of ``s`` after answering ``values`` in order (dice typed)."""
    game = Game(s, assumptions=dict(assumptions), seed=0)
    for value in values:
        via = Via.TYPED if isinstance(game.prompt, Rolls) else Via.DECIDED
        game.answer(value, via)
    return game


def _at_action(run: Run) -> bool:
    prompt = run.prompt
    return isinstance(prompt, Decision) and prompt.clock is not None


def answers(prompt: Prompt, decisions: bool) -> list[tuple[AnswerValue, Via]]:
    """What the walk sends ``prompt``: every enabled option of a question (only the default
    when ``decisions`` is False), a reported count at its least and its most, a selection
    at none and at all, each combination of a batch's members at the first face of each
    result class."""
    if isinstance(prompt, Rolls):
        keys = [m.key for m in prompt.members]
        faces = [[o.faces[0] for o in m.outcomes] for m in prompt.members]
        picks = itertools.product(*faces)
        return [(dict(zip(keys, pick, strict=True)), Via.TYPED) for pick in picks]
    values: list[AnswerValue]
    if isinstance(prompt, Fact):
        values = [prompt.low, prompt.high]
    elif isinstance(prompt, Selection):
        values = [{}, prompt.default_answer()] if prompt.least == 0 else [prompt.default_answer()]
    else:
        assert isinstance(prompt, Decision)
        enabled: list[AnswerValue] = [o.value for o in prompt.options if o.enabled]
        values = enabled if decisions else [prompt.default_answer()]
    return [(v, Via.DECIDED) for v in values]


def ends(start: Game, decisions: bool = True) -> Iterator[Run]:
    """Each end of the action under way at ``start``: a run at the next turn decision (or
    the procedure's end) for every answer :func:`answers` gives."""
    return walked(Run.at(start), functools.partial(answers, decisions=decisions), _at_action)
