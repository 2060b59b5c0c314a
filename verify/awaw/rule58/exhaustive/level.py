"""58.21-58.22 on the shipped level step: every case of its domain, judged by the rule text
with the numbers the tables set."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import partial
from typing import Any

from armistice.core.awaw.rule58.assumptions import CORSICA, FLEET_DISCOUNT, FleetDiscount, YesNo
from armistice.core.awaw.rule58.scenario import AwawScenario, Diplomacy, Surrender, Territory, Unit
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import (
    Condition,
    Control,
    Nationality,
    Region,
    Season,
    ShipKind,
    UnitKind,
)
from armistice.verify.awaw.rule58 import judge, spec, steps
from armistice.verify.awaw.rule58.exhaustive.tally import Domain, Reproduction, Tally, listed
from armistice.verify.awaw.rule58.positions import position, ship
from armistice.verify.model import Result

RULES = {
    "level_is_clamped_raw_sum": ("58.21", "58.22"),
    "ground_factors_58_21b": ("58.21B",),
    "fleet_count_58_21c": ("58.21C",),
    "handover_level": ("58.22", "58.621", "58.631"),
}
DPS = range(-8, 9)
"""58.21E: net DPs (Axis less Allied) placed in France."""
SEASONS = (Season.SPRING, Season.SUMMER, Season.FALL, Season.WINTER)
SLOT_FACTORS = 5
SLOTS = (
    *(
        (Nationality.FRENCH, k, r)
        for k in ("infantry", "armor", "air")
        for r in ("northern_france", "southern_france", "corsica", "algeria")
    ),
    (Nationality.BRITISH, "infantry", "northern_france"),
)
"""58.21B's units: French infantry, armor and air in France, Corsica and a colony, and a
British infantry unit in France; each is present with :data:`SLOT_FACTORS` factors or
absent."""
READY_FACTORS = 30
FLEET_SHIPS = 3
FLEET_FACTORS = (1, 2, 3)
CONDITIONS = tuple(Condition)


def domain() -> Domain:
    """The level step's domain, as bounds and as a sentence."""
    places = listed([Region(r).label for r in dict.fromkeys(r for _, _, r in SLOTS[:-1])])
    text = (
        f"every season of 1940 (a voluntary surrender from Fall only), Lyon and Marseilles "
        f"each held by the Axis or France, Anglo-French cooperation 7+ or not, and net DPs "
        f"from {DPS[0]:+d} to {DPS[-1]:+d}; every choice among {len(SLOTS)} units of "
        f"{SLOT_FACTORS} factors (French infantry, armor and air in {places}, and a British "
        f"infantry unit in northern France) to be present, with Corsica counted in France or "
        f"not; a fleet of {READY_FACTORS} ready factors with every choice of up to "
        f"{FLEET_SHIPS} more ships of {FLEET_FACTORS[0]} to {FLEET_FACTORS[-1]} factors, each "
        f"{listed([c.label for c in CONDITIONS], 'or')}, damaged factors halved as one pool "
        "or ship by ship"
    )
    bounds = {
        "net DPs": (DPS[0], DPS[-1]),
        "units of 5 factors present": (0, len(SLOTS)),
        "discounted or building ships": (0, FLEET_SHIPS),
        "factors per ship": (FLEET_FACTORS[0], FLEET_FACTORS[-1]),
    }
    return Domain(bounds, text)


def _cases(t: Tables) -> Iterator[tuple[str, AwawScenario, FleetDiscount, YesNo]]:
    base = position(t, at=0, ships=(ship(ShipKind.NAMED, 42, "british", "ready", "base"),))
    for season, lyon, marseilles, coop, dps, voluntary in itertools.product(
        SEASONS, (False, True), (False, True), (False, True), DPS, (False, True)
    ):
        if voluntary and season in (Season.SPRING, Season.SUMMER):
            continue
        s = AwawScenario(
            system="awaw.58",
            name="exhaustive-level",
            title="Surrender level",
            surrender=Surrender(
                season=season, year=1940, voluntary=voluntary, anglo_french_cooperation=coop
            ),
            territory=Territory(
                paris=Control.FRENCH if voluntary else Control.AXIS,
                lyon=Control.AXIS if lyon else Control.FRENCH,
                marseilles=Control.AXIS if marseilles else Control.FRENCH,
            ),
            diplomacy=Diplomacy(axis_dps=max(dps, 0), allied_dps=max(-dps, 0)),
            colonies=base.colonies,
            fleet=base.fleet,
        )
        held = [c for c, axis in (("Lyon", lyon), ("Marseilles", marseilles)) if axis]
        case = (
            f"{season.label} 1940, {'voluntary' if voluntary else 'Paris held by the Axis'}, "
            f"Axis also in {', '.join(held) or 'nothing else'}, net DPs {dps:+d}"
            + (", cooperation 7+" if coop else "")
        )
        yield case, s, FleetDiscount.POOLED, YesNo.NO
    for corsica in YesNo:
        for sizes in itertools.product((0, SLOT_FACTORS), repeat=len(SLOTS)):
            units = tuple(
                Unit(
                    name=f"{n.label} {k} in {r}",
                    nationality=n,
                    kind=UnitKind(k),
                    location=Region(r),
                    factors=f,
                )
                for (n, k, r), f in zip(SLOTS, sizes, strict=True)
                if f
            )
            s = AwawScenario(**{**_fields(base), "units": units})
            named = ", ".join(f"{u.name} ({u.factors})" for u in units) or "no units"
            yield f"{named}; Corsica in France: {corsica.value}", s, FleetDiscount.POOLED, corsica
    per_ship = [(c, f) for c in CONDITIONS for f in FLEET_FACTORS]
    for discount in FleetDiscount:
        for n in range(FLEET_SHIPS + 1):
            for picked in itertools.combinations_with_replacement(per_ship, n):
                ships = (
                    ship(ShipKind.NAMED, READY_FACTORS, "british", "ready", "base"),
                    *(
                        ship(ShipKind.CRUISER, f, "british", c.value, f"x{i}")
                        for i, (c, f) in enumerate(picked)
                    ),
                )
                s = AwawScenario(**{**_fields(base), "fleet": ships})
                extra = ", ".join(f"{c.label} {f}" for c, f in picked) or "none"
                case = (
                    f"{READY_FACTORS} ready factors and ships of {extra} factors, {discount.value}"
                )
                yield case, s, discount, YesNo.NO


def _fields(s: AwawScenario) -> dict[str, Any]:
    return {f: getattr(s, f) for f in s.__struct_fields__}


def check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.21-58.22 on the shipped level step over :func:`domain`, judged with the numbers
    tables ``t`` set (:func:`armistice.verify.awaw.rule58.spec.house`); ``only`` limits the
    properties judged (default: all of :data:`RULES`)."""
    return judged(t, only).results(RULES, domain(), "the level is read through level.surrender")


def judged(t: Tables, only: tuple[str, ...] = ()) -> Tally:
    """The level step over its domain (see :func:`check`): the tally of cases and the first
    violation of each property."""
    tally = Tally(only or tuple(RULES))
    n = spec.house(t)
    with steps.uncached():
        for case, s, discount, corsica in _cases(t):
            try:
                lv = steps.surrender_level(s, t, discount, corsica)
                per_ship = discount is FleetDiscount.PER_SHIP
                broken = judge.level(s, lv, per_ship, corsica is YesNo.YES, n)
                broken |= judge.handover_level(t, lv.value)
            except Exception as error:  # a broken engine may raise anywhere
                broken = tally.raised(error)
            assume = {FLEET_DISCOUNT.key: discount.value, CORSICA.key: corsica.value}
            tally.note(
                broken,
                case,
                partial(Reproduction, s, assume, (("establish_vichy", "yes"),)),
            )
            if tally.done:
                break
    return tally
