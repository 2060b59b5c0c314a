"""58.64: dividing the French fleet, Free French first, then Vichy; the rest leave play.

Each side's pick of each kind of ship is a :class:`Selection` for that side,
asked only when there is a real choice. The totals come from
:func:`core.awaw.rules.naval_split`, the function verify proves conserving.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import lru_cache

import msgspec

from core.awaw import rules, words
from core.awaw.model import FRANCE, Condition, Forces, Region, ShipKind
from core.awaw.scenario import AwawScenario, Ship
from core.awaw.state import Fleet
from core.awaw.steps import Effects
from core.ledger import LogEntry
from core.memo import per_scenario
from core.prompts import AnswerValue, Prompt, Selection, SelectionItem, Side

SIDES = ("free_french", "vichy")
FIELD = {
    ShipKind.NAMED: "named_ships",
    ShipKind.CRUISER: "cruisers",
    ShipKind.DESTROYER: "destroyer_factors",
}
KEY = {
    ShipKind.NAMED: "named_ships",
    ShipKind.CRUISER: "cruisers",
    ShipKind.DESTROYER: "destroyers",
}
CATEGORIES = ("british", "movable", "contested", "vichy_ports", "stranded")
TIERS = {
    "free_french": {"british": 0, "movable": 1, "contested": 1},
    "vichy": {"vichy_ports": 0, "contested": 0, "british": 1},
}
Taken = dict[str, dict[str, int]]


def source(
    ship: Ship, holder: str, may_sail: bool, from_france: bool, from_vichy_colonies: bool
) -> str:
    """58.641: which :func:`rules.naval_split` category a ship falls in.

    ``holder`` holds the ship's port after the surrender; ``may_sail``,
    ``from_france`` and ``from_vichy_colonies`` read awaw.free_french_ship_range,
    awaw.free_french_ship_sources and awaw.free_french_from_vichy_colonies.
    Ships still building on row 3 or higher can serve neither side.
    """
    if ship.condition is Condition.BUILDING:
        return "stranded"
    in_colony = ship.region not in (*FRANCE, Region.CORSICA)
    if holder == "british":
        return "british"
    if holder == "vichy":
        return "contested" if may_sail and in_colony and from_vichy_colonies else "vichy_ports"
    if may_sail and holder in ("axis", "neutral") and (in_colony or from_france):
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
    holders: tuple[tuple[Region, str], ...],
    ship_range: str,
    sources: str,
    vichy_colonies: str,
) -> Plan:
    """The fleet's categories given who holds each region (``holders``) and the values of
    awaw.free_french_ship_range, awaw.free_french_ship_sources and
    awaw.free_french_from_vichy_colonies."""
    held = dict(holders)
    flags = (ship_range == "in_range", sources == "any_axis_port", vichy_colonies == "yes")
    where = {ship.id: source(ship, held[ship.region], *flags) for ship in s.fleet}
    ships = {kind: tuple(x for x in s.fleet if x.kind is kind) for kind in ShipKind}
    amounts = {
        kind: {cat: sum(x.amount for x in ships[kind] if where[x.id] == cat) for cat in CATEGORIES}
        for kind in ShipKind
    }
    return Plan(where, ships, amounts)


def divide(
    p: Plan, levels: dict[str, Forces], vichy: bool, log: list[LogEntry]
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
            getattr(levels["free_french"], field),
            getattr(levels["vichy"], field),
            contested_taken,
        )
        return int(free), int(vich), int(removed)

    for kind in ShipKind:
        yield from _choose(p, "free_french", kind, split(kind, 0)[0], taken, log)
    for kind in ShipKind if vichy else ():
        from_contested = sum(
            taken["free_french"].get(x.id, 0)
            for x in p.ships[kind]
            if p.source[x.id] == "contested"
        )
        yield from _choose(p, "vichy", kind, split(kind, from_contested)[1], taken, log)
    return taken


def _choose(
    p: Plan, side: str, kind: ShipKind, required: int, taken: Taken, log: list[LogEntry]
) -> Generator[Prompt, AnswerValue, None]:
    left = tuple(
        ship.amount - taken["free_french"].get(ship.id, 0) - taken["vichy"].get(ship.id, 0)
        for ship in p.ships[kind]
    )
    prompt = selection(p, side, kind, required, left)
    who = words.SIDE[side]
    forced = prompt.forced()
    if forced is None:
        choice = yield prompt
        assert isinstance(choice, dict)
    else:
        choice = forced
        if required:
            labels = {i.id: i.label for i in prompt.items}
            log.append(
                LogEntry(
                    "58.641",
                    f"{who} {words.SHIPS[kind]}, the only choice the ports allow "
                    f"({prompt.amount(required)}): " + ", ".join(labels[i] for i in choice),
                )
            )
    for ident, n in choice.items():
        taken[side][ident] = taken[side].get(ident, 0) + n


@lru_cache(maxsize=4096)
def selection(
    p: Plan, side: str, kind: ShipKind, required: int, left: tuple[int, ...]
) -> Selection:
    """The prompt for ``side``'s pick of ``kind``: the ships with something ``left`` (units or
    factors, in fleet order) in the ports the side draws from, its own ports first (58.641)."""
    tiers = TIERS[side]
    home = "British" if side == "free_french" else "Vichy"
    items = []
    for ship, amount in zip(p.ships[kind], left, strict=True):
        tier = tiers.get(p.source[ship.id])
        if tier is None or amount <= 0:
            continue
        note = (
            ""
            if tier == 0
            else f"in {words.where(ship)}: joins only if too few stand in {home}-held ports (58.641)"
        )
        items.append(SelectionItem(ship.id, words.ship(ship), amount, tier, note))
    items.sort(key=lambda i: i.tier)
    who = words.SIDE[side]
    return Selection(
        key=f"{side}.{KEY[kind]}",
        side=Side.ALLIES if side == "free_french" else Side.AXIS,
        label=f"{who} {words.SHIPS[kind]}",
        rule="58.641",
        items=tuple(items),
        required=required,
        unit="factors" if kind is ShipKind.DESTROYER else "units",
        help=f"Choose {words.count(required, kind)} for the {who} fleet. Ships in {home}-held "
        "ports come first; the others sail over only to make up a shortfall.",
    )


def settle(s: AwawScenario, levels: dict[str, Forces], taken: Taken) -> Effects:
    """58.642-58.643: each side's forces with the ships it took, shortfalls lost, and the rest
    of the fleet removed. Changes ``forces`` and ``fleet``."""
    log = []
    by_id = {ship.id: ship for ship in s.fleet}
    removed = {}
    for ship in s.fleet:
        rest = ship.amount - taken["free_french"].get(ship.id, 0) - taken["vichy"].get(ship.id, 0)
        if rest:
            removed[ship.id] = rest
    forces: dict[str, Forces] = {}
    lost: dict[str, dict[str, int]] = {}
    for side in SIDES:
        got = dict.fromkeys(FIELD.values(), 0)
        for ident, n in taken[side].items():
            got[FIELD[by_id[ident].kind]] += n
        level = levels[side]
        forces[side] = msgspec.structs.replace(level, **got)
        short = {f: getattr(level, f) - got[f] for f in got if getattr(level, f) > got[f]}
        if short:
            lost[side] = short
            lost_text = ", ".join(f"{n} {f.replace('_', ' ')}" for f, n in short.items())
            log.append(
                LogEntry(
                    "58.643", f"{words.SIDE[side]} shortfall, lost without substitute: {lost_text}"
                )
            )
    if removed:
        gone = ", ".join(
            by_id[i].name
            + (f" ({words.factors(n)})" if by_id[i].kind is ShipKind.DESTROYER else "")
            for i, n in removed.items()
        )
        log.append(LogEntry("58.64", f"French naval units in neither fleet leave play: {gone}"))
    fleet = Fleet(
        free_french=taken["free_french"], vichy=taken["vichy"], removed=removed, lost=lost
    )
    return Effects({"forces": forces, "fleet": fleet}, tuple(log))
