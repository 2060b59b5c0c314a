"""Exact odds of a batch of independent rolls (:class:`~armistice.core.prompts.Rolls`).

The members are independent, so their distributions are combined rather than their
product enumerated: each member's outcome probabilities come from its dice, each
weighted total's distribution is the convolution of the members' weight distributions,
and the branches an odds walk takes after the batch are the distinct values of what the
batch says the rest of the procedure depends on, each with its exact probability and a
representative answer. Every figure is an exact fraction.
"""

from __future__ import annotations

import sys
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


NONE = sys.maxsize
"""The rank of a total that no member has added to yet."""


@lru_cache(maxsize=512)
def _combined(
    prompt: Rolls, names: tuple[str, ...]
) -> dict[tuple[int, ...], tuple[Fraction, Witness]]:
    """The joint distribution of the totals ``names``, by convolution, sorted by value.

    Each total is folded as a (rank, sum) pair: a plain total has rank 0 throughout; one
    that counts only its lowest rank keeps the lowest rank rolled so far and the sum of the
    weights at that rank."""
    totals = [prompt.total(name) for name in names]

    def signature(member: Roll, label: str) -> tuple[int, ...]:
        sign: list[int] = []
        for total in totals:
            rank = total.rank(member.key, label) if total.lowest_rank else 0
            sign += [NONE, 0] if rank is None else [rank, total.weight(member.key, label)]
        return tuple(sign)

    def join(value: tuple[int, ...], sign: tuple[int, ...]) -> tuple[int, ...]:
        out: list[int] = []
        for i in range(0, len(value), 2):
            low = min(value[i], sign[i])
            out += [
                low,
                (value[i + 1] if value[i] == low else 0) + (sign[i + 1] if sign[i] == low else 0),
            ]
        return tuple(out)

    start = tuple(x for total in totals for x in ((NONE if total.lowest_rank else 0), 0))
    found: dict[tuple[int, ...], tuple[Fraction, Witness]] = {}
    for pairs, (p, witness) in _combine(prompt, start, signature, join).items():
        value = pairs[1::2]
        before = found.get(value)
        found[value] = (p, witness) if before is None else (before[0] + p, before[1])
    return dict(sorted(found.items()))


@lru_cache(maxsize=64)
def _product(prompt: Rolls) -> dict[tuple[str, ...], tuple[Fraction, Witness]]:
    """Every combination of the members' outcome labels, with its probability."""
    empty: tuple[str, ...] = ()
    return _combine(prompt, empty, lambda _member, label: (label,), lambda v, sign: v + sign)
