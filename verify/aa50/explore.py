"""Every way one action of the Anniversary game can be resolved: the engine's own procedure
run from a position for each answer to each question the action asks (a sea zone's
contents, an Axis land unit's owner, a ship lost in battle) and each result class of each
die, one game per end of the action."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Answer, AnswerValue, Decision, Fact, Rolls, Selection, Via

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


def _at_action(game: Game) -> bool:
    prompt = game.prompt
    return prompt is None or (isinstance(prompt, Decision) and prompt.clock is not None)


def ends(start: Game, decisions: bool = True) -> Iterator[Game]:
    """Each end of the action under way at ``start``: every enabled option of each question
    (only the default when ``decisions`` is False), every reported count at its least and
    its most, every selection at none and at all, each
    die at the first face of each result class, every combination of a batch's members."""
    stack: list[tuple[Answer, ...]] = [start.answers]
    while stack:
        answers = stack.pop()
        game = Game(start.scenario, assumptions=dict(start.assumptions), seed=0, answers=answers)
        if _at_action(game):
            yield game
            continue
        prompt = game.prompt
        values: list[AnswerValue]
        via = Via.DECIDED
        if isinstance(prompt, Rolls):
            keys = [m.key for m in prompt.members]
            faces = [[o.faces[0] for o in m.outcomes] for m in prompt.members]
            values = [dict(zip(keys, pick, strict=True)) for pick in itertools.product(*faces)]
            via = Via.TYPED
        elif isinstance(prompt, Fact):
            values = [prompt.low, prompt.high]
        elif isinstance(prompt, Selection):
            values = (
                [{}, prompt.default_answer()] if prompt.least == 0 else [prompt.default_answer()]
            )
        else:
            assert isinstance(prompt, Decision)
            options: list[AnswerValue] = [o.value for o in prompt.options if o.enabled]
            values = options if decisions else [prompt.default_answer()]
        stack.extend((*answers, Answer(prompt.key, v, via)) for v in values)
