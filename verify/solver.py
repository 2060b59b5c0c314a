"""z3 with rule-labelled assumptions: proofs name the rules they needed.

A :class:`Proof` collects definitions, each tagged with the rule that states it,
and domain facts (tagged ``domain``); :meth:`Proof.prove` asserts the negation of
a claim and asks z3 for unsatisfiability under a resource limit. Unsat gives the
core's rule numbers; sat gives a model of the named inputs.
"""

from __future__ import annotations

import builtins
import time
from dataclasses import dataclass, field
from typing import Any

import z3

_SPENT = [0]
"""z3's resource counter is cumulative per process; this holds its last reading."""

RLIMIT = 5_000_000
"""z3 resource limit per property: a proof that needs more is reported as unknown."""


@dataclass
class Outcome:
    """What z3 said: ``proved`` (unsat), the ``rules`` in the core, or a ``model`` of the inputs."""

    proved: bool
    rules: tuple[str, ...]
    model: dict[str, Any]
    rlimit: int
    seconds: float
    unknown: bool = False


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

    def prove(self, claim: Any, rlimit: builtins.int = RLIMIT) -> Outcome:
        """Try to prove ``claim`` from the facts; unsat of its negation is a proof."""
        solver = z3.Solver()
        solver.set("rlimit", rlimit)
        solver.set("random_seed", 0)
        labels: dict[str, str] = {}
        for i, (rule, fact) in enumerate(self.facts):
            label = f"f{i}"
            labels[label] = rule
            solver.assert_and_track(fact, z3.Bool(label))
        solver.add(z3.Not(claim))
        start = time.perf_counter()
        answer = solver.check()
        seconds = time.perf_counter() - start
        total = _rlimit(solver)
        used, _SPENT[0] = total - _SPENT[0], total
        if answer == z3.unsat:
            core = {labels[str(c)] for c in solver.unsat_core()}
            return Outcome(True, tuple(sorted(core - {"domain"})), {}, used, seconds)
        if answer == z3.unknown:
            return Outcome(False, (), {}, used, seconds, unknown=True)
        model = solver.model()
        values = {}
        for name, var in self.inputs.items():
            value = model.eval(var, model_completion=True)
            values[name] = z3.is_true(value) if z3.is_bool(var) else value.as_long()
        return Outcome(False, (), values, used, seconds)


def _rlimit(solver: z3.Solver) -> int:
    """The resources the last check used (z3's ``rlimit count``)."""
    stats = solver.statistics()
    keys = stats.keys()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in keys else 0
