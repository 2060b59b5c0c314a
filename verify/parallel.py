"""Running the checks of several proof suites on several processors at once.

Each check runs whole in one forked worker process, which holds the engine exactly as this
process has it (a patched or mutated engine included); results come back in the order the
suites list their checks, and the counterexample files are written here, one after the
other, as :func:`armistice.verify.runner.run` writes them.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any

from armistice.verify import runner
from armistice.verify.model import Check, Result
from armistice.verify.suites import ProofSuite

Plan = list[tuple[ProofSuite, list[Check]]]

_PLAN: Plan = []
"""The checks a pool's workers run, set before they are forked (functions and closures
cannot be sent to a worker; the worker finds its check here by number)."""


def processors() -> int:
    """How many processors this process may run on (at least 1)."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:
        return os.cpu_count() or 1


def _task(suite: int, check: int) -> tuple[list[Result], float]:
    return runner.timed(_PLAN[suite][1][check])


def run(
    runs: Sequence[tuple[ProofSuite, Any]],
    jobs: int,
    published: bool = True,
    counterexamples: Path | None = None,
    exhaustive: bool = False,
    house: Sequence[Path] = (),
) -> Iterator[tuple[int, Result]]:
    """``(index of the suite in runs, result)`` for each result of each ``(suite, tables)``
    of ``runs``, in the suites' order and each suite's check order, as :func:`runner.run`
    gives them, the checks run by up to ``jobs`` worker processes at once (the last listed
    first, as the checks listed last tend to be the long exhaustive walks). With ``jobs``
    1, one check or no ``fork`` on this platform, everything runs in this process."""
    global _PLAN
    plan = [(suite, runner.chosen(suite, tables, published, exhaustive)) for suite, tables in runs]
    tasks = [(i, j) for i, (_, checks) in enumerate(plan) for j in range(len(checks))]
    workers = min(jobs, len(tasks))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for i, (suite, checks) in enumerate(plan):
            for check in checks:
                results, elapsed = runner.timed(check)
                for result in runner.finish(suite, results, elapsed, counterexamples, house):
                    yield i, result
        return
    _PLAN = plan
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            pending: dict[tuple[int, int], AsyncResult[tuple[list[Result], float]]] = {
                task: pool.apply_async(_task, task) for task in reversed(tasks)
            }
            for i, j in tasks:
                results, elapsed = pending[i, j].get()
                for result in runner.finish(plan[i][0], results, elapsed, counterexamples, house):
                    yield i, result
    finally:
        _PLAN = []
