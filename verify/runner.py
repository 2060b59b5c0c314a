"""Run a proof suite's checks, time them, write counterexamples, and keep z3's effort per
property as a baseline to compare runs with."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from armistice.verify.model import Result, Verdict
from armistice.verify.suites import ProofSuite

BASELINE = Path(__file__).parent / "baseline.json"
"""The stored rlimits: rule system key -> property name -> z3's resource count."""

Baseline = dict[str, dict[str, int]]


def run(
    suite: ProofSuite,
    tables: Any,
    published: bool = True,
    counterexamples: Path | None = None,
    exhaustive: bool = False,
) -> Iterator[Result]:
    """Yield each result of ``suite``'s checks on ``tables`` (its exhaustive checks when
    ``exhaustive``) as it is found, timed (seconds, shared among the results of one check)
    and marked with the suite's system; a violated property's inputs are written by the
    suite to ``counterexamples`` when given. ``published`` is False when ``tables`` come
    from edited files."""
    chosen = suite.exhaustive(tables) if exhaustive else suite.checks(tables, published)
    for check in chosen:
        start = time.perf_counter()
        results = check.run()
        elapsed = (time.perf_counter() - start) / max(len(results), 1)
        for result in results:
            result = replace(result, seconds=elapsed, system=suite.system)
            if result.verdict is Verdict.VIOLATED and counterexamples is not None:
                path = suite.counterexample(counterexamples, result.name, result.counterexample)
                if path is not None:
                    result = replace(result, scenario=str(path))
            yield result


def baseline(path: Path = BASELINE) -> Baseline:
    """The stored rlimit of each property by system (empty if none is stored)."""
    if not path.is_file():
        return {}
    data: Baseline = json.loads(path.read_text(encoding="utf-8"))
    return data


def store_baseline(results: Iterable[Result], path: Path = BASELINE) -> None:
    """Store the rlimit of each property in ``results`` that used z3, replacing what was
    stored for the systems they come from and keeping the others'."""
    data = baseline(path)
    fresh: Baseline = {}
    for r in results:
        fresh.setdefault(r.system, {})
        if r.rlimit:
            fresh[r.system][r.name] = r.rlimit
    data.update(fresh)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class SuiteRun:
    """One suite's part of a run, as the reports need it: the ``suite``, the ``tables`` it
    checked, their ``sources`` (file names) and the ``results`` in order."""

    suite: ProofSuite
    tables: Any
    sources: list[str]
    results: list[Result] = field(default_factory=list)
