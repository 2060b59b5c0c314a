"""The arithmetic that rules are written in, concrete or symbolic.

Each helper takes plain ``int``/``bool`` values and returns plain values, or
takes z3 terms and builds z3 expressions. z3 is imported only on the symbolic
path, so core runs without it. Inside a rule function never branch with
``if``, ``min`` or ``max`` on a value that may be symbolic: use these.

Example::

    >>> clamp(5, -3, 3)
    3
    >>> floor_div(21, 10)
    2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")

# Kept as Any: a value is an int, a bool, or a z3 term that stands for one.
Num = Any
Bool = Any


_CONCRETE = frozenset({int, bool, str, type(None)})


def is_symbolic(*values: object) -> bool:
    """True when any value is a z3 term (checked by its type's module, without importing z3)."""
    for v in values:
        kind = type(v)
        if kind not in _CONCRETE and kind.__module__.startswith("z3"):
            return True
    return False


def _z3() -> Any:
    import z3  # the symbolic path only

    return z3


def ite(cond: Bool, then: T, otherwise: T) -> T:
    """``then`` if ``cond`` else ``otherwise``; a z3 ``If`` when ``cond`` is symbolic."""
    if is_symbolic(cond):
        result: T = _z3().If(cond, then, otherwise)
        return result
    return then if cond else otherwise


def max_(a: Num, b: Num) -> Num:
    """The larger of two numbers."""
    return ite(a >= b, a, b) if is_symbolic(a, b) else max(a, b)


def min_(a: Num, b: Num) -> Num:
    """The smaller of two numbers."""
    return ite(a <= b, a, b) if is_symbolic(a, b) else min(a, b)


def clamp(value: Num, low: int, high: int) -> Num:
    """``value`` held within ``low..high`` inclusive."""
    return min_(max_(value, low), high)


def floor_div(a: Num, b: int) -> Num:
    """``a`` divided by the positive constant ``b``, rounded towards minus infinity.

    Raises ValueError if ``b`` is not positive. z3's integer division equals
    the floor for a positive divisor.
    """
    if b <= 0:
        raise ValueError(f"floor_div needs a positive divisor, got {b}")
    return a / b if is_symbolic(a) else a // b


def as_int(flag: Bool) -> Num:
    """1 for true, 0 for false."""
    return ite(flag, 1, 0)


def and_(*flags: Bool) -> Bool:
    """Logical and of all flags."""
    if is_symbolic(*flags):
        return _z3().And(*flags)
    return all(flags)


def or_(*flags: Bool) -> Bool:
    """Logical or of all flags."""
    if is_symbolic(*flags):
        return _z3().Or(*flags)
    return any(flags)


def not_(flag: Bool) -> Bool:
    """Logical negation."""
    return _z3().Not(flag) if is_symbolic(flag) else not flag


def sum_(values: Iterable[Num]) -> Num:
    """The sum of the values (0 for none)."""
    total: Num = 0
    for v in values:
        total = total + v
    return total


def lookup(table: Mapping[int, T], key: Num) -> T:
    """``table[key]`` for an integer key.

    Concrete keys outside the table raise KeyError. A symbolic key gives a
    chain of ``If`` over the table's keys; outside them it takes the value of
    the last key, so a caller proving totality must also prove ``in_domain``.
    """
    if not is_symbolic(key):
        return table[key]
    keys = sorted(table)
    result: Any = table[keys[-1]]
    for k in reversed(keys[:-1]):
        result = _z3().If(key == k, table[k], result)
    value: T = result
    return value


def in_domain(table: Mapping[int, object], key: Num) -> Bool:
    """Whether ``key`` is one of the table's keys."""
    if not is_symbolic(key):
        return key in table
    return or_(*(key == k for k in table))


def band_index(bands: tuple[tuple[int | None, int | None], ...], value: Num) -> Num:
    """Index of the first band ``(low, high)`` holding ``value``, or -1 if none does.

    ``None`` leaves a side open: ``(None, 3)`` is "3 or lower". Result tables
    (a modified die roll to a result) are written as bands.
    """
    if not is_symbolic(value):
        for index, (low, high) in enumerate(bands):
            if (low is None or value >= low) and (high is None or value <= high):
                return index
        return -1
    result: Any = -1
    for index in reversed(range(len(bands))):
        low, high = bands[index]
        inside = and_(
            True if low is None else value >= low, True if high is None else value <= high
        )
        result = ite(inside, index, result)
    return result
