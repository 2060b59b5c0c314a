"""The words of the Vichy France diplomatic table: who names Vichy, where it stands, the
policy in effect, who holds its hexes and colonies, and what becomes of its units. The
words the board shares with rule 58's hand-over (sides, namers, holders of a capital, unit
kinds) are those of :mod:`armistice.core.awaw.board`."""

from __future__ import annotations

from armistice.core.awaw.board import Side
from armistice.core.words import Word


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
