"""What each command costs as a player runs it. Prints figures; asserts nothing.

Run: python benchmarks/commands.py [--runs N]

1. Each command timed as a whole process (the ``armistice`` script beside this Python), paired run by run with the baseline
   ``python -c "import click, msgspec"`` (the two libraries every command needs): median
   wall times and the median of the ratios. Targets: a headless ``resolve`` of a bundled
   scenario at most 2 times the baseline, ``--help`` at most 1.2 times.
2. Where a headless resolve's time goes, in one process: importing the command line,
   importing what ``resolve`` runs, reading the scenario (its rule system imported then),
   and playing it out.

Byte code is written and used as after an install (``PYTHONDONTWRITEBYTECODE`` is
dropped), and one run of each command comes first, uncounted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASELINE = [sys.executable, "-c", "import click, msgspec"]
ARMISTICE = [str(Path(sys.executable).parent / "armistice")]
COMMANDS = {
    "--help": ["--help"],
    "scenarios": ["scenarios"],
    "resolve (A World at War)": ["resolve", "rulebook-example-fall-1940", "--auto"],
    "resolve (World at War)": ["resolve", "fall-of-france-1940", "--auto"],
    "resolve (Anniversary)": ["resolve", "france-neutral-1941", "--seed", "1"],
    "odds (A World at War)": ["odds", "rulebook-example-fall-1940"],
    "check": ["check", "rulebook-example-fall-1940"],
    "assumptions": ["assumptions"],
}
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

PHASES = """
import contextlib, io, time
start = time.perf_counter()
from armistice.tui.cli import run
cli = time.perf_counter()
from armistice.tui import documents, opening, prompting, report, scripted
modules = time.perf_counter()
from armistice.core import scenario
scenario.load_with("rulebook-example-fall-1940")
loaded = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()):
    run(["resolve", "rulebook-example-fall-1940", "--auto"])
done = time.perf_counter()
print(cli - start, modules - cli, loaded - modules, done - loaded)
"""


def wall(command: list[str]) -> float:
    """Seconds one run of ``command`` takes, its output thrown away."""
    start = time.perf_counter()
    subprocess.run(command, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print(f"{'command':<26} {'median':>9} {'baseline':>9} {'ratio':>6}  (median of {args.runs})")
    for label, words in COMMANDS.items():
        command = [*ARMISTICE, *words]
        wall(command), wall(BASELINE)
        pairs = [(wall(command), wall(BASELINE)) for _ in range(args.runs)]
        ratio = statistics.median(a / b for a, b in pairs)
        mine = statistics.median(a for a, _ in pairs)
        base = statistics.median(b for _, b in pairs)
        print(f"{label:<26} {mine * 1e3:7.0f}ms {base * 1e3:7.0f}ms {ratio:6.2f}")

    phases = []
    for _ in range(args.runs):
        out = subprocess.run(
            [sys.executable, "-c", PHASES], env=ENV, capture_output=True, text=True, check=True
        )
        phases.append([float(x) for x in out.stdout.split()])
    names = ("import the command line", "import what resolve runs", "read the scenario", "play")
    print("\nA headless resolve inside its process (median ms):")
    for i, name in enumerate(names):
        print(f"  {name:<26} {statistics.median(p[i] for p in phases) * 1e3:6.1f}")


if __name__ == "__main__":
    main()
