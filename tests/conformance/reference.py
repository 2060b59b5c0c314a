"""Reference odds for checking the engine: the plainest exact walk, reusing nothing.

Every position is replayed from the first answer; a Roll branches over its outcome
classes and a batch of rolls over the product of its members' classes (every assignment
of classes, whatever the batch says the rest depends on). Slow by design; ``budget``
bounds the positions it visits.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Hashable
from fractions import Fraction

from armistice.core.batch import outcome_odds
from armistice.core.game import Game
from armistice.core.odds import Policy
from armistice.core.prompts import Answer, Roll, Rolls, Via

Outcome = tuple[tuple[str, Hashable], ...]


class TooBig(Exception):
    """The walk would visit more positions than its budget."""


class Reference:
    """What the plain walk found: ``outcomes``, ``rolls`` (key -> label -> probability),
    ``totals`` (key -> value -> probability) and the ``defaults`` taken."""

    def __init__(self) -> None:
        self.outcomes: dict[Outcome, Fraction] = defaultdict(Fraction)
        self.rolls: dict[str, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
        self.totals: dict[str, dict[int, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
        self.defaults: set[str] = set()


def reference(game: Game, choose: Policy | None = None, budget: int = 100_000) -> Reference:
    """The odds of ``game`` from its current state by the plain walk; raises TooBig after
    ``budget`` positions."""
    found = Reference()
    base = list(game.answers)
    visited = 0

    def walk(path: list[Answer], weight: Fraction) -> None:
        nonlocal visited
        visited += 1
        if visited > budget:
            raise TooBig(f"more than {budget} positions")
        branch = Game(
            game.scenario, assumptions=game.assumptions, seed=game.seed, answers=base + path
        )
        prompt = branch.prompt
        if prompt is None:
            found.outcomes[game.system.outcome(branch.state)] += weight
            return
        if isinstance(prompt, Roll):
            for label, p in outcome_odds(prompt).items():
                found.rolls[prompt.key][label] += weight * p
                face = next(o.faces[0] for o in prompt.outcomes if o.label == label)
                walk([*path, Answer(prompt.key, face, Via.TYPED)], weight * p)
            return
        if isinstance(prompt, Rolls):
            walk_batch(prompt, path, weight)
            return
        chosen = choose(prompt) if choose else None
        if chosen is None:
            chosen = prompt.default_answer()
            found.defaults.add(prompt.key)
        walk([*path, Answer(prompt.key, prompt.check(chosen), Via.DEFAULT)], weight)

    def walk_batch(prompt: Rolls, path: list[Answer], weight: Fraction) -> None:
        classes = []
        for member in prompt.members:
            odds = outcome_odds(member)
            classes.append([(o, odds[o.label]) for o in member.outcomes if o.label in odds])
        for picked in itertools.product(*classes):
            p = Fraction(1)
            for _, q in picked:
                p *= q
            labels = {m.key: o.label for m, (o, _) in zip(prompt.members, picked, strict=True)}
            for member_key, label in labels.items():
                found.rolls[member_key][label] += weight * p
            for total in (t for t in prompt.totals if t.reported):
                found.totals[total.key][total.of(labels)] += weight * p
            value = {m.key: o.faces[0] for m, (o, _) in zip(prompt.members, picked, strict=True)}
            walk([*path, Answer(prompt.key, value, Via.TYPED)], weight * p)

    walk([], Fraction(1))
    return found
