"""Several processes on one store: sides answering in turn and at once, the same side on
several terminals racing for one prompt, and processes killed (kill -9) mid-commit."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import pytest

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Roll, Rolls
from armistice.host import chain
from armistice.host.records import SPECTATOR, Kind, StoreError
from armistice.host.shared import SharedHost, header_for
from armistice.host.store import Store, Taken
from tests.host.support import example_header, new_store

FORK = multiprocessing.get_context("fork")
VICHY = "vichy-1940-axis-reaction"
"""The Vichy diplomatic table, turn after turn: who names the table (either player), the
roll (the player it names), then the link to the next turn."""


def vichy_store(path: Path, name: str = "vichy") -> None:
    new_store(path, header_for(Game(scenario.load(VICHY), seed=1), name)).close()


def step(host: SharedHost) -> bool:
    """Give one answer or link this host may give; False when none is its to give."""
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


def play_side(path: str, name: str, side: str, until: int, out: Any) -> None:
    """Play ``side`` until the game holds ``until`` answers, polling every 10 ms; report the
    answers seen and how many changes another process made first."""
    host = SharedHost(Store(path), name, side)
    refused = 0
    deadline = time.monotonic() + 60
    while len(host.game.answers) < until and time.monotonic() < deadline:
        try:
            if not step(host):
                time.sleep(0.01)
                host.refresh()
        except StoreError as error:
            assert "another terminal" in error.reason, error
            refused += 1
    out.put((side, [(a.key, a.value) for a in host.game.answers][:until], refused))


def test_two_sides_in_two_processes_play_in_turn_and_at_once(tmp_path: Path) -> None:
    """The Axis and the Allies each in a process play the rule-book example of 58 (the Axis
    establishes Vichy, the Allies roll for the colonies, ...), then turn after turn of the
    Vichy table, racing for what either may give (the link, who names the table): every
    answer is kept once, each by the side that answers it, and both see the same game."""
    file = tmp_path / "games.db"
    new_store(file, example_header("fall")).close()
    out = FORK.Queue()
    workers = [
        FORK.Process(target=play_side, args=(str(file), "fall", side, 40, out))
        for side in ("axis", "allies")
    ]
    for worker in workers:
        worker.start()
    results = dict((side, answers) for side, answers, _ in (out.get(timeout=90) for _ in workers))
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    assert results["axis"] == results["allies"]
    viewer = SharedHost(Store(file), "fall", SPECTATOR)
    assert [(a.key, a.value) for a in viewer.game.answers[:40]] == results["axis"]
    records = Store(file).records("fall")
    assert [r.index for r in records] == list(range(1, len(records) + 1)) and len(records) >= 40
    # the viewer's replay refuses an answer by a side that does not answer its prompt
    assert [(r.body["key"], r.side) for r in records[:2]] == [
        ("establish_vichy", "axis"),
        ("colony_roll.lebanon_syria", "allies"),
    ]
    assert {r.body["key"] for r in records if r.kind is Kind.LINK} == {"awaw.vichy"}


def race(path: str, name: str, value: str, barrier: Barrier, out: Any) -> None:
    """Attach as the Axis, wait for the others, then answer ``value`` at the same moment."""
    host = SharedHost(Store(path), name, "axis")
    barrier.wait(timeout=30)
    try:
        host.answer(value)
        out.put(("kept", value, host.game.answers[0].value))
    except StoreError as error:
        out.put(("told", error.reason, host.game.answers[0].value))


@pytest.mark.parametrize("terminals", [2, 4])
def test_one_side_on_several_terminals_keeps_exactly_one_answer(
    tmp_path: Path, terminals: int
) -> None:
    file = tmp_path / "games.db"
    new_store(file, *(example_header(f"g{i}") for i in range(4))).close()
    for game in range(4):
        name = f"g{game}"
        barrier, out = FORK.Barrier(terminals), FORK.Queue()
        values = ["yes" if i % 2 else "no" for i in range(terminals)]
        workers = [
            FORK.Process(target=race, args=(str(file), name, value, barrier, out))
            for value in values
        ]
        for worker in workers:
            worker.start()
        outcomes = [out.get(timeout=60) for _ in workers]
        for worker in workers:
            worker.join(timeout=30)
        kept = [o for o in outcomes if o[0] == "kept"]
        told = [o for o in outcomes if o[0] == "told"]
        assert len(kept) == 1 and len(told) == terminals - 1
        stored = Store(file).records(name)
        assert [r.body["value"] for r in stored] == [kept[0][1]]
        for _, reason, seen in told:
            assert reason.startswith("answered on another terminal first: an answer by axis")
            assert seen == kept[0][1]  # the loser now shows the answer kept


def append_many(path: str, writer: int, count: int, out: Any) -> None:
    """Append ``count`` records numbered by this ``writer``, retrying an index taken first."""
    store = Store(path)
    taken = 0
    for n in range(count):
        while True:
            last = store.last("fall")
            try:
                store.append(
                    "fall",
                    Kind.UNDO_NO,
                    "axis",
                    {"writer": writer, "n": n},
                    index=(last.index if last else 0) + 1,
                )
                break
            except Taken:
                taken += 1
    out.put(taken)


def test_processes_writing_at_once_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    file = tmp_path / "games.db"
    new_store(file, example_header()).close()
    out = FORK.Queue()
    workers = [FORK.Process(target=append_many, args=(str(file), w, 40, out)) for w in range(4)]
    for worker in workers:
        worker.start()
    for _ in workers:
        out.get(timeout=120)
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    store = Store(file)
    records = store.records("fall")
    chain.verify(store.header("fall"), records, str(file))
    made = sorted((r.body["writer"], r.body["n"]) for r in records)
    assert made == [(w, n) for w in range(4) for n in range(40)]


def play_and_report(path: str, fd: int) -> None:
    """Play both sides of the Vichy game as fast as it goes, writing each committed record's
    index to ``fd`` once the call that commits it has returned."""
    store = Store(path)
    hosts = [SharedHost(store, "vichy", side) for side in ("axis", "allies")]
    while True:
        for host in hosts:
            host.refresh()
            if step(host):
                os.write(fd, f"{len(host.records)}\n".encode())


def test_a_process_killed_mid_commit_loses_at_most_the_answer_in_flight(tmp_path: Path) -> None:
    file = tmp_path / "games.db"
    vichy_store(file)
    rng = random.Random(1940)
    for _ in range(6):
        read, write = os.pipe()
        worker = FORK.Process(target=play_and_report, args=(str(file), write))
        worker.start()
        os.close(write)
        reported = os.read(read, 65536)  # it has attached and committed once
        time.sleep(rng.uniform(0.01, 0.3))
        os.kill(worker.pid or 0, signal.SIGKILL)
        worker.join(timeout=30)
        while chunk := os.read(read, 65536):
            reported += chunk
        os.close(read)
        committed = max(int(line) for line in reported.split())
        store = Store(file)
        records = store.records("vichy")
        chain.verify(store.header("vichy"), records, str(file))
        assert committed <= len(records) <= committed + 1
        viewer = SharedHost(store, "vichy", SPECTATOR)  # replays whole: nothing half-written
        assert len(viewer.records) == len(records)
        store.close()
