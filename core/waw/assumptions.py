"""How armistice reads what 5.5 and 5.6 leave open: each a named assumption, its default
first."""

from __future__ import annotations

from armistice.core.assumptions import Assumption, Choice
from armistice.core.waw.words import LATER, RULE
from armistice.core.words import Word


class Shortfall(Word):
    """What France pays when it holds fewer than the 3 IPCs of 5.5."""

    ALL_IT_HAS = "all_it_has"
    NOTHING = "nothing"


SHORTFALL = Assumption(
    key="waw.short_bank",
    rule=RULE,
    question="France holds fewer than 3 IPCs: what does it pay the conqueror?",
    kind=Shortfall,
    choices=(
        Choice("all_it_has", "France pays every IPC it holds, up to 3"),
        Choice("nothing", "France pays nothing unless it can pay all 3"),
    ),
    why="the rule says the 3 IPCs come from France's money and nothing about too little of it",
)


class FleetOrder(Word):
    """Which French fleets are rolled first."""

    ATLANTIC_FIRST = "atlantic_first"
    MAP_ORDER = "map_order"


ORDER = Assumption(
    key="waw.fleet_order",
    rule=RULE,
    question="In what order are the French fleets rolled?",
    kind=FleetOrder,
    choices=(
        Choice(
            "atlantic_first",
            "Atlantic fleets first, then Mediterranean ones, each in map order; after a 6 "
            "the British player rolls the Mediterranean fleets still to roll",
        ),
        Choice(
            "map_order",
            "in the order the map lists them; after a 6 the British player rolls the "
            "Mediterranean fleets still to roll",
        ),
    ),
    why="a 6 hands the Mediterranean fleet's roll to Britain, so the Atlantic fleet must come first",
)


class Elsewhere(Word):
    """What becomes of a French fleet outside the Atlantic and the Mediterranean."""

    FREE_FRENCH = "free_french"
    ROLLED = "rolled"


ELSEWHERE = Assumption(
    key="waw.other_fleets",
    rule=RULE,
    question="A French fleet outside the Atlantic and the Mediterranean: what becomes of it?",
    kind=Elsewhere,
    choices=(
        Choice("free_french", "not rolled: it stays with the Allies as Free French"),
        Choice("rolled", "rolled like the others, by the French player"),
    ),
    why="the rule rolls only for fleets in the Atlantic and the Mediterranean",
)


class MoveTime(Word):
    """When a fleet that rolled 5 is moved to the nearest Vichy area."""

    AFTER_AREAS = "after_areas"
    AT_ROLL = "at_roll"


MOVE_TIME = Assumption(
    key="waw.vichy_fleet_move",
    rule=RULE,
    question="When does a fleet that rolled 5 move to the nearest Vichy area?",
    kind=MoveTime,
    choices=(
        Choice("after_areas", "once the French areas are rolled, so it can reach one"),
        Choice(
            "at_roll",
            "at once, to an area already Vichy; with none it stays and turns Free French",
        ),
    ),
    why="the fleets are rolled before the areas, yet the move needs Vichy areas to exist",
)


class FleetPath(Word):
    """How the distance from a fleet to a Vichy area is counted."""

    BY_SEA = "by_sea"
    ANY_AREA = "any_area"


PATH = Assumption(
    key="waw.fleet_path",
    rule=RULE,
    question="How is the nearest Vichy area to a fleet that rolled 5 counted?",
    kind=FleetPath,
    choices=(
        Choice(
            "by_sea",
            "in steps through sea areas from the fleet's own, plus one step ashore: a fleet sails",
        ),
        Choice("any_area", "in steps through any adjacent areas, land or sea"),
    ),
    why="the rule says the nearest Vichy land/sea area without saying how distance is counted",
)


class PacificVichy(Word):
    """What a French area under a Japanese marker is once it rolls Vichy."""

    VICHY = "vichy"
    JAPANESE = "japanese"


PACIFIC = Assumption(
    key="waw.japanese_markers",
    rule=RULE,
    question="The Fiji and Society Islands roll Vichy and take Japanese markers: are they Vichy?",
    kind=PacificVichy,
    choices=(
        Choice("vichy", f"Vichy areas under Japanese markers, with the protections of {LATER}"),
        Choice("japanese", "plain Japanese territory"),
    ),
    why="the rule says they fall under Japanese control if Vichy, and nothing of 5.6 for them",
)


class Foreign(Word):
    """What becomes of another power's units standing in a French area that turns Vichy."""

    INTERNED = "interned"
    STAY = "stay"


FOREIGN = Assumption(
    key="waw.foreign_units",
    rule=RULE,
    question="Another power's units stand in a French area that turns Vichy: what of them?",
    kind=Foreign,
    choices=(
        Choice("interned", "the Vichy area interns them: they are removed from play"),
        Choice("stay", "they stay where they are, beside the Vichy troops"),
    ),
    why="the rule converts the area and says nothing of foreign troops in it",
)


class AlliedHeld(Word):
    """Whether a French area another Allied power holds is rolled for."""

    ROLLED = "rolled"
    KEPT = "kept"


ALLIED_HELD = Assumption(
    key="waw.allied_held_areas",
    rule=RULE,
    question="A French area held by an Allied power other than France: is it rolled for?",
    kind=AlliedHeld,
    choices=(
        Choice(
            "rolled",
            "yes, as every French area the Axis does not hold; if it turns Vichy its holder "
            "loses its income",
        ),
        Choice("kept", "no: it stays with its Allied holder"),
    ),
    why="the rule rolls every French area the Axis does not hold, and moves only France's "
    "and the Axis' income",
)


ASSUMPTIONS = (SHORTFALL, ORDER, ELSEWHERE, MOVE_TIME, PATH, PACIFIC, FOREIGN, ALLIED_HELD)
"""Every named reading of the World at War fall of France, in rule order."""
