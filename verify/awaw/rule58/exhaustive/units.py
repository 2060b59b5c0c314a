"""58.4 and 58.61-58.623 on the shipped unit fates and the British choice of French units:
every case of its domain, judged by the rule text."""

from __future__ import annotations

from functools import partial

from armistice.core.awaw.rule58.assumptions import (
    AIR_NAVAL_IN_VICHY,
    CORSICA,
    AirNavalInVichy,
    YesNo,
)
from armistice.core.awaw.rule58.scenario import Unit
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import ColonyStatus, Nationality, Region, UnitKind
from armistice.core.words import counted
from armistice.verify.awaw.rule58 import judge, positions, steps
from armistice.verify.awaw.rule58.exhaustive.tally import Domain, Reproduction, Tally, listed
from armistice.verify.awaw.rule58.positions import MODES, established, position, status_cases
from armistice.verify.model import Result

RULES = {
    "units_all_have_fates": ("58.41", "58.43", "58.532B", "58.61"),
    "units_kept_within_level": ("58.623",),
}
FRENCH = ((UnitKind.INFANTRY, 4), (UnitKind.ARMOR, 3), (UnitKind.AIR, 1))
"""The French units: kind and factors."""
FRENCH_PLACES = ("british", "northern_france", "algeria")
OTHERS = (
    (Nationality.BRITISH, UnitKind.INFANTRY),
    (Nationality.BRITISH, UnitKind.AIR),
    (Nationality.BRITISH, UnitKind.NAVAL),
    (Nationality.BRITISH, UnitKind.AIRBASE),
    (Nationality.US, UnitKind.AIR),
    (Nationality.GERMAN, UnitKind.INFANTRY),
)
OTHER_FACTORS = 2


def units() -> tuple[Unit, ...]:
    """Each French unit of :data:`FRENCH` in each of :data:`FRENCH_PLACES`, then each of
    :data:`OTHERS` in every region."""
    french = tuple(
        Unit(
            name=f"French {kind} in {place}",
            nationality=Nationality.FRENCH,
            kind=kind,
            location=Region(place),
            factors=factors,
        )
        for kind, factors in FRENCH
        for place in FRENCH_PLACES
    )
    others = tuple(
        Unit(
            name=f"{n.label} {k} in {r.value}",
            nationality=n,
            kind=k,
            location=r,
            factors=OTHER_FACTORS,
        )
        for n, k in OTHERS
        for r in Region
    )
    return french + others


def domain(t: Tables) -> Domain:
    """The unit step's domain under tables ``t``, as bounds and as a sentence."""
    low, high = t.levels[0], t.levels[-1]
    french = listed([f"{k.value} ({counted(f, 'factor')})" for k, f in FRENCH])
    places = listed([Region(p).label for p in FRENCH_PLACES])
    others = listed([f"{n.label} {k.value}" for n, k in OTHERS])
    text = (
        f"a French {french} unit in each of {places}, and one {others} unit of "
        f"{OTHER_FACTORS} factors in every region; Vichy France established, not established "
        f"or ruled out by U.S. entry; every surrender level from {low:+d} to {high:+d}; every "
        "status each die group's colonies can reach; both readings of 58.41 (air and naval "
        "units in Vichy France) and of Corsica; every answer of each 58.623 choice"
    )
    bounds = {
        "level": (low, high),
        "French units per column": (len(FRENCH_PLACES), len(FRENCH_PLACES)),
        "statuses per die group": (1, 4),
    }
    return Domain(bounds, text)


def check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.4 and 58.61-58.623 on the shipped unit fates and the British choice of French
    units over :func:`domain`; ``only`` limits the properties judged.

    A unit's fate reads only its own region's holder and status, so colonies varying by die
    group suffice; keep_units asks each column from the scenario, the column and the table
    level alone, and a unit's fate reads only its own column's answer, so each prompt is sent
    every answer it accepts with the others at their first."""
    tally = Tally(only or tuple(RULES))
    listed_units = units()
    with steps.uncached():
        cases = (
            (mode, at, statuses, air_naval, corsica)
            for mode in MODES
            for at in sorted(t.levels, key=abs)
            for statuses in status_cases(t, mode, at)
            for air_naval in AirNavalInVichy
            for corsica in YesNo
        )
        for mode, at, statuses, air_naval, corsica in cases:
            _case(t, tally, mode, at, statuses, (air_naval, corsica), listed_units)
            if tally.done:
                break
    return tally.results(RULES, domain(t), "every answer of every 58.623 choice")


def _case(
    t: Tables,
    tally: Tally,
    mode: str,
    at: int,
    statuses: dict[str, str],
    readings: tuple[AirNavalInVichy, YesNo],
    listed_units: tuple[Unit, ...],
) -> None:
    air_naval, corsica = readings
    vichy = established(mode)
    controls, dice = positions.dice_for(t, statuses, at, vichy)
    s = position(t, at=at, mode=mode, controls=controls, units=listed_units, corsica=corsica)
    known = tuple((c, ColonyStatus(x)) for c, x in statuses.items())
    assume = {AIR_NAVAL_IN_VICHY.key: air_naval.value, CORSICA.key: corsica.value}
    before = positions.before(mode, dice)
    try:
        leaves = list(
            steps.walk(
                lambda: steps.unit_step(s, t, at, vichy, known, air_naval, corsica), alone=True
            )
        )
    except Exception as error:  # a broken engine may raise anywhere
        tally.note(
            tally.raised(error),
            f"level {at:+d}, {statuses}",
            lambda: Reproduction(s, assume, before),
        )
        return
    for path, fates in leaves:
        answers = tuple((p.key, a) for p, a in path)
        broken = tally.judged(judge.units, s, t, at, vichy, statuses, fates, answers)
        tally.note(
            broken,
            f"{mode}, level {at:+d}, colonies {statuses}, answers {dict(answers)}",
            partial(Reproduction, s, assume, before + answers),
        )
