"""A World at War rule-58 scenario files: what the table looks like when France falls.

The structs decode the TOML (types, unknown keys, negative factors are
refused by msgspec); :func:`check` refuses what is inconsistent with the
rules, naming the field and the rule.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Annotated, Literal

import msgspec

from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import (
    FIRST_YEAR,
    LAST_YEAR,
    BRPs,
    ColonyControl,
    Condition,
    Conqueror,
    Control,
    DPs,
    Factors,
    Hexes,
    Ident,
    Nationality,
    Region,
    Season,
    ShipKind,
    UnitKind,
    turn_index,
    turn_name,
)
from armistice.core.errors import ScenarioError
from armistice.core.fields import about
from armistice.core.scenario import ScenarioBase

_Strict = {"frozen": True, "forbid_unknown_fields": True}

FIRST_TURN = turn_index(Season.SPRING, FIRST_YEAR)
"""Spring 1938: the first turn a scenario can name, in seasons after Spring 1940 (-8)."""
LAST_TURN = turn_index(Season.WINTER, LAST_YEAR)
"""Winter 1950: the last turn a scenario can name (43)."""


class Surrender(msgspec.Struct, **_Strict):
    """58.1: when and how France falls, and the facts that shape it."""

    season: Annotated[Season, about("Season of surrender", "58.21D", "the turn France falls")]
    year: Annotated[
        int,
        msgspec.Meta(ge=FIRST_YEAR, le=LAST_YEAR),
        about(
            "Year of surrender",
            "58.21D",
            "1938 and 1939 are for games that start the war early; any turn up to "
            "Spring 1940 counts as Spring 1940 or earlier",
        ),
    ]
    voluntary: Annotated[
        bool,
        about("Voluntary surrender", "58.11B", "France gives up while it still holds Paris"),
    ] = False
    us_at_war_with_germany: Annotated[
        bool,
        about(
            "U.S. at war with Germany",
            "58.31",
            "then Vichy cannot be set up and French-held France goes to Britain (58.411)",
        ),
    ] = False
    anglo_french_cooperation: Annotated[
        bool,
        about("Anglo-French cooperation 7+", "58.21F", "the Western Allies' research result"),
    ] = False
    french_brp_base: Annotated[
        BRPs, about("French BRP base", "58.71", "France's BRP base when it falls")
    ] = 60
    conqueror: Annotated[
        Conqueror,
        about("Conqueror", "58.72", "the major power that takes France's BRPs"),
    ] = Conqueror.GERMANY
    cooperative: Annotated[
        bool, about("Joint conquest", "58.73", "Germany and Italy took France together")
    ] = False


class Territory(msgspec.Struct, **_Strict):
    """58.21A: who holds Paris, Lyon and Marseilles; other European objectives France holds."""

    paris: Annotated[Control, about("Paris", "58.21A", "who holds Paris at surrender")] = (
        Control.AXIS
    )
    lyon: Annotated[Control, about("Lyon", "58.21A", "who holds Lyon at surrender")] = (
        Control.FRENCH
    )
    marseilles: Annotated[
        Control, about("Marseilles", "58.21A", "who holds Marseilles at surrender")
    ] = Control.FRENCH
    other_french_objectives: Annotated[
        tuple[str, ...],
        about(
            "Other objectives France holds",
            "58.21A",
            "European objectives in French hands besides Paris, Lyon and Marseilles, by name",
        ),
    ] = ()


class Diplomacy(msgspec.Struct, **_Strict):
    """58.21E: DPs each side placed in France, and those covert operations cancelled."""

    axis_dps: Annotated[DPs, about("Axis DPs in France", "58.21E")] = 0
    allied_dps: Annotated[DPs, about("Western Allied DPs in France", "58.21E")] = 0
    axis_dps_cancelled: Annotated[
        DPs, about("Axis DPs cancelled", "58.21E", "by Allied covert operations (47.21D)")
    ] = 0
    allied_dps_cancelled: Annotated[
        DPs, about("Allied DPs cancelled", "58.21E", "by Axis covert operations (47.21D)")
    ] = 0

    @property
    def net(self) -> int:
        """Axis minus Western Allied DPs that still count."""
        return (self.axis_dps - self.axis_dps_cancelled) - (
            self.allied_dps - self.allied_dps_cancelled
        )


class Colony(msgspec.Struct, **_Strict):
    """A French colony at surrender: who holds it and its BRP value."""

    brp: Annotated[BRPs, about("BRP value", "58.531A", "what the colony is worth")]
    control: Annotated[
        ColonyControl,
        about("Held by", "58.533", "a colony held by the Axis or Britain is not rolled for"),
    ] = ColonyControl.FRENCH


class Unit(msgspec.Struct, **_Strict):
    """Land or air units (or non-French naval units) whose place matters at surrender.

    ``factors`` are combat factors of the whole entry; ``units`` counts its counters.
    """

    name: Annotated[str, about("Name", "", "how the log and summary name these units")]
    nationality: Annotated[Nationality, about("Nationality", "58.61")]
    kind: Annotated[UnitKind, about("Kind", "58.21B", "infantry and armor are ground units")]
    location: Annotated[Region, about("Where", "58.61", "the region the units stand in")]
    factors: Annotated[
        Factors, about("Combat factors", "58.21B", "of every counter of the entry together")
    ] = 0
    units: Annotated[int, msgspec.Meta(ge=1), about("Counters", "58.612", unit="units")] = 1


class Ship(msgspec.Struct, **_Strict):
    """French naval units of one kind: a named ship, a cruiser, or a group of destroyer factors.

    ``count`` (default 1) gives that many alike, for a fleet written as totals per kind,
    condition and port; an entry without ``id`` or ``name`` is given them when the
    scenario loads (see :func:`expand`), so the rules always see one entry per ship.
    """

    kind: Annotated[
        ShipKind, about("Kind", "58.612", "destroyers count in factors, the others as units")
    ]
    factors: Annotated[
        int,
        msgspec.Meta(ge=1),
        about(
            "Naval factors",
            "58.21C",
            "of one ship, or of the whole group for destroyers",
            unit="factors",
        ),
    ]
    region: Annotated[
        Region, about("Region", "58.641", "where its port lies: who holds it after the surrender")
    ]
    id: Annotated[
        Ident,
        about(
            "Id", "", "how answers name it: lower case, digits and _; made from its kind and port"
        ),
    ] = ""
    name: Annotated[str, about("Name", "", "made from its kind and port")] = ""
    condition: Annotated[
        Condition,
        about("Condition", "58.21C", "damaged and unfinished ships count half, building none"),
    ] = Condition.READY
    port: Annotated[str, about("Port", "58.641", "the port it is based in")] = ""
    count: Annotated[
        int,
        msgspec.Meta(ge=1, le=99),
        about("How many", "58.64", "ships (or destroyer groups) alike", unit="ships"),
    ] = 1

    @property
    def amount(self) -> int:
        """What the force tables count it as: destroyers in factors, others as one unit."""
        return self.factors if self.kind is ShipKind.DESTROYER else 1


class Conquest(msgspec.Struct, **_Strict):
    """58.52: a French conquest or other French-held hex outside France and its colonies.

    ``land_distance`` gives hexes by land supply route to each colony it can
    reach; ``vichy_france_distance`` the same to Vichy France, if any.
    """

    name: Annotated[str, about("Name", "58.52")]
    british_ground_unit: Annotated[
        bool, about("British ground unit there", "58.52", "keeps it from the Axis")
    ] = False
    land_distance: Annotated[
        dict[str, Hexes],
        about("Land route to each colony", "58.52", "hexes by land supply route, by colony"),
    ] = {}
    vichy_france_distance: Annotated[
        Hexes | None,
        about("Land route to Vichy France", "58.52", "hexes, if a route exists"),
    ] = None


class AwawScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A rule-58 scenario: the surrender, the map facts, French units and the French fleet.

    A fleet given as totals (``count``, or entries without ``id`` or ``name``) is
    expanded to one entry per ship as it loads (:func:`expand`).
    """

    system: Annotated[Literal["awaw.58"], about("Rule system", "", "A World at War rule 58")]
    surrender: Annotated[Surrender, about("Surrender", "58.1")]
    colonies: Annotated[
        dict[str, Colony],
        about("Colonies", "58.53", "every French colony, by key", keys=Region),
    ]
    territory: Annotated[Territory, about("Cities and objectives", "58.21A")] = Territory()
    diplomacy: Annotated[Diplomacy, about("Diplomatic points", "58.21E")] = Diplomacy()
    units: Annotated[
        tuple[Unit, ...],
        about("Units", "58.61", "French land and air units, and others in France or the colonies"),
    ] = ()
    fleet: Annotated[
        tuple[Ship, ...], about("French fleet", "58.64", "each French naval unit")
    ] = ()
    french_minors: Annotated[
        tuple[str, ...], about("French minor countries", "58.51", "they pass to Britain")
    ] = ()
    conquests: Annotated[tuple[Conquest, ...], about("French conquests", "58.52")] = ()

    def __post_init__(self) -> None:
        if any(ship.count != 1 or not ship.id or not ship.name for ship in self.fleet):
            msgspec.structs.force_setattr(self, "fleet", expand(self.fleet))

    @property
    def turn(self) -> int:
        """Seasons after Spring 1940."""
        return turn_index(self.surrender.season, self.surrender.year)


_PIECE = {
    ShipKind.NAMED: "Named ship",
    ShipKind.CRUISER: "Cruiser",
    ShipKind.DESTROYER: "Destroyers",
}


def expand(fleet: tuple[Ship, ...]) -> tuple[Ship, ...]:
    """One entry per ship: an entry of ``count`` N becomes N alike (ids ``x``, ``x_2``, ...),
    an entry without ``id`` gets one from its kind and port (``cruiser_toulon``), one without
    ``name`` is called by its kind and port (``Cruiser at Toulon``). Ids given in the file are
    kept; the ones made never repeat one. Each result has ``count`` 1."""
    taken = {ship.id for ship in fleet if ship.id}
    out: list[Ship] = []
    for ship in fleet:
        where = ship.port or ship.region.label
        base = ship.id or _slug(f"{ship.kind.value}_{where}")
        name = ship.name or f"{_PIECE[ship.kind]} at {where}"
        for n in range(ship.count):
            ident = ship.id if ship.id and n == 0 else _fresh(base, taken)
            taken.add(ident)
            out.append(msgspec.structs.replace(ship, id=ident, name=name, count=1))
    return tuple(out)


def _slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", plain.casefold()).strip("_") or "ship"


def _fresh(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


def check(
    s: AwawScenario, source: str, t: Tables, _readings: Mapping[str, str] | None = None
) -> None:
    """Refuse a scenario that the rules cannot resolve under tables ``t`` (its colonies, the
    earliest voluntary surrender), whatever the readings; raises ScenarioError(source,
    field, reason)."""

    def fail(field: str, reason: str) -> None:
        raise ScenarioError(source, field, reason)

    level = t.rules.level
    if s.surrender.voluntary:
        if s.territory.paris is Control.AXIS:
            fail(
                "surrender.voluntary",
                "with Paris held by the Axis France surrenders anyway; "
                "a voluntary surrender (58.11B) is one it would not otherwise make",
            )
        if s.turn < level.earliest_voluntary:
            fail(
                "surrender.season",
                "France may not surrender voluntarily before "
                f"{turn_name(level.earliest_voluntary)} (58.11B)",
            )
    elif s.territory.paris is not Control.AXIS:
        fail(
            "territory.paris",
            "France surrenders only with Paris held by the Axis or "
            'voluntarily (58.11); set paris = "axis" or surrender.voluntary = true',
        )
    seen_objectives: set[str] = set()
    for i, name in enumerate(s.territory.other_french_objectives):
        key = name.strip().casefold()
        if not key:
            fail(f"territory.other_french_objectives[{i}]", "an objective needs a name")
        if key in ("paris", "lyon", "marseilles"):
            fail(
                f"territory.other_french_objectives[{i}]",
                f"{name} has its own modifier (58.21A); set territory.{key} instead",
            )
        if key in seen_objectives:
            fail(f"territory.other_french_objectives[{i}]", f"{name} is listed twice")
        seen_objectives.add(key)
    d = s.diplomacy
    if d.axis_dps_cancelled > d.axis_dps:
        fail("diplomacy.axis_dps_cancelled", "more Axis DPs cancelled than placed (58.21E)")
    if d.allied_dps_cancelled > d.allied_dps:
        fail("diplomacy.allied_dps_cancelled", "more Allied DPs cancelled than placed (58.21E)")
    known = t.colonies
    for name in s.colonies:
        if name not in known:
            fail(f"colonies.{name}", f"unknown colony; known: {', '.join(known)}")
    for name in known:
        if name not in s.colonies:
            fail("colonies", f"missing {name}: every French colony needs its BRPs and control")
    for i, unit in enumerate(s.units):
        if unit.nationality is Nationality.FRENCH and unit.kind is UnitKind.NAVAL:
            fail(f"units[{i}].kind", "French naval units belong in [[fleet]]")
    seen: set[str] = set()
    for i, ship in enumerate(s.fleet):
        if ship.id in seen:
            fail(f"fleet[{i}].id", f"{ship.id!r} is used twice")
        seen.add(ship.id)
        if ship.region is Region.ELSEWHERE:
            fail(
                f"fleet[{i}].region",
                "a French ship must be based in France, Corsica, a "
                "colony or a British-controlled port",
            )
    for i, conquest in enumerate(s.conquests):
        for name in conquest.land_distance:
            if name not in known:
                fail(f"conquests[{i}].land_distance.{name}", "unknown colony")
