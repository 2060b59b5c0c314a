"""58.64: dividing the French fleet, Free French first, then Vichy; the rest leave play.

Each side's pick of each kind of ship is a :class:`Selection` for that side,
asked only when there is a real choice. The totals come from
:func:`armistice.core.awaw.rule58.rules.naval_split`, the function verify proves conserving.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import lru_cache

import msgspec

from armistice.core.awaw.rule58 import phrases, rules
from armistice.core.awaw.rule58.assumptions import ShipRange, ShipSources, YesNo
from armistice.core.awaw.rule58.effects import Effects, Holders
from armistice.core.awaw.rule58.scenario import AwawScenario, Ship
from armistice.core.awaw.rule58.state import Fleet
from armistice.core.awaw.rule58.tables import NAVAL, Force, Forces
from armistice.core.awaw.words import METROPOLE, Condition, FrenchSide, Holder, Major, ShipKind
from armistice.core.ledger import LogEntry
from armistice.core.memo import per_scenario
from armistice.core.prompts import AnswerValue, Prompt, Selection, SelectionItem, ask

FIELD = {kind: force for force, kind in NAVAL.items()}
"""The force-table column that counts each kind of ship."""
KEY = {
    ShipKind.NAMED: "named_ships",
    ShipKind.CRUISER: "cruisers",
    ShipKind.DESTROYER: "destroyers",
}
CATEGORIES = ("british", "movable", "contested", "vichy_ports", "stranded")
TIERS = {
    FrenchSide.FREE_FRENCH: {"british": 0, "movable": 1, "contested": 1},
    FrenchSide.VICHY: {"vichy_ports": 0, "contested": 0, "british": 1},
}
CHOOSER = {FrenchSide.FREE_FRENCH: Major.BRITAIN, FrenchSide.VICHY: Major.VICHY_FRANCE}
HOME = {FrenchSide.FREE_FRENCH: "British", FrenchSide.VICHY: "Vichy"}
Taken = dict[FrenchSide, dict[str, int]]
SIDES = tuple(FrenchSide)
KINDS = tuple(ShipKind)


def source(
    ship: Ship, holder: Holder, may_sail: bool, from_france: bool, from_vichy_colonies: bool
) -> str:
    """58.641: which :func:`rules.naval_split` category a ship falls in.

    ``holder`` holds the ship's port after the surrender; ``may_sail``,
    ``from_france`` and ``from_vichy_colonies`` are the game's readings of 58.641
    (awaw.58.free_french_ship_range, _ship_sources and _from_vichy_colonies).
    Ships still building on row 3 or higher can serve neither side.
    """
    if ship.condition is Condition.BUILDING:
        return "stranded"
    in_colony = ship.region not in METROPOLE
    if holder is Holder.BRITISH:
        return "british"
    if holder is Holder.VICHY:
        return "contested" if may_sail and in_colony and from_vichy_colonies else "vichy_ports"
    if may_sail and holder in (Holder.AXIS, Holder.NEUTRAL) and (in_colony or from_france):
        return "movable"
    return "stranded"


class Plan(msgspec.Struct, frozen=True, eq=False):
    """Each ship's category, the ships of each kind, and each kind's amount per category."""

    source: dict[str, str]
    ships: dict[ShipKind, tuple[Ship, ...]]
    amounts: dict[ShipKind, dict[str, int]]


@per_scenario
def plan(
    s: AwawScenario,
    holders: Holders,
    ship_range: ShipRange,
    sources: ShipSources,
    vichy_colonies: YesNo,
) -> Plan:
    """The fleet's categories given who holds each region (``holders``) and the game's
    readings of 58.641."""
    held = dict(holders)
    flags = (
        ship_range is ShipRange.IN_RANGE,
        sources is ShipSources.ANY_AXIS_PORT,
        vichy_colonies is YesNo.YES,
    )
    where = {ship.id: source(ship, held[ship.region], *flags) for ship in s.fleet}
    ships = {kind: tuple(x for x in s.fleet if x.kind is kind) for kind in ShipKind}
    amounts = {
        kind: {cat: sum(x.amount for x in ships[kind] if where[x.id] == cat) for cat in CATEGORIES}
        for kind in ShipKind
    }
    return Plan(where, ships, amounts)


def divide(
    p: Plan, levels: dict[FrenchSide, Forces], vichy: bool, log: list[LogEntry]
) -> Generator[Prompt, AnswerValue, Taken]:
    """Ask the Free French for each kind of ship, then the Vichy; return what each side took
    (ship id -> units, or factors for destroyers). Automatic picks are written to ``log``."""
    taken: Taken = {side: {} for side in SIDES}

    def split(kind: ShipKind, contested_taken: int) -> tuple[int, int, int]:
        a, field = p.amounts[kind], FIELD[kind]
        free, vich, removed = rules.naval_split(
            a["british"],
            a["movable"],
            a["contested"],
            a["vichy_ports"],
            a["stranded"],
            getattr(levels[FrenchSide.FREE_FRENCH], field),
            getattr(levels[FrenchSide.VICHY], field),
            contested_taken,
        )
        return int(free), int(vich), int(removed)

    for kind in KINDS:
        yield from _choose(p, FrenchSide.FREE_FRENCH, kind, split(kind, 0)[0], taken, log)
    for kind in KINDS if vichy else ():
        from_contested = free_french_from(p, taken, kind, CONTESTED)
        yield from _choose(p, FrenchSide.VICHY, kind, split(kind, from_contested)[1], taken, log)
    return taken


CONTESTED = frozenset({"contested"})
"""The sources of ships in Vichy colony ports that the Free French may also draw from."""


def free_french_from(p: Plan, taken: Taken, kind: ShipKind, sources: frozenset[str]) -> int:
    """How much of ``kind`` (units, or factors for destroyers) the Free French took from
    ships whose source (:func:`plan`) is one of ``sources``."""
    return sum(
        taken[FrenchSide.FREE_FRENCH].get(x.id, 0)
        for x in p.ships[kind]
        if p.source[x.id] in sources
    )


def _choose(
    p: Plan, side: FrenchSide, kind: ShipKind, required: int, taken: Taken, log: list[LogEntry]
) -> Generator[Prompt, AnswerValue, None]:
    left = tuple(
        ship.amount - taken[SIDES[0]].get(ship.id, 0) - taken[SIDES[1]].get(ship.id, 0)
        for ship in p.ships[kind]
    )
    prompt = selection(p, side, kind, required, left)
    forced = prompt.forced()
    if forced and required:
        labels = {i.id: i.label for i in prompt.items}
        log.append(
            LogEntry(
                "58.641",
                f"{side.label} {kind.label}, the only choice the ports allow "
                f"({prompt.amount(required)}): " + ", ".join(labels[i] for i in forced),
                announce=True,
            )
        )
    choice = yield from ask(prompt)
    spare = dict(zip((ship.id for ship in p.ships[kind]), left, strict=True))
    members = alike(p, kind)
    for ident, n in choice.items():
        for ship in members[ident]:
            part = min(n, spare[ship.id])
            if part:
                taken[side][ship.id] = taken[side].get(ship.id, 0) + part
                n -= part


@lru_cache(maxsize=256)
def alike(p: Plan, kind: ShipKind) -> dict[str, tuple[Ship, ...]]:
    """58.64: the ships of ``kind`` that only their amount tells apart (same name, factors,
    condition, region and port, as a fleet given by totals expands to), under the first one's
    id, in fleet order. A side picks an amount of such a group, never a particular ship."""
    groups: dict[tuple[object, ...], list[Ship]] = {}
    for ship in p.ships[kind]:
        key = (ship.name, ship.factors, ship.condition, ship.region, ship.port)
        groups.setdefault(key, []).append(ship)
    return {group[0].id: tuple(group) for group in groups.values()}


@lru_cache(maxsize=4096)
def selection(
    p: Plan, side: FrenchSide, kind: ShipKind, required: int, left: tuple[int, ...]
) -> Selection:
    """The prompt for ``side``'s pick of ``kind``: the ships with something ``left`` (units or
    factors, in fleet order) in the ports the side draws from, its own ports first (58.641)."""
    tiers = TIERS[side]
    home = HOME[side]
    items = []
    spare = dict(zip((ship.id for ship in p.ships[kind]), left, strict=True))
    for ident, group in alike(p, kind).items():
        ship = group[0]
        tier = tiers.get(p.source[ident])
        amount = sum(spare[x.id] for x in group)
        if tier is None or amount <= 0:
            continue
        note = (
            ""
            if tier == 0
            else f"in {phrases.where(ship)}: joins only if too few stand in {home}-held ports (58.641)"
        )
        items.append(SelectionItem(ship.id, phrases.ship(ship), amount, tier, note))
    items.sort(key=lambda i: i.tier)
    return Selection(
        key=f"{side.value}.{KEY[kind]}",
        power=CHOOSER[side],
        label=f"{side.label} {kind.label}",
        rule="58.641",
        items=tuple(items),
        required=required,
        unit="factors" if kind is ShipKind.DESTROYER else "units",
        help=f"Choose {kind.counted(required)} for the {side.label} fleet. Ships in {home}-held "
        "ports come first; the others sail over only to make up a shortfall.",
    )


def settle(s: AwawScenario, levels: dict[FrenchSide, Forces], taken: Taken) -> Effects:
    """58.642-58.643: each side's forces with the ships it took, shortfalls lost, and the rest
    of the fleet removed. Changes ``forces`` and ``fleet``."""
    log = []
    by_id = {ship.id: ship for ship in s.fleet}
    removed = {}
    for ship in s.fleet:
        rest = ship.amount - taken[SIDES[0]].get(ship.id, 0) - taken[SIDES[1]].get(ship.id, 0)
        if rest:
            removed[ship.id] = rest
    forces: dict[FrenchSide, Forces] = {}
    lost: dict[FrenchSide, dict[Force, int]] = {}
    for side in SIDES:
        got = dict.fromkeys(FIELD.values(), 0)
        for ident, n in taken[side].items():
            got[FIELD[by_id[ident].kind]] += n
        level = levels[side]
        forces[side] = msgspec.structs.replace(level, **got)
        short = {f: getattr(level, f) - got[f] for f in got if getattr(level, f) > got[f]}
        if short:
            lost[side] = short
            lost_text = phrases.shortfall(short)
            log.append(
                LogEntry("58.643", f"{side.label} shortfall, lost without substitute: {lost_text}")
            )
    if removed:
        gone = ", ".join(
            by_id[i].name
            + (f" ({phrases.factors(n)})" if by_id[i].kind is ShipKind.DESTROYER else "")
            for i, n in removed.items()
        )
        log.append(LogEntry("58.64", f"French naval units in neither fleet leave play: {gone}"))
    fleet = Fleet(
        free_french=taken[FrenchSide.FREE_FRENCH],
        vichy=taken[FrenchSide.VICHY],
        removed=removed,
        lost=lost,
    )
    return Effects({"forces": forces, "fleet": fleet}, tuple(log))
