"""The words of A World at War rule 58: seasons, regions, nationalities, statuses.

Shared by scenario files, rule tables and the state, so each is spelled once.
"""

from __future__ import annotations

import enum
from typing import Annotated

import msgspec

NonNegative = Annotated[int, msgspec.Meta(ge=0)]
Ident = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9_]+$")]


class Season(enum.StrEnum):
    """A World at War turns are seasons, Spring first."""

    SPRING = "spring"
    SUMMER = "summer"
    FALL = "fall"
    WINTER = "winter"


def turn_index(season: Season, year: int) -> int:
    """Seasons after Spring 1940 (Spring 1940 = 0, Fall 1939 = -2, Winter 1940 = 3)."""
    return (year - 1940) * 4 + list(Season).index(season)


class Control(enum.StrEnum):
    """Who holds a French city at surrender."""

    AXIS = "axis"
    FRENCH = "french"


class ColonyControl(enum.StrEnum):
    """Who holds a French colony at surrender (58.533, 58.534)."""

    FRENCH = "french"
    AXIS = "axis"
    BRITISH = "british"


class ColonyStatus(enum.StrEnum):
    """Where each colony ends (58.53): exactly one of these."""

    FREE_FRENCH = "free_french"
    VICHY = "vichy"
    AXIS = "axis"
    INDEPENDENT = "independent"


COLONY_STATUSES = tuple(ColonyStatus)


class Region(enum.StrEnum):
    """Where a unit or port lies, as far as rule 58 cares.

    ``southern_france`` is the part that becomes Vichy France if it is
    established; ``british`` is any British-controlled hex or port outside
    France and its colonies.
    """

    NORTHERN_FRANCE = "northern_france"
    SOUTHERN_FRANCE = "southern_france"
    CORSICA = "corsica"
    LEBANON_SYRIA = "lebanon_syria"
    TUNISIA = "tunisia"
    ALGERIA = "algeria"
    MOROCCO = "morocco"
    BRITISH = "british"
    ELSEWHERE = "elsewhere"


FRANCE = (Region.NORTHERN_FRANCE, Region.SOUTHERN_FRANCE)


class Nationality(enum.StrEnum):
    """The nationality of a unit; French units are the ones rule 58 divides."""

    FRENCH = "french"
    BRITISH = "british"
    US = "us"
    GERMAN = "german"
    ITALIAN = "italian"

    @property
    def axis(self) -> bool:
        """True for the Axis nationalities."""
        return self in (Nationality.GERMAN, Nationality.ITALIAN)


class UnitKind(enum.StrEnum):
    """Unit types as rule 58 treats them (ground = infantry and armor)."""

    INFANTRY = "infantry"
    ARMOR = "armor"
    AIR = "air"
    AIRBASE = "airbase"
    NAVAL = "naval"


class ShipKind(enum.StrEnum):
    """French naval units by how the force tables count them: named ships and
    cruisers in units, destroyers in factors."""

    NAMED = "named"
    CRUISER = "cruiser"
    DESTROYER = "destroyer"


class Condition(enum.StrEnum):
    """A French ship's state at surrender: ready, damaged, unfinished on the "2"
    or "Launch" row, or unfinished on row "3" or higher (``building``)."""

    READY = "ready"
    DAMAGED = "damaged"
    ROW2 = "row2"
    LAUNCH = "launch"
    BUILDING = "building"

    @property
    def discounted(self) -> bool:
        """Counted at half for the fleet modifier (58.21C)."""
        return self in (Condition.DAMAGED, Condition.ROW2, Condition.LAUNCH)


class Forces(msgspec.Struct, frozen=True):
    """A force level of 58.6: infantry, army air and destroyers in factors;
    armor (3-5), named ships and cruisers in units."""

    infantry_factors: NonNegative = 0
    armor_units: NonNegative = 0
    air_factors: NonNegative = 0
    named_ships: NonNegative = 0
    cruisers: NonNegative = 0
    destroyer_factors: NonNegative = 0


FORCE_FIELDS = tuple(Forces.__struct_fields__)
Positive = Annotated[int, msgspec.Meta(ge=1)]
