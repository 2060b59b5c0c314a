"""Dice: what a roll is, how the app rolls it from a seed, and its exact odds.

A roll's result is an answer like any other (see :mod:`core.game`): the app
draws it from a seed or a player types the value of a physical die.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import msgspec


class Dice(msgspec.Struct, frozen=True):
    """``count`` dice of ``sides`` faces each, summed (``Dice()`` is one six-sided die)."""

    count: int = 1
    sides: int = 6

    @property
    def low(self) -> int:
        """The smallest total."""
        return self.count

    @property
    def high(self) -> int:
        """The largest total."""
        return self.count * self.sides

    def faces(self) -> range:
        """Every total the dice can show, ``low..high``."""
        return range(self.low, self.high + 1)

    def distribution(self) -> dict[int, Fraction]:
        """The exact probability of each total, as fractions that sum to 1."""
        return dict(_distribution(self.count, self.sides))

    def roll(self, seed: int, index: int) -> int:
        """The total rolled for the ``index``-th roll (from 0) of a game seeded with ``seed``.

        The same seed and index always give the same total, whatever was typed
        or rolled before, so a run is replayable from its seed alone.
        """
        rng = random.Random(f"armistice:{seed}:{index}")
        return sum(rng.randint(1, self.sides) for _ in range(self.count))

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@cache
def _distribution(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    whole = sides**count
    return tuple((t, Fraction(n, whole)) for t, n in sorted(ways.items()))


D6 = Dice()
