from __future__ import annotations

from fractions import Fraction

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
    assert not logic.is_symbolic(Fraction(1, 2), 1.5, None)
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


# Concrete and symbolic agree: each helper gives on ints and bools what its z3 expression
# evaluates to when its variables are set to the same ints and bools (the game runs the first,
# verify proves the second).

ints = st.integers(-1000, 1000)
small = st.integers(-20, 20)
bands = st.lists(st.tuples(st.none() | small, st.none() | small), min_size=0, max_size=5).map(tuple)


def _at(term: object, **values: int | bool) -> int | bool:
    """``term`` evaluated with each z3 variable named in ``values`` set to its value; a plain
    int or bool (a symbolic call that needed no variable) is its own value."""
    if not z3.is_expr(term):
        assert isinstance(term, int), term
        return term
    subs = [
        (z3.Bool(n), z3.BoolVal(v)) if isinstance(v, bool) else (z3.Int(n), z3.IntVal(v))
        for n, v in values.items()
    ]
    done = z3.simplify(z3.substitute(term, *subs)) if subs else z3.simplify(term)
    if z3.is_bool(done):
        assert z3.is_true(done) or z3.is_false(done), done
        return z3.is_true(done)
    assert z3.is_int_value(done), done
    return int(done.as_long())


def _flags(n: int) -> list[z3.BoolRef]:
    return [z3.Bool(f"f{i}") for i in range(n)]


@given(st.booleans(), ints, ints)
def test_ite_concrete_equals_symbolic(cond: bool, a: int, b: int) -> None:
    term = logic.ite(z3.Bool("c"), z3.Int("a"), z3.Int("b"))
    assert _at(term, c=cond, a=a, b=b) == logic.ite(cond, a, b)


@given(ints, ints)
def test_max_min_concrete_equal_symbolic(a: int, b: int) -> None:
    x, y = z3.Int("a"), z3.Int("b")
    assert _at(logic.max_(x, y), a=a, b=b) == logic.max_(a, b) == max(a, b)
    assert _at(logic.min_(x, y), a=a, b=b) == logic.min_(a, b) == min(a, b)


@given(ints, small, small)
def test_clamp_concrete_equals_symbolic(value: int, low: int, high: int) -> None:
    assert _at(logic.clamp(z3.Int("v"), low, high), v=value) == logic.clamp(value, low, high)


@given(ints, st.integers(1, 50))
def test_floor_div_concrete_equals_symbolic(a: int, b: int) -> None:
    assert _at(logic.floor_div(z3.Int("a"), b), a=a) == logic.floor_div(a, b) == a // b


@given(st.booleans())
def test_as_int_and_not_concrete_equal_symbolic(flag: bool) -> None:
    assert _at(logic.as_int(z3.Bool("f")), f=flag) == logic.as_int(flag) == int(flag)
    assert _at(logic.not_(z3.Bool("f")), f=flag) == logic.not_(flag) == (not flag)


@given(st.lists(st.booleans(), min_size=1, max_size=6))
def test_and_or_concrete_equal_symbolic(flags: list[bool]) -> None:
    names = {f"f{i}": v for i, v in enumerate(flags)}
    assert _at(logic.and_(*_flags(len(flags))), **names) == logic.and_(*flags) == all(flags)
    assert _at(logic.or_(*_flags(len(flags))), **names) == logic.or_(*flags) == any(flags)


@given(st.lists(ints, max_size=6))
def test_sum_concrete_equals_symbolic(values: list[int]) -> None:
    terms = [z3.Int(f"v{i}") for i in range(len(values))]
    names = {f"v{i}": v for i, v in enumerate(values)}
    assert _at(logic.sum_(terms), **names) == logic.sum_(values) == sum(values)


@given(st.dictionaries(small, ints, min_size=1, max_size=8), st.data())
def test_lookup_and_in_domain_concrete_equal_symbolic(
    table: dict[int, int], data: st.DataObject
) -> None:
    inside = data.draw(st.sampled_from(sorted(table)))
    anywhere = data.draw(small)
    k = z3.Int("k")
    assert _at(logic.lookup(table, k), k=inside) == logic.lookup(table, inside) == table[inside]
    assert _at(logic.in_domain(table, k), k=anywhere) == logic.in_domain(table, anywhere)
    assert logic.in_domain(table, anywhere) == (anywhere in table)
    if anywhere not in table:  # as documented: the last key's value outside the table
        assert _at(logic.lookup(table, k), k=anywhere) == table[max(table)]


@given(bands, st.integers(-25, 25))
def test_band_index_concrete_equals_symbolic(
    rows: tuple[tuple[int | None, int | None], ...], value: int
) -> None:
    expected = next(
        (
            i
            for i, (low, high) in enumerate(rows)
            if (low is None or value >= low) and (high is None or value <= high)
        ),
        -1,
    )
    assert _at(logic.band_index(rows, z3.Int("v")), v=value) == logic.band_index(rows, value)
    assert logic.band_index(rows, value) == expected
