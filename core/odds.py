"""Exact odds: walk a game's procedure over every die result, with fractions.

From the current state, each pending Roll branches once per named outcome
(totals with the same result are one branch, weighted by their combined
probability), and each pending Decision or Selection takes its documented
default unless an answer is supplied. No sampling: the figures are exact.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from fractions import Fraction

import msgspec

from armistice.core.game import Game
from armistice.core.prompts import Answer, AnswerValue, Prompt, Roll, Via

Policy = Callable[[Prompt], AnswerValue | None]


class Odds(msgspec.Struct, frozen=True):
    """Exact probabilities from a game's current state.

    * ``outcomes``: each final outcome (the system's outcome pairs) with its probability;
    * ``marginals``: for each outcome key, each value with its probability;
    * ``rolls``: for each roll key, the probability of each named result
      (conditioned on nothing: a roll that may not happen sums to less than 1);
    * ``defaults``: the prompt keys whose defaults were taken to get there.
    """

    outcomes: tuple[tuple[tuple[tuple[str, Hashable], ...], Fraction], ...]
    marginals: dict[str, dict[str, Fraction]]
    rolls: dict[str, dict[str, Fraction]]
    defaults: tuple[str, ...]


def odds(game: Game, choose: Policy | None = None) -> Odds:
    """The exact odds of every outcome of ``game`` from its current state.

    ``choose`` answers a Decision or Selection prompt, or returns None to
    take its default. Raises IllegalAnswer if a chosen answer is refused.
    """
    outcomes: dict[tuple[tuple[str, Hashable], ...], Fraction] = defaultdict(Fraction)
    rolls: dict[str, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    defaults: list[str] = []
    base = list(game.answers)

    def walk(path: list[Answer], weight: Fraction) -> None:
        branch = Game(
            game.scenario, assumptions=game.assumptions, seed=game.seed, answers=base + path
        )
        prompt = branch.prompt
        if prompt is None:
            outcomes[game.system.outcome(branch.state)] += weight
            return
        if isinstance(prompt, Roll):
            distribution = prompt.dice.distribution()
            for outcome in prompt.outcomes:
                p = sum((distribution[face] for face in outcome.faces), Fraction(0))
                if p:
                    rolls[prompt.key][outcome.label] += weight * p
                    walk([*path, Answer(prompt.key, outcome.faces[0], Via.ROLLED)], weight * p)
            return
        chosen = choose(prompt) if choose else None
        if chosen is not None:
            value = prompt.check(chosen)
        else:
            value = prompt.default_answer()
            if prompt.key not in defaults:
                defaults.append(prompt.key)
        walk([*path, Answer(prompt.key, value, Via.DEFAULT)], weight)

    walk([], Fraction(1))
    marginals: dict[str, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    for outcome, p in outcomes.items():
        for key, value in outcome:
            marginals[key][str(value)] += p
    return Odds(
        outcomes=tuple(sorted(outcomes.items(), key=lambda kv: (-kv[1], kv[0]))),
        marginals={k: dict(v) for k, v in marginals.items()},
        rolls={k: dict(v) for k, v in rolls.items()},
        defaults=tuple(defaults),
    )
