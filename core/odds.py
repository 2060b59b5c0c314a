"""Exact odds: walk a game's procedure over every die result, with fractions.

From the current state, each pending Roll branches once per named outcome (totals with the
same result are one branch, weighted by their combined probability). A pending batch of
rolls (:class:`~armistice.core.prompts.Rolls`) is combined rather than enumerated (see
:mod:`armistice.core.batch`): its members' outcome odds and its weighted totals are
reported, and the walk branches only over the distinct values of what the batch says the
rest of the procedure depends on. Each pending Decision or Selection takes its documented
default unless an answer is supplied. No sampling: the figures are exact.

Positions are reused: the first branch of a roll goes on with the same game (the others
replay from the first answer), and for a system that declares itself ``memoryless`` a
position reached again (same state, same pending prompt) is worked out once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import msgspec

from armistice.core.batch import branches, member_odds, outcome_odds, total_odds
from armistice.core.game import Game
from armistice.core.prompts import Answer, AnswerValue, Prompt, Roll, Rolls, Via
from armistice.core.systems import Outcome

Policy = Callable[[Prompt], AnswerValue | None]


class TotalOdds(msgspec.Struct, frozen=True):
    """A weighted total's exact distribution: its ``label``, its ``unit`` and value (in that
    unit) -> probability, conditioned on nothing (a batch that may not be rolled sums to
    less than 1)."""

    label: str
    unit: str
    distribution: dict[int, Fraction]


class Odds(msgspec.Struct, frozen=True):
    """Exact probabilities from a game's current state.

    * ``outcomes``: each final outcome (the system's outcome pairs) with its probability;
    * ``marginals``: for each outcome key, each value with its probability;
    * ``rolls``: for each roll key (a batch's member keys included), the probability of each
      named result (conditioned on nothing: a roll that may not happen sums to less than 1);
    * ``totals``: for each weighted total a batch declares, by key, its distribution;
    * ``defaults``: the prompt keys whose defaults were taken to get there;
    * ``labels``: each prompt key above (rolls, batch members, defaults) as a reader sees it,
      with its rule: ``Lebanon-Syria colonial die (58.531)``.
    """

    outcomes: tuple[tuple[Outcome, Fraction], ...]
    marginals: dict[str, dict[str, Fraction]]
    rolls: dict[str, dict[str, Fraction]]
    defaults: tuple[str, ...]
    totals: dict[str, TotalOdds] = {}
    labels: dict[str, str] = {}

    def document(self) -> dict[str, Any]:
        """The odds as JSON-ready values, fractions as strings such as ``"1/6"``: the one
        shape every rule system reports them in (``odds`` in ``armistice resolve --json``
        and ``armistice odds --json``). Total values become strings, as JSON keys."""
        return {
            "labels": dict(self.labels),
            "defaults": list(self.defaults),
            "rolls": {k: {label: str(p) for label, p in v.items()} for k, v in self.rolls.items()},
            "marginals": {
                k: {label: str(p) for label, p in v.items()} for k, v in self.marginals.items()
            },
            "outcomes": [
                {"outcome": msgspec.to_builtins(dict(o)), "probability": str(p)}
                for o, p in self.outcomes
            ],
            "totals": {
                k: {
                    "label": t.label,
                    "unit": t.unit,
                    "distribution": {str(v): str(p) for v, p in t.distribution.items()},
                }
                for k, t in self.totals.items()
            },
        }


def odds(game: Game, choose: Policy | None = None) -> Odds:
    """The exact odds of every outcome of ``game`` from its current state.

    ``choose`` answers a Decision or Selection prompt, or returns None to take its
    default. ``game`` itself is left as it is. Raises IllegalAnswer or RuleRestriction if
    a chosen answer is refused.
    """
    walk = _Walk(game, choose)
    tally = walk.visit(walk.fork(game.answers))
    marginals: dict[str, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    for outcome, p in tally.outcomes.items():
        for key, value in outcome:
            marginals[key][str(value)] += p
    return Odds(
        outcomes=tuple(sorted(tally.outcomes.items(), key=lambda kv: (-kv[1], kv[0]))),
        marginals={k: dict(v) for k, v in marginals.items()},
        rolls={k: dict(v) for k, v in tally.rolls.items()},
        defaults=tuple(walk.defaults),
        labels=walk.labels,
        totals={
            k: TotalOdds(*walk.named[k], dict(sorted(v.items()))) for k, v in tally.totals.items()
        },
    )


class _Tally:
    """What follows one position, conditioned on reaching it."""

    __slots__ = ("outcomes", "rolls", "totals")

    def __init__(self) -> None:
        self.outcomes: defaultdict[Outcome, Fraction] = defaultdict(Fraction)
        self.rolls: defaultdict[str, defaultdict[str, Fraction]] = defaultdict(
            lambda: defaultdict(Fraction)
        )
        self.totals: defaultdict[str, defaultdict[int, Fraction]] = defaultdict(
            lambda: defaultdict(Fraction)
        )

    def add(self, other: _Tally, p: Fraction) -> None:
        """Add ``other``, reached with probability ``p`` from here."""
        for outcome, q in other.outcomes.items():
            self.outcomes[outcome] += p * q
        for key, by_label in other.rolls.items():
            mine = self.rolls[key]
            for label, q in by_label.items():
                mine[label] += p * q
        for key, by_value in other.totals.items():
            into = self.totals[key]
            for value, q in by_value.items():
                into[value] += p * q


class _Walk:
    """One odds walk: its policy, the defaults it took, the totals' names, and (for a
    memoryless system) what each position it worked out leads to."""

    def __init__(self, game: Game, choose: Policy | None) -> None:
        self.origin, self.assumptions, self.seed = game.origin, game.assumptions, game.seed
        self.facts, self.house = game.facts, game.house
        self.outcome = game.system.outcome
        self.choose = choose
        self.defaults: list[str] = []
        self.named: dict[str, tuple[str, str]] = {}
        self.labels: dict[str, str] = {}
        self.seen: dict[bytes, _Tally] | None = {} if game.system.memoryless else None

    def fork(self, answers: tuple[Answer, ...]) -> Game:
        """A game of its own at the position ``answers`` lead to (through the same links)."""
        return Game(
            self.origin,
            assumptions=self.assumptions,
            seed=self.seed,
            answers=answers,
            facts=self.facts,
            tables=self.house,
        )

    def decide(self, game: Game) -> Roll | Rolls | None:
        """Answer decisions and selections in place until a roll, a batch or the end."""
        while (prompt := game.prompt) is not None and not isinstance(prompt, Roll | Rolls):
            chosen = self.choose(prompt) if self.choose else None
            if chosen is None:
                chosen = prompt.default_answer()
                if prompt.key not in self.defaults:
                    self.defaults.append(prompt.key)
                    self.label(prompt)
            game.answer(chosen, Via.DEFAULT)
        return prompt

    def label(self, prompt: Prompt) -> None:
        """Remember how ``prompt``'s key reads: its label and rule."""
        if prompt.key not in self.labels:
            self.labels[prompt.key] = (
                f"{prompt.label} ({prompt.rule})" if prompt.rule else prompt.label
            )

    def visit(self, game: Game) -> _Tally:
        """What follows ``game``'s position; ``game`` is used up on the way."""
        prompt = self.decide(game)
        tally = _Tally()
        if prompt is None:
            tally.outcomes[self.outcome(game.state)] = Fraction(1)
            return tally
        key = msgspec.msgpack.encode((game.state, prompt)) if self.seen is not None else b""
        if self.seen is not None and key in self.seen:
            return self.seen[key]
        children: list[tuple[Fraction, int | dict[str, int]]]
        self.label(prompt)
        if isinstance(prompt, Roll):
            found = outcome_odds(prompt)
            tally.rolls[prompt.key].update(found)
            children = [(found[o.label], o.faces[0]) for o in prompt.outcomes if o.label in found]
        else:
            for roll in prompt.members:
                self.label(roll)
            for member, by_label in member_odds(prompt).items():
                tally.rolls[member].update(by_label)
            for total in (t for t in prompt.totals if t.reported):
                self.named.setdefault(total.key, (total.label, total.unit))
                tally.totals[total.key].update(total_odds(prompt, total.key))
            children = [(b.probability, b.answer) for b in branches(prompt)]
        base = game.answers
        for i, (p, value) in enumerate(children):
            if i == 0:
                game.answer(value, Via.TYPED)
                child = game
            else:
                child = self.fork((*base, Answer(prompt.key, value, Via.TYPED)))
            tally.add(self.visit(child), p)
        if self.seen is not None:
            self.seen[key] = tally
        return tally
