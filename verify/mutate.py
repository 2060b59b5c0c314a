"""Spec strength: small changes to copies of a rule system's tables and rules (its suite's
mutants), and the share of them that some invariant catches."""

from __future__ import annotations

from typing import Any

from armistice.core.errors import ArmisticeError
from armistice.verify.model import Mutant, Verdict
from armistice.verify.suites import ProofSuite


def caught(suite: ProofSuite, m: Mutant) -> str:
    """The check that catches mutant ``m`` of ``suite``'s system: the first invariant not
    proved by its checks, then by its exhaustive checks, ``"<check> (raised)"`` if a check raises under the change, ``"tables refused"`` if
    its tables do not load; "" if it survives."""
    try:
        tables = suite.build(m.tables)
    except ArmisticeError:
        return "tables refused"
    with m.patch():
        for check in [*suite.checks(tables, True), *suite.exhaustive(tables)]:
            try:
                results = check.run()
            except Exception:
                return f"{check.name} (raised)"
            for result in results:
                if result.invariant and result.verdict is not Verdict.PROVED:
                    return result.name
    return ""


def mutation_score(suite: ProofSuite, tables: Any) -> tuple[list[tuple[str, str]], list[str]]:
    """Every mutant ``suite`` makes of ``tables``, as ``(name, what caught it)`` when caught,
    and the names of the survivors."""
    killed: list[tuple[str, str]] = []
    survivors: list[str] = []
    for m in suite.mutants(tables):
        by = caught(suite, m)
        if by:
            killed.append((m.name, by))
        else:
            survivors.append(m.name)
    return killed, survivors
