"""Every way a World at War fall of France can end: the engine's own procedure run for each
die result and each choice, one game per end.

A die is tried at one face of each of its result classes (``classes``; every face gives
the same result within a class, the procedure reading only the class) or at every face
(``faces``); a batch at every combination of its members'; a decision at every option.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Literal

from armistice.core.game import Game
from armistice.core.prompts import Answer, AnswerValue, Decision, Roll, Rolls, Via
from armistice.core.waw.scenario import WawScenario

Faces = Literal["classes", "faces"]


def tried(roll: Roll, faces: Faces) -> list[int]:
    """The faces tried for ``roll``: the first of each result class, or every face."""
    if faces == "faces":
        return list(roll.dice.faces())
    return [o.faces[0] for o in roll.outcomes if o.faces]


def ends(s: WawScenario, assumptions: Mapping[str, str], faces: Faces) -> Iterator[Game]:
    """A finished game for every die result and every choice from the start of ``s``."""
    stack: list[tuple[Answer, ...]] = [()]
    while stack:
        answers = stack.pop()
        game = Game(s, assumptions=dict(assumptions), seed=0, answers=answers)
        prompt = game.prompt
        if prompt is None:
            yield game
            continue
        values: list[AnswerValue]
        via = Via.TYPED
        if isinstance(prompt, Rolls):
            keys = [m.key for m in prompt.members]
            values = [
                dict(zip(keys, pick, strict=True))
                for pick in itertools.product(*(tried(m, faces) for m in prompt.members))
            ]
        elif isinstance(prompt, Roll):
            values = list(tried(prompt, faces))
        else:
            assert isinstance(prompt, Decision)
            values = [o.value for o in prompt.options if o.enabled]
            via = Via.DECIDED
        stack.extend((*answers, Answer(prompt.key, v, via)) for v in values)
