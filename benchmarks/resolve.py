"""Rule-58 resolution throughput and save-replay scaling. Prints figures; asserts nothing.

Run: python benchmarks/resolve.py [--seconds S]

1. Each bundled A World at War scenario is played once with the defaults and
   seeded dice to script its answers; then full resolutions from those answers
   (``Game(scenario, answers=...)``) are timed, in one process and in one
   process per core.
2. Loading a save and replaying it is timed as the number of answers grows,
   on a stand-in rule system that asks one die after another, so the cost
   per answer can be read off (it should stay flat: replay is linear).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from collections.abc import Generator
from typing import Any, Literal

import msgspec

from armistice.core import scenario, systems
from armistice.core.dice import D6
from armistice.core.game import Game
from armistice.core.ledger import Ledger
from armistice.core.prompts import Answer, AnswerValue, Prompt, Roll, RollOutcome, Via
from armistice.core.scenario import ScenarioBase
from armistice.core.sides import Alignment, Player, Power, Sides
from armistice.core.summary import Summary
from armistice.core.words import Word

AWAW = [b for b in scenario.bundled() if b.system == "awaw.58"]


def scripted(name: str) -> tuple[Any, tuple[Answer, ...]]:
    """A bundled scenario and the answers of one full resolution (defaults, seeded dice)."""
    loaded = scenario.load(name)
    game = Game(loaded, seed=1940)
    while (prompt := game.prompt) is not None:
        if isinstance(prompt, Roll):
            game.roll()
        else:
            game.answer(prompt.default_answer(), Via.DEFAULT)
    return loaded, game.answers


def rate(seconds: float) -> tuple[int, float]:
    """Resolutions of every bundled scenario in turn for about ``seconds``: (count, elapsed)."""
    scripts = [scripted(b.name) for b in AWAW]
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for loaded, answers in scripts:
            for _ in range(50):
                Game(loaded, answers=answers, seed=1940)
            count += 50
    return count, elapsed


class Chain(ScenarioBase, frozen=True, kw_only=True):
    """Stand-in scenario: ``length`` dice in a row."""

    system: Literal["bench-chain"]
    length: int


class Count(msgspec.Struct, frozen=True):
    """Stand-in state: the running total of the dice."""

    total: int = 0


def chain(s: Chain, ledger: Ledger[Count]) -> Generator[Prompt, AnswerValue, None]:
    """Ask ``length`` dice, adding each to the total."""
    outcomes = (RollOutcome("low", (1, 2, 3)), RollOutcome("high", (4, 5, 6)))
    for i in range(s.length):
        die = yield Roll(f"die.{i}", f"Die {i}", "0", D6, outcomes)
        assert isinstance(die, int)
        ledger.state = Count(ledger.state.total + die)
        ledger.note("0", f"total {ledger.state.total}")


class Total(Word):
    """The stand-in's one outcome value."""

    ANY = "any"


systems.register(
    systems.RuleSystem(
        key="bench-chain",
        game="bench",
        title="benchmark stand-in",
        scenario_type=Chain,
        check=lambda _s, _source, _tables: None,
        initial_state=lambda _s: Count(),
        procedure=chain,
        sides=Sides((Power("any", "anyone", Alignment.NEUTRAL),), (Player("p", "P", ("any",)),)),
        assumptions=(),
        tables=dict,
        outcome=lambda state: (("total", state.total),),
        outcome_names=dict,
        outcome_word=Total,
        headline=Total.ANY,
        summary=lambda _s, state, _tables: Summary("chain", (("total", str(state.total)),), ()),
        entities=lambda _s: (),
        fates=lambda _s, _state: {},
        fate_words=(Total,),
        help=lambda _tables: "",
    )
)


def replay_scaling() -> list[tuple[int, float, float]]:
    """(answers, seconds to load and replay a save, microseconds per answer)."""
    rows = []
    for n in (10, 100, 1_000, 10_000, 50_000):
        game = Game(Chain(system="bench-chain", name="chain", title="chain", length=n), seed=1)
        while game.prompt is not None:
            game.roll()
        data = game.save()
        repeats = max(1, 20_000 // n)
        start = time.perf_counter()
        for _ in range(repeats):
            Game.load(data, "bench")
        per = (time.perf_counter() - start) / repeats
        rows.append((n, per, per / n * 1e6))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"Rule-58 resolutions ({len(AWAW)} bundled scenarios, scripted answers)")
    print("  (cold: a fresh copy of the scenario each time, so no step is memoized)")
    for b in AWAW:
        loaded, answers = scripted(b.name)
        n, start = 2000, time.perf_counter()
        for _ in range(n):
            Game(loaded, answers=answers, seed=1940)
        per = (time.perf_counter() - start) / n
        n, start = 300, time.perf_counter()
        for _ in range(n):
            Game(msgspec.structs.replace(loaded), answers=answers, seed=1940)
        cold = (time.perf_counter() - start) / n
        print(
            f"  {b.name:<28} {len(answers):>2} answers {per * 1e6:6.1f} us {1 / per:7,.0f}/s"
            f"   cold {cold * 1e6:6.1f} us {1 / cold:7,.0f}/s"
        )
    count, elapsed = rate(args.seconds)
    print(f"  one process:        {count / elapsed:9,.0f} resolutions/s")
    with multiprocessing.Pool(cores) as pool:
        results = pool.map(rate, [args.seconds] * cores)
    total = sum(c / e for c, e in results)
    print(f"  {cores} processes ({cores} cores): {total:9,.0f} resolutions/s")
    print("\nLoad and replay a save, by number of answers (stand-in rule system)")
    for n, seconds, micro in replay_scaling():
        print(f"  {n:>6} answers  {seconds * 1e3:9.2f} ms  {micro:6.2f} us per answer")
    print("\nRule-58 save files")
    for b in AWAW:
        loaded, answers = scripted(b.name)
        data = Game(loaded, answers=answers, seed=1940).save()
        n, start = 500, time.perf_counter()
        for _ in range(n):
            Game.load(data, "bench")
        print(
            f"  {b.name:<32} {len(data):>6} bytes  "
            f"{(time.perf_counter() - start) / n * 1e6:7.1f} us to load and replay"
        )


if __name__ == "__main__":
    main()
