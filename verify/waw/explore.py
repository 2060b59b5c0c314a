"""Every way a World at War fall of France can end: the engine's own procedure run for each
die result and each choice, one run per end (:mod:`armistice.verify.walk`).

A die is tried at one face of each of its result classes (``classes``; every face gives
the same result within a class, the procedure reading only the class) or at every face
(``faces``); a batch at every combination of its members'; a decision at every option.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Mapping
from typing import Literal

from armistice.core.game import Game
from armistice.core.prompts import AnswerValue, Decision, Prompt, Roll, Rolls, Via
from armistice.core.waw.scenario import WawScenario
from armistice.verify.walk import Run
from armistice.verify.walk import ends as walked

Faces = Literal["classes", "faces"]


def tried(roll: Roll, faces: Faces) -> list[int]:
    """The faces tried for ``roll``: the first of each result class, or every face."""
    if faces == "faces":
        return list(roll.dice.faces())
    return [o.faces[0] for o in roll.outcomes if o.faces]


def answers(prompt: Prompt, faces: Faces) -> list[tuple[AnswerValue, Via]]:
    """What the walk sends ``prompt``: each face :func:`tried` of a roll, each combination
    of a batch's members' (member key -> face), each enabled option of a decision."""
    if isinstance(prompt, Rolls):
        keys = [m.key for m in prompt.members]
        picks = itertools.product(*(tried(m, faces) for m in prompt.members))
        return [(dict(zip(keys, pick, strict=True)), Via.TYPED) for pick in picks]
    if isinstance(prompt, Roll):
        return [(face, Via.TYPED) for face in tried(prompt, faces)]
    assert isinstance(prompt, Decision)
    return [(o.value, Via.DECIDED) for o in prompt.options if o.enabled]


def ends(s: WawScenario, assumptions: Mapping[str, str], faces: Faces) -> Iterator[Run]:
    """A finished run for every die result and every choice from the start of ``s`` (a
    game's checks of ``s`` and ``assumptions`` first: raises ScenarioError or
    UnknownAssumption as :class:`Game` does)."""
    start = Run.at(Game(s, assumptions=dict(assumptions), seed=0))
    return walked(start, functools.partial(answers, faces=faces))
