"""Memoizing work that depends only on an immutable scenario.

Replays (undo, loading a save, odds walking every die) rerun a procedure from
the start; steps that read nothing but the scenario and a few assumption
values need not be recomputed. Entries live as long as their scenario.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, TypeVar

R = TypeVar("R")


def per_scenario(fn: Callable[..., R]) -> Callable[..., R]:
    """Cache ``fn(scenario, *args)`` by the scenario's identity and the hashable ``args``.

    The scenario must support weak references (``msgspec.Struct(weakref=True)``);
    its entries are dropped when it is garbage-collected.
    """
    cache: dict[tuple[int, tuple[Hashable, ...]], tuple[weakref.ref[Any], R]] = {}

    @wraps(fn)
    def cached(scenario: Any, *args: Hashable) -> R:
        key = (id(scenario), args)
        hit = cache.get(key)
        if hit is not None and hit[0]() is scenario:
            return hit[1]
        result = fn(scenario, *args)
        cache[key] = (weakref.ref(scenario, lambda _ref: cache.pop(key, None)), result)
        return result

    return cached
