"""Exhaustive small-scope checks of rule 58's whole procedure, step by step, on the shipped
step code and against the rule text (:mod:`armistice.verify.awaw.rule58.judge`).

Each check runs one step over its own domain of inputs (stated as the result's bounds)
and every answer its prompts accept (:mod:`armistice.verify.awaw.rule58.steps`), from
small cases to large, and stops a property at its first violation: that case becomes a
counterexample scenario with the answers that reproduce it. Steps hand over to the next:
the level step gives a level the force tables have a row for, the colonial dice a status
for every colony and a holder for every region, the force levels non-negative forces, the
fleet step's plan every ship.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from armistice.core.awaw.rule58 import fleet, hexes
from armistice.core.awaw.rule58.assumptions import (
    AIR_NAVAL_IN_VICHY,
    CORSICA,
    FLEET_DISCOUNT,
    FROM_VICHY_COLONIES,
    SHIP_RANGE,
    SHIP_SOURCES,
    AirNavalInVichy,
    FleetDiscount,
    ShipRange,
    ShipSources,
    YesNo,
)
from armistice.core.awaw.rule58.scenario import (
    AwawScenario,
    Diplomacy,
    Ship,
    Surrender,
    Territory,
    Unit,
)
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Tables
from armistice.core.awaw.words import (
    ColonyStatus,
    Condition,
    Control,
    FrenchSide,
    Nationality,
    Region,
    Season,
    ShipKind,
    UnitKind,
)
from armistice.core.prompts import AnswerValue
from armistice.verify.awaw.rule58 import judge, positions, replay, steps
from armistice.verify.awaw.rule58.positions import MODES, established, position
from armistice.verify.model import Bounds, Check, Result, Strength, Verdict

Answers = tuple[tuple[str, AnswerValue], ...]


class Reproduction(str):
    """The ``armistice resolve`` command that reproduces a violating case (its text, the file
    written as FILE), carrying the case's ``scenario``, the ``assume`` readings (key ->
    value) and the ``answers`` (prompt key -> answer, in order) for the counterexample file."""

    scenario: AwawScenario
    assume: dict[str, str]
    answers: Answers

    def __new__(
        cls, scenario: AwawScenario, assume: Mapping[str, str], answers: Answers
    ) -> Reproduction:
        made = super().__new__(cls, replay.command("FILE", assume, answers))
        made.scenario, made.assume, made.answers = scenario, dict(assume), answers
        return made


@dataclass
class Tally:
    """Cases checked and the first violation found, in enumeration order: a check stops at
    its first violation, so that is the smallest failing case it enumerates. ``names`` are
    the properties judged."""

    names: tuple[str, ...]
    cases: int = 0
    first: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        """A violation has been found: the check stops."""
        return bool(self.first)

    def note(self, broken: judge.Broken, case: str, reproduce: Callable[[], Reproduction]) -> None:
        """Count one case and keep the violations it shows of the properties judged."""
        self.cases += 1
        for name, (engine, rule, what) in broken.items():
            if name in self.names and name not in self.first:
                self.first[name] = {
                    "case": case,
                    "engine": str(engine),
                    "rule": str(rule),
                    "differs": what,
                    "resolve": reproduce(),
                }

    def results(
        self, rules: Mapping[str, tuple[str, ...]], bounds: Bounds, why: str
    ) -> list[Result]:
        """One exhaustive result per property judged: proved over the whole domain, violated
        with its first counterexample, or unknown when the check stopped at another's."""
        out = []
        for name in self.names:
            found = self.first.get(name)
            if found is not None:
                verdict = Verdict.VIOLATED
                text = (
                    f"{found['case']}: the engine gives {found['engine']}, the rule "
                    f"{found['rule']} ({found['differs']})"
                )
            elif self.first:
                verdict = Verdict.UNKNOWN
                text = (
                    f"not checked to the end: the check stopped after {self.cases} cases, at "
                    f"the first violation (of {', '.join(self.first)})"
                )
            else:
                verdict, text = Verdict.PROVED, f"holds in all {self.cases} cases; {why}"
            out.append(
                Result(
                    name,
                    rules[name],
                    verdict,
                    text,
                    counterexample=found or {},
                    strength=Strength.EXHAUSTIVE,
                    bounds=bounds,
                )
            )
        return out


def _raised(names: tuple[str, ...], error: Exception) -> judge.Broken:
    return {
        n: (f"raised {type(error).__name__}: {error}", "a result", "the step failed") for n in names
    }


# --- 58.21-58.22: the level step -------------------------------------------------------

LEVEL_RULES = {
    "level_is_clamped_raw_sum": ("58.21", "58.22"),
    "ground_factors_58_21b": ("58.21B",),
    "fleet_count_58_21c": ("58.21C",),
    "handover_level": ("58.22", "58.621", "58.631"),
}
SLOTS = (
    *(
        (Nationality.FRENCH, k, r)
        for k in ("infantry", "armor", "air")
        for r in ("northern_france", "southern_france", "corsica", "algeria")
    ),
    (Nationality.BRITISH, "infantry", "northern_france"),
)
"""58.21B's units: French infantry, armor and air in France, Corsica and a colony, and a
British infantry unit in France; each holds 0 or 5 factors."""
CONDITIONS = tuple(Condition)
FLEET_SHIPS = 3
FLEET_FACTORS = (1, 2, 3)


def _level_cases(t: Tables) -> Iterator[tuple[str, AwawScenario, FleetDiscount, YesNo]]:
    base = position(t, at=0, ships=(_ship(ShipKind.NAMED, 42, "british", "ready", "base"),))
    seasons = (Season.SPRING, Season.SUMMER, Season.FALL, Season.WINTER)
    for season, lyon, marseilles, coop, dps, voluntary in itertools.product(
        seasons, (False, True), (False, True), (False, True), range(-8, 9), (False, True)
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
        for sizes in itertools.product((0, 5), repeat=len(SLOTS)):
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
            listed = ", ".join(f"{u.name} ({u.factors})" for u in units) or "no units"
            yield f"{listed}; Corsica in France: {corsica.value}", s, FleetDiscount.POOLED, corsica
    per_ship = [(c, f) for c in CONDITIONS for f in FLEET_FACTORS]
    for discount in FleetDiscount:
        for n in range(FLEET_SHIPS + 1):
            for picked in itertools.combinations_with_replacement(per_ship, n):
                ships = (
                    _ship(ShipKind.NAMED, 30, "british", "ready", "base"),
                    *(
                        _ship(ShipKind.CRUISER, f, "british", c.value, f"x{i}")
                        for i, (c, f) in enumerate(picked)
                    ),
                )
                s = AwawScenario(**{**_fields(base), "fleet": ships})
                extra = ", ".join(f"{c.label} {f}" for c, f in picked) or "none"
                case = f"30 ready factors and ships of {extra} factors, {discount.value}"
                yield case, s, discount, YesNo.NO


def _fields(s: AwawScenario) -> dict[str, Any]:
    return {f: getattr(s, f) for f in s.__struct_fields__}


def _ship(kind: ShipKind, factors: int, region: str, condition: str, ident: str) -> Ship:
    return Ship(
        kind=kind,
        factors=factors,
        region=Region(region),
        id=ident,
        name=f"{kind.one} {ident}",
        condition=Condition(condition),
        port=region,
    )


def level_check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.21-58.22 on the shipped level step: turns, cities, cooperation, DPs -8..8 and
    voluntary surrenders; every set of French and British units of 0 or 5 factors in France,
    Corsica and a colony, with both Corsica readings; every fleet of up to three discounted,
    ready or building ships of 1-3 factors beside 30 ready ones, with both discount readings."""
    tally = judge_level(t, only)
    bounds = {
        "net DPs": (-8, 8),
        "unit slots of 0 or 5 factors": (len(SLOTS), len(SLOTS)),
        "discounted or building ships": (0, FLEET_SHIPS),
        "factors per ship": (1, 3),
    }
    return tally.results(LEVEL_RULES, bounds, "the level is read through level.surrender")


def judge_level(t: Tables, only: tuple[str, ...] = ()) -> Tally:
    """The level step over its domain (see :func:`level_check`)."""
    tally = Tally(only or tuple(LEVEL_RULES))
    with steps.uncached():
        for case, s, discount, corsica in _level_cases(t):
            try:
                lv = steps.surrender_level(s, t, discount, corsica)
                broken = judge.level(
                    s, lv, discount is FleetDiscount.PER_SHIP, corsica is YesNo.YES
                )
                broken |= judge.handover_level(t, lv.value)
            except Exception as error:  # a broken engine may raise anywhere
                broken = _raised(tally.names, error)
            assume = {FLEET_DISCOUNT.key: discount.value, CORSICA.key: corsica.value}
            tally.note(
                broken,
                case,
                partial(Reproduction, s, assume, (("establish_vichy", "yes"),)),
            )
            if tally.done:
                break
    return tally


# --- 58.31 and 58.53: the Vichy decision and the colonial dice ---------------------------

COLONY_RULES = {
    "colonies_one_status": ("58.531", "58.532A", "58.533", "58.534"),
    "handover_colonies": ("58.531A", "58.61"),
}


def colony_check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.31 and 58.53 on the shipped Vichy decision and colonial dice: every holder (French,
    Axis, British) of every colony, the U.S. at war or not, both Vichy choices, every level
    and every face of every die asked."""
    tally = Tally(only or tuple(COLONY_RULES))
    ids = tuple(t.colonies)
    with steps.uncached():
        for at, us_at_war, held in itertools.product(
            sorted(t.levels, key=abs),
            (False, True),
            itertools.product(("french", "axis", "british"), repeat=len(ids)),
        ):
            controls = dict(zip(ids, held, strict=True))
            mode = "us_at_war" if us_at_war else "vichy"
            s = position(t, at=at, mode=mode, controls=controls)
            try:
                leaves = list(steps.walk(partial(steps.colony_step, s, t, at)))
            except Exception as error:  # a broken engine may raise anywhere
                tally.note(
                    _raised(tally.names, error),
                    f"level {at:+d}, {controls}",
                    partial(Reproduction, s, {}, ()),
                )
                continue
            for path, (vichy, statuses, state) in leaves:
                dice: dict[str, int | None] = {r.group: r.die for r in state.colony_rolls}
                try:
                    holders = dict(hexes.region_holders(s, vichy, statuses))
                except Exception:  # judged below as holders missing
                    holders = {}
                try:
                    broken = judge.colonies(s, t, at, vichy, dict(statuses), dice, holders)
                except Exception as error:
                    broken = _raised(tally.names, error)
                answers = tuple((p.key, a) for p, a in path)
                tally.note(
                    broken,
                    f"level {at:+d}, held {controls}, answers {dict(answers)}",
                    partial(Reproduction, s, {}, answers),
                )
            if tally.done:
                break
    bounds = {"level": (-3, 3), "die": (1, 6), "holders per colony (French, Axis, British)": (1, 3)}
    return tally.results(COLONY_RULES, bounds, "every Vichy choice and die face answered")


# --- 58.4, 58.61-58.623: what becomes of each unit --------------------------------------

UNIT_RULES = {
    "units_all_have_fates": ("58.41", "58.43", "58.532B", "58.61"),
    "units_kept_within_level": ("58.623",),
}
FRENCH_PLACES = ("british", "northern_france", "algeria")
OTHERS = (
    (Nationality.BRITISH, UnitKind.INFANTRY),
    (Nationality.BRITISH, UnitKind.AIR),
    (Nationality.BRITISH, UnitKind.NAVAL),
    (Nationality.BRITISH, UnitKind.AIRBASE),
    (Nationality.US, UnitKind.AIR),
    (Nationality.GERMAN, UnitKind.INFANTRY),
)


def _units() -> tuple[Unit, ...]:
    french = tuple(
        Unit(
            name=f"French {kind} in {place}",
            nationality=Nationality.FRENCH,
            kind=kind,
            location=Region(place),
            factors=factors,
        )
        for kind, factors in ((UnitKind.INFANTRY, 4), (UnitKind.ARMOR, 3), (UnitKind.AIR, 1))
        for place in FRENCH_PLACES
    )
    others = tuple(
        Unit(name=f"{n.label} {k} in {r.value}", nationality=n, kind=k, location=r, factors=2)
        for n, k in OTHERS
        for r in Region
    )
    return french + others


def status_cases(t: Tables, mode: str, at: int) -> Iterator[dict[str, str]]:
    """Every status a resolution in ``mode`` at level ``at`` can give each die group, the
    colonies of a group sharing it (58.531): colony id -> status."""
    vichy = established(mode)
    options = [
        x
        for x in ("free_french", "vichy", "axis", "independent")
        if positions.reachable(x, at, vichy)
    ]
    for picked in itertools.product(options, repeat=len(t.groups)):
        by_group = dict(zip(t.groups, picked, strict=True))
        yield {c: by_group[info.group] for c, info in t.colonies.items()}


def unit_check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.4 and 58.61-58.623 on the shipped unit fates and the British choice of French
    units: French infantry, armor and air on British ground, in France and in a colony, and
    six kinds of British, U.S. and German units in every region; every mode, level, status
    of each die group's colonies and both readings of 58.41 and of Corsica (a unit's fate
    reads only its own region's holder and status, so colonies varying by group suffice).
    keep_units asks each column from the scenario, the column and the table level alone, and a unit's fate reads only its own
    column's answer, so each prompt is sent every answer it accepts with the others at their
    first."""
    tally = Tally(only or tuple(UNIT_RULES))
    units = _units()
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
            _unit_case(t, tally, mode, at, statuses, air_naval, corsica, units)
            if tally.done:
                break
    bounds = {
        "level": (-3, 3),
        "French units per column on British-holdable ground": (0, 3),
        "statuses per die group (reachable)": (1, 4),
    }
    return tally.results(UNIT_RULES, bounds, "every answer of every 58.623 choice")


def _unit_case(
    t: Tables,
    tally: Tally,
    mode: str,
    at: int,
    statuses: dict[str, str],
    air_naval: AirNavalInVichy,
    corsica: YesNo,
    units: tuple[Unit, ...],
) -> None:
    vichy = established(mode)
    controls, dice = positions.dice_for(t, statuses, at, vichy)
    s = position(t, at=at, mode=mode, controls=controls, units=units, corsica=corsica)
    known = tuple((c, _status(x)) for c, x in statuses.items())
    assume = {AIR_NAVAL_IN_VICHY.key: air_naval.value, CORSICA.key: corsica.value}
    before = _before(mode, dice)
    try:
        leaves = list(
            steps.walk(
                lambda: steps.unit_step(s, t, at, vichy, known, air_naval, corsica), alone=True
            )
        )
    except Exception as error:  # a broken engine may raise anywhere
        tally.note(
            _raised(tally.names, error),
            f"level {at:+d}, {statuses}",
            lambda: Reproduction(s, assume, before),
        )
        return
    for path, fates in leaves:
        answers = tuple((p.key, a) for p, a in path)
        try:
            broken = judge.units(s, t, at, vichy, statuses, fates, answers)
        except Exception as error:
            broken = _raised(tally.names, error)
        tally.note(
            broken,
            f"{mode}, level {at:+d}, colonies {statuses}, answers {dict(answers)}",
            partial(Reproduction, s, assume, before + answers),
        )


def _status(x: str) -> ColonyStatus:
    return ColonyStatus(x)


def _before(mode: str, dice: Mapping[str, int]) -> Answers:
    """The answers a resolution needs before the units and the fleet: the Vichy decision and
    the colonial dice."""
    vichy = (
        () if mode == "us_at_war" else (("establish_vichy", "yes" if mode == "vichy" else "no"),)
    )
    return (*vichy, *((f"colony_roll.{g}", d) for g, d in dice.items()))


# --- 58.6-58.64: force levels and the fleet ---------------------------------------------

FLEET_RULES = {
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
FACTORS = {ShipKind.NAMED: 4, ShipKind.CRUISER: 1, ShipKind.DESTROYER: 1}
PER_PORT = (1, 2)
READINGS = tuple(itertools.product(ShipRange, ShipSources, YesNo))


def fleet_of(kind: ShipKind, per_port: int, variant: int) -> tuple[Ship, ...]:
    """``per_port`` ships of ``kind`` in each of :data:`PORTS`, the j-th in the i-th port in
    condition ``(variant + 2i + j) mod 5`` (so over the five variants every port holds every
    condition); destroyer groups hold 1 and 2 factors."""
    return tuple(
        _ship(
            kind,
            FACTORS[kind] + (j if kind is ShipKind.DESTROYER else 0),
            port,
            CONDITIONS[(variant + 2 * i + j) % len(CONDITIONS)].value,
            f"{kind.value}_{port}_{j}",
        )
        for i, port in enumerate(PORTS)
        for j in range(per_port)
    )


def fleet_check(t: Tables, only: tuple[str, ...] = ()) -> list[Result]:
    """58.6-58.64 on the shipped force levels and fleet division: for each kind of ship on
    its own (a kind's split and prompts never read another kind's ships or levels), one or
    two ships in each port of :data:`PORTS`, every condition in every port, every mode, level
    and die group status, and every reading of 58.641; every answer of every prompt."""
    tally = Tally(only or tuple(FLEET_RULES))
    with steps.uncached():
        for per_port, kind, variant, mode in itertools.product(
            PER_PORT, ShipKind, range(len(CONDITIONS)), MODES
        ):
            ships = fleet_of(kind, per_port, variant)
            for at in sorted(t.levels, key=abs):
                for statuses in status_cases(t, mode, at):
                    for readings in READINGS:
                        _fleet_case(t, tally, mode, at, statuses, readings, ships)
                    if tally.done:
                        return _fleet_results(tally)
    return _fleet_results(tally)


def _fleet_results(tally: Tally) -> list[Result]:
    bounds = {
        "ships of each kind per port": (1, 2),
        "ports": (len(PORTS), len(PORTS)),
        "level": (-3, 3),
        "58.641 readings": (1, len(READINGS)),
    }
    return tally.results(FLEET_RULES, bounds, "every answer of every Free French and Vichy choice")


def _fleet_case(
    t: Tables,
    tally: Tally,
    mode: str,
    at: int,
    statuses: dict[str, str],
    readings: tuple[ShipRange, ShipSources, YesNo],
    ships: tuple[Ship, ...],
) -> None:
    vichy = established(mode)
    controls, dice = positions.dice_for(t, statuses, at, vichy)
    s = position(t, at=at, mode=mode, controls=controls, ships=ships)
    known = tuple((c, _status(x)) for c, x in statuses.items())
    flags = (
        readings[0] is ShipRange.IN_RANGE,
        readings[1] is ShipSources.ANY_AXIS_PORT,
        readings[2] is YesNo.YES,
    )
    assume = {
        SHIP_RANGE.key: readings[0].value,
        SHIP_SOURCES.key: readings[1].value,
        FROM_VICHY_COLONIES.key: readings[2].value,
    }
    before = _before(mode, dice)
    case = f"{mode}, level {at:+d}, colonies {statuses}, {assume}"
    try:
        holders = hexes.region_holders(s, vichy, known)
        levels = steps.force_levels(s, t, at, vichy, known)
        broken = _handovers(s, t, at, vichy, levels, fleet.plan(s, holders, *readings))
        leaves = list(steps.walk(lambda: steps.fleet_step(s, levels, vichy, holders, readings)))
    except Exception as error:  # a broken engine may raise anywhere
        tally.note(_raised(tally.names, error), case, lambda: Reproduction(s, assume, before))
        return
    if broken:
        tally.note(broken, case, lambda: Reproduction(s, assume, before))
    us_at_war = mode == "us_at_war"
    tier = {x.id: judge.tiers(x, vichy, us_at_war, statuses, flags) for x in s.fleet}
    for path, (_, forces, result) in leaves:
        answers = tuple((p.key, a) for p, a in path)
        try:
            broken = judge.fleet(
                s, t, at, vichy, statuses, flags, forces, result, [p.key for p, _ in path], tier
            )
        except Exception as error:
            broken = _raised(tally.names, error)
        tally.note(
            broken,
            f"{case}, answers {dict(answers)}",
            partial(Reproduction, s, assume, before + answers),
        )


def _handovers(
    s: AwawScenario, t: Tables, at: int, vichy: bool, levels: Any, plan: Any
) -> judge.Broken:
    broken: judge.Broken = {}
    sides = set(levels) == set(FrenchSide)
    if not sides or any(
        getattr(levels[side], f.value) < 0 for side in levels for f in FORCE_FIELDS
    ):
        broken["handover_forces"] = (levels, "non-negative forces for both sides", f"level {at:+d}")
    listed = [x.id for kind in ShipKind for x in plan.ships.get(kind, ())]
    if sorted(listed) != sorted(x.id for x in s.fleet) or set(plan.source) != {
        x.id for x in s.fleet
    }:
        broken["handover_fleet_plan"] = (sorted(listed), sorted(x.id for x in s.fleet), "the plan")
    return broken


def checks(t: Tables) -> list[Check]:
    """The exhaustive checks of rule 58's procedure, step by step, in rule order."""
    return [
        Check(
            "level step",
            tuple(sorted({r for v in LEVEL_RULES.values() for r in v})),
            lambda: level_check(t),
        ),
        Check(
            "colony step",
            tuple(sorted({r for v in COLONY_RULES.values() for r in v})),
            lambda: colony_check(t),
        ),
        Check(
            "unit step",
            tuple(sorted({r for v in UNIT_RULES.values() for r in v})),
            lambda: unit_check(t),
        ),
        Check(
            "fleet step",
            tuple(sorted({r for v in FLEET_RULES.values() for r in v})),
            lambda: fleet_check(t),
        ),
    ]
