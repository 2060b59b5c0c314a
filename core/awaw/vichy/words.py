"""The words of the Vichy France diplomatic table: who names Vichy, where it stands, the
policy in effect, who holds its hexes and colonies, and what becomes of its units."""

from __future__ import annotations

from armistice.core.words import Word

RULE = "77"
"""The rules on Vichy France (58.633 points to them), whose diplomatic table this is."""


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


class Alignment(Word):
    """Where Vichy France stands with the two sides."""

    NEUTRAL = "neutral", "neutral"
    AXIS_ASSOCIATED = "axis_associated", "Axis associated minor"
    AXIS_ALLY = "axis_ally", "Axis minor ally"
    ALLIED_ASSOCIATED = "allied_associated", "Allied associated minor"
    ALLIED_ALLY = "allied_ally", "Allied minor ally"
    DEACTIVATED = "deactivated", "deactivated"

    @property
    def side(self) -> Side | None:
        """The side Vichy leans to by this alignment; None when neutral or deactivated."""
        if self in (Alignment.AXIS_ASSOCIATED, Alignment.AXIS_ALLY):
            return Side.AXIS
        if self in (Alignment.ALLIED_ASSOCIATED, Alignment.ALLIED_ALLY):
            return Side.ALLIES
        return None


class Policy(Word):
    """The policy in effect: the result row whose policy it is, or none."""

    NONE = "none", "no policy"
    ALLIED_ALLY = "-3", "-3: Allied minor ally"
    ALLIED_ASSOCIATED = "-2", "-2: Allied associated"
    LEAN = "5-6", "5-6: leans to the Axis"
    BRPS = "7", "7: BRPs and volunteers"
    GERMAN_HEXES = "8", "8: German control"
    AXIS_ASSOCIATED = "9", "9: Axis associated"
    AXIS_ALLY = "10", "10: Axis minor ally"


class Direction(Word):
    """Which way a policy leans: what "continues" and "negated" speak of."""

    NONE = "none"
    ALLIED = "allied", "pro-Allied"
    AXIS = "axis", "pro-Axis"


class Effect(Word):
    """What a result row does to the policy in effect."""

    SET = "set"
    DEACTIVATE = "deactivate"
    CONTINUE_ALLIED = "continue_allied"
    CONTINUE = "continue"
    CONTINUE_AXIS = "continue_axis"


class HexControl(Word):
    """Who controls the Vichy French hexes."""

    VICHY = "vichy", "Vichy France"
    AXIS = "axis", "Germany"
    ALLIED = "allied", "the Allies"


class ColonyRule(Word):
    """What a row does to the Vichy colonies."""

    NONE = "none"
    FREE_FRENCH = "free_french"
    CAPITAL_HOLDER = "capital_holder"


class Holder(Word):
    """Who holds a Vichy colony's capital, and so who controls it after a deactivation."""

    VICHY = "vichy", "Vichy France"
    AXIS = "axis", "the Axis"
    ALLIED = "allied", "the Allies"
    NO_ONE = "no_one", "no one"


class ColonyFate(Word):
    """Where a Vichy colony ends after the roll."""

    VICHY = "vichy", "Vichy"
    FREE_FRENCH = "free_french", "Free French"
    AXIS = "axis", "Axis"
    ALLIED = "allied", "Allied"
    NO_ONE = "no_one", "no one"


class UnitFate(Word):
    """What the roll does to a Vichy unit."""

    VICHY = "vichy", "stays Vichy"
    FREE_FRENCH = "free_french", "Free French"
    REMOVED = "removed", "removed from play"


class Kind(Word):
    """Vichy and other units as the table counts them."""

    INFANTRY = "infantry", "infantry"
    ARMOR = "armor", "armor"
    AIR = "air", "air"
    NAVAL = "naval", "naval"


COUNTED = (Kind.INFANTRY, Kind.ARMOR, Kind.AIR)
"""The kinds whose unbuilt units modify the roll and whose factors are ground/air factors."""


class Outcome(Word):
    """What odds are given for: the result row, and the alignment Vichy ends in."""

    NO_ROLL = "no_roll", "no roll"
    R_M3 = "-3", "-3: Allied minor ally"
    R_M2 = "-2", "-2: Allied associated"
    R_M1 = "-1", "-1: deactivates, Allied hexes"
    R_0 = "0", "0: deactivates"
    R_1_2 = "1-2", "1-2: pro-Allied continues"
    R_3_4 = "3-4", "3-4: policies continue"
    R_5_6 = "5-6", "5-6: leans to the Axis"
    R_7 = "7", "7: 10 BRPs to the Axis"
    R_8 = "8", "8: German control, 20 BRPs"
    R_9 = "9", "9: Axis associated"
    R_10 = "10", "10: Axis minor ally"
    NEUTRAL = "neutral", "neutral"
    AXIS_ASSOCIATED = "axis_associated", "Axis associated minor"
    AXIS_ALLY = "axis_ally", "Axis minor ally"
    ALLIED_ASSOCIATED = "allied_associated", "Allied associated minor"
    ALLIED_ALLY = "allied_ally", "Allied minor ally"
    DEACTIVATED = "deactivated", "deactivated"
