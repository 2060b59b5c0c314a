"""World at War 5.5 on the bundled map: exact odds against sampling. Prints figures; asserts
nothing.

Run: .venv/bin/python benchmarks/waw_odds.py [--games N]

1. The exact odds of the fall of France from its start (each fleet's fate, each area's side,
   the distribution of the Axis income from Vichy areas), through the generic odds engine:
   once in a fresh process (nothing cached), then again (the batch's combinations cached).
2. N games (default 10,000) played to the end through the engine with seeded dice and the
   default decisions, counting the same things.

The ratio of the two times is printed, with the sampled figures beside the exact ones.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from fractions import Fraction

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.prompts import Roll, Rolls
from armistice.core.waw.scenario import WawScenario

NAME = "fall-of-france-1940"


def sample(s: WawScenario, games: int) -> tuple[Counter[str], Counter[int]]:
    """Play ``games`` games of ``s`` with seeds 0.. and count each fleet's fate and the
    Axis income from Vichy areas."""
    fates: Counter[str] = Counter()
    income: Counter[int] = Counter()
    for seed in range(games):
        game = Game(s, seed=seed)
        while (prompt := game.prompt) is not None:
            if isinstance(prompt, Roll | Rolls):
                game.roll()
            else:
                game.answer(prompt.default_answer())
        for key, fleet in game.state.fleets.items():
            fates[f"{key}:{fleet.fate}"] += 1
        income[sum(s.areas[k].ipc for k, a in game.state.areas.items() if a.marker)] += 1
    return fates, income


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    games = parser.parse_args().games
    s = scenario.load(NAME)
    start = time.perf_counter()
    exact = odds(Game(s))
    cold = time.perf_counter() - start
    start = time.perf_counter()
    odds(Game(s))
    warm = time.perf_counter() - start
    start = time.perf_counter()
    fates, income = sample(s, games)
    sampled = time.perf_counter() - start
    print(f"World at War 5.5, {NAME}: {len(s.fleets)} fleets, {len(s.french_areas)} French areas")
    print(f"exact odds, first run:   {cold * 1000:8.1f} ms")
    print(f"exact odds, again:       {warm * 1000:8.1f} ms")
    print(f"{games} sampled games:  {sampled * 1000:8.1f} ms")
    print(f"ratio, first run:        {sampled / cold:8.1f}x")
    print(f"ratio, again:            {sampled / warm:8.1f}x")
    print("fleet fates (exact, sampled):")
    for key in s.fleets:
        for fate, p in exact.marginals[f"fleet:{key}"].items():
            print(f"  {key:14} {fate:12} {float(p):.4f} {fates[f'{key}:{fate}'] / games:.4f}")
    print("Axis income from Vichy areas, IPCs (exact, sampled):")
    for value, p in exact.totals["axis_income"].distribution.items():
        print(f"  {value:3} {float(p):.4f} {income[value] / games:.4f}")
    assert sum(exact.totals["axis_income"].distribution.values()) == Fraction(1)


if __name__ == "__main__":
    main()
