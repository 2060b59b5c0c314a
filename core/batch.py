"""Exact odds of a batch of independent rolls (:class:`~armistice.core.prompts.Rolls`).

The members are independent, so their distributions are combined rather than their
product enumerated: each member's outcome probabilities come from its dice, each
weighted total's distribution is the convolution of the members' weight distributions,
and the branches an odds walk takes after the batch are the distinct values of what the
batch says the rest of the procedure depends on, each with its exact probability and a
representative answer. Every figure is an exact fraction.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

import msgspec

from armistice.core.prompts import Roll, Rolls

Witness = tuple[str, ...]
K = TypeVar("K", tuple[int, ...], tuple[str, ...])


class Branch(msgspec.Struct, frozen=True):
    """One branch after a batch: ``value`` is what the rest depends on (the values of the
    totals named by ``depends``, in that order; each member's outcome label when the rest
    depends on every member; empty when it depends on nothing), ``probability`` its exact
    chance and ``answer`` one assignment (member key -> total) that gives it."""

    value: tuple[int, ...] | tuple[str, ...]
    probability: Fraction
    answer: dict[str, int]


def outcome_odds(roll: Roll) -> dict[str, Fraction]:
    """The exact probability of each outcome class of ``roll``, by label, as its faces add
    up; classes no face can show are left out. Raises KeyError for a face the dice cannot
    show."""
    return dict(_outcome_odds(roll))


@lru_cache(maxsize=1024)
def _outcome_odds(roll: Roll) -> tuple[tuple[str, Fraction], ...]:
    distribution = roll.dice.distribution()
    found = []
    for outcome in roll.outcomes:
        p = sum((distribution[face] for face in outcome.faces), Fraction(0))
        if p:
            found.append((outcome.label, p))
    return tuple(found)


def member_odds(prompt: Rolls) -> dict[str, dict[str, Fraction]]:
    """Each member's outcome probabilities: member key -> outcome label -> probability."""
    return {member.key: outcome_odds(member) for member in prompt.members}


def total_odds(prompt: Rolls, key: str) -> dict[int, Fraction]:
    """The exact distribution of the total called ``key``: value (in the total's unit) ->
    probability, in ascending order of value, by convolution over the members. Raises
    KeyError for a total the batch does not declare."""
    return {value[0]: p for value, (p, _) in _combined(prompt, (key,)).items()}


def branches(prompt: Rolls) -> tuple[Branch, ...]:
    """The branches an odds walk takes after ``prompt`` (see :class:`Branch`), most likely
    first; their probabilities sum to exactly 1."""
    faces = {m.key: {o.label: o.faces[0] for o in m.outcomes if o.faces} for m in prompt.members}

    def answer(witness: Witness) -> dict[str, int]:
        return {
            m.key: faces[m.key][label] for m, label in zip(prompt.members, witness, strict=True)
        }

    if prompt.depends is None:
        found = [Branch(v, p, answer(w)) for v, (p, w) in _product(prompt).items()]
    else:
        found = [Branch(v, p, answer(w)) for v, (p, w) in _combined(prompt, prompt.depends).items()]
    return tuple(sorted(found, key=lambda b: -b.probability))


def _combine(
    prompt: Rolls, start: K, signature: Callable[[Roll, str], K], join: Callable[[K, K], K]
) -> dict[K, tuple[Fraction, Witness]]:
    """Fold the members in order from ``start``: each reachable combined value with its
    probability and the outcome labels (one per member so far) of one way to reach it."""
    reached: dict[K, tuple[Fraction, Witness]] = {start: (Fraction(1), ())}
    entry: tuple[Fraction, Witness]
    for member in prompt.members:
        step: dict[K, tuple[Fraction, Witness]] = {}
        for label, q in outcome_odds(member).items():
            sign = signature(member, label)
            for value, entry in reached.items():
                joined = join(value, sign)
                before = step.get(joined)
                if before is None:
                    step[joined] = (entry[0] * q, (*entry[1], label))
                else:
                    step[joined] = (before[0] + entry[0] * q, before[1])
        reached = step
    return reached


@lru_cache(maxsize=512)
def _combined(
    prompt: Rolls, names: tuple[str, ...]
) -> dict[tuple[int, ...], tuple[Fraction, Witness]]:
    """The joint distribution of the totals ``names``, by convolution, sorted by value."""
    totals = [prompt.total(name) for name in names]

    def signature(member: Roll, label: str) -> tuple[int, ...]:
        return tuple(total.weight(member.key, label) for total in totals)

    def add(value: tuple[int, ...], sign: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(value, sign, strict=True))

    start = tuple(0 for _ in names)
    return dict(sorted(_combine(prompt, start, signature, add).items()))


@lru_cache(maxsize=64)
def _product(prompt: Rolls) -> dict[tuple[str, ...], tuple[Fraction, Witness]]:
    """Every combination of the members' outcome labels, with its probability."""
    empty: tuple[str, ...] = ()
    return _combine(prompt, empty, lambda _member, label: (label,), lambda v, sign: v + sign)
