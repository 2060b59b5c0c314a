"""What a property is and what checking one gives."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class Verdict(enum.StrEnum):
    """``proved`` and ``violated`` for invariants; ``finding`` for what a designer should know."""

    PROVED = "proved"
    VIOLATED = "violated"
    FINDING = "finding"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Result:
    """The outcome of one property.

    ``rules`` are the rule numbers the property is about; ``needed`` those a
    proof used (its unsat core); ``explanation`` says it in words;
    ``counterexample`` holds the violating inputs (name -> value) and
    ``scenario`` the path of a scenario file reproducing them; ``rlimit`` is
    z3's resource count, ``seconds`` the wall time.
    """

    name: str
    rules: tuple[str, ...]
    verdict: Verdict
    explanation: str
    needed: tuple[str, ...] = ()
    counterexample: dict[str, Any] = field(default_factory=dict)
    scenario: str = ""
    rlimit: int = 0
    seconds: float = 0.0
    invariant: bool = True


@dataclass(frozen=True)
class Property:
    """A named check: ``check(tables)`` returns its Result. ``invariant`` properties must be
    proved; others give findings."""

    name: str
    rules: tuple[str, ...]
    check: Callable[[Any], Result]
    invariant: bool = True
