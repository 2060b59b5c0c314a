"""The board at a Vichy France diplomatic roll: the turn, the board facts and diplomatic
points the table reads, the units in Vichy territory and who holds the colonial capitals.

Both a roll's scenario (:mod:`armistice.core.awaw.vichy.scenario`) and rule 58's hand-over
to the first roll (:mod:`armistice.core.awaw.rule58.onward`) spell the board with these
structs, so a player tells the same facts the same way wherever they are asked.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from armistice.core.awaw.words import (
    FIRST_YEAR,
    LAST_YEAR,
    Factors,
    Major,
    Region,
    Season,
    turn_index,
    turn_name,
)
from armistice.core.fields import about
from armistice.core.words import Word

_Strict = {"frozen": True, "forbid_unknown_fields": True}

RULE = "77"
"""The rules on Vichy France (58.633 points to them), whose diplomatic table this is."""

COLONIES = (Region.LEBANON_SYRIA, Region.TUNISIA, Region.ALGERIA, Region.MOROCCO)
"""The French colonies that may be Vichy colonies."""


class Side(Word):
    """The two sides of the war as the table signs its modifiers: the Axis push results up,
    the Allies down."""

    AXIS = "axis", "the Axis"
    ALLIES = "allies", "the Allies"

    @property
    def sign(self) -> int:
        """+1 for the Axis, -1 for the Allies: the direction a modifier toward this side takes."""
        return 1 if self is Side.AXIS else -1

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.ALLIES if self is Side.AXIS else Side.AXIS


class Namer(Word):
    """Who names Vichy France for a diplomatic roll."""

    AXIS = "axis", "the Axis"
    AXIS_REACTION = "axis_reaction", "the Axis (reaction roll)"
    WESTERN_ALLIES = "western_allies", "the Western Allies"
    SOVIET_UNION = "soviet_union", "the Soviet Union"

    @property
    def side(self) -> Side:
        """The side whose roll it is."""
        return Side.AXIS if self in (Namer.AXIS, Namer.AXIS_REACTION) else Side.ALLIES

    @property
    def power(self) -> str:
        """The power (a key of :data:`armistice.core.awaw.words.SIDES`) that rolls when it
        names Vichy France: Germany for the Axis, Britain for the Western Allies."""
        return {
            Namer.AXIS: Major.GERMANY,
            Namer.AXIS_REACTION: Major.GERMANY,
            Namer.WESTERN_ALLIES: Major.BRITAIN,
            Namer.SOVIET_UNION: Major.SOVIET_UNION,
        }[self].value


class Holder(Word):
    """Who holds a Vichy colony's capital, and so who controls it after a deactivation."""

    VICHY = "vichy", "Vichy France"
    AXIS = "axis", "the Axis"
    ALLIED = "allied", "the Allies"
    NO_ONE = "no_one", "no one"


class Kind(Word):
    """Vichy and other units as the table counts them."""

    INFANTRY = "infantry", "infantry"
    ARMOR = "armor", "armor"
    AIR = "air", "air"
    NAVAL = "naval", "naval"


COUNTED = (Kind.INFANTRY, Kind.ARMOR, Kind.AIR)
"""The kinds whose unbuilt units modify the roll and whose factors are ground/air factors."""


Points = Annotated[int, msgspec.Meta(ge=0, le=99, extra={"unit": "DPs"})]
"""Diplomatic points placed on Vichy France by one side."""


class Turn(msgspec.Struct, **_Strict):
    """A game turn: its season and year."""

    season: Annotated[Season, about("Season")]
    year: Annotated[int, msgspec.Meta(ge=FIRST_YEAR, le=LAST_YEAR), about("Year")]

    @property
    def index(self) -> int:
        """Seasons after Spring 1940."""
        return turn_index(self.season, self.year)

    @property
    def name(self) -> str:
        """``Spring 1941``."""
        return turn_name(self.index)

    @classmethod
    def at(cls, index: int) -> Turn:
        """The turn ``index`` seasons after Spring 1940 (``at(5)`` is Summer 1941)."""
        return cls(list(Season)[index % 4], 1940 + index // 4)


class Board(msgspec.Struct, **_Strict):
    """The board facts the table's additional modifiers and restrictions read."""

    axis_units_in_africa: Annotated[
        bool, about("Axis units in Africa", RULE, "Egypt east of the Suez canal counts as Africa")
    ] = True
    landing_continent: Annotated[
        bool,
        about(
            "U.S./British landing on the continent",
            RULE,
            "armor or infantry in a bridgehead or port in Europe outside France; Gibraltar, "
            "Norway, Sicily and other islands do not count",
        ),
    ] = False
    landing_france: Annotated[
        bool,
        about("U.S./British landing in France", RULE, "armor or infantry in a bridgehead or port"),
    ] = False
    american_ground_unit: Annotated[
        bool,
        about(
            "U.S. ground troops hold a port or beachhead",
            RULE,
            "in France, Morocco, Algeria or Tunisia: the Western Allies may then name Vichy",
        ),
    ] = False
    us_at_war: Annotated[bool, about("U.S. at war with the Axis", RULE)] = False
    spain_axis_ally: Annotated[bool, about("Spain an active Axis minor ally", RULE)] = False
    usat_level: Annotated[
        int,
        msgspec.Meta(ge=0, le=200),
        about("USAT level", RULE, "the U.S. tension level", unit="points"),
    ] = 0
    axis_malta: Annotated[bool, about("Axis control Malta", RULE)] = False
    axis_suez_or_alexandria: Annotated[
        bool, about("Axis control Suez or Alexandria", RULE, "either counts once")
    ] = False
    axis_gibraltar: Annotated[bool, about("Axis control Gibraltar", RULE)] = False
    colonies_attacked_last_turn: Annotated[
        int,
        msgspec.Meta(ge=0, le=len(COLONIES)),
        about("French colonies the Allies attacked last turn", RULE, unit="colonies"),
    ] = 0
    allied_attack: Annotated[
        bool,
        about(
            "Allied attack on Vichy this turn",
            RULE,
            "the Allies declared war on Vichy France or struck one of its colonies: a reaction "
            "roll is open to the Axis",
        ),
    ] = False
    germany_at_war_with_russia: Annotated[
        bool, about("Germany at war with Russia", RULE, "Vichy volunteers go east only then")
    ] = False


class Diplomacy(msgspec.Struct, **_Strict):
    """Diplomatic points each side put on Vichy France for this roll."""

    axis_dps: Annotated[Points, about("Axis DPs", RULE)] = 0
    allied_dps: Annotated[Points, about("Allied DPs", RULE)] = 0

    @property
    def net(self) -> int:
        """Axis minus Allied DPs: positive pushes the result toward the Axis."""
        return self.axis_dps - self.allied_dps


class Unit(msgspec.Struct, **_Strict):
    """Axis or Allied ground/air units in Vichy France, Corsica or a Vichy colony."""

    name: Annotated[str, about("Name", "", "how the log and summary name these units")]
    side: Annotated[Side, about("Side", RULE)]
    kind: Annotated[Kind, about("Kind", RULE, "only ground (infantry, armor) and air count")]
    location: Annotated[Region, about("Where", RULE)]
    factors: Annotated[Factors, about("Combat factors", RULE)] = 0
    since_establishment: Annotated[
        bool,
        about(
            "There since Vichy was established",
            "58.42",
            "Axis forces in Vichy territory when Vichy France was set up never count",
        ),
    ] = False


class Totals(msgspec.Struct, **_Strict):
    """Ground/air factors in Vichy France, Corsica and the Vichy colonies not attacked by the
    Western Allies, typed in instead of counted from units."""

    axis: Annotated[Factors, about("Axis factors", RULE)] = 0
    allies: Annotated[Factors, about("Allied factors", RULE)] = 0


class Capitals(msgspec.Struct, **_Strict):
    """Who holds each Vichy colony's capital at the roll (a colony that is not Vichy's is
    left at ``vichy``)."""

    lebanon_syria: Annotated[Holder, about("Beirut held by", RULE)] = Holder.VICHY
    tunisia: Annotated[Holder, about("Tunis held by", RULE)] = Holder.VICHY
    algeria: Annotated[Holder, about("Algiers held by", RULE)] = Holder.VICHY
    morocco: Annotated[Holder, about("Rabat held by", RULE)] = Holder.VICHY
