"""What a property is, what checking one gives, and how strong each verdict is."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from typing import Any


class Verdict(enum.StrEnum):
    """``proved`` and ``violated`` for invariants; ``finding`` for what a designer should know."""

    PROVED = "proved"
    VIOLATED = "violated"
    FINDING = "finding"
    UNKNOWN = "unknown"


class Strength(enum.StrEnum):
    """How far a verdict reaches: ``proved`` for every integer its inputs may take (under the
    property's stated preconditions), ``exhaustive`` for every value within stated bounds,
    ``sampled`` for a stated number of drawn cases only."""

    PROVED = "proved"
    EXHAUSTIVE = "exhaustive"
    SAMPLED = "sampled"


Bounds = Mapping[str, tuple[int, int]]
"""Input name -> ``(low, high)``, both included: the values an exhaustive check covered."""


@dataclass(frozen=True)
class Result:
    """The outcome of one property.

    ``rules`` are the rule numbers the property is about; ``needed`` those a
    proof used (its unsat core); ``explanation`` says it in words;
    ``counterexample`` holds the violating inputs (name -> value) and
    ``scenario`` the path of a scenario file reproducing them; ``rlimit`` is
    z3's resource count, ``seconds`` the wall time; ``system`` the key of the rule
    system whose suite gave it (set by the runner).

    ``strength`` (keyword only, required) says how far the verdict reaches: ``bounds``
    are the ranges an ``exhaustive`` check covered, ``domain`` the same in a sentence a
    designer reads (what every case was, e.g. ``every level from -3 to +3``), ``cases`` how
    many cases it ran, ``samples`` the number of cases a ``sampled`` one drew. Raises
    ValueError when they do not fit the strength.

    ``demoted`` says why a property that is an invariant of the published tables is only a
    finding here (edited tables may mean to differ from the book); empty otherwise.
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
    system: str = ""
    strength: Strength = field(kw_only=True)
    bounds: Bounds = field(default_factory=dict, kw_only=True)
    samples: int = field(default=0, kw_only=True)
    domain: str = field(default="", kw_only=True)
    cases: int = field(default=0, kw_only=True)
    demoted: str = field(default="", kw_only=True)

    def __post_init__(self) -> None:
        if self.strength is Strength.EXHAUSTIVE and not self.bounds:
            raise ValueError(f"{self.name}: an exhaustive verdict states its bounds")
        if self.strength is Strength.SAMPLED and self.samples < 1:
            raise ValueError(f"{self.name}: a sampled verdict states its number of cases")
        if self.strength is not Strength.EXHAUSTIVE and (self.bounds or self.domain):
            raise ValueError(f"{self.name}: only an exhaustive verdict has bounds")
        if self.strength is not Strength.SAMPLED and self.samples:
            raise ValueError(f"{self.name}: only a sampled verdict has a number of cases")

    @property
    def scope(self) -> str:
        """The strength in words: ``proved``, ``exhaustive over`` the domain (or, without
        one, each bound as ``value from -2 to 43``) or ``sampled, 1000 cases``."""
        if self.strength is Strength.EXHAUSTIVE:
            spans = self.domain or "; ".join(
                f"{name} {low}" if low == high else f"{name} from {low} to {high}"
                for name, (low, high) in self.bounds.items()
            )
            return f"exhaustive over {spans}"
        if self.strength is Strength.SAMPLED:
            return f"sampled, {self.samples} cases"
        return self.strength.value


@dataclass(frozen=True)
class Property:
    """A named check: ``check(tables)`` returns its Result, about ``rules`` (rule numbers).
    ``invariant`` properties must be proved; others give findings."""

    name: str
    rules: tuple[str, ...]
    check: Callable[[Any], Result]
    invariant: bool = True


@dataclass(frozen=True)
class Check:
    """One step of a suite's run: ``name``, the ``rules`` (rule numbers) it concerns, and
    ``run()``, which gives its results (one for a property, several for a table analysis)."""

    name: str
    rules: tuple[str, ...]
    run: Callable[[], list[Result]]


@dataclass(frozen=True)
class Mutant:
    """A named small change to a rule system: ``tables`` are the changed table files (what
    the suite's ``build`` turns into tables) and ``patch()`` a context manager that changes
    rule code while it is open (by default none). ``breaks`` names the properties the change
    must make fail: a kept broken engine that shows each of them has teeth."""

    name: str
    tables: Any
    patch: Callable[[], AbstractContextManager[Any]] = nullcontext
    breaks: tuple[str, ...] = ()


BOOK_ONLY = "it compares the tables with the published rule, and a house rule may mean to differ"
"""Why a property that holds the tables to the book is a finding with edited tables."""


def as_finding(result: Result, why: str = BOOK_ONLY) -> Result:
    """``result`` of a property that holds the tables to the book, checked on edited tables:
    not an invariant, a violation becoming a finding (the house value is the rule the engine
    follows), ``demoted`` saying ``why``."""
    verdict = Verdict.FINDING if result.verdict is Verdict.VIOLATED else result.verdict
    return replace(result, invariant=False, verdict=verdict, demoted=why)
