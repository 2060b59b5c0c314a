"""Shared game: delay until every attached dashboard shows an answer. Prints figures;
asserts nothing.

Run: python benchmarks/shared_dashboard.py [--viewers 8] [--answers 20] [--pace 0.5]

A live game of the Vichy diplomatic table (who names the table, the roll, the link to the
next turn, over and over) is kept in a fresh store file. ``--viewers`` processes each run
the dashboard headless (80x24), attached to the game as a spectator; it polls the store
every 0.25 s. One more process plays both sides through shared hosts, an answer every
``--pace`` seconds. For each answer: the time from its commit to the moment every
dashboard has shown the game with it (its views rendered), median and worst.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import tempfile
import time
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Roll, Rolls
from armistice.host.records import SPECTATOR
from armistice.host.shared import SharedHost, header_for
from armistice.host.store import Store

FORK = multiprocessing.get_context("fork")
NAME = "vichy"


def viewer(path: str, stop: Event, out: Any) -> None:
    """Run a dashboard attached as a spectator until ``stop``; report when it first showed
    the game with each answer count it showed (count -> monotonic time its views were
    rendered)."""
    os.environ["ARMISTICE_KEYMAP"] = os.devnull
    from armistice.tui.app import ArmisticeApp
    from armistice.tui.screens.game import GameScreen

    shown: dict[int, float] = {}
    render = GameScreen.refresh_views

    def timed(screen: GameScreen) -> None:
        render(screen)
        shown.setdefault(len(screen.game.answers), time.monotonic())

    GameScreen.refresh_views = timed  # type: ignore[method-assign]

    async def watch() -> None:
        app = ArmisticeApp(host=SharedHost(Store(path), NAME, SPECTATOR))
        async with app.run_test(size=(80, 24)) as pilot:
            while not isinstance(app.screen, GameScreen) or not shown:
                await pilot.pause(0.05)
            out.put(("ready", 0))
            while not stop.is_set():
                await pilot.pause(0.05)

    asyncio.run(watch())
    out.put(("shown", shown))


def give(hosts: list[SharedHost]) -> int:
    """Give the next answer or link of the game; the game's answer count after it."""
    for host in hosts:
        host.refresh()
        game = host.game
        prompt = game.prompt
        if prompt is None:
            host.next(game.links[0].to)
        elif not host.may_answer(prompt):
            continue
        elif isinstance(prompt, Roll | Rolls):
            host.roll()
        else:
            host.answer(prompt.default_answer())
        return len(host.game.answers)
    raise AssertionError("neither side may answer")


def first(shown: dict[int, float], count: int) -> float:
    """When a dashboard first showed the game with ``count`` answers or more (two answers
    taken in by one poll are shown together)."""
    return min(at for n, at in shown.items() if n >= count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=8)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--pace", type=float, default=0.5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "games.db")
        with Store(path, create=True) as store:
            game = Game(scenario.load("vichy-1940-axis-reaction"), seed=1)
            store.create(header_for(game, NAME))
        stop, out = FORK.Event(), FORK.Queue()
        workers = [FORK.Process(target=viewer, args=(path, stop, out)) for _ in range(args.viewers)]
        for worker in workers:
            worker.start()
        for _ in workers:
            assert out.get(timeout=300)[0] == "ready"
        store = Store(path)
        hosts = [SharedHost(store, NAME, side) for side in ("axis", "allies")]
        committed: dict[int, float] = {}
        for _ in range(args.answers):
            count = give(hosts)
            committed[count] = time.monotonic()
            time.sleep(args.pace)
        time.sleep(2.0)
        stop.set()
        seen = [message[1] for message in (out.get(timeout=120) for _ in workers)]
        for worker in workers:
            worker.join(timeout=30)
    delays = sorted(
        (max(first(s, n) for s in seen) - at) * 1000
        for n, at in committed.items()
        if all(max(s) >= n for s in seen)
    )
    print(
        f"{args.viewers} dashboards attached as spectators (80x24, polling every 0.25 s), "
        f"an answer every {args.pace} s"
    )
    if delays:
        print(
            f"  delay until every dashboard shows an answer: median "
            f"{statistics.median(delays):.0f} ms, worst {delays[-1]:.0f} ms over "
            f"{len(delays)} answers"
        )
    else:
        print("  no answer reached every dashboard")


if __name__ == "__main__":
    main()
