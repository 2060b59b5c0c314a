"""Dashboard start-up and responsiveness. Prints figures; asserts nothing.

Run: python benchmarks/dashboard.py [--runs N]

1. Launch to first frame: a fresh Python process starts the app headless and
   exits as soon as the first frame is drawn; the same for a minimal Textual
   app (one Static). Reports medians and their ratio, then where the time goes: each
   phase of both launches timed inside the process.
2. Answer to repaint: in one headless app, the time from pressing a key that
   answers the pending prompt (undo then roll, repeated) until the dashboard
   has processed the answer and repainted.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import statistics
import subprocess
import sys
import time

EXIT_AFTER_FIRST_FRAME = """
async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()
"""

EXIT_WHEN_COMPLETE = """
async def first_frame(pilot):
    while not pilot.app.screen.query("#level"):
        await pilot.pause()
    await pilot.pause()
    pilot.app.exit()
"""

MINIMAL = (
    EXIT_AFTER_FIRST_FRAME
    + """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("hello")

Minimal().run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""
)

DASHBOARD = """
from armistice.core import scenario
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp

game = Game(scenario.load("rulebook-example-fall-1940"), seed=1)
ArmisticeApp(game).run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""
ARMISTICE = EXIT_AFTER_FIRST_FRAME + DASHBOARD
ARMISTICE_FULL = EXIT_WHEN_COMPLETE + DASHBOARD

TIMED = """
import time
marks = {"start": time.perf_counter()}

def mark(phase):
    marks[phase] = time.perf_counter()

async def first_frame(pilot):
    await pilot.pause()
    mark("first frame")
    pilot.app.exit()

import textual.app, textual.widgets
mark("Textual imported")
"""

MINIMAL_PHASES = (
    TIMED
    + MINIMAL.replace(EXIT_AFTER_FIRST_FRAME, "")
    + "\nprint(repr({k: v - marks['start'] for k, v in marks.items()}))"
)

ARMISTICE_PHASES = (
    TIMED
    + """
from armistice.core import scenario
from armistice.core.game import Game
from armistice.tui.app import ArmisticeApp
mark("armistice imported")
game = Game(scenario.load("rulebook-example-fall-1940"), seed=1)
mark("scenario loaded")
ArmisticeApp(game).run(headless=True, size=(80, 24), auto_pilot=first_frame)
print(repr({k: v - marks["start"] for k, v in marks.items()}))
"""
)


def launch(code: str, runs: int) -> float:
    """Median seconds for a fresh interpreter to run ``code``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def phases(code: str, runs: int) -> dict[str, float]:
    """Median seconds each phase of ``code`` takes, from the marks it prints."""
    seen: dict[str, list[float]] = {}
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
        marks = ast.literal_eval(out.stdout.decode().splitlines()[-1])
        last = 0.0
        for phase, at in marks.items():
            seen.setdefault(phase, []).append(at - last)
            last = at
    return {phase: statistics.median(times) for phase, times in seen.items()}


def print_phases(runs: int) -> None:
    """Where the time of each launch goes, phase by phase (interpreter start-up excluded)."""
    minimal, ours = phases(MINIMAL_PHASES, runs), phases(ARMISTICE_PHASES, runs)
    print(f"\nWhere it goes (median of {runs}, inside the process, after interpreter start-up)")
    print(f"  {'':28}{'minimal':>9}{'armistice':>11}")
    for phase, label in (
        ("Textual imported", "import Textual"),
        ("armistice imported", "import armistice"),
        ("scenario loaded", "load the scenario"),
        ("first frame", "run the app to first frame"),
    ):
        shown = [
            f"{t[phase] * 1e3:6.0f} ms" if phase in t else f"{'-':>9}" for t in (minimal, ours)
        ]
        print(f"  {label:28}{shown[0]:>9}{shown[1]:>11}")


async def repaint(cycles: int) -> list[float]:
    """Seconds from each answer (roll, then undo) until the screen has repainted after it:
    the action runs as a key would run it, and the clock stops in the callback Textual
    runs after the next refresh."""
    from armistice.core import scenario
    from armistice.core.game import Game
    from armistice.tui.app import ArmisticeApp

    app = ArmisticeApp(Game(scenario.load("rulebook-example-fall-1940"), seed=1))
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(cycles):
            for action in ("roll", "undo"):
                painted = asyncio.Event()
                start = time.perf_counter()
                await app.screen.run_action(action)
                app.screen.call_after_refresh(painted.set)
                await painted.wait()
                times.append(time.perf_counter() - start)
                await pilot.pause()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    minimal = launch(MINIMAL, args.runs)
    ours = launch(ARMISTICE, args.runs)
    full = launch(ARMISTICE_FULL, args.runs)
    print(f"Launch to first frame (median of {args.runs}, fresh process, headless 80x24)")
    print(f"  minimal Textual app:  {minimal * 1e3:7.0f} ms")
    print(f"  armistice dashboard:  {ours * 1e3:7.0f} ms")
    print(f"  ratio:                {ours / minimal:7.2f}")
    print(f"  every panel drawn:    {full * 1e3:7.0f} ms   (ratio {full / minimal:.2f})")
    print_phases(args.runs)
    times = asyncio.run(repaint(25))
    print(f"\nAnswer to repainted dashboard ({len(times)} answers: roll, undo)")
    print(
        f"  median {statistics.median(times) * 1e3:6.1f} ms   "
        f"90th percentile {sorted(times)[int(len(times) * 0.9)] * 1e3:6.1f} ms   "
        f"max {max(times) * 1e3:6.1f} ms"
    )


if __name__ == "__main__":
    main()
