"""The steps of rule 58 that need no answer: pure functions of the scenario and a few values.

Each returns :class:`Effects` (state changes and log entries) and is
memoized per scenario, so replays (undo, saves, odds) do not redo them.
:mod:`core.awaw.procedure` applies them in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from core.awaw import rules, words
from core.awaw.model import (
    FRANCE,
    ColonyStatus,
    Condition,
    Control,
    Forces,
    Region,
    ShipKind,
    UnitKind,
)
from core.awaw.scenario import AwawScenario, Ship
from core.awaw.state import Brp, Fate, KeyAreaHolding, Modifier, SurrenderLevel
from core.awaw.tables import Tables
from core.ledger import LogEntry
from core.memo import per_scenario

Colonies = tuple[tuple[str, ColonyStatus], ...]
"""Each colony id with its status, in table order (hashable, for memo keys)."""


class Effects(NamedTuple):
    """What a step does: ``changes`` to the state's fields and ``log`` entries in order."""

    changes: Mapping[str, Any]
    log: tuple[LogEntry, ...]


_COLONY_HOLDER = {
    ColonyStatus.FREE_FRENCH: "british",
    ColonyStatus.VICHY: "vichy",
    ColonyStatus.AXIS: "axis",
    ColonyStatus.INDEPENDENT: "neutral",
}


@per_scenario
def surrender(s: AwawScenario, t: Tables, fleet_discount: str, corsica: str) -> Effects:
    """58.11-58.22: why France falls, every modifier of the level, the raw sum and the level.

    ``fleet_discount`` and ``corsica`` are the values of awaw.fleet_discount and
    awaw.corsica_ground_factors. Changes ``surrender_level``.
    """
    log: list[LogEntry] = []
    if s.surrender.voluntary:
        log.append(LogEntry("58.11B", f"France chooses to surrender in {words.turn(s)}"))
    else:
        log.append(
            LogEntry(
                "58.11A",
                f"France falls: the Axis holds Paris at the end of the Allied player turn, "
                f"{words.turn(s)}",
            )
        )
    log.append(
        LogEntry(
            "58.12",
            "The surrender is resolved now; French units may still be lost to "
            "isolation, but none may be built or redeployed",
        )
    )
    full, discounted, building = _fleet_factors(s.fleet)
    if fleet_discount == "pooled":
        counted = rules.counted_fleet(sum(full), sum(discounted))
    else:
        counted = sum(full) + sum(rules.counted_fleet(0, f) for f in discounted)
    ground = _ground_factors(s, corsica == "included")
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
        words.holder(ter.paris),
        words.holder(ter.lyon),
        words.holder(ter.marseilles),
        ", ".join(ter.other_french_objectives) or "none",
        f"{ground} factors",
        f"{counted} factors: {sum(full)} + {sum(discounted)}/2"
        + (f", {sum(building)} building" if building else ""),
        words.turn(s),
        f"Axis {d.axis_dps - d.axis_dps_cancelled} - Allies {d.allied_dps - d.allied_dps_cancelled}",
        "achieved" if s.surrender.anglo_french_cooperation else "not achieved",
        "yes" if s.surrender.voluntary else "no",
    )
    modifiers = tuple(
        Modifier(term.rule, term.label, term.value, why)
        for term, why in zip(rules.surrender_terms(facts, t), basis, strict=True)
    )
    raw, value = (int(x) for x in rules.surrender_level(facts, t))
    used = {
        "58.21B": f"awaw.corsica_ground_factors={corsica}",
        "58.21C": f"awaw.fleet_discount={fleet_discount}",
    }
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


def _ground_factors(s: AwawScenario, corsica: bool) -> int:
    places = (*FRANCE, Region.CORSICA) if corsica else FRANCE
    return sum(
        u.factors
        for u in s.units
        if u.nationality == "french"
        and u.kind in (UnitKind.INFANTRY, UnitKind.ARMOR)
        and u.location in places
    )


@per_scenario
def hexes(s: AwawScenario, vichy: bool) -> Effects:
    """58.41, 58.411, 58.51: who holds France's hexes; French minors pass to Britain.

    Changes ``hexes`` (region -> holder) and ``minors``.
    """
    log = []
    if s.surrender.us_at_war_with_germany:
        held = dict.fromkeys((*FRANCE, Region.CORSICA), "british")
        log.append(
            LogEntry(
                "58.411",
                "The U.S. is at war with Germany: every French-held hex of France "
                "and Corsica passes to Britain; hexes the Axis hold stay Axis",
            )
        )
    else:
        south = "vichy" if vichy else "axis"
        held = {
            Region.NORTHERN_FRANCE: "axis",
            Region.SOUTHERN_FRANCE: south,
            Region.CORSICA: south,
        }
        log.append(
            LogEntry(
                "58.41",
                "Every hex of France outside Vichy France passes to the Axis"
                + ("; Vichy France is held by neither side (58.633)" if vichy else ""),
            )
        )
    log += [
        LogEntry("58.51", f"{name} becomes a British minor country") for name in s.french_minors
    ]
    changes = {
        "hexes": {str(region.value): who for region, who in held.items()},
        "minors": dict.fromkeys(s.french_minors, "british"),
    }
    return Effects(changes, tuple(log))


def region_holders(s: AwawScenario, vichy: bool, colonies: Colonies) -> dict[Region, str]:
    """Who holds each region's formerly French hexes and ports after the surrender
    (``british``, ``vichy``, ``axis``, ``neutral`` or ``elsewhere``)."""
    held = {Region(r): who for r, who in hexes(s, vichy).changes["hexes"].items()}
    held.update((Region(c), _COLONY_HOLDER[status]) for c, status in colonies)
    held[Region.BRITISH] = "british"
    held[Region.ELSEWHERE] = "elsewhere"
    return held


@per_scenario
def conquests(s: AwawScenario, vichy: bool, colonies: Colonies) -> Effects:
    """58.52: each French conquest passes to the Axis unless a British ground unit holds it or
    it traces land supply to a Free French colony nearer than any Vichy territory. Ties go to
    the Axis. Changes ``conquests`` (name -> ``british`` or ``axis``)."""
    status = dict(colonies)
    held: dict[str, str] = {}
    log = []
    for c in s.conquests:
        free = [d for n, d in c.land_distance.items() if status[n] is ColonyStatus.FREE_FRENCH]
        hostile = [d for n, d in c.land_distance.items() if status[n] is ColonyStatus.VICHY]
        if vichy and c.vichy_france_distance is not None:
            hostile.append(c.vichy_france_distance)
        if c.british_ground_unit:
            held[c.name], why = "british", "a British ground unit holds it"
        elif free and (not hostile or min(free) < min(hostile)):
            held[c.name] = "british"
            why = (
                f"it traces land supply to a Free French colony {min(free)} hexes away, "
                "nearer than any Vichy territory"
            )
        else:
            held[c.name] = "axis"
            why = "no British ground unit, and no Free French colony nearer by land than Vichy territory"
        who = "Britain" if held[c.name] == "british" else "the Axis"
        log.append(LogEntry("58.52", f"{c.name} passes to {who}: {why}"))
    return Effects({"conquests": held}, tuple(log))


@per_scenario
def units(s: AwawScenario, vichy: bool, colonies: Colonies, air_naval_in_vichy: str) -> Effects:
    """58.41-58.43, 58.532B-C, 58.61: what befalls each unit the scenario lists.

    ``air_naval_in_vichy`` is awaw.allied_air_naval_in_vichy. Changes ``units``.
    """
    held = region_holders(s, vichy, colonies)
    status = dict(colonies)
    us_war = s.surrender.us_at_war_with_germany
    fates, log = [], []
    for u in s.units:
        holder = held[u.location]
        in_france = u.location in (*FRANCE, Region.CORSICA)
        colony = status.get(u.location)
        fate: Fate | None = None
        if u.nationality == "french":
            if holder == "british":
                fate = Fate(u.name, "remains", "58.61", "may be chosen as Free French (58.623)")
            else:
                fate = Fate(
                    u.name,
                    "removed",
                    "58.61",
                    "French units outside Free French and British-held places leave the board",
                )
        elif not u.nationality.axis:
            if in_france and us_war:
                fate = Fate(u.name, "remains", "58.411", "Allied units may stay in France")
            elif in_france and u.kind in (UnitKind.INFANTRY, UnitKind.ARMOR, UnitKind.AIRBASE):
                fate = Fate(
                    u.name,
                    "eliminated",
                    "58.41",
                    "Allied ground units and airbases in France are lost",
                )
            elif in_france and (holder != "vichy" or air_naval_in_vichy == "displaced"):
                fate = Fate(u.name, "displaced", "58.41", "to a British-controlled base")
            elif in_france:
                fate = Fate(u.name, "eliminated", "58.43", "caught in Vichy territory")
            elif colony is ColonyStatus.VICHY:
                fate = Fate(u.name, "eliminated", "58.43", "caught in a Vichy colony")
            elif colony is ColonyStatus.INDEPENDENT:
                fate = Fate(u.name, "eliminated", "58.532B", "caught in a newly independent colony")
        elif holder == "vichy":
            fate = Fate(
                u.name,
                "must_leave",
                "58.42",
                "has until the close of the coming Axis player turn to get out of Vichy "
                "territory, else it is lost; it may not attack from there",
            )
        elif colony is ColonyStatus.INDEPENDENT:
            fate = Fate(
                u.name,
                "must_leave",
                "58.532C",
                "in partial supply; must leave by the end of the next Axis player turn unless "
                "the Axis declare war; no attacks",
            )
        if fate is None:
            continue
        read = in_france and holder == "vichy" and u.kind in (UnitKind.AIR, UnitKind.NAVAL)
        assumption = f"awaw.allied_air_naval_in_vichy={air_naval_in_vichy}" if read else ""
        log.append(
            LogEntry(
                fate.rule, f"{u.name}: {fate.fate.replace('_', ' ')} ({fate.note})", assumption
            )
        )
        fates.append(fate)
    return Effects({"units": tuple(fates)}, tuple(log))


@per_scenario
def force_levels(
    s: AwawScenario, t: Tables, level: int, vichy: bool, colonies: Colonies
) -> Effects:
    """58.621-58.632: both force levels from the tables, the French units that may stay, and the
    Vichy garrisons. Changes ``force_levels`` and ``vichy_garrisons``."""
    free = rules.free_french_level(level, vichy, t)
    vich = rules.vichy_level(level, vichy, t)
    state = "established" if vichy else "not established"
    log = [
        LogEntry(
            "58.621",
            f"Free French force level at FSL {level:+d}, Vichy {state}: {words.forces(free)}",
        ),
        LogEntry("58.631", f"Vichy force level at FSL {level:+d}: {words.forces(vich)}")
        if vichy
        else LogEntry("58.631", "No Vichy forces: Vichy France was not established"),
    ]
    held = region_holders(s, vichy, colonies)
    kept = sum(
        u.factors
        for u in s.units
        if u.nationality == "french"
        and u.kind is UnitKind.INFANTRY
        and held[u.location] == "british"
    )
    log.append(
        LogEntry(
            "58.623",
            f"{kept} French infantry factors stand in Free French or British-held places and may "
            f"be kept, up to {free.infantry_factors}; the rest of the ground and air level joins "
            "the British force pool unbuilt",
        )
    )
    garrisons: tuple[str, ...] = ()
    if vichy:
        g = t.rules.vichy_garrison
        capitals = (t.colonies[c].capital for c, st in colonies if st is ColonyStatus.VICHY)
        garrisons = (g.city, *capitals)
        log.append(
            LogEntry(
                "58.632",
                f"One Vichy {g.unit} must hold each of: {', '.join(garrisons)}; the rest of the "
                "Vichy army and air force sets up in Vichy France",
            )
        )
    serving = [x for x in s.fleet if x.condition is not Condition.BUILDING]
    available = Forces(
        named_ships=sum(1 for x in serving if x.kind is ShipKind.NAMED),
        cruisers=sum(1 for x in serving if x.kind is ShipKind.CRUISER),
        destroyer_factors=sum(x.factors for x in serving if x.kind is ShipKind.DESTROYER),
    )
    changes = {
        "force_levels": {"free_french": free, "vichy": vich},
        "fleet_available": available,
        "vichy_garrisons": garrisons,
    }
    return Effects(changes, tuple(log))


@per_scenario
def brps(
    s: AwawScenario,
    t: Tables,
    vichy: bool,
    colonies: Colonies,
    rolled: frozenset[str],
    proration: str,
    low_base: str,
    senior: str,
) -> Effects:
    """58.7, 58.31, 58.531A: the conquest value, who receives it and when, Vichy's worth, the
    Free French colonies' BRPs to Britain and the key areas' holders. ``rolled`` are the
    colonies the die decided; the last three are the values of awaw.conquest_proration,
    awaw.low_brp_base and awaw.axis_senior_partner. Changes ``brp``."""
    log = []
    value = rules.conquest_value(s.surrender.french_brp_base, t)
    if value < 0 and low_base == "floor_at_zero":
        log.append(
            LogEntry(
                "58.71",
                f"The BRP base leaves {value}; France is worth 0 as a conquest",
                f"awaw.low_brp_base={low_base}",
            )
        )
        value = 0
    receiver: str = s.surrender.conqueror
    if s.surrender.cooperative:
        receiver = senior
        log.append(
            LogEntry(
                "58.73",
                f"France fell to a joint conquest: {receiver.title()}, the senior partner, "
                "receives the BRPs",
                f"awaw.axis_senior_partner={senior}",
            )
        )
    seasons_left = 3 - list(type(s.surrender.season)).index(s.surrender.season)

    def share(v: int) -> int:
        if proration == "full":
            return v
        return 0 if proration == "none" else int(rules.prorated(v, seasons_left))

    prorating = f"awaw.conquest_proration={proration}"
    log.append(
        LogEntry(
            "58.71",
            f"France is worth {value} BRPs as a conquest ({s.surrender.french_brp_base} BRP base "
            f"less {t.rules.brp.key_areas_deduction})",
        )
    )
    log.append(
        LogEntry(
            "58.72",
            f"{receiver.title()} receives {share(value)} BRPs at the start of its next player "
            f"turn, then {value} at each YSS while it holds a city in France",
            prorating,
        )
    )
    by_status: dict[ColonyStatus, int] = {}
    for name, status in colonies:
        if name in rolled:
            by_status[status] = by_status.get(status, 0) + s.colonies[name].brp
    british = share(by_status.get(ColonyStatus.FREE_FRENCH, 0))
    if british:
        log.append(
            LogEntry(
                "58.531A",
                f"Britain gains {british} BRPs from the colonies that went Free French, "
                "paid when its coming player turn begins",
                prorating,
            )
        )
    vichy_value = rules.vichy_value(by_status.get(ColonyStatus.VICHY, 0), t) if vichy else None
    if vichy_value is not None:
        log.append(
            LogEntry("58.31A", f"Vichy France is worth {vichy_value} BRPs with its colonies")
        )
    declined = not vichy and not s.surrender.us_at_war_with_germany
    instead = t.rules.brp.vichy_value if declined else 0
    if instead:
        log.append(LogEntry("58.31B", f"The Axis receive Vichy's {instead} BRPs instead"))
    held = region_holders(s, vichy, colonies)
    areas = {}
    for area in t.rules.key_area:
        who = held[area.region]
        if who != "vichy" and getattr(s.territory, area.id, None) is Control.AXIS:
            who = "axis"
        areas[area.id] = KeyAreaHolding(area.name, area.brp, who)
    log.append(
        LogEntry(
            "58.71",
            "Key economic areas: "
            + ", ".join(f"{a.name} {a.brp} BRPs ({a.holder})" for a in areas.values()),
        )
    )
    if all(a.holder != "axis" for a in areas.values()):
        log.append(
            LogEntry(
                "58.72",
                f"{receiver.title()} holds no city in France now: no YSS payment until the "
                "Axis take one",
            )
        )
    brp = Brp(value, receiver, share(value), vichy_value, instead, british, areas)
    return Effects({"brp": brp}, tuple(log))
