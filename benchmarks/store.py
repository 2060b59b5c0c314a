"""Shared-game store throughput and viewer delay. Prints figures; asserts nothing.

Run: python benchmarks/store.py [--viewers 8] [--seconds S] [--poll 0.25]

A live game of the Vichy diplomatic table (who names the table, the roll, the link to the
next turn, over and over) is kept in a fresh store file. One process plays both sides,
each answer committed before the next is given; ``--viewers`` other processes attach as
spectators and poll the store every ``--poll`` seconds, as the dashboard does.

1. Records committed per second, as fast as one process gives them, with no viewer and
   with the viewers attached.
2. The delay from an answer's commit to the moment every viewer has taken it in (median
   and worst over the answers): at full speed, and at a player's pace (one answer every
   0.2-0.6 s).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
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


def step(host: SharedHost) -> bool:
    """Give the one answer or link ``host`` may give now; False when none is its to give."""
    game = host.game
    prompt = game.prompt
    if prompt is None:
        host.next(game.links[0].to)
    elif not host.may_answer(prompt):
        return False
    elif isinstance(prompt, Roll | Rolls):
        host.roll()
    else:
        host.answer(prompt.default_answer())
    return True


def viewer(path: str, poll: float, stop: Event, out: Any) -> None:
    """Attach as a spectator and poll every ``poll`` s until ``stop``; report when each
    record was taken in (record index -> monotonic time)."""
    host = SharedHost(Store(path), NAME, SPECTATOR)
    seen: dict[int, float] = {}
    out.put(("ready", len(host.records)))
    while not stop.is_set():
        before = len(host.records)
        if host.refresh():
            now = time.monotonic()
            for index in range(before + 1, len(host.records) + 1):
                seen[index] = now
        time.sleep(poll)
    out.put(("seen", seen))


class Player:
    """One process playing both sides of the game in ``path``."""

    def __init__(self, path: str) -> None:
        store = Store(path)
        self.hosts = [SharedHost(store, NAME, side) for side in ("axis", "allies")]

    def give(self) -> tuple[int, float]:
        """Give the next answer or link; (its record index, monotonic time it was committed)."""
        for host in self.hosts:
            host.refresh()
            if step(host):
                return len(host.records), time.monotonic()
        raise AssertionError("neither side may answer")


def run(path: str, viewers: int, poll: float, seconds: float, pace: tuple[float, float] | None):
    """Play for ``seconds`` with ``viewers`` polling; (records committed, elapsed seconds,
    delays until every viewer had each record)."""
    stop, out = FORK.Event(), FORK.Queue()
    workers = [FORK.Process(target=viewer, args=(path, poll, stop, out)) for _ in range(viewers)]
    for worker in workers:
        worker.start()
    for _ in workers:
        assert out.get(timeout=120)[0] == "ready"
    player = Player(path)
    rng = random.Random(1940)
    committed: dict[int, float] = {}
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        index, at = player.give()
        committed[index] = at
        if pace:
            time.sleep(rng.uniform(*pace))
    elapsed = time.monotonic() - start
    if workers:
        time.sleep(poll * 4 + 0.5)
    stop.set()
    seen = [message[1] for message in (out.get(timeout=120) for _ in workers)]
    for worker in workers:
        worker.join(timeout=30)
    if not seen:
        return len(committed), elapsed, []
    delays = [
        max(s[i] for s in seen) - at for i, at in committed.items() if all(i in s for s in seen)
    ]
    return len(committed), elapsed, delays


def fresh_store(folder: str, label: str) -> str:
    """A new store file holding a new game of the Vichy table; its path."""
    path = str(Path(folder) / f"{label}.db")
    store = Store(path, create=True)
    store.create(header_for(Game(scenario.load("vichy-1940-axis-reaction"), seed=1), NAME))
    store.close()
    return path


def figures(delays: list[float]) -> str:
    """Median and worst of ``delays`` in milliseconds."""
    if not delays:
        return "no answer reached every viewer"
    ms = sorted(d * 1000 for d in delays)
    return f"median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms over {len(ms)} answers"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--poll", type=float, default=0.25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="armistice-store-bench-") as folder:
        print(f"One live game (the Vichy table, turn after turn); viewers poll every {args.poll} s")
        count, elapsed, _ = run(fresh_store(folder, "alone"), 0, args.poll, args.seconds, None)
        print(f"  no viewer:        {count / elapsed:7.0f} records committed per second")
        path = fresh_store(folder, "watched")
        count, elapsed, delays = run(path, args.viewers, args.poll, args.seconds, None)
        print(
            f"  {args.viewers} viewers:        {count / elapsed:7.0f} records committed per second"
        )
        print(f"    delay until every viewer has it: {figures(delays)}")
        print(f"    (the game then holds {len(Store(path).records(NAME))} records)")
        path = fresh_store(folder, "paced")
        _, _, delays = run(path, args.viewers, args.poll, args.seconds * 2, (0.2, 0.6))
        print(f"  {args.viewers} viewers, an answer every 0.2-0.6 s:")
        print(f"    delay until every viewer has it: {figures(delays)}")


if __name__ == "__main__":
    main()
