"""58.6-58.64 on the shipped force levels and fleet division: every case of its domain,
judged by the rule text and the force tables in use."""

from __future__ import annotations

import itertools
from functools import partial

from armistice.core.awaw.rule58 import fleet, hexes
from armistice.core.awaw.rule58.assumptions import (
    FROM_VICHY_COLONIES,
    SHIP_RANGE,
    SHIP_SOURCES,
    ShipRange,
    ShipSources,
    YesNo,
)
from armistice.core.awaw.rule58.scenario import Ship
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Forces, Tables
from armistice.core.awaw.words import ColonyStatus, Condition, FrenchSide, Region, ShipKind
from armistice.verify.awaw.rule58 import judge, positions, steps
from armistice.verify.awaw.rule58.exhaustive.tally import Domain, Reproduction, Tally, listed
from armistice.verify.awaw.rule58.judge import FleetCase
from armistice.verify.awaw.rule58.positions import MODES, established, position, ship, status_cases
from armistice.verify.model import Result

RULES = {
    "ships_one_fate": ("58.64", "58.642"),
    "forces_match_table_level": ("58.621", "58.631", "58.642", "58.643"),
    "free_french_choose_first": ("58.611",),
    "port_order_58_641": ("58.641",),
    "handover_forces": ("58.621", "58.631"),
    "handover_fleet_plan": ("58.64",),
}
PORTS = ("british", "southern_france", "northern_france", "algeria", "lebanon_syria")
"""A British-controlled port; Vichy France's (or, without Vichy, an Axis-held French home
port); an Axis-held French home port; and two colonies whose status makes their ports
British, Vichy, Axis or neutral."""
CONDITIONS = tuple(Condition)
FACTORS = {ShipKind.NAMED: 4, ShipKind.CRUISER: 1, ShipKind.DESTROYER: 1}
PER_PORT = (1, 2)
BRITISH_EMPTY = (False, True)
"""The British port also empty (with one ship in each other port), so that the Free French
must draw from the ports beyond it at every level."""
READINGS = tuple(itertools.product(ShipRange, ShipSources, YesNo))
"""Every reading of 58.641: ship range, ship sources, from Vichy colonies."""


def fleet_of(
    kind: ShipKind, per_port: int, variant: int, british_empty: bool = False
) -> tuple[Ship, ...]:
    """``per_port`` ships of ``kind`` in each of :data:`PORTS` (none in the British port when
    ``british_empty``), the j-th in the i-th port in condition ``(variant + 2i + j) mod 5``
    (so over the five variants every port holds every condition); destroyer groups hold 1
    and 2 factors."""
    return tuple(
        ship(
            kind,
            FACTORS[kind] + (j if kind is ShipKind.DESTROYER else 0),
            port,
            CONDITIONS[(variant + 2 * i + j) % len(CONDITIONS)].value,
            f"{kind.value}_{port}_{j}",
        )
        for i, port in enumerate(PORTS)
        if not (british_empty and port == "british")
        for j in range(per_port)
    )


def fleets() -> list[tuple[int, bool]]:
    """The fleet sizes checked: ``(ships per port, British port empty)``."""
    return [(n, False) for n in PER_PORT] + [(PER_PORT[0], True)]


def domain(t: Tables) -> Domain:
    """The fleet step's domain under tables ``t``, as bounds and as a sentence."""
    low, high = t.levels[0], t.levels[-1]
    ports = listed([Region(p).label for p in PORTS])
    text = (
        f"each kind of ship on its own (named ships of {FACTORS[ShipKind.NAMED]} factors, "
        f"cruisers, destroyer groups of 1 and 2 factors), {PER_PORT[0]} or {PER_PORT[-1]} "
        f"ships in each of {len(PORTS)} ports ({ports}), or none in the British port and "
        f"{PER_PORT[0]} in each other, each port holding every condition "
        f"over {len(CONDITIONS)} arrangements; Vichy France established, not established or "
        f"ruled out by U.S. entry; every surrender level from {low:+d} to {high:+d}; every "
        f"status each die group's colonies can reach; all {len(READINGS)} readings of 58.641; "
        "every answer of every Free French and Vichy choice"
    )
    bounds = {
        "ships of each kind per port": (0, PER_PORT[-1]),
        "ports": (len(PORTS), len(PORTS)),
        "level": (low, high),
        "58.641 readings": (1, len(READINGS)),
    }
    return Domain(bounds, text)


def check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.6-58.64 on the shipped force levels and fleet division over :func:`domain`, for
    each kind of ship on its own (a kind's split and prompts never read another kind's
    ships or levels); ``only`` limits the properties judged."""
    tally = Tally(only or tuple(RULES))
    with steps.uncached():
        for (per_port, british_empty), kind, variant, mode in itertools.product(
            fleets(), ShipKind, range(len(CONDITIONS)), MODES
        ):
            ships = fleet_of(kind, per_port, variant, british_empty)
            for at in sorted(t.levels, key=abs):
                for statuses in status_cases(t, mode, at):
                    vichy = established(mode)
                    controls, dice = positions.dice_for(t, statuses, at, vichy)
                    s = position(t, at=at, mode=mode, controls=controls, ships=ships)
                    before = positions.before(mode, dice)
                    for readings in READINGS:
                        _case(tally, FleetCase(s, t, at, vichy, statuses, readings), before)
                    if tally.done:
                        return _results(t, tally)
    return _results(t, tally)


def _results(t: Tables, tally: Tally) -> list[Result]:
    return tally.results(RULES, domain(t), "every answer of every Free French and Vichy choice")


def _case(tally: Tally, case: FleetCase, before: positions.Answers) -> None:
    s, t, at, vichy = case.s, case.t, case.at, case.vichy
    known = tuple((c, ColonyStatus(x)) for c, x in case.statuses.items())
    ship_range, sources, from_vichy = case.readings
    assume = {
        SHIP_RANGE.key: ship_range.value,
        SHIP_SOURCES.key: sources.value,
        FROM_VICHY_COLONIES.key: from_vichy.value,
    }
    mode = "us_at_war" if s.surrender.us_at_war_with_germany else "vichy" if vichy else "no_vichy"
    described = f"{mode}, level {at:+d}, colonies {case.statuses}, {assume}"
    try:
        holders = hexes.region_holders(s, vichy, known)
        levels = steps.force_levels(s, t, at, vichy, known)
        broken = _handovers(case, levels, fleet.plan(s, holders, *case.readings))
        leaves = list(
            steps.walk(lambda: steps.fleet_step(s, levels, vichy, holders, case.readings))
        )
    except Exception as error:  # a broken engine may raise anywhere
        tally.note(tally.raised(error), described, lambda: Reproduction(s, assume, before))
        return
    if broken:
        tally.note(broken, described, lambda: Reproduction(s, assume, before))
    tier = {x.id: case.tiers(x) for x in s.fleet}
    for path, (_, forces, result) in leaves:
        answers = tuple((p.key, a) for p, a in path)
        keys = [p.key for p, _ in path]
        broken = tally.judged(judge.fleet, case, forces, result, keys, tier)
        tally.note(
            broken,
            f"{described}, answers {dict(answers)}",
            partial(Reproduction, s, assume, before + answers),
        )


def _handovers(case: FleetCase, levels: dict[FrenchSide, Forces], plan: fleet.Plan) -> judge.Broken:
    """The force levels hand on non-negative forces for both sides (``handover_forces``);
    the plan lists every ship once (``handover_fleet_plan``)."""
    broken: judge.Broken = {}
    fleet_ids = sorted(x.id for x in case.s.fleet)
    sides = set(levels) == set(FrenchSide)
    if not sides or any(
        getattr(levels[side], f.value) < 0 for side in levels for f in FORCE_FIELDS
    ):
        broken["handover_forces"] = (
            levels,
            "non-negative forces for both sides",
            f"level {case.at:+d}",
        )
    listed_ids = [x.id for kind in ShipKind for x in plan.ships.get(kind, ())]
    if sorted(listed_ids) != fleet_ids or set(plan.source) != set(fleet_ids):
        broken["handover_fleet_plan"] = (sorted(listed_ids), fleet_ids, "the plan")
    return broken
