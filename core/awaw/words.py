"""The words of A World at War that its procedures share: seasons, places, nationalities,
unit and ship kinds, who holds what, and what becomes of it; and the game's powers.

Each is a :class:`~armistice.core.words.Word`: spelled once, with its display label
beside it. Scenario files, rule tables, states and summaries all use these members.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from armistice.core.sides import Alignment, Player, Power, Sides
from armistice.core.words import Word

NonNegative = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(ge=1)]
Ident = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9_]+$")]

# Quantities as scenario files give them, each with its unit (see armistice.core.fields).
Factors = Annotated[int, msgspec.Meta(ge=0, extra={"unit": "factors"})]
BRPs = Annotated[int, msgspec.Meta(ge=0, extra={"unit": "BRPs"})]
DPs = Annotated[int, msgspec.Meta(ge=0, extra={"unit": "DPs"})]
Hexes = Annotated[int, msgspec.Meta(ge=0, extra={"unit": "hexes"})]


class Season(Word):
    """A World at War turns are seasons, Spring first."""

    SPRING = "spring", "Spring"
    SUMMER = "summer", "Summer"
    FALL = "fall", "Fall"
    WINTER = "winter", "Winter"


def turn_index(season: Season, year: int) -> int:
    """Seasons after Spring 1940 (Spring 1940 = 0, Fall 1939 = -2, Winter 1940 = 3)."""
    return (year - 1940) * 4 + list(Season).index(season)


def turn_name(turn: int) -> str:
    """A turn index as a season and year: ``2`` is ``Fall 1940``."""
    return f"{list(Season)[turn % 4].label} {1940 + turn // 4}"


FIRST_YEAR, LAST_YEAR = 1938, 1950
"""The years a game's turns may name. A World at War starts in Fall 1939, but a game that
starts the war earlier may see France fall in 1938 or early 1939 (every turn up to Spring
1940 takes 58.21D's "Spring 1940 or earlier" modifier); Winter 1950 is the last turn."""


class Control(Word):
    """Who holds a French city at surrender."""

    AXIS = "axis", "held by the Axis"
    FRENCH = "french", "held by France"


class ColonyControl(Word):
    """Who holds a French colony at surrender (58.533, 58.534)."""

    FRENCH = "french", "France"
    AXIS = "axis", "the Axis"
    BRITISH = "british", "Britain"


class ColonyStatus(Word):
    """Where each colony ends (58.53): exactly one of these."""

    FREE_FRENCH = "free_french", "Free French", "FF"
    VICHY = "vichy", "Vichy", "Vi"
    AXIS = "axis", "Axis", "Ax"
    INDEPENDENT = "independent", "independent", "Ind"


COLONY_STATUSES = tuple(ColonyStatus)


class FrenchSide(Word):
    """The two French sides a surrender divides the French forces between (58.6)."""

    FREE_FRENCH = "free_french", "Free French"
    VICHY = "vichy", "Vichy"


class Holder(Word):
    """Who holds a place's formerly French hexes and ports after a surrender."""

    BRITISH = "british", "Britain"
    VICHY = "vichy", "Vichy France"
    AXIS = "axis", "the Axis"
    NEUTRAL = "neutral", "neutral"
    ELSEWHERE = "elsewhere", "elsewhere"


class Region(Word):
    """Where a unit or port lies, as far as the surrender cares.

    ``southern_france`` is the part that becomes Vichy France if it is
    established; ``british`` is any British-controlled hex or port outside
    France and its colonies.
    """

    NORTHERN_FRANCE = "northern_france", "northern France"
    SOUTHERN_FRANCE = "southern_france", "southern France"
    CORSICA = "corsica", "Corsica"
    LEBANON_SYRIA = "lebanon_syria", "Lebanon-Syria"
    TUNISIA = "tunisia", "Tunisia"
    ALGERIA = "algeria", "Algeria"
    MOROCCO = "morocco", "Morocco"
    BRITISH = "british", "a British-held place"
    ELSEWHERE = "elsewhere", "elsewhere"


FRANCE = (Region.NORTHERN_FRANCE, Region.SOUTHERN_FRANCE)
METROPOLE = (*FRANCE, Region.CORSICA)
"""France and Corsica."""


class Nationality(Word):
    """The nationality of a unit; French units are the ones a surrender divides."""

    FRENCH = "french", "French"
    BRITISH = "british", "British"
    US = "us", "U.S."
    GERMAN = "german", "German"
    ITALIAN = "italian", "Italian"

    @property
    def axis(self) -> bool:
        """True for the Axis nationalities."""
        return self in (Nationality.GERMAN, Nationality.ITALIAN)


class UnitKind(Word):
    """Unit types as the surrender treats them (ground = infantry and armor)."""

    INFANTRY = "infantry", "infantry"
    ARMOR = "armor", "armor"
    AIR = "air", "air"
    AIRBASE = "airbase", "airbase"
    NAVAL = "naval", "naval"


GROUND = (UnitKind.INFANTRY, UnitKind.ARMOR)


class ShipKind(Word):
    """French naval units by how the force tables count them: named ships and
    cruisers in units, destroyers in factors."""

    NAMED = "named", "named ships"
    CRUISER = "cruiser", "cruisers"
    DESTROYER = "destroyer", "destroyer factors"

    @property
    def one(self) -> str:
        """The singular: ``named ship``, ``cruiser``, ``destroyer factor``."""
        return {"named": "named ship", "cruiser": "cruiser", "destroyer": "destroyer factor"}[
            self.value
        ]

    def counted(self, n: int) -> str:
        """``1 cruiser``, ``2 named ships``, ``5 destroyer factors``."""
        return f"{n} {self.one if n == 1 else self.label}"


class Condition(Word):
    """A French ship's state at surrender: ready, damaged, unfinished on the "2"
    or "Launch" row, or unfinished on row "3" or higher (``building``)."""

    READY = "ready", "ready"
    DAMAGED = "damaged", "damaged"
    ROW2 = "row2", "row 2"
    LAUNCH = "launch", "launch"
    BUILDING = "building", "building"

    @property
    def discounted(self) -> bool:
        """Counted at half for the fleet modifier (58.21C)."""
        return self in (Condition.DAMAGED, Condition.ROW2, Condition.LAUNCH)


class UnitFate(Word):
    """What a surrender does to a unit the scenario lists."""

    FREE_FRENCH = "free_french", "Free French"
    PART_FREE_FRENCH = "part_free_french", "partly Free French"
    REMOVED = "removed", "removed"
    ELIMINATED = "eliminated", "eliminated"
    DISPLACED = "displaced", "displaced"
    MUST_LEAVE = "must_leave", "must leave"
    REMAINS = "remains", "remains"
    UNAFFECTED = "unaffected", "unaffected"


class ShipFate(Word):
    """Where a French naval unit ends (58.64); a destroyer group may be divided."""

    FREE_FRENCH = "free_french", "Free French"
    VICHY = "vichy", "Vichy"
    REMOVED = "removed", "removed"
    DIVIDED = "divided", "divided"


class Major(Word):
    """The powers of A World at War that a French surrender and the Vichy France diplomatic
    table concern (the Soviet Union may name Vichy France, 77)."""

    GERMANY = "germany", "Germany"
    ITALY = "italy", "Italy"
    BRITAIN = "britain", "Britain"
    FRANCE = "france", "France"
    UNITED_STATES = "us", "the United States"
    SOVIET_UNION = "soviet_union", "the Soviet Union"
    VICHY_FRANCE = "vichy_france", "Vichy France"


class Conqueror(Word):
    """The major power that conquered France and takes its BRPs (58.72)."""

    GERMANY = "germany", "Germany"
    ITALY = "italy", "Italy"


SIDES = Sides(
    powers=(
        Power(Major.GERMANY, Major.GERMANY.label, Alignment.AXIS),
        Power(Major.ITALY, Major.ITALY.label, Alignment.AXIS),
        Power(Major.BRITAIN, Major.BRITAIN.label, Alignment.ALLIED),
        Power(Major.FRANCE, Major.FRANCE.label, Alignment.ALLIED),
        Power(Major.UNITED_STATES, Major.UNITED_STATES.label, Alignment.ALLIED),
        Power(Major.SOVIET_UNION, Major.SOVIET_UNION.label, Alignment.ALLIED),
        Power(Major.VICHY_FRANCE, Major.VICHY_FRANCE.label, Alignment.NEUTRAL),
    ),
    players=(
        Player("axis", "Axis", (Major.GERMANY, Major.ITALY, Major.VICHY_FRANCE)),
        Player(
            "allies",
            "Allies",
            (Major.BRITAIN, Major.FRANCE, Major.UNITED_STATES, Major.SOVIET_UNION),
        ),
    ),
)
"""A World at War's powers and its two default players, Axis and Allied."""
