"""58.1-58.2: why France falls, and the French surrender level with every modifier."""

from __future__ import annotations

from armistice.core.awaw.rule58 import phrases, rules
from armistice.core.awaw.rule58.assumptions import (
    CORSICA,
    FLEET_DISCOUNT,
    FleetDiscount,
    YesNo,
    france,
)
from armistice.core.awaw.rule58.effects import Effects
from armistice.core.awaw.rule58.scenario import AwawScenario, Ship
from armistice.core.awaw.rule58.state import Modifier, SurrenderLevel
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import GROUND, Condition, Control, Nationality
from armistice.core.ledger import LogEntry
from armistice.core.memo import per_scenario


@per_scenario
def surrender(s: AwawScenario, t: Tables, fleet_discount: FleetDiscount, corsica: YesNo) -> Effects:
    """58.11-58.22: why France falls, every modifier of the level, the raw sum and the level.

    ``fleet_discount`` and ``corsica`` are the game's readings of 58.21C and of whether
    58.21B's "in France" takes in Corsica.
    Changes ``surrender_level``.
    """
    log: list[LogEntry] = []
    if s.surrender.voluntary:
        log.append(LogEntry("58.11B", f"France chooses to surrender in {phrases.turn(s)}"))
    else:
        log.append(
            LogEntry(
                "58.11A",
                f"France falls: the Axis holds Paris at the end of the Allied player turn, "
                f"{phrases.turn(s)}",
            )
        )
    log.append(
        LogEntry(
            "58.12",
            "The surrender is resolved now; French units may still be lost to "
            "isolation, but none may be built or redeployed",
        )
    )
    counted, fleet_basis = fleet_count(s.fleet, fleet_discount)
    ground = _ground_factors(s, corsica)
    ter, d = s.territory, s.diplomacy
    facts = rules.SurrenderFacts(
        voluntary=s.surrender.voluntary,
        paris_axis=ter.paris is Control.AXIS,
        lyon_axis=ter.lyon is Control.AXIS,
        marseilles_axis=ter.marseilles is Control.AXIS,
        other_french_objectives=len(ter.other_french_objectives),
        ground_factors=ground,
        fleet_factors=counted,
        turn=s.turn,
        net_dps=d.net,
        cooperation=s.surrender.anglo_french_cooperation,
    )
    basis = (
        ter.paris.label,
        ter.lyon.label,
        ter.marseilles.label,
        ", ".join(ter.other_french_objectives) or "none",
        phrases.factors(ground),
        fleet_basis,
        phrases.turn(s),
        f"Axis {d.axis_dps - d.axis_dps_cancelled} - Allies {d.allied_dps - d.allied_dps_cancelled}",
        "achieved" if s.surrender.anglo_french_cooperation else "not achieved",
        "yes" if s.surrender.voluntary else "no",
    )
    modifiers = tuple(
        Modifier(term.rule, term.label, term.value, why)
        for term, why in zip(rules.surrender_terms(facts, t), basis, strict=True)
    )
    raw, value = (int(x) for x in rules.surrender_level(facts, t))
    used = {"58.21B": CORSICA.cite(corsica), "58.21C": FLEET_DISCOUNT.cite(fleet_discount)}
    for m in modifiers:
        if m.value or not s.surrender.voluntary:
            log.append(
                LogEntry(m.rule, f"{m.label}: {m.value:+d} ({m.basis})", used.get(m.rule, ""))
            )
    if raw != value:
        log.append(
            LogEntry("58.22", f"The modifiers add up to {raw:+d}; the level stops at {value:+d}")
        )
    log.append(LogEntry("58.2", f"French surrender level: {value:+d}"))
    level = SurrenderLevel(value, raw, modifiers, s.surrender.voluntary)
    return Effects({"surrender_level": level}, tuple(log))


def fleet_count(fleet: tuple[Ship, ...], discount: FleetDiscount) -> tuple[int, str]:
    """58.21C: the French fleet as the surrender level counts it, in factors, and the sum
    that gives it in words, every term a whole number that adds up to the count.

    Ready ships count in full, ships still building (row 3 or higher) not at all; damaged
    and unfinished ("2" or "Launch" row) ships are discounted: they count half, rounded
    down, as one pool or ship by ship as ``discount`` (awaw.58.fleet_discount) reads it.
    With 35 ready factors and two damaged 3-factor cruisers, pooled gives ``(38, "38
    factors = 35 ready + 3 (6 halved)")``, ship by ship ``(37, "37 factors = 35 ready + 1 +
    1 (3, 3 halved, rounded down)")``.
    """
    full, discounted, building = _fleet_factors(fleet)
    pooled = discount is FleetDiscount.POOLED
    halved = [sum(discounted)] if pooled and discounted else discounted
    halves = [int(rules.counted_fleet(0, f)) for f in halved]
    counted = sum(full) + sum(halves)
    basis = f"{counted} factors = {sum(full)} ready"
    if halved:
        odd = ", rounded down" if any(f % 2 for f in halved) else ""
        each = ", ".join(str(f) for f in halved)
        basis += "".join(f" + {h}" for h in halves) + f" ({each} halved{odd})"
    if building:
        basis += f"; {sum(building)} building"
    return counted, basis


def _fleet_factors(fleet: tuple[Ship, ...]) -> tuple[list[int], list[int], list[int]]:
    full, discounted, building = [], [], []
    for ship in fleet:
        if ship.condition is Condition.BUILDING:
            building.append(ship.factors)
        elif ship.condition.discounted:
            discounted.append(ship.factors)
        else:
            full.append(ship.factors)
    return full, discounted, building


def _ground_factors(s: AwawScenario, corsica: YesNo) -> int:
    """58.21B: French infantry and armor factors in France, as ``corsica`` reads France."""
    places = france(corsica)
    return sum(
        u.factors
        for u in s.units
        if u.nationality is Nationality.FRENCH and u.kind in GROUND and u.location in places
    )
