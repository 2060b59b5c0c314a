"""z3 with rule-labelled assumptions: proofs name the rules they needed.

A :class:`Proof` collects definitions, each tagged with the rule that states it,
and domain facts (tagged ``domain``); :meth:`Proof.prove` asserts the negation of
a claim and asks z3 for unsatisfiability under a resource limit. Unsat gives the
rule numbers of a minimal core (z3's ``core.minimize``: no fact in it can be dropped);
sat gives the smallest model of the named inputs z3 finds within a budget, and the values
the engine and the rule give there.
"""

from __future__ import annotations

import builtins
import time
from dataclasses import dataclass, field
from typing import Any

import z3

RLIMIT = 5_000_000
"""z3 resource limit per property: a proof that needs more is reported as unknown."""

SHRINK_RLIMIT = 20_000_000
"""z3 resource limit for making a counterexample smaller (under 2 s here); the best model
found by then is the one reported. A resource count rather than a time, so that a loaded
machine reports the same counterexample."""

Shown = dict[str, tuple[Any, Any]]
"""Label -> ``(engine term, rule term)``: what a counterexample's explanation compares."""


@dataclass
class Outcome:
    """What z3 said: ``proved`` (unsat), the ``rules`` in the core, or a ``model`` of the
    inputs (name -> int or bool) with the ``shown`` values compared there."""

    proved: bool
    rules: tuple[str, ...]
    model: dict[str, Any]
    rlimit: int
    seconds: float
    unknown: bool = False
    shown: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    """Label -> ``(engine value, rule value)`` in the counterexample."""


@dataclass
class Proof:
    """Definitions tagged with rule numbers, named inputs, and a claim to prove about them."""

    inputs: dict[str, z3.ExprRef] = field(default_factory=dict)
    facts: list[tuple[str, z3.BoolRef]] = field(default_factory=list)

    def int(self, name: str) -> z3.ArithRef:
        """A new integer input called ``name``."""
        v = z3.Int(name)
        self.inputs[name] = v
        return v

    def bool(self, name: str) -> z3.BoolRef:
        """A new boolean input called ``name``."""
        v = z3.Bool(name)
        self.inputs[name] = v
        return v

    def define(self, rule: str, name: str, value: Any) -> z3.ArithRef:
        """A fresh integer equal to ``value``, the equality tagged with ``rule``."""
        v = z3.Int(name)
        self.facts.append((rule, v == value))
        return v

    def assume(self, rule: str, fact: Any) -> None:
        """Add a fact tagged with ``rule`` (``domain`` for the range of an input)."""
        self.facts.append((rule, fact))

    def prove(
        self, claim: Any, rlimit: builtins.int = RLIMIT, shown: Shown | None = None
    ) -> Outcome:
        """Try to prove ``claim`` from the facts; unsat of its negation is a proof, and the
        rules of a minimal unsat core are those it needed. When it fails, the model is made
        as small as z3 can within :data:`SHRINK_RLIMIT` (least sum of the integer inputs'
        absolute values, then fewest true flags) and each ``shown`` pair (engine term, rule
        term) is evaluated in it."""
        solver = z3.Solver()
        solver.set("rlimit", rlimit)
        solver.set("random_seed", 0)
        solver.set("core.minimize", True)
        labels: dict[str, str] = {}
        for i, (rule, fact) in enumerate(self.facts):
            label = f"f{i}"
            labels[label] = rule
            solver.assert_and_track(fact, z3.Bool(label))
        solver.add(z3.Not(claim))
        before = _rlimit(solver)
        start = time.perf_counter()
        answer = solver.check()
        seconds = time.perf_counter() - start
        used = _rlimit(solver) - before
        if answer == z3.unsat:
            core = {labels[str(c)] for c in solver.unsat_core()}
            return Outcome(True, tuple(sorted(core - {"domain"})), {}, used, seconds)
        if answer == z3.unknown:
            return Outcome(False, (), {}, used, seconds, unknown=True)
        model = self._smallest(claim) or solver.model()
        values = {}
        for name, var in self.inputs.items():
            value = model.eval(var, model_completion=True)
            values[name] = z3.is_true(value) if z3.is_bool(var) else value.as_long()
        compared = {
            label: (_value(model, engine), _value(model, rule))
            for label, (engine, rule) in (shown or {}).items()
        }
        return Outcome(False, (), values, used, seconds, shown=compared)

    def _smallest(self, claim: Any) -> z3.ModelRef | None:
        """A model of the facts and the claim's negation with the least sum of absolute
        integer inputs, or the best z3 reaches within :data:`SHRINK_RLIMIT`; None if it finds none."""
        optimizer = z3.Optimize()
        optimizer.set("rlimit", SHRINK_RLIMIT)
        for _, fact in self.facts:
            optimizer.add(fact)
        optimizer.add(z3.Not(claim))
        ints = [v for v in self.inputs.values() if not z3.is_bool(v)]
        flags = [v for v in self.inputs.values() if z3.is_bool(v)]
        if ints:
            optimizer.minimize(z3.Sum([z3.If(v < 0, -v, v) for v in ints]))
        if flags:
            optimizer.minimize(z3.Sum([z3.If(v, 1, 0) for v in flags]))
        if optimizer.check() == z3.unsat:
            return None
        try:
            return optimizer.model()
        except z3.Z3Exception:
            return None


def _value(model: z3.ModelRef, term: Any) -> Any:
    """``term`` (a z3 term or a plain value) evaluated in ``model``, as an int or bool."""
    if not isinstance(term, z3.ExprRef):
        return term
    value = model.eval(term, model_completion=True)
    return z3.is_true(value) if z3.is_bool(value) else value.as_long()


def _rlimit(solver: z3.Solver | z3.Optimize) -> int:
    """z3's resource counter (``rlimit count``), cumulative over the process: the difference of
    two readings is what happened between them."""
    stats = solver.statistics()
    keys = stats.keys()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in keys else 0
