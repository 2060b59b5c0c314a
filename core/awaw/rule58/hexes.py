"""58.4 and 58.51: who holds France's hexes, what befalls the units there and in the
colonies, and French minors passing to Britain."""

from __future__ import annotations

from armistice.core.awaw.rule58.assumptions import (
    AIR_NAVAL_IN_VICHY,
    CORSICA,
    AirNavalInVichy,
    YesNo,
    france,
)
from armistice.core.awaw.rule58.effects import Colonies, Effects, Holders
from armistice.core.awaw.rule58.scenario import AwawScenario, Unit
from armistice.core.awaw.rule58.state import Fate
from armistice.core.awaw.words import (
    GROUND,
    METROPOLE,
    ColonyStatus,
    Holder,
    Nationality,
    Region,
    UnitFate,
    UnitKind,
)
from armistice.core.ledger import LogEntry
from armistice.core.memo import per_scenario

COLONY_HOLDER = {
    ColonyStatus.FREE_FRENCH: Holder.BRITISH,
    ColonyStatus.VICHY: Holder.VICHY,
    ColonyStatus.AXIS: Holder.AXIS,
    ColonyStatus.INDEPENDENT: Holder.NEUTRAL,
}
"""Who holds a colony's hexes and ports, by the colony's status."""


HEXES_WITH_VICHY = (
    "Every hex of France outside Vichy France passes to the Axis; Vichy France is held by "
    "neither side (58.633)"
)


@per_scenario
def hexes(s: AwawScenario, vichy: bool) -> Effects:
    """58.41, 58.411, 58.51: who holds France's hexes; French minors pass to Britain.

    Changes ``hexes`` (region -> holder) and ``minors``.
    """
    log = []
    if s.surrender.us_at_war_with_germany:
        held = dict.fromkeys(METROPOLE, Holder.BRITISH)
        log.append(
            LogEntry(
                "58.411",
                "The U.S. is at war with Germany: every French-held hex of France "
                "and Corsica passes to Britain; hexes the Axis hold stay Axis",
            )
        )
    else:
        south = Holder.VICHY if vichy else Holder.AXIS
        held = {
            Region.NORTHERN_FRANCE: Holder.AXIS,
            Region.SOUTHERN_FRANCE: south,
            Region.CORSICA: south,
        }
        log.append(
            LogEntry("58.41", HEXES_WITH_VICHY)
            if vichy
            else LogEntry("58.31B", "Every hex of France and Corsica passes to the Axis")
        )
    log += [
        LogEntry("58.51", f"{name} becomes a British minor country") for name in s.french_minors
    ]
    changes = {"hexes": held, "minors": dict.fromkeys(s.french_minors, Holder.BRITISH)}
    return Effects(changes, tuple(log))


@per_scenario
def region_holders(s: AwawScenario, vichy: bool, colonies: Colonies) -> Holders:
    """Who holds each region's formerly French hexes and ports once the colonial dice are
    rolled, every region in declaration order."""
    held: dict[Region, Holder] = dict(hexes(s, vichy).changes["hexes"])
    held.update((Region(c), COLONY_HOLDER[status]) for c, status in colonies)
    held[Region.BRITISH] = Holder.BRITISH
    held[Region.ELSEWHERE] = Holder.ELSEWHERE
    return tuple((region, held[region]) for region in Region)


@per_scenario
def french_on_british_ground(s: AwawScenario, holders: Holders) -> tuple[int, ...]:
    """The indexes of the French units the British may keep as Free French (58.623): French
    infantry, armor and air standing where Britain holds the ground, Free French colonies
    included."""
    held = dict(holders)
    return tuple(
        i
        for i, u in enumerate(s.units)
        if u.nationality is Nationality.FRENCH
        and u.kind in (*GROUND, UnitKind.AIR)
        and held[u.location] is Holder.BRITISH
    )


@per_scenario
def units(
    s: AwawScenario,
    holders: Holders,
    colonies: Colonies,
    air_naval: AirNavalInVichy,
    corsica: YesNo,
) -> Effects:
    """58.41-58.43, 58.532B-C, 58.61: what befalls each unit the scenario lists, except the
    French units the British may keep (58.623 decides those). ``air_naval`` and ``corsica``
    are the game's readings of 58.41 (awaw.58.allied_air_naval_in_vichy,
    awaw.58.france_includes_corsica). Changes ``units``."""
    held = dict(holders)
    status = dict(colonies)
    keepable = set(french_on_british_ground(s, holders))
    fates, log = [], []
    for i, u in enumerate(s.units):
        if i in keepable:
            continue
        fate = Fate(
            i, u.name, *_fate(s, u, held[u.location], status.get(u.location), air_naval, corsica)
        )
        fates.append(fate)
        allied = u.nationality is not Nationality.FRENCH and not u.nationality.axis
        on_corsica = allied and u.location is Region.CORSICA
        if fate.fate is UnitFate.UNAFFECTED and not on_corsica:
            continue
        in_france = allied and u.location in france(corsica)
        read = in_france and held[u.location] is Holder.VICHY
        read = read and u.kind in (UnitKind.AIR, UnitKind.NAVAL)
        used = [CORSICA.cite(corsica)] if on_corsica else []
        used += [AIR_NAVAL_IN_VICHY.cite(air_naval)] if read else []
        log.append(
            LogEntry(fate.rule, f"{u.name}: {fate.fate.label} ({fate.note})", ", ".join(used))
        )
    return Effects({"units": tuple(fates)}, tuple(log))


def _fate(
    s: AwawScenario,
    u: Unit,
    holder: Holder,
    colony: ColonyStatus | None,
    air_naval: AirNavalInVichy,
    corsica: YesNo,
) -> tuple[UnitFate, str, str]:
    """``(fate, rule, note)`` for one unit outside 58.623's choice. 58.41 and 58.411's units
    reach France as ``corsica`` reads it; 58.43 reaches all of Vichy France, Corsica
    included (58.31A names it)."""
    in_france = u.location in france(corsica)
    if u.nationality is Nationality.FRENCH:
        return (
            UnitFate.REMOVED,
            "58.61",
            "French units outside Free French and British-held places leave the board",
        )
    if not u.nationality.axis:
        if in_france and s.surrender.us_at_war_with_germany:
            return UnitFate.REMAINS, "58.411", "Allied units may stay in France"
        if in_france and u.kind in (*GROUND, UnitKind.AIRBASE):
            return (
                UnitFate.ELIMINATED,
                "58.41",
                "Allied ground units and airbases in France are lost",
            )
        if in_france and (holder is not Holder.VICHY or air_naval is AirNavalInVichy.DISPLACED):
            return UnitFate.DISPLACED, "58.41", "to a British-controlled base"
        if holder is Holder.VICHY and u.location in METROPOLE:
            return UnitFate.ELIMINATED, "58.43", "caught in Vichy territory"
        if colony is ColonyStatus.VICHY:
            return UnitFate.ELIMINATED, "58.43", "caught in a Vichy colony"
        if colony is ColonyStatus.INDEPENDENT:
            return UnitFate.ELIMINATED, "58.532B", "caught in a newly independent colony"
    elif holder is Holder.VICHY:
        return (
            UnitFate.MUST_LEAVE,
            "58.42",
            "has until the close of the coming Axis player turn to get out of Vichy "
            "territory, else it is lost; it may not attack from there",
        )
    elif colony is ColonyStatus.INDEPENDENT:
        return (
            UnitFate.MUST_LEAVE,
            "58.532C",
            "in partial supply; must leave by the end of the next Axis player turn unless "
            "the Axis declare war; no attacks",
        )
    return UnitFate.UNAFFECTED, "58.4", "the surrender does not move it"
