"""Checks run in worker processes: the same results in the same order as in one process,
a broken engine patched here broken in the workers too, and the command's output alike
whatever the number of jobs."""

from __future__ import annotations

import re

import pytest

from armistice.verify import parallel, suites
from armistice.verify.aa50.mutants import mutants
from armistice.verify.model import Verdict
from tests.verify.runs import verify

SYSTEMS = ("awaw.vichy", "awaw.58")


def _runs(*keys: str) -> list[tuple[suites.ProofSuite, object]]:
    return [(suites.get(k), suites.get(k).load_tables(())) for k in keys]


def _unmeasured(out: str) -> str:
    """The command's output without its numbers (times and z3's effort vary run to run)."""
    return re.sub(r" +", " ", re.sub(r"\d[\d,.]*", "N", out))


def test_workers_give_the_results_of_one_process_in_its_order() -> None:
    alone = [(i, r.name, r.verdict, r.cases) for i, r in parallel.run(_runs(*SYSTEMS), 1)]
    shared = [(i, r.name, r.verdict, r.cases) for i, r in parallel.run(_runs(*SYSTEMS), 2)]
    assert shared == alone
    assert [i for i, *_ in alone] == sorted(i for i, *_ in alone)
    assert {i for i, *_ in alone} == {0, 1}
    assert all(v is Verdict.PROVED or v is Verdict.FINDING for _, _, v, _ in alone)


def test_an_engine_broken_here_is_broken_in_the_workers() -> None:
    bad = next(m for m in mutants({}) if m.name == "a ship rolled 1 is captured by nobody")
    with bad.patch():
        found = [r for _, r in parallel.run(_runs("aa50"), 2)]
    assert {r.name for r in found if r.verdict is Verdict.VIOLATED} == set(bad.breaks)
    assert all(r.system == "aa50" and r.seconds > 0 for r in found)


@pytest.mark.parametrize("jobs", ["2", "3"])
def test_the_report_is_the_same_whatever_the_number_of_jobs(
    capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    args = [a for k in SYSTEMS for a in ("--system", k)]
    code, one, _ = verify(capsys, *args, "--jobs", "1")
    assert code == 0
    code, many, _ = verify(capsys, *args, "--jobs", jobs)
    assert code == 0
    assert _unmeasured(many) == _unmeasured(one)
    assert "== awaw.vichy" in many and "== awaw.58" in many


def test_jobs_must_be_a_positive_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = verify(capsys, "--jobs", "0")
    assert code == 2
    assert out == ""
    assert "--jobs" in err


def test_processors_counts_at_least_one() -> None:
    assert parallel.processors() >= 1
