"""A World at War rule-58 scenario files: what the table looks like when France falls.

The structs decode the TOML (types, unknown keys, negative factors are
refused by msgspec); :func:`check` refuses what is inconsistent with the
rules, naming the field and the rule.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from armistice.core.awaw.rule58.tables import shipped
from armistice.core.awaw.words import (
    ColonyControl,
    Condition,
    Control,
    Ident,
    Nationality,
    NonNegative,
    Positive,
    Region,
    Season,
    ShipKind,
    UnitKind,
    turn_index,
)
from armistice.core.errors import ScenarioError
from armistice.core.scenario import ScenarioBase

_Strict = {"frozen": True, "forbid_unknown_fields": True}


class Surrender(msgspec.Struct, **_Strict):
    """58.1: when and how France falls, and the facts that shape it."""

    season: Season
    year: Annotated[int, msgspec.Meta(ge=1939, le=1950)]
    voluntary: bool = False
    us_at_war_with_germany: bool = False
    anglo_french_cooperation: bool = False
    french_brp_base: NonNegative = 60
    conqueror: Literal["germany", "italy"] = "germany"
    cooperative: bool = False


class Territory(msgspec.Struct, **_Strict):
    """58.21A: who holds Paris, Lyon and Marseilles; other European objectives France holds."""

    paris: Control = Control.AXIS
    lyon: Control = Control.FRENCH
    marseilles: Control = Control.FRENCH
    other_french_objectives: tuple[str, ...] = ()


class Diplomacy(msgspec.Struct, **_Strict):
    """58.21E: DPs each side placed in France, and those covert operations cancelled."""

    axis_dps: NonNegative = 0
    allied_dps: NonNegative = 0
    axis_dps_cancelled: NonNegative = 0
    allied_dps_cancelled: NonNegative = 0

    @property
    def net(self) -> int:
        """Axis minus Western Allied DPs that still count."""
        return (self.axis_dps - self.axis_dps_cancelled) - (
            self.allied_dps - self.allied_dps_cancelled
        )


class Colony(msgspec.Struct, **_Strict):
    """A French colony at surrender: who holds it and its BRP value."""

    brp: NonNegative
    control: ColonyControl = ColonyControl.FRENCH


class Unit(msgspec.Struct, **_Strict):
    """Land or air units (or non-French naval units) whose place matters at surrender.

    ``factors`` are combat factors of the whole entry; ``units`` counts its counters.
    """

    name: str
    nationality: Nationality
    kind: UnitKind
    location: Region
    factors: NonNegative = 0
    units: Positive = 1


class Ship(msgspec.Struct, **_Strict):
    """One French naval unit: a named ship, a cruiser, or a group of destroyer factors."""

    id: Ident
    name: str
    kind: ShipKind
    factors: Positive
    region: Region
    condition: Condition = Condition.READY
    port: str = ""

    @property
    def amount(self) -> int:
        """What the force tables count it as: destroyers in factors, others as one unit."""
        return self.factors if self.kind is ShipKind.DESTROYER else 1


class Conquest(msgspec.Struct, **_Strict):
    """58.52: a French conquest or other French-held hex outside France and its colonies.

    ``land_distance`` gives hexes by land supply route to each colony it can
    reach; ``vichy_france_distance`` the same to Vichy France, if any.
    """

    name: str
    british_ground_unit: bool = False
    land_distance: dict[str, NonNegative] = {}
    vichy_france_distance: NonNegative | None = None


class AwawScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A rule-58 scenario: the surrender, the map facts, French units and the French fleet."""

    system: Literal["awaw.58"]
    surrender: Surrender
    colonies: dict[str, Colony]
    territory: Territory = Territory()
    diplomacy: Diplomacy = Diplomacy()
    units: tuple[Unit, ...] = ()
    fleet: tuple[Ship, ...] = ()
    french_minors: tuple[str, ...] = ()
    conquests: tuple[Conquest, ...] = ()

    @property
    def turn(self) -> int:
        """Seasons after Spring 1940."""
        return turn_index(self.surrender.season, self.surrender.year)


def check(s: AwawScenario, source: str) -> None:
    """Refuse a scenario that the rules cannot resolve; raises ScenarioError(source, field, reason)."""

    def fail(field: str, reason: str) -> None:
        raise ScenarioError(source, field, reason)

    level = shipped().rules.level
    if s.turn < turn_index(Season.FALL, 1939):
        fail("surrender.year", "A World at War begins in Fall 1939; France cannot fall earlier")
    if s.surrender.voluntary:
        if s.territory.paris is Control.AXIS:
            fail(
                "surrender.voluntary",
                "with Paris held by the Axis France surrenders anyway; "
                "a voluntary surrender (58.11B) is one it would not otherwise make",
            )
        if s.turn < level.earliest_voluntary:
            fail(
                "surrender.season", "France may not surrender voluntarily before Fall 1940 (58.11B)"
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
    known = shipped().colonies
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
