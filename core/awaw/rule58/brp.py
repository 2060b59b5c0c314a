"""58.7 (with 58.31 and 58.531A): what France is worth, who receives it and when."""

from __future__ import annotations

from armistice.core.awaw.rule58 import rules
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
from armistice.core.awaw.rule58.effects import Colonies, Effects, Holders
from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import Brp, KeyAreaHolding
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import ColonyStatus, Control, Holder, Major, Season
from armistice.core.ledger import LogEntry
from armistice.core.memo import per_scenario
from armistice.core.words import counted


@per_scenario
def brps(
    s: AwawScenario,
    t: Tables,
    vichy: bool,
    colonies: Colonies,
    holders: Holders,
    rolled: frozenset[str],
    proration: Proration,
    low_base: LowBrpBase,
    senior: SeniorPartner,
    after_us_entry: YesNo,
) -> Effects:
    """58.7, 58.31, 58.531A: the conquest value, who receives it and when, Vichy's worth, the
    Free French colonies' BRPs to Britain and the key areas' holders, in BRPs. ``rolled`` are
    the colonies the die decided; the last four are the game's readings of 58.72, 58.71,
    58.73 and 58.411 (whether the Axis receive Vichy's BRPs when U.S. entry ruled Vichy out).
    Changes ``brp``."""
    log = []
    value = rules.conquest_value(s.surrender.french_brp_base, t)
    if value < 0 and low_base is LowBrpBase.FLOOR_AT_ZERO:
        log.append(
            LogEntry(
                "58.71",
                f"The BRP base leaves {value}; France is worth 0 as a conquest",
                LOW_BRP_BASE.cite(low_base),
            )
        )
        value = 0
    receiver = Major(s.surrender.conqueror)
    if s.surrender.cooperative:
        receiver = Major(senior)
        log.append(
            LogEntry(
                "58.73",
                f"France fell to a joint conquest: {receiver.label}, the senior partner, "
                "receives the BRPs",
                SENIOR_PARTNER.cite(senior),
            )
        )
    seasons_left = len(Season) - 1 - list(Season).index(s.surrender.season)

    def share(v: int) -> int:
        if proration is Proration.FULL:
            return v
        return 0 if proration is Proration.NONE else int(rules.prorated(v, seasons_left))

    prorating = PRORATION.cite(proration)
    log.append(
        LogEntry(
            "58.71",
            f"France is worth {counted(value, 'BRP')} as a conquest ({s.surrender.french_brp_base} BRP base "
            f"less {t.rules.brp.key_areas_deduction})",
        )
    )
    log.append(
        LogEntry(
            "58.72",
            f"{receiver.label} receives {counted(share(value), 'BRP')} at the start of its next player "
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
                f"Britain gains {counted(british, 'BRP')} from the colonies that went Free French, "
                "paid when its coming player turn begins",
                prorating,
            )
        )
    vichy_value = rules.vichy_value(by_status.get(ColonyStatus.VICHY, 0), t) if vichy else None
    if vichy_value is not None:
        log.append(
            LogEntry(
                "58.31A", f"Vichy France is worth {counted(vichy_value, 'BRP')} with its colonies"
            )
        )
    instead, entry = _instead_of_vichy(s, t, vichy, after_us_entry)
    log += entry
    held = dict(holders)
    areas = {}
    for area in t.rules.key_area:
        who = held[area.region]
        if who is not Holder.VICHY and getattr(s.territory, area.id, None) is Control.AXIS:
            who = Holder.AXIS
        areas[area.id] = KeyAreaHolding(area.name, area.brp, who)
    log.append(
        LogEntry(
            "58.71",
            "Key economic areas: "
            + ", ".join(
                f"{a.name} {counted(a.brp, 'BRP')} ({a.holder.label})" for a in areas.values()
            ),
        )
    )
    if all(a.holder is not Holder.AXIS for a in areas.values()):
        log.append(
            LogEntry(
                "58.72",
                f"{receiver.label} holds no city in France now: no YSS payment until the "
                "Axis take one",
            )
        )
    brp = Brp(value, receiver, share(value), vichy_value, instead, british, areas)
    return Effects({"brp": brp}, tuple(log))


def _instead_of_vichy(
    s: AwawScenario, t: Tables, vichy: bool, after_us_entry: YesNo
) -> tuple[int, list[LogEntry]]:
    """58.31B, 58.411: the BRPs the Axis receive in place of a Vichy France never set up, and
    the log saying so. Once the U.S. is at war, ``after_us_entry`` decides."""
    if vichy:
        return 0, []
    us_entry = s.surrender.us_at_war_with_germany
    used = VICHY_BRPS_AFTER_US_ENTRY.cite(after_us_entry) if us_entry else ""
    if us_entry and after_us_entry is YesNo.NO:
        text = "No Vichy France could be set up; the Axis receive no BRPs in its place"
        return 0, [LogEntry("58.411", text, used)]
    instead = t.rules.brp.vichy_value
    text = f"The Axis receive Vichy's {counted(instead, 'BRP')} instead"
    return instead, [LogEntry("58.31B", text, used)]
