from __future__ import annotations

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

from armistice.core import logic


@pytest.mark.parametrize(
    ("value", "expected"), [(-10, -3), (-3, -3), (-1, -1), (0, 0), (3, 3), (4, 3), (10, 3)]
)
def test_clamp_holds_value_within_bounds(value: int, expected: int) -> None:
    assert logic.clamp(value, -3, 3) == expected


@pytest.mark.parametrize(
    ("a", "b", "expected"), [(21, 10, 2), (9, 10, 0), (10, 10, 1), (-1, 2, -1), (-21, 10, -3)]
)
def test_floor_div_rounds_towards_minus_infinity(a: int, b: int, expected: int) -> None:
    assert logic.floor_div(a, b) == expected


@pytest.mark.parametrize("divisor", [0, -2])
def test_floor_div_refuses_a_divisor_that_is_not_positive(divisor: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        logic.floor_div(7, divisor)


def test_ite_min_max_and_flags_on_plain_values() -> None:
    assert logic.ite(True, "a", "b") == "a"
    assert logic.ite(False, "a", "b") == "b"
    assert logic.max_(2, 5) == 5
    assert logic.min_(2, 5) == 2
    assert logic.as_int(True) == 1
    assert logic.as_int(False) == 0
    assert logic.and_(True, True) is True
    assert logic.and_(True, False) is False
    assert logic.or_(False, True) is True
    assert logic.not_(True) is False
    assert logic.sum_([]) == 0
    assert logic.sum_([1, -2, 4]) == 3


def test_lookup_returns_the_cell_and_refuses_a_missing_key() -> None:
    table = {-1: "low", 0: "zero", 1: "high"}
    assert logic.lookup(table, 0) == "zero"
    assert logic.in_domain(table, 1)
    assert not logic.in_domain(table, 2)
    with pytest.raises(KeyError):
        logic.lookup(table, 2)


def test_band_index_finds_the_first_band_with_open_ends() -> None:
    bands = ((None, 3), (4, None))
    assert logic.band_index(bands, -20) == 0
    assert logic.band_index(bands, 3) == 0
    assert logic.band_index(bands, 4) == 1
    assert logic.band_index(bands, 99) == 1
    assert logic.band_index(((1, 2), (5, 6)), 3) == -1


def test_is_symbolic_tells_z3_terms_from_plain_values() -> None:
    assert not logic.is_symbolic(1, True, "x")
    assert logic.is_symbolic(1, z3.Int("x"))


def _proved(claim: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.add(z3.Not(claim))
    return solver.check() == z3.unsat


def test_symbolic_floor_div_is_the_floor_for_negative_numbers_too() -> None:
    x = z3.Int("x")
    q = logic.floor_div(x, 10)
    assert _proved(z3.And(q * 10 <= x, x < q * 10 + 10))


def test_symbolic_clamp_stays_within_bounds_and_fixes_values_inside() -> None:
    x = z3.Int("x")
    c = logic.clamp(x, -3, 3)
    assert _proved(z3.And(c >= -3, c <= 3))
    assert _proved(z3.Implies(z3.And(x >= -3, x <= 3), c == x))


def test_symbolic_lookup_and_band_index_agree_with_the_concrete_path() -> None:
    table = {-1: 10, 0: 20, 1: 30}
    bands = ((None, 3), (4, 7), (8, None))
    k = z3.Int("k")
    for key in table:
        assert _proved(z3.Implies(k == key, logic.lookup(table, k) == table[key]))
    for value in range(-2, 12):
        expected = logic.band_index(bands, value)
        assert _proved(z3.Implies(k == value, logic.band_index(bands, k) == expected))
    assert _proved(logic.in_domain(table, k) == z3.Or(k == -1, k == 0, k == 1))


@given(st.integers(-1000, 1000), st.integers(1, 50))
def test_floor_div_equals_python_floor_division(a: int, b: int) -> None:
    assert logic.floor_div(a, b) == a // b


@given(st.integers(-100, 100), st.integers(-10, 0), st.integers(0, 10))
def test_clamp_equals_min_of_max(value: int, low: int, high: int) -> None:
    assert logic.clamp(value, low, high) == min(max(value, low), high)
