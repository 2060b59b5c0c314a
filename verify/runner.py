"""Run every property and analysis, time them, and compare z3's effort with the baseline."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

from armistice.core.awaw.rule58.tables import Tables
from armistice.verify.awaw import analysis, counterexample
from armistice.verify.awaw.properties import PROPERTIES
from armistice.verify.model import Result, Verdict

BASELINE = Path(__file__).parent / "baseline.json"


def checks(t: Tables, published: bool = True) -> list[tuple[str, Callable[[], list[Result]]]]:
    """Every check to run, in order: the invariants, then the table analysis. With edited
    tables (``published`` False), matching the published tables is a finding, not an invariant."""
    out: list[tuple[str, Callable[[], list[Result]]]] = []
    for prop in PROPERTIES:

        def one(prop=prop) -> list[Result]:  # type: ignore[no-untyped-def]
            result = prop.check(t)
            if prop.name == "forces_match_published" and not published:
                result = replace(
                    result,
                    invariant=False,
                    verdict=Verdict.FINDING
                    if result.verdict is Verdict.VIOLATED
                    else result.verdict,
                )
            return [result]

        out.append((prop.name, one))
    out.append(("colony_result table", lambda: analysis.colony_rolls(t)))
    out.append(("turn table", lambda: analysis.turn_bands(t)))
    out.append(("force tables monotone", lambda: [analysis.monotone_columns(t)]))
    out.append(("naval mirror", lambda: [analysis.naval_mirror(t)]))
    return out


def run(t: Tables, published: bool = True, counterexamples: Path | None = None) -> Iterator[Result]:
    """Yield each result as it is found, timed, with counterexample scenarios written to
    ``counterexamples`` when given."""
    for _, check in checks(t, published):
        start = time.perf_counter()
        results = check()
        elapsed = (time.perf_counter() - start) / max(len(results), 1)
        for result in results:
            result = replace(result, seconds=elapsed)
            if result.verdict is Verdict.VIOLATED and counterexamples is not None:
                path = counterexample.write(counterexamples, result.name, result.counterexample)
                if path is not None:
                    result = replace(result, scenario=str(path))
            yield result


def baseline() -> dict[str, int]:
    """The stored rlimit of each property (empty if none is stored)."""
    if not BASELINE.is_file():
        return {}
    data: dict[str, int] = json.loads(BASELINE.read_text(encoding="utf-8"))
    return data


def store_baseline(results: list[Result]) -> None:
    """Store the rlimit of each property that used z3."""
    data = {r.name: r.rlimit for r in results if r.rlimit}
    BASELINE.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
