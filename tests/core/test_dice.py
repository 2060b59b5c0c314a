from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armistice.core.dice import D6, Dice


def test_one_die_shows_one_to_six_each_with_probability_one_sixth() -> None:
    assert Dice(1, 6) == D6
    assert list(D6.faces()) == [1, 2, 3, 4, 5, 6]
    assert D6.distribution() == {face: Fraction(1, 6) for face in range(1, 7)}
    assert str(D6) == "1d6"


def test_two_dice_have_the_triangular_distribution() -> None:
    two = Dice(2, 6)
    dist = two.distribution()
    assert (two.low, two.high) == (2, 12)
    assert dist[2] == Fraction(1, 36)
    assert dist[7] == Fraction(1, 6)
    assert dist[12] == Fraction(1, 36)
    assert dist == {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


@pytest.mark.parametrize("dice", [Dice(1, 6), Dice(2, 6), Dice(3, 4), Dice(1, 10)])
def test_distribution_sums_to_one_over_every_face(dice: Dice) -> None:
    dist = dice.distribution()
    assert set(dist) == set(dice.faces())
    assert sum(dist.values()) == 1


@given(st.integers(0, 10**9), st.integers(0, 50))
def test_seeded_roll_is_deterministic_and_on_the_die(seed: int, index: int) -> None:
    first = D6.roll(seed, index)
    assert first == D6.roll(seed, index)
    assert 1 <= first <= 6


@pytest.mark.parametrize("hash_seed", ["0", "12345"])
def test_seeded_rolls_are_the_same_in_another_process(hash_seed: str) -> None:
    probe = (
        "from core.dice import D6, Dice; "
        "print([D6.roll(1, i) for i in range(10)], [Dice(2, 6).roll(5, i) for i in range(5)])"
    )
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env
    )
    here = f"{[D6.roll(1, i) for i in range(10)]} {[Dice(2, 6).roll(5, i) for i in range(5)]}"
    assert result.stdout.strip() == here


def test_seeded_rolls_vary_with_index_and_cover_every_face() -> None:
    seen = {D6.roll(42, i) for i in range(200)}
    assert seen == set(range(1, 7))
