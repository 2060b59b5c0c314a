"""Run a proof suite's checks, time them, write counterexamples, and keep z3's effort per
property as a baseline to compare runs with."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from armistice.verify.model import Check, Result, Verdict
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
    house: Sequence[Path] = (),
) -> Iterator[Result]:
    """Yield each result of ``suite``'s checks on ``tables`` (its exhaustive checks when
    ``exhaustive``) as it is found, timed (seconds, shared among the results of one check)
    and marked with the suite's system; the inputs of a violated property, or of a finding
    that has some (a house rule's effect), are written by the suite to ``counterexamples``
    when given, each reproducing its case under the same tables: ``house``, the edited table
    files ``tables`` come from (``published`` is then False), or none for the published
    ones. A result whose inputs give no file says why, when the suite says."""
    for check in chosen(suite, tables, published, exhaustive):
        results, elapsed = timed(check)
        yield from finish(suite, results, elapsed, counterexamples, house)


def chosen(suite: ProofSuite, tables: Any, published: bool, exhaustive: bool) -> list[Check]:
    """The checks a run of ``suite`` makes: its exhaustive checks, or its proofs and
    analyses (see :class:`ProofSuite`)."""
    return suite.exhaustive(tables) if exhaustive else suite.checks(tables, published)


def timed(check: Check) -> tuple[list[Result], float]:
    """``check``'s results and the wall seconds it took."""
    start = time.perf_counter()
    results = check.run()
    return results, time.perf_counter() - start


def finish(
    suite: ProofSuite,
    results: list[Result],
    elapsed: float,
    counterexamples: Path | None,
    house: Sequence[Path],
) -> Iterator[Result]:
    """The ``results`` of one check of ``suite`` that took ``elapsed`` seconds, as
    :func:`run` yields them: timed, marked and with their counterexample files written."""
    seconds = elapsed / max(len(results), 1)
    for result in results:
        result = replace(result, seconds=seconds, system=suite.system)
        shown = result.verdict in (Verdict.VIOLATED, Verdict.FINDING)
        if shown and result.counterexample and counterexamples is not None:
            path = suite.counterexample(counterexamples, result.name, result.counterexample, house)
            if isinstance(path, str):
                why = f"{result.explanation}; no scenario file: {path}"
                result = replace(result, explanation=why)
            elif path is not None:
                result = replace(result, scenario=str(path))
        yield result


def baseline(path: Path | None = None) -> Baseline:
    """The stored rlimit of each property by system, from ``path`` (default :data:`BASELINE`;
    empty if none is stored)."""
    path = path or BASELINE
    if not path.is_file():
        return {}
    data: Baseline = json.loads(path.read_text(encoding="utf-8"))
    return data


GROWTH = 2
"""A proof may use up to this many times its stored rlimit before a run fails on it."""


def over_baseline(results: Iterable[Result], stored: Baseline) -> list[str]:
    """One line for each result whose z3 effort exceeds :data:`GROWTH` times its stored
    rlimit (``stored``: system -> property -> rlimit); properties with none stored pass."""
    lines = []
    for r in results:
        limit = stored.get(r.system, {}).get(r.name)
        if limit and r.rlimit > GROWTH * limit:
            lines.append(
                f"{r.system} {r.name}: z3 used rlimit {r.rlimit}, more than {GROWTH} times its "
                f"baseline {limit} in {BASELINE.name}; store a new baseline with "
                "--update-baseline if the harder proof is meant"
            )
    return lines


def store_baseline(results: Iterable[Result], path: Path | None = None) -> None:
    """Store the rlimit of each property in ``results`` that used z3 in ``path`` (default
    :data:`BASELINE`), replacing what was stored for the systems they come from and keeping
    the others'."""
    path = path or BASELINE
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
