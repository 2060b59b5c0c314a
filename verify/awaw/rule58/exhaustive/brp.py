"""58.7 (with 58.31, 58.411 and 58.531A) on the shipped BRP step: every reading of 58.71-58.73
and 58.411 over a stated domain, judged by the rule text with the numbers the tables set."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import partial
from typing import Any

import msgspec

from armistice.core.assumptions import Assumption
from armistice.core.awaw.rule58.assumptions import (
    LOW_BRP_BASE,
    PRORATION,
    SENIOR_PARTNER,
    VICHY_BRPS_AFTER_US_ENTRY,
    LowBrpBase,
    Proration,
    SeniorPartner,
    YesNo,
)
from armistice.core.awaw.rule58.scenario import AwawScenario, Colony
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import ColonyControl, ColonyStatus, Conqueror, Season
from armistice.verify.awaw.rule58 import judge, positions, spec, steps
from armistice.verify.awaw.rule58.exhaustive.tally import Domain, Reproduction, Tally
from armistice.verify.awaw.rule58.positions import MODES, established, position
from armistice.verify.model import Result

RULES = {
    "brps_follow_58_7": ("58.31A", "58.31B", "58.411", "58.531A", "58.71", "58.72", "58.73"),
}
AROUND = range(-4, 6)
"""BRP bases from 4 below the key areas' deduction to 5 above it (with 0 and 60): conquest
values either side of zero, and every remainder of a prorated quarter."""
CONQUESTS = (("germany", False), ("italy", False), ("germany", True))
"""Germany alone, Italy alone, or a joint conquest (58.73)."""
COLONY_BRPS = (1, 2, 4, 8)
"""The colonies' BRPs in file order: each sum names the colonies in it."""
STATUS_WAYS = (
    ("french", "free_french"),
    ("british", "free_french"),
    ("axis", "axis"),
    ("french", "held"),
)
"""How each die group's colonies end, by who held them: rolled Free French, British-held
(58.534), Axis-held (58.533), or rolled to Vichy (independent without Vichy France)."""
Readings = tuple[Proration, LowBrpBase, SeniorPartner, YesNo]


def bases(t: Tables) -> tuple[int, ...]:
    """The BRP bases checked under tables ``t``."""
    cut = t.rules.brp.key_areas_deduction
    return tuple(sorted({0, 60, *(max(cut + d, 0) for d in AROUND)}))


def domain(t: Tables) -> Domain:
    """The BRP step's domain under tables ``t``, as bounds and as a sentence."""
    low, high = bases(t)[0], bases(t)[-1]
    cut = t.rules.brp.key_areas_deduction
    text = (
        f"French BRP bases 0, 60 and every one from {max(cut + AROUND[0], 0)} to "
        f"{cut + AROUND[-1]} (around the key areas' {cut}), every season of 1940, Germany, "
        "Italy or both conquering, with every reading of 58.71, 58.72 and 58.73; Vichy France "
        "established, not established or ruled out by U.S. entry, each die group's colonies "
        "rolled Free French, British-held, Axis-held or rolled Vichy (independent without "
        f"Vichy France), colonies worth {', '.join(map(str, COLONY_BRPS))} BRPs, in every "
        "season with every reading of 58.72 and 58.411; and with Lyon and Marseilles each "
        "held by the Axis or France"
    )
    bounds = {
        "French BRP base": (low, high),
        "conquests (Germany, Italy, joint)": (1, len(CONQUESTS)),
        "colony endings per die group": (1, len(STATUS_WAYS)),
    }
    return Domain(bounds, text)


Case = tuple[str, str, AwawScenario, dict[str, str], Readings, positions.Answers]
"""What a case is: its description, mode, scenario, statuses (colony id -> status), the
readings and the answers that lead a resolution of the scenario to those statuses."""


def _at(t: Tables, ways: dict[str, tuple[str, str]], vichy: bool) -> tuple[int, dict[str, int]]:
    """The surrender level nearest 0 at which the die gives each rolled colony the status
    ``ways`` asks, with the face that does for each group. Raises ValueError for statuses
    no level and face give."""
    n = spec.house(t)
    for at in sorted(t.levels, key=abs):
        dice: dict[str, int] = {}
        for c, (held, status) in ways.items():
            if held != "french":
                continue
            faces = [d for d in range(1, 7) if spec.colony_outcome(held, d, at, vichy, n) == status]
            group = t.colonies[c].group
            if not faces or dice.get(group, faces[0]) not in faces:
                break
            dice[group] = dice.get(group, faces[0])
        else:
            return at, dice
    raise ValueError(f"no level and die give {ways}")


def _case(
    t: Tables,
    mode: str,
    ways: dict[str, tuple[str, str]],
    readings: Readings,
    base: int = 60,
    season: Season = Season.SUMMER,
    conquest: tuple[str, bool] = CONQUESTS[0],
    cities: tuple[bool, bool] = (False, False),
) -> Case:
    at, dice = _at(t, ways, established(mode))
    controls = {c: held for c, (held, _) in ways.items()}
    s = position(t, at=at, mode=mode, controls=controls, season=season, cities=cities)
    colonies = {
        c: Colony(brp=v, control=ColonyControl(controls[c]))
        for c, v in zip(t.colonies, COLONY_BRPS * len(t.colonies), strict=False)
    }
    s = msgspec.structs.replace(
        s,
        surrender=msgspec.structs.replace(
            s.surrender,
            french_brp_base=base,
            conqueror=Conqueror(conquest[0]),
            cooperative=conquest[1],
        ),
        colonies=colonies,
    )
    joint = " jointly" if conquest[1] else ""
    axis_cities = [c for c, axis in zip(("Lyon", "Marseilles"), cities, strict=True) if axis]
    described = (
        f"{mode}, {season.label} 1940, BRP base {base}, {conquest[0]} conquering{joint}, "
        f"Axis in Paris{''.join(', ' + c for c in axis_cities)}, colonies "
        + ", ".join(f"{c} {held}-held {x}" for c, (held, x) in ways.items())
        + f", readings {', '.join(r.value for r in readings)}"
    )
    statuses = {c: x for c, (_, x) in ways.items()}
    return described, mode, s, statuses, readings, positions.before(mode, dice)


def _ways(t: Tables, mode: str) -> Iterator[dict[str, tuple[str, str]]]:
    """Colony id -> (holder at surrender, status) for every ending of each die group."""
    kept = "vichy" if established(mode) else "independent"
    for picked in itertools.product(STATUS_WAYS, repeat=len(t.groups)):
        by_group = dict(zip(t.groups, picked, strict=True))
        yield {
            c: (held, kept if x == "held" else x)
            for c, info in t.colonies.items()
            for held, x in (by_group[info.group],)
        }


def _cases(t: Tables) -> Iterator[Case]:
    """Three parts, each varying what one part of 58.7 reads (see :func:`domain`): the
    conquest value, its share and receiver; the colonies and Vichy's worth; the key areas."""
    mixed = next(_ways(t, "vichy"))
    for base, season, conquest, proration, low, senior in itertools.product(
        bases(t), Season, CONQUESTS, Proration, LowBrpBase, SeniorPartner
    ):
        readings = (proration, low, senior, YesNo.NO)
        yield _case(t, "vichy", mixed, readings, base, season, conquest)
    for mode, season, proration, after in itertools.product(MODES, Season, Proration, YesNo):
        for ways in _ways(t, mode):
            readings = (proration, LowBrpBase.FLOOR_AT_ZERO, SeniorPartner.GERMANY, after)
            yield _case(t, mode, ways, readings, season=season)
    book = (Proration.SEASONS_LEFT, LowBrpBase.FLOOR_AT_ZERO, SeniorPartner.GERMANY, YesNo.NO)
    for mode, lyon, marseilles in itertools.product(MODES, (False, True), (False, True)):
        for ways in _ways(t, mode):
            yield _case(t, mode, ways, book, cities=(lyon, marseilles))


ASSUMED: tuple[Assumption[Any], ...] = (
    PRORATION,
    LOW_BRP_BASE,
    SENIOR_PARTNER,
    VICHY_BRPS_AFTER_US_ENTRY,
)
"""The assumptions whose readings a case carries, in the order of :data:`Readings`."""


def check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.7 on the shipped BRP step over :func:`domain`, judged with the numbers tables ``t``
    set; ``only`` limits the properties judged."""
    tally = Tally(only or tuple(RULES))
    with steps.uncached():
        for described, mode, s, statuses, readings, before in _cases(t):
            vichy = established(mode)
            known = tuple((c, ColonyStatus(x)) for c, x in statuses.items())
            rule = spec.BrpReadings(*(r.value for r in readings))
            try:
                got = steps.brp_step(s, t, vichy, known, readings)
                broken = judge.brp(s, t, vichy, statuses, rule, got)
            except Exception as error:  # a broken engine may raise anywhere
                broken = tally.raised(error)
            assume = {a.key: r.value for a, r in zip(ASSUMED, readings, strict=True)}
            tally.note(broken, described, partial(Reproduction, s, assume, before))
            if tally.done:
                break
    return tally.results(RULES, domain(t), "every reading of 58.71-58.73 and 58.411")
