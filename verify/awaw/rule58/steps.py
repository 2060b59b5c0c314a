"""Drivers that run rule 58's shipped steps on given inputs and walk every answer they accept.

Each step is run through the engine's own functions and generators (level, Vichy decision
and colonial dice, unit fates and 58.623's choice, the fleet's division); a walk replays
the step from its start for every answer sequence, sending each prompt every answer its
``check`` accepts: every enabled option of a Decision, every face of a Roll, every
allocation of a Selection.

Steps memoize per scenario (:mod:`armistice.core.memo`) and some functions per argument
(``colony_faces``, ``fleet.selection``); callers build fresh scenarios inside a check's run
and :func:`fresh_caches` clears the module caches, so a patched engine is never hidden by a
value cached before the patch.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager, suppress
from typing import TypeVar

from armistice.core.awaw.rule58 import brp, colonies, fleet, forces, hexes, level, vichy
from armistice.core.awaw.rule58.assumptions import (
    AirNavalInVichy,
    FleetDiscount,
    LowBrpBase,
    Proration,
    SeniorPartner,
    ShipRange,
    ShipSources,
    YesNo,
)
from armistice.core.awaw.rule58.effects import Colonies, Holders, apply
from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import Brp, FallOfFrance, Fate, Fleet, SurrenderLevel
from armistice.core.awaw.rule58.tables import Forces, Tables
from armistice.core.awaw.words import ColonyControl, FrenchSide
from armistice.core.ledger import Ledger, LogEntry
from armistice.core.prompts import AnswerValue, Decision, Prompt, Roll, Selection

R = TypeVar("R")
Step = Generator[Prompt, AnswerValue, R]
Path = tuple[tuple[Prompt, AnswerValue], ...]
"""The prompts a walk met, each with the answer it sent, in order."""


def allocations(s: Selection) -> list[dict[str, int]]:
    """Every answer ``s.check`` accepts: item id -> amount (no zero entries), smallest totals
    first. Amounts run 0..available per item, pruned at ``s.required``."""
    found: list[dict[str, int]] = []

    def grow(i: int, pick: dict[str, int], total: int) -> None:
        if i == len(s.items):
            if s.least <= total:
                with suppress(ValueError):
                    found.append(s.check(pick))
            return
        item = s.items[i]
        for n in range(min(item.available, s.required - total) + 1):
            grow(i + 1, {**pick, item.id: n} if n else pick, total + n)

    grow(0, {}, 0)
    return sorted(found, key=lambda a: (sum(a.values()), sorted(a.items())))


def accepted(prompt: Prompt) -> list[AnswerValue]:
    """Every answer ``prompt`` accepts. Raises TypeError for a prompt rule 58 never asks."""
    if isinstance(prompt, Decision):
        return [o.value for o in prompt.options if o.enabled]
    if isinstance(prompt, Roll):
        return list(prompt.dice.faces())
    if isinstance(prompt, Selection):
        return list(allocations(prompt))
    raise TypeError(f"rule 58 does not ask a {type(prompt).__name__}")


_ACCEPTED: dict[Prompt, list[AnswerValue]] = {}
"""The answers of each prompt met since :func:`fresh_caches`: prompts are frozen values,
and equal prompts accept the same answers."""


def walk(start: Callable[[], Step[R]], alone: bool = False) -> Iterator[tuple[Path, R]]:
    """Every ``(path, returned value)`` of the step ``start()`` makes, over every answer
    sequence, depth first with each prompt's answers in :func:`accepted` order.

    With ``alone``, only sequences where at most one prompt is sent something other than
    its first answer: for steps whose prompts do not depend on earlier answers and whose
    results read each answer on its own, that covers every answer of every prompt.
    """

    def options_of(prompt: Prompt) -> list[AnswerValue]:
        if prompt not in _ACCEPTED:
            _ACCEPTED[prompt] = accepted(prompt)
        return _ACCEPTED[prompt]

    pending: list[tuple[AnswerValue, ...]] = [()]
    while pending:
        answers = pending.pop()
        gen = start()
        path: list[tuple[Prompt, AnswerValue]] = []
        try:
            prompt = next(gen)
            for a in answers:
                path.append((prompt, a))
                prompt = gen.send(a)
        except StopIteration as done:
            yield tuple(path), done.value
            continue
        options = options_of(prompt)
        if alone and any(a != options_of(p)[0] for p, a in path):
            options = options[:1]
        pending.extend((*answers, a) for a in reversed(options))


def fresh_caches() -> None:
    """Drop the module-level caches of the steps (colonial die faces and help, fleet prompts
    and alike ships), so nothing computed under another engine is reused."""
    _ACCEPTED.clear()
    colonies.colony_faces.cache_clear()
    colonies.roll_help.cache_clear()
    fleet.selection.cache_clear()
    fleet.alike.cache_clear()


@contextmanager
def uncached() -> Iterator[None]:
    """Clear the step caches on entry and on exit."""
    fresh_caches()
    try:
        yield
    finally:
        fresh_caches()


def surrender_level(
    s: AwawScenario, t: Tables, discount: FleetDiscount, corsica: YesNo
) -> SurrenderLevel:
    """58.11-58.22 through :func:`level.surrender`: the level with its logged modifiers."""
    found = level.surrender(s, t, discount, corsica).changes["surrender_level"]
    assert isinstance(found, SurrenderLevel)
    return found


def colony_step(s: AwawScenario, t: Tables, at: int) -> Step[tuple[bool, Colonies, FallOfFrance]]:
    """58.31 and 58.53 at surrender level ``at``: the Vichy decision (asked unless the U.S. is
    at war) and the colonial dice. Returns ``(vichy, statuses, state)``; the region holders
    the next steps get are :func:`hexes.region_holders` of them."""
    ledger: Ledger[FallOfFrance] = Ledger(FallOfFrance(), {}, t)
    established = yield from vichy.establish_vichy(s, ledger, t)
    statuses = yield from colonies.roll_colonies(s, ledger, t, at, established)
    return established, statuses, ledger.state


def unit_step(
    s: AwawScenario,
    t: Tables,
    at: int,
    established: bool,
    statuses: Colonies,
    air_naval: AirNavalInVichy,
    corsica: YesNo,
) -> Step[tuple[Fate, ...]]:
    """58.4 and 58.61-58.623 for given colony ``statuses``: every unit's fate, the British
    keeping French units as Free French (one Selection per column). Returns the fates."""
    holders = hexes.region_holders(s, established, statuses)
    ledger: Ledger[FallOfFrance] = Ledger(FallOfFrance(), {}, t)
    apply(ledger, forces.force_levels(s, t, at, established, statuses))
    apply(ledger, hexes.units(s, holders, statuses, air_naval, corsica))
    yield from forces.keep_units(s, ledger, holders)
    return ledger.state.units


def force_levels(
    s: AwawScenario, t: Tables, at: int, established: bool, statuses: Colonies
) -> dict[FrenchSide, Forces]:
    """58.621 and 58.631 through :func:`forces.force_levels`: each side's table level."""
    found = forces.force_levels(s, t, at, established, statuses).changes["force_levels"]
    assert isinstance(found, dict)
    return found


def fleet_step(
    s: AwawScenario,
    levels: dict[FrenchSide, Forces],
    established: bool,
    holders: Holders,
    readings: tuple[ShipRange, ShipSources, YesNo],
) -> Step[tuple[fleet.Plan, dict[FrenchSide, Forces], Fleet]]:
    """58.64 on given force ``levels`` and region ``holders``, with the game's readings of
    58.641 (ship range, ship sources, from Vichy colonies): the plan, the Free French and
    then the Vichy picks, and the settlement. Returns ``(plan, forces, fleet)``."""
    plan = fleet.plan(s, holders, *readings)
    log: list[LogEntry] = []
    taken = yield from fleet.divide(plan, levels, established, log)
    settled = fleet.settle(s, levels, taken).changes
    return plan, settled["forces"], settled["fleet"]


def brp_step(
    s: AwawScenario,
    t: Tables,
    established: bool,
    statuses: Colonies,
    readings: tuple[Proration, LowBrpBase, SeniorPartner, YesNo],
) -> Brp:
    """58.7 through :func:`brp.brps` for given colony ``statuses``, with the game's readings
    of 58.72, 58.71, 58.73 and 58.411; the colonies the die decided are those France held
    (58.533-58.534). Returns the step's BRPs."""
    holders = hexes.region_holders(s, established, statuses)
    rolled = frozenset(c for c, _ in statuses if s.colonies[c].control is ColonyControl.FRENCH)
    found = brp.brps(s, t, established, statuses, holders, rolled, *readings).changes["brp"]
    assert isinstance(found, Brp)
    return found
