"""The properties of a resolution's final state, judged against the rule text.

Each function takes what a step produced (the surrender level, the colonies, the unit
fates, the fleet and forces) with the inputs that led to it, and returns the properties it
breaks: property name -> ``(engine's value, rule's value, what differs)``. The exhaustive
checks call them on the shipped steps' output; a counterexample's replay calls them on the
state of a whole resolution.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from armistice.core.awaw.rule58.assumptions import ShipRange, ShipSources, YesNo
from armistice.core.awaw.rule58.scenario import AwawScenario, Ship
from armistice.core.awaw.rule58.state import Brp, Fate, Fleet, SurrenderLevel
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, NAVAL, Force, Forces, Tables
from armistice.core.awaw.words import ColonyStatus, FrenchSide, Region, ShipKind, UnitFate
from armistice.core.prompts import AnswerValue
from armistice.verify.awaw.rule58 import spec

Broken = dict[str, tuple[Any, Any, str]]
"""Property name -> (engine's value, rule's value, what differs)."""

STATUSES = frozenset(s.value for s in ColonyStatus)


def level(
    s: AwawScenario, lv: SurrenderLevel, per_ship: bool, corsica: bool, n: spec.Numbers
) -> Broken:
    """58.21-58.22 with the numbers ``n``: the logged modifiers add up to the raw sum and the
    level is that sum within the limit, +/-3 in the book (``level_is_clamped_raw_sum``);
    58.21B counts French infantry and armor factors in France (``ground_factors_58_21b``);
    58.21C counts the fleet by the reading (``fleet_count_58_21c``)."""
    broken: Broken = {}
    total = sum(m.value for m in lv.modifiers)
    if total != lv.raw or lv.value != spec.level(total, n):
        broken["level_is_clamped_raw_sum"] = (
            f"raw {lv.raw:+d}, level {lv.value:+d}",
            f"modifiers add up to {total:+d}, level {spec.level(total, n):+d}",
            f"the level is not the sum of its logged modifiers held within +/-{n.limit} (58.22)",
        )
    if lv.voluntary:
        return broken
    by_rule = {m.rule: m.value for m in lv.modifiers}
    ground = spec.ground_count(s.units, corsica)
    if by_rule.get("58.21B") != -(ground // n.ground_step):
        broken["ground_factors_58_21b"] = (
            by_rule.get("58.21B"),
            -(ground // n.ground_step),
            f"{ground} French infantry and armor factors in France",
        )
    counted = spec.fleet_count(s.fleet, per_ship)
    if by_rule.get("58.21C") != spec.fleet_band(counted, n):
        broken["fleet_count_58_21c"] = (
            by_rule.get("58.21C"),
            spec.fleet_band(counted, n),
            f"the fleet counts {counted} factors " + ("ship by ship" if per_ship else "pooled"),
        )
    return broken


def handover_level(t: Tables, value: int) -> Broken:
    """The level step hands on an int within the tables' limit (-3..3 in the book) that every
    force table has a row for."""
    limit = t.rules.level.limit
    ok = (
        type(value) is int
        and -limit <= value <= limit
        and all(value in t.free_french[v] for v in (True, False))
        and value in t.vichy
    )
    if ok:
        return {}
    return {
        "handover_level": (
            value,
            f"{-limit:+d}..{limit:+d} with a row in each force table",
            "bad level",
        )
    }


def colonies(
    s: AwawScenario,
    t: Tables,
    at: int,
    vichy: bool,
    statuses: Mapping[str, Any],
    dice: Mapping[str, int | None],
    holders: Mapping[Any, Any],
) -> Broken:
    """58.531-58.534 (``colonies_one_status``): every colony of the table ends in exactly one
    status, those rolled on one die share it, Axis-held stays Axis, British-held becomes
    Free French, the others take the status the die (group id -> face; None when no die was
    asked, so every face must agree) and level (+3 with Vichy, or the tables' bonus) give.
    The hand-over (``handover_colonies``): a holder for every region, as the statuses make
    it."""
    broken: Broken = {}
    n = spec.house(t)
    for c, info in t.colonies.items():
        got = statuses.get(c)
        control = s.colonies[c].control.value
        if control == "french" and info.group in dice:
            die = dice[info.group]
            faces = range(1, 7) if die is None else (die,)
            wanted = {spec.colony_outcome(control, d, at, vichy, n) for d in faces}
        else:
            wanted = {spec.colony_outcome(control, 1, at, vichy, n)}
            die = None
        if got is None or got not in STATUSES or len(wanted) != 1 or got != next(iter(wanted)):
            broken.setdefault(
                "colonies_one_status",
                (
                    f"{c}: {got}",
                    f"{c}: {' or '.join(sorted(wanted))}",
                    f"held by {control}, die {die if die is not None else 'not asked'}, "
                    f"level {at:+d}, Vichy {'established' if vichy else 'not established'}",
                ),
            )
    held = holders_of(holders)
    missing = [r.value for r in Region if r.value not in held]
    us_at_war = s.surrender.us_at_war_with_germany
    wrong = [
        r
        for r, h in held.items()
        if r in statuses and h != spec.region_holder(r, vichy, us_at_war, dict(statuses))
    ]
    if missing or wrong:
        broken["handover_colonies"] = (
            f"no holder for {missing}, wrong for {wrong}",
            "a holder for every region, by each colony's status",
            "the colonies hand on incomplete or wrong holders",
        )
    return broken


def holders_of(holders: Mapping[Any, Any]) -> dict[str, str]:
    """Region -> holder as plain strings."""
    return {getattr(r, "value", r): getattr(h, "value", h) for r, h in holders.items()}


def taken_units(answers: Sequence[tuple[str, AnswerValue]], column: Force) -> dict[int, int]:
    """58.623: what the British kept of each French unit in ``column`` (unit index -> amount),
    from the answers (nothing when no choice was asked)."""
    kept: dict[int, int] = {}
    for key, value in answers:
        if key == f"free_french.units.{column.value}" and isinstance(value, dict):
            for ident, n in value.items():
                kept[int(ident.removeprefix("unit"))] = n
    return kept


def units(
    s: AwawScenario,
    t: Tables,
    at: int,
    vichy: bool,
    statuses: Mapping[str, str],
    fates: Sequence[Fate],
    answers: Sequence[tuple[str, AnswerValue]],
) -> Broken:
    """58.41-58.43, 58.532, 58.61 (``units_all_have_fates``): every unit the scenario lists
    has exactly one fate, a French unit off British-held ground is removed. 58.623
    (``units_kept_within_level``): what the British keep per column never exceeds the Free
    French table level, a unit kept whole is Free French, partly kept partly Free French,
    and one not kept removed."""
    broken: Broken = {}
    us_at_war = s.surrender.us_at_war_with_germany
    counts = [sum(1 for f in fates if f.index == i) for i in range(len(s.units))]
    stray = [f.index for f in fates if not 0 <= f.index < len(s.units)]
    if any(n != 1 for n in counts) or stray:
        bad = [i for i, n in enumerate(counts) if n != 1]
        broken["units_all_have_fates"] = (
            f"units {bad} have {[counts[i] for i in bad]} fates",
            "exactly one fate each",
            f"{s.units[bad[0]].name if bad else stray}",
        )
    fate = {f.index: f.fate for f in fates}
    row = t.free_french[vichy][at]
    kinds = {Force.INFANTRY: "infantry", Force.ARMOR: "armor", Force.AIR: "air"}
    for column, kind in kinds.items():
        kept = taken_units(answers, column)
        limit = getattr(row, column.value)
        if sum(kept.values()) > limit:
            broken.setdefault(
                "units_kept_within_level",
                (sum(kept.values()), f"at most {limit}", f"{column.label} kept by the British"),
            )
        for i, u in enumerate(s.units):
            if u.nationality != "french" or u.kind != kind or i not in fate:
                continue
            on_british = (
                spec.region_holder(u.location.value, vichy, us_at_war, dict(statuses)) == "british"
            )
            whole = u.units if column is Force.ARMOR else u.factors
            n = kept.get(i, 0)
            wanted = (
                UnitFate.FREE_FRENCH
                if n and n == whole
                else UnitFate.PART_FREE_FRENCH
                if n
                else UnitFate.REMOVED
            )
            if not on_british and n:
                broken.setdefault(
                    "units_kept_within_level",
                    (f"{u.name}: {n} kept", "none", "kept off British-held ground"),
                )
            if fate[i] is not wanted:
                name = "units_kept_within_level" if on_british else "units_all_have_fates"
                broken.setdefault(
                    name, (f"{u.name}: {fate[i]}", str(wanted), f"{n} of {whole} kept")
                )
    return broken


@dataclass(frozen=True)
class FleetCase:
    """What the fleet step was given: the scenario ``s`` under tables ``t``, the surrender
    level ``at``, whether Vichy France was established (``vichy``), each colony's status
    (colony id -> status) and the game's ``readings`` of 58.641 (ship range, ship sources,
    from Vichy colonies)."""

    s: AwawScenario
    t: Tables
    at: int
    vichy: bool
    statuses: Mapping[str, str]
    readings: tuple[ShipRange, ShipSources, YesNo]

    def tiers(self, ship: Ship) -> tuple[int | None, int | None]:
        """58.641: ``ship``'s ``(free_french, vichy)`` priority as the rule and readings give
        it (0 own ports, 1 to make up a shortfall, None barred)."""
        us_at_war = self.s.surrender.us_at_war_with_germany
        holder = spec.region_holder(ship.region.value, self.vichy, us_at_war, dict(self.statuses))
        ship_range, sources, from_vichy = self.readings
        return spec.ship_tiers(
            ship.region.value,
            holder,
            ship.condition.value,
            ship_range is ShipRange.IN_RANGE,
            sources is ShipSources.ANY_AXIS_PORT,
            from_vichy is YesNo.YES,
        )


def fleet(
    case: FleetCase,
    forces: Mapping[FrenchSide, Forces],
    result: Fleet,
    keys: Sequence[str],
    tier: Mapping[str, tuple[int | None, int | None]] | None = None,
) -> Broken:
    """58.611 and 58.64 on the divided fleet of ``case``: ``ships_one_fate``,
    ``forces_match_table_level``, ``free_french_choose_first`` and ``port_order_58_641``
    (see verify/README.md). ``forces`` are each side's forces, ``result`` the fleet's
    division, ``keys`` the prompts asked in order; ``tier``: each ship's
    :meth:`FleetCase.tiers`, when already known."""
    broken: Broken = {}
    s, t, at, vichy = case.s, case.t, case.at, case.vichy
    ff, vi, gone = result.free_french, result.vichy, result.removed
    for x in s.fleet:
        a, b, c = ff.get(x.id, 0), vi.get(x.id, 0), gone.get(x.id, 0)
        one = x.kind is ShipKind.DESTROYER or sorted((a, b, c)) == [0, 0, 1]
        if min(a, b, c) < 0 or a + b + c != x.amount or not one:
            broken.setdefault(
                "ships_one_fate",
                (f"{x.id}: Free French {a}, Vichy {b}, removed {c}", f"{x.amount} in all", "fates"),
            )
        if b > x.amount - a:
            broken.setdefault(
                "free_french_choose_first",
                (
                    f"{x.id}: Vichy take {b} of it",
                    f"at most {x.amount - a}",
                    "after the Free French",
                ),
            )
    sides = [k.split(".")[0] for k in keys if k.startswith(("free_french.", "vichy."))]
    if "vichy" in sides and "free_french" in sides[sides.index("vichy") :]:
        broken.setdefault(
            "free_french_choose_first", (" then ".join(sides), "Free French first", "prompt order")
        )
    table = {
        FrenchSide.FREE_FRENCH: t.free_french[vichy][at],
        FrenchSide.VICHY: t.vichy[at] if vichy else Forces(),
    }
    by_kind = {kind: [x for x in s.fleet if x.kind is kind] for kind in ShipKind}
    if tier is None:
        tier = {x.id: case.tiers(x) for x in s.fleet}
    for column in FORCE_FIELDS:
        kind = NAVAL.get(column)
        for side in FrenchSide:
            wanted = getattr(table[side], column.value)
            if kind is not None:
                ships = by_kind[kind]
                if side is FrenchSide.FREE_FRENCH:
                    exists = sum(x.amount for x in ships if tier[x.id][0] is not None)
                else:
                    exists = sum(
                        x.amount - ff.get(x.id, 0) for x in ships if tier[x.id][1] is not None
                    )
                wanted = min(wanted, exists)
                picks = ff if side is FrenchSide.FREE_FRENCH else vi
                took = sum(picks.get(x.id, 0) for x in ships)
                if took != wanted:
                    broken.setdefault(
                        "forces_match_table_level",
                        (f"{side.label} take {took} {column.label}", wanted, f"level {at:+d}"),
                    )
            got = getattr(forces[side], column.value)
            if got != wanted:
                broken.setdefault(
                    "forces_match_table_level",
                    (f"{side.label} {column.label} {got}", wanted, f"level {at:+d}"),
                )
    for kind, ships in by_kind.items():
        for side, picks, slot in ((FrenchSide.FREE_FRENCH, ff, 0), (FrenchSide.VICHY, vi, 1)):
            own = [x for x in ships if tier[x.id][slot] == 0]
            other = [x for x in ships if tier[x.id][slot] == 1]
            barred = [x.id for x in ships if tier[x.id][slot] is None and picks.get(x.id)]
            left = sum(x.amount - (ff.get(x.id, 0) if slot else 0) for x in own)
            used = sum(picks.get(x.id, 0) for x in own)
            if barred or (sum(picks.get(x.id, 0) for x in other) and used < left):
                broken.setdefault(
                    "port_order_58_641",
                    (
                        f"{side.label} {kind.label}: {used} of {left} from their own ports, "
                        f"barred {barred}",
                        "own ports used up first, no barred port",
                        "port order",
                    ),
                )
    return broken


def brp(
    s: AwawScenario,
    t: Tables,
    vichy: bool,
    statuses: Mapping[str, str],
    readings: spec.BrpReadings,
    got: Brp,
) -> Broken:
    """58.7, 58.31, 58.411 and 58.531A (``brps_follow_58_7``): every figure of the BRP step
    (``got``) is the rule's (:func:`armistice.verify.awaw.rule58.spec.brps`) under the
    readings and the numbers tables ``t`` set; the first that differs is named."""
    rule = spec.brps(s, vichy, statuses, readings, spec.house(t))
    engine = {
        "conquest_value": got.conquest_value,
        "receiver": got.receiver.value,
        "received_next_turn": got.received_next_turn,
        "vichy_value": got.vichy_value,
        "axis_instead_of_vichy": got.axis_instead_of_vichy,
        "britain_from_colonies": got.britain_from_colonies,
        "key_areas": {k: (a.brp, a.holder.value) for k, a in got.key_areas.items()},
    }
    for name, wanted in rule.items():
        if engine[name] != wanted:
            return {"brps_follow_58_7": (f"{name} {engine[name]}", f"{name} {wanted}", name)}
    return {}
