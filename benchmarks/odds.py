"""Exact odds over independent dice: how long the odds take. Prints figures; asserts nothing.

Run: python benchmarks/odds.py [--limit SECONDS]

A stand-in rule system rolls N six-sided dice for income (each face in IPCs), then a market
die whose outcome classes depend on the income, rolled again after a 6. It is timed:

1. asked as one batch (a Rolls prompt whose rest depends on the income only), with the
   engine in armistice.core.odds, which combines the dice: N = 6, 8, 10, 12;
2. asked as N separate Roll prompts, with the walk armistice used before batches: every
   face of every die enumerated and every position replayed from the first answer. It runs
   while each size is predicted to take under --limit seconds (default 60); larger sizes
   are extrapolated from the growth per die measured on the sizes run, and marked so;
3. asked as N separate Roll prompts, with the current engine, both with positions reused
   by state (the system declared memoryless) and without (only the live game reused);
4. rule 58's bundled scenarios, the old walk against the current engine.

Every figure the engines give is exact; only the timings are estimates.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable, Generator, Hashable
from fractions import Fraction
from typing import Any

import msgspec

from armistice.core import scenario, systems
from armistice.core.dice import D6
from armistice.core.game import Game
from armistice.core.ledger import Ledger
from armistice.core.odds import odds
from armistice.core.prompts import (
    Answer,
    AnswerValue,
    Prompt,
    Roll,
    RollOutcome,
    Rolls,
    Total,
    Via,
)
from armistice.core.scenario import ScenarioBase
from armistice.core.sides import Alignment, Player, Power, Sides
from armistice.core.summary import Summary
from armistice.core.words import Word

SIZES = (6, 8, 10, 12)
FACES = tuple(RollOutcome(str(face), (face,)) for face in D6.faces())


class Income(ScenarioBase, frozen=True, kw_only=True):
    """Stand-in scenario: ``dice`` areas, a die each."""

    system: str
    dice: int


class Year(msgspec.Struct, frozen=True):
    """Stand-in state: the dice rolled so far, the income and the market's result."""

    rolled: int = 0
    income: int = 0
    market: str = ""


class Result(Word):
    """The stand-in's outcome values."""

    BOOM = "boom"
    BUST = "bust"


def market(s: Income, ledger: Ledger[Year]) -> Generator[Prompt, AnswerValue, None]:
    """The market die: it needs 7 less the income per area; a 6 is rolled again."""
    need = min(6, max(1, 7 - ledger.state.income // s.dice))
    classes = (("bust", range(1, need)), ("boom", range(need, 6)), ("again", (6,)))
    outcomes = tuple(RollOutcome(label, tuple(faces)) for label, faces in classes if faces)
    die = yield Roll("market", "Market die", "2.2", D6, outcomes)
    assert isinstance(die, int)
    if die == 6:
        split = (("bust", range(1, need)), ("boom", range(need, 7)))
        again = tuple(RollOutcome(label, tuple(faces)) for label, faces in split if faces)
        die = yield Roll("market.again", "Market die again", "2.3", D6, again)
        assert isinstance(die, int)
    result = "boom" if die >= need else "bust"
    ledger.state = msgspec.structs.replace(ledger.state, market=result)


def batched(s: Income, ledger: Ledger[Year]) -> Generator[Prompt, AnswerValue, None]:
    """The dice as one batch whose rest depends on the income only, then the market."""
    members = tuple(Roll(f"area{i}", f"Area {i}", "2.1", D6, FACES) for i in range(s.dice))
    weights = {m.key: {o.label: o.faces[0] for o in FACES} for m in members}
    prompt = Rolls(
        "income",
        "Income dice",
        "2.1",
        members,
        (Total.table("income", "Income", "IPCs", weights),),
        depends=("income",),
    )
    rolled = yield prompt
    assert isinstance(rolled, dict)
    ledger.state = Year(s.dice, prompt.totals[0].of(prompt.outcomes_of(rolled)))
    yield from market(s, ledger)


def separate(s: Income, ledger: Ledger[Year]) -> Generator[Prompt, AnswerValue, None]:
    """The dice one Roll after another, the running income in the state, then the market."""
    for i in range(s.dice):
        die = yield Roll(f"area{i}", f"Area {i}", "2.1", D6, FACES)
        assert isinstance(die, int)
        ledger.state = Year(i + 1, ledger.state.income + die)
    yield from market(s, ledger)


def system(key: str, procedure: Any, memoryless: bool) -> systems.RuleSystem:
    """A stand-in rule system called ``key`` that runs ``procedure``."""
    return systems.RuleSystem(
        key=key,
        game="bench",
        title="benchmark stand-in",
        scenario_type=Income,
        check=lambda _s, _source, _tables, _readings: None,
        initial_state=lambda _s: Year(),
        procedure=procedure,
        sides=Sides((Power("any", "anyone", Alignment.NEUTRAL),), (Player("p", "P", ("any",)),)),
        assumptions=(),
        tables=dict,
        outcome=lambda state: (("market", Result(state.market)),),
        outcome_names=dict,
        outcome_word=Result,
        headline=Result.BOOM,
        summary=lambda _s, state, _tables: Summary("income", (("income", str(state.income)),), ()),
        entities=lambda _s: (),
        fates=lambda _s, _state: {},
        fate_words=(Result,),
        help=lambda _tables: "",
        memoryless=memoryless,
    )


KINDS = {
    "bench.batch": system("bench.batch", batched, memoryless=True),
    "bench.dice": system("bench.dice", separate, memoryless=True),
    "bench.dice.replayed": system("bench.dice.replayed", separate, memoryless=False),
}
for kind in KINDS.values():
    systems.register(kind)


def game(kind: str, dice: int) -> Game:
    """A new game of ``dice`` areas of the stand-in ``kind``."""
    return Game(Income(system=kind, name=f"{dice}", title=f"{dice} dice", dice=dice), seed=1)


def old_odds(game: Game) -> dict[tuple[tuple[str, Hashable], ...], Fraction]:
    """The walk armistice used before batches: each Roll branches over its outcome classes
    and every position is replayed from the first answer; defaults for the rest."""
    outcomes: dict[tuple[tuple[str, Hashable], ...], Fraction] = defaultdict(Fraction)
    rolls: dict[str, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    base = list(game.answers)

    def walk(path: list[Answer], weight: Fraction) -> None:
        branch = Game(
            game.scenario, assumptions=game.assumptions, seed=game.seed, answers=base + path
        )
        prompt = branch.prompt
        if prompt is None:
            outcomes[game.system.outcome(branch.state)] += weight
            return
        if isinstance(prompt, Roll):
            distribution = prompt.dice.distribution()
            for outcome in prompt.outcomes:
                p = sum((distribution[face] for face in outcome.faces), Fraction(0))
                if p:
                    rolls[prompt.key][outcome.label] += weight * p
                    walk([*path, Answer(prompt.key, outcome.faces[0], Via.TYPED)], weight * p)
            return
        assert not isinstance(prompt, Rolls), "the old walk knows no batches"
        walk([*path, Answer(prompt.key, prompt.default_answer(), Via.DEFAULT)], weight)

    walk([], Fraction(1))
    return dict(outcomes)


def timed(work: Callable[[], object], least: float = 0.2) -> float:
    """Seconds per call of ``work``, repeated for at least ``least`` seconds in all."""
    count, start = 0, time.perf_counter()
    while True:
        work()
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= least:
            return elapsed / count


def series(name: str, run: Callable[[int], object], limit: float) -> dict[int, tuple[float, bool]]:
    """Seconds at each size from 2 dice up, run while predicted to finish within ``limit``
    seconds and extrapolated beyond by the growth per die between the last two sizes run;
    printed for ``SIZES`` and the larger sizes run. Returns size -> (seconds, extrapolated)."""
    found: dict[int, tuple[float, bool]] = {}
    measured: list[tuple[int, float]] = []
    for dice in range(2, max(SIZES) + 1):
        growth = measured[-1][1] / measured[-2][1] if len(measured) >= 2 else 1.0
        predicted = measured[-1][1] * growth if measured else 0.0
        if predicted <= limit:
            seconds = timed(lambda dice=dice: run(dice), least=0.0 if predicted > 1 else 0.2)
            measured.append((dice, seconds))
            found[dice] = (seconds, False)
        else:
            last_dice, last = measured[-1]
            found[dice] = (last * growth ** (dice - last_dice), True)
    print(f"  {name}")
    if len(measured) >= 2:
        growth = measured[-1][1] / measured[-2][1]
        print(f"    (largest run: {measured[-1][0]} dice; growth per die there: x{growth:.1f})")
    for dice in sorted({*SIZES, measured[-1][0]}):
        seconds, guessed = found[dice]
        mark = "  extrapolated, not run" if guessed else ""
        print(f"    {dice:>2} dice  {pretty(seconds):>12}{mark}")
    return found


def pretty(seconds: float) -> str:
    """A duration in the unit that reads best."""
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    if seconds < 3600:
        return f"{seconds:.2f} s"
    if seconds < 86400 * 365:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / (86400 * 365):.1e} years"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=60.0, help="seconds a run may take")
    args = parser.parse_args()
    print("Odds of the income stand-in: N dice of income, then the market die")
    new = series("batch, current engine", lambda n: odds(game("bench.batch", n)), args.limit)
    old = series("separate dice, old walk", lambda n: old_odds(game("bench.dice", n)), args.limit)
    series(
        "separate dice, current engine, positions reused by state",
        lambda n: odds(game("bench.dice", n)),
        args.limit,
    )
    series(
        "separate dice, current engine, live game reused only",
        lambda n: odds(game("bench.dice.replayed", n)),
        args.limit,
    )
    print("  old walk / batch:")
    for dice in SIZES:
        mark = " (old walk extrapolated)" if old[dice][1] else ""
        print(f"    {dice:>2} dice  x{old[dice][0] / new[dice][0]:,.0f}{mark}")
    same = dict(odds(game("bench.batch", 6)).outcomes) == old_odds(game("bench.dice", 6))
    print(f"  6 dice: batch and old walk give the same exact odds: {same}")
    print("\nRule 58's bundled scenarios, from the start")
    for entry in scenario.bundled():
        if entry.system != "awaw.58":
            continue
        loaded = scenario.load(entry.name)
        before = timed(lambda loaded=loaded: old_odds(Game(loaded, seed=1)))
        after = timed(lambda loaded=loaded: odds(Game(loaded, seed=1)))
        print(f"  {entry.name:<28} old {pretty(before):>9}  now {pretty(after):>9}")


if __name__ == "__main__":
    main()
