"""How armistice reads what the house rule leaves open: each a named assumption, its
default first."""

from __future__ import annotations

from armistice.core.aa50.words import INVASION, LIBERATION, OCCUPATION
from armistice.core.assumptions import Assumption, Choice
from armistice.core.words import Word


class Scope(Word):
    """Which French territories an invader may attack this turn."""

    NAMED = "named"
    ANY = "any"


SCOPE = Assumption(
    key="aa50.invasion_scope",
    rule=INVASION,
    question="Does an invasion's declaration limit which French territories may be attacked?",
    kind=Scope,
    choices=(
        Choice("named", "yes: only the territories named at the start of the combat move"),
        Choice(
            "any", "no: every French unit turns hostile, so any French territory may be attacked"
        ),
    ),
    why="the rule has the invader name territories yet makes every French unit hostile",
)


class Minor(Word):
    """The fate of French ships in a zone holding Axis submarines or transports only."""

    AS_EMPTY = "as_empty"
    DICE = "dice"
    STAY = "stay"


MINOR = Assumption(
    key="aa50.minor_zone",
    rule=INVASION,
    question="French ships in a zone holding Axis submarines or transports but no Axis "
    "surface warship: what becomes of them?",
    kind=Minor,
    choices=(
        Choice("as_empty", "as in an empty zone: no Axis warship is there to stop the capture"),
        Choice("dice", "as with an Axis warship: an Axis die per ship, 1 captured, else scuttled"),
        Choice("stay", "neither case applies: they stay French where they are"),
    ),
    why="the rule names an empty or Allied zone and one with an Axis surface warship only",
)


AIR_ZONE = Assumption(
    key="aa50.air_zone",
    rule=INVASION,
    question="French ships in a zone holding Axis aircraft but no Axis ship: what becomes of them?",
    kind=Minor,
    choices=(
        Choice("as_empty", "as in an empty zone: aircraft are no surface warship"),
        Choice("dice", "as with an Axis warship: an Axis die per ship, 1 captured, else scuttled"),
        Choice("stay", "neither case applies: they stay French where they are"),
    ),
    why="the rule asks for a surface warship and says nothing of aircraft over the zone",
)


class Sunk(Word):
    """Which French ships a battle for a territory may sink."""

    BASED = "based"
    ZONE = "zone"


SUNK = Assumption(
    key="aa50.sunk_in_assault",
    rule=INVASION,
    question="An invader attacks a French territory from the sea: which French ships may "
    "the players report sunk in that battle?",
    kind=Sunk,
    choices=(
        Choice("based", "only those based at the territory's port, which defend it"),
        Choice("zone", "every French ship lying in a sea zone next to it: all are hostile"),
    ),
    why="French sea units defend an amphibious assault, yet ships are stationed in their ports",
)


class Captor(Word):
    """Which Axis power rolls for, and captures, French ships when several are in the zone."""

    FIRST_IN_ORDER = "first_in_order"
    MOST_WARSHIPS = "most_warships"


CAPTOR = Assumption(
    key="aa50.axis_captor",
    rule=INVASION,
    question="Several Axis powers have units in the zone: which one rolls, and captures a "
    "ship on a 1?",
    kind=Captor,
    choices=(
        Choice("first_in_order", "the first in the turn order with a surface warship there"),
        Choice("most_warships", "the one with the most surface warships there (ties: turn order)"),
    ),
    why="the rule says only that the Axis player rolls",
)


class EmptyZone(Word):
    """Who takes French ships in an empty zone after an occupation."""

    BRITAIN = "britain"
    OCCUPIER = "occupier"


EMPTY_ZONE = Assumption(
    key="aa50.occupation_empty_zone",
    rule=OCCUPATION,
    question="After an occupation, French ships in an empty zone (no unit of any power): who "
    "captures them? (In a zone of Allied units only the Allies take them, as in an invasion.)",
    kind=EmptyZone,
    choices=(
        Choice("britain", "the United Kingdom: they join Free France, as the rule's Allied case"),
        Choice("occupier", "the occupying power: nothing stops it seizing them"),
    ),
    why="the rule handles them 'as above', where the Allied invader takes them; an occupation has no invader",
)


class Holder(Word):
    """Which Axis power captures a French territory holding another Axis power's land unit."""

    OCCUPIER = "occupier"
    UNIT_OWNER = "unit_owner"


HOLDER = Assumption(
    key="aa50.occupation_captor",
    rule=OCCUPATION,
    question="After an occupation, a French territory holds an Axis land unit: which power "
    "captures it?",
    kind=Holder,
    choices=(
        Choice("occupier", "the power that declared the occupation ('that player')"),
        Choice("unit_owner", "the power whose land unit stands there"),
    ),
    why="other Axis powers may have entered French territory in their non-combat moves",
)


class Guests(Word):
    """What becomes of the other side's units in a territory that changes side."""

    REMOVED = "removed"
    STAY = "stay"


GUESTS = Assumption(
    key="aa50.units_on_change",
    rule=OCCUPATION,
    question="A French territory joins Free France or is captured without a battle: what "
    "of the units of the other side standing in it (Axis aircraft, say)?",
    kind=Guests,
    choices=(
        Choice("removed", "removed from play, as the French units of a captured territory are"),
        Choice("stay", "they stay where they are"),
    ),
    why="the rule turns territories over and says nothing of other powers' units in them",
)


INVADED_GUESTS = Assumption(
    key="aa50.axis_in_invaded",
    rule=INVASION,
    question="Axis units stand in a French territory (entered in non-combat movement) that an "
    "Allied invader captures: what of them?",
    kind=Guests,
    choices=(
        Choice(
            "removed", "removed from play: the invader won the territory from every enemy in it"
        ),
        Choice("stay", "they stay: the battle was against the French units only"),
    ),
    why="the rule has French units defend and says nothing of Axis units already there",
)


class Place(Word):
    """Where France's turn goes in the turn order."""

    AFTER_BRITAIN = "after_britain"
    END_OF_ROUND = "end_of_round"


PLACE = Assumption(
    key="aa50.france_place",
    rule=LIBERATION,
    question="Where in the turn order is France's turn added?",
    kind=Place,
    choices=(
        Choice("after_britain", "right after the United Kingdom, whose player plays France"),
        Choice("end_of_round", "at the end of the round, after every other power"),
    ),
    why="the rule adds a regular French turn and does not say where",
)


class Unlisted(Word):
    """Whether an initially French territory the rule's list leaves out gets a marker."""

    MARKER = "marker"
    NO_MARKER = "no_marker"


UNLISTED = Assumption(
    key="aa50.unlisted_markers",
    rule=LIBERATION,
    question="An initially French territory the rule's list of markers leaves out "
    "(Martinique, where the Béarn lies): does it get a French marker?",
    kind=Unlisted,
    choices=(
        Choice("marker", "yes: it was French as much as those listed"),
        Choice("no_marker", "no: the list is the rule's; its holder keeps it"),
    ),
    why="the rule's list ends with French Guiana though the Béarn lies in Martinique",
)


class Neutral(Word):
    """What a liberated France does with French territories still neutral."""

    JOIN = "join"
    STAY = "stay"


NEUTRAL_LEFT = Assumption(
    key="aa50.still_neutral",
    rule=LIBERATION,
    question="France is liberated while some French territories are still neutral: what of them?",
    kind=Neutral,
    choices=(
        Choice("join", "they join liberated France with their units and ships, markers on them"),
        Choice("stay", "they stay neutral, with their units and the ships based there"),
    ),
    why="the British player takes every remaining French unit, yet markers go only where the Allies hold",
)


class FreeFrench(Word):
    """Whose the units and ships that joined Free France are once France is liberated."""

    FRANCE = "france"
    BRITAIN = "britain"


FREE_FRENCH = Assumption(
    key="aa50.free_french_at_liberation",
    rule=LIBERATION,
    question="France is liberated: whose are the French units and ships that joined Free "
    "France under British control after an occupation?",
    kind=FreeFrench,
    choices=(
        Choice("france", "France's: the British player takes every remaining French unit"),
        Choice("britain", "they stay British: the United Kingdom took them over for good"),
    ),
    why="Free French units are British until liberation, and the rule gives France all "
    "remaining French units without saying whether these still are",
)


class Income(Word):
    """Whose income liberated France's territories count in."""

    FRANCE = "france"
    BRITAIN = "britain"


INCOME = Assumption(
    key="aa50.france_income",
    rule=LIBERATION,
    question="Once France is a power, whose income do its territories count in?",
    kind=Income,
    choices=(
        Choice("france", "France's own: it collects their IPCs in its own turn"),
        Choice("britain", "the United Kingdom's, whose player plays France"),
    ),
    why="the rule gives France a regular turn and says nothing of its money",
)

ASSUMPTIONS = (
    SCOPE,
    MINOR,
    AIR_ZONE,
    SUNK,
    INVADED_GUESTS,
    CAPTOR,
    EMPTY_ZONE,
    HOLDER,
    GUESTS,
    PLACE,
    UNLISTED,
    NEUTRAL_LEFT,
    FREE_FRENCH,
    INCOME,
)
