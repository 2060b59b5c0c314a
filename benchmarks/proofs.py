"""Proof suite speed. Prints figures; asserts nothing.

Run: python benchmarks/proofs.py [--runs N]

1. The whole suite as a user runs it: a fresh ``python -m armistice.verify`` process,
   z3's import included (median of N runs, wall seconds).
2. Each system's suite alone (``--system KEY``), in a fresh process each run (median of N).
3. Each awaw.58 property's time and z3 effort (rlimit) in one process, and the median.
4. The awaw.58 mutation run (``--mutate``'s table mutants): mutants, share caught, time.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def fresh(args: list[str], runs: int) -> list[float]:
    """Wall seconds of ``runs`` fresh ``python -m armistice.verify ARGS`` processes."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "armistice.verify", *args], capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def line(label: str, times: list[float]) -> str:
    """``label``: the median of ``times`` and their spread, in seconds."""
    return (
        f"{label:<44} {statistics.median(times):6.2f} s "
        f"(min {min(times):.2f}, max {max(times):.2f}, {len(times)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    from armistice.verify import runner, suites

    print("fresh process, z3 import included, median wall time:")
    print(line("python -m armistice.verify (every system)", fresh([], args.runs)))
    for key in suites.names():
        print(line(f"  --system {key}", fresh(["--system", key], args.runs)))

    suite = suites.get("awaw.58")
    tables = suite.load_tables(())
    runner.run(suite, tables).__next__()  # z3 warm
    results = list(runner.run(suite, tables))
    print(f"\n{'awaw.58 property':<32} {'time':>9} {'rlimit':>8}")
    for r in results:
        print(f"{r.name:<32} {r.seconds * 1e3:7.2f} ms {r.rlimit:>8}")
    print(
        f"median property: {statistics.median(r.seconds for r in results) * 1e3:.2f} ms; "
        f"slowest: {max(r.seconds for r in results) * 1e3:.2f} ms"
    )

    from armistice.verify.mutate import mutation_score

    start = time.perf_counter()
    killed, survivors = mutation_score(suite, tables)
    total = len(killed) + len(survivors)
    without = [m for m, by in killed if by != "forces_match_published"]
    print(
        f"\nmutation: {len(killed)}/{total} caught ({len(killed) / total:.0%}) in "
        f"{time.perf_counter() - start:.1f} s; caught by something other than the "
        f"published-table check: {len(without)}"
    )


if __name__ == "__main__":
    main()
