"""Where rule 58 leaves room for reading, and how armistice reads it by default.

Each assumption's values are an enum, so the procedure reads them typed.
"""

from __future__ import annotations

from typing import Any

from armistice.core.assumptions import Assumption, Choice
from armistice.core.awaw.words import FRANCE, METROPOLE, Region
from armistice.core.words import Word


class YesNo(Word):
    """A yes-or-no reading."""

    NO = "no"
    YES = "yes"


class Proration(Word):
    """58.72: how much of the conquest value arrives at the next player turn."""

    SEASONS_LEFT = "seasons_left"
    FULL = "full"
    NONE = "none"


class FleetDiscount(Word):
    """58.21C: how damaged and unfinished factors are halved."""

    POOLED = "pooled"
    PER_SHIP = "per_ship"


class ShipRange(Word):
    """58.641: whether ships in Axis-held or neutral colony ports can reach a British port."""

    IN_RANGE = "in_range"
    STAY = "stay"


class ShipSources(Word):
    """58.641: which non-British ports may send ships to the Free French."""

    COLONY_PORTS = "colony_ports"
    ANY_AXIS_PORT = "any_axis_port"


class AirNavalInVichy(Word):
    """58.41: what befalls non-French Allied air and naval units in the new Vichy France."""

    DISPLACED = "displaced"
    ELIMINATED = "eliminated"


class SeniorPartner(Word):
    """58.73: the senior Axis partner."""

    GERMANY = "germany"
    ITALY = "italy"


class LowBrpBase(Word):
    """58.71: France's worth when its BRP base is below the key areas'."""

    FLOOR_AT_ZERO = "floor_at_zero"
    NEGATIVE = "negative"


PRORATION = Assumption(
    key="awaw.58.conquest_proration",
    kind=Proration,
    rule="58.72",
    question="How much of France's conquest value arrives at the conqueror's next player turn?",
    choices=(
        Choice(
            "seasons_left",
            "a quarter per season left in the year after the surrender "
            "season, rounded down; the next YSS then pays it in full",
        ),
        Choice("full", "the whole conquest value"),
        Choice("none", "nothing until the next YSS"),
    ),
    why="58.72 sends the value prorated under 35.7, which is not part of these rules; "
    "a quarter per remaining season matches a YSS paying a whole year.",
    aliases=("awaw.conquest_proration",),
)


FLEET_DISCOUNT = Assumption(
    key="awaw.58.fleet_discount",
    kind=FleetDiscount,
    rule="58.21C",
    question="Are damaged and unfinished ship factors halved as one pool or ship by ship?",
    choices=(
        Choice("pooled", "add them all up, then halve and round down once"),
        Choice("per_ship", "halve each ship's factors and round each down"),
    ),
    why="58.21C speaks of two damaged factors counting as one and a single remnant "
    "being ignored, which reads as one pool.",
    aliases=("awaw.fleet_discount",),
)


CORSICA = Assumption(
    key="awaw.58.france_includes_corsica",
    kind=YesNo,
    rule="58.21B, 58.41",
    question="Where a rule says France without naming Corsica, is Corsica part of it?",
    choices=(
        Choice(
            "no",
            "France is the mainland: French ground factors on Corsica do not lower the "
            "level (58.21B), and 58.41 leaves Allied units on Corsica alone (58.43 still "
            "takes them if Corsica goes to Vichy)",
        ),
        Choice(
            "yes",
            "Corsica is France: its French ground factors count (58.21B), and Allied units "
            "there are eliminated or displaced as on the mainland (58.41)",
        ),
    ),
    why="Where rule 58 means Corsica too it names it beside France (58.31, 58.411), so "
    "France on its own reads as the mainland. Rules that name Corsica apply to it either way.",
    aliases=("awaw.58.corsica_ground_factors", "awaw.corsica_ground_factors"),
    old_values=(("excluded", "no"), ("included", "yes")),
)


def france(corsica: YesNo) -> tuple[Region, ...]:
    """The regions a rule means by France where it does not name Corsica, as ``corsica``
    (awaw.58.france_includes_corsica) reads it: northern and southern France, and Corsica
    when the reading is yes."""
    return METROPOLE if corsica is YesNo.YES else FRANCE


SHIP_RANGE = Assumption(
    key="awaw.58.free_french_ship_range",
    kind=ShipRange,
    rule="58.641",
    question="May French ships in Axis-held or neutral colony ports reach a British port?",
    choices=(
        Choice(
            "in_range",
            "yes: every such port has a British-controlled port in range "
            "with room; players check the map",
        ),
        Choice("stay", "no: only ships already in British-controlled ports can join"),
    ),
    why="armistice has no map of ranges and basing capacity; the usual case in play is "
    "that Gibraltar, Malta or Alexandria are within reach.",
    aliases=("awaw.free_french_ship_range",),
)


SHIP_SOURCES = Assumption(
    key="awaw.58.free_french_ship_sources",
    kind=ShipSources,
    rule="58.641",
    question="Which non-British ports may send ships to the Free French?",
    choices=(
        Choice("colony_ports", "only ports in French colonies that are Axis-held or neutral"),
        Choice("any_axis_port", "also Axis-held ports in France itself"),
    ),
    why="The rule's sentence names French colony ports; ships in occupied France are "
    "in the Axis's hands.",
    aliases=("awaw.free_french_ship_sources",),
)


FROM_VICHY_COLONIES = Assumption(
    key="awaw.58.free_french_from_vichy_colonies",
    kind=YesNo,
    rule="58.641",
    question="Are Vichy colony ports among the 'neutral French colony ports' the Free French "
    "may draw ships from?",
    choices=(
        Choice("no", "no: Vichy colonies are Vichy-controlled, which 58.641 names apart"),
        Choice(
            "yes",
            "yes: Vichy is a neutral minor, so its colony ports are neutral; "
            "the Free French may take ships there before the Vichy choose",
        ),
    ),
    why="The rule's next sentence speaks of Vichy-controlled ports by that name, so "
    "'neutral' reads as the independent colonies of 58.532.",
    aliases=("awaw.free_french_from_vichy_colonies",),
)


AIR_NAVAL_IN_VICHY = Assumption(
    key="awaw.58.allied_air_naval_in_vichy",
    kind=AirNavalInVichy,
    rule="58.41",
    question="Are non-French Allied air and naval units in the new Vichy France displaced "
    "or eliminated?",
    choices=(
        Choice("displaced", "displaced to British-controlled bases, as for all of France"),
        Choice("eliminated", "eliminated, as for Allied forces in Vichy territory"),
    ),
    why="58.41 speaks of all of France and comes first; 58.43 then catches what is still there.",
    aliases=("awaw.allied_air_naval_in_vichy",),
)


SENIOR_PARTNER = Assumption(
    key="awaw.58.axis_senior_partner",
    kind=SeniorPartner,
    rule="58.73",
    question="Which Axis power is the senior partner when Germany and Italy conquer "
    "France together?",
    choices=(
        Choice("germany", "Germany receives the French BRPs"),
        Choice("italy", "Italy receives the French BRPs"),
    ),
    why="83.51 is not part of these rules; Germany leads the Axis in every scenario.",
    aliases=("awaw.axis_senior_partner",),
)


LOW_BRP_BASE = Assumption(
    key="awaw.58.low_brp_base",
    kind=LowBrpBase,
    rule="58.71",
    question="What is France worth as a conquest if its BRP base is below the key areas' 40?",
    choices=(
        Choice("floor_at_zero", "nothing, never negative"),
        Choice("negative", "the negative difference, as the formula gives"),
    ),
    why="A conquest that costs its conqueror BRPs makes no sense in play.",
    aliases=("awaw.low_brp_base",),
)


VICHY_BRPS_AFTER_US_ENTRY = Assumption(
    key="awaw.58.vichy_brps_after_us_entry",
    kind=YesNo,
    rule="58.411",
    question="When France falls with the U.S. already at war with Germany, so that no Vichy "
    "France can be set up, do the Axis still receive the BRPs Vichy would have had?",
    choices=(
        Choice(
            "no",
            "no: French-held France passes to Britain, and nothing is paid in Vichy's place",
        ),
        Choice(
            "yes",
            "yes: Vichy France is not established, so the Axis receive its BRPs as when "
            "they choose not to set it up (58.31B)",
        ),
    ),
    why="58.31B pays the Axis for a Vichy France they chose not to set up while taking all "
    "of France; after U.S. entry there is no choice, and the French-held hexes go to Britain.",
)


ASSUMPTIONS: tuple[Assumption[Any], ...] = (
    PRORATION,
    FLEET_DISCOUNT,
    CORSICA,
    SHIP_RANGE,
    SHIP_SOURCES,
    FROM_VICHY_COLONIES,
    AIR_NAVAL_IN_VICHY,
    SENIOR_PARTNER,
    LOW_BRP_BASE,
    VICHY_BRPS_AFTER_US_ENTRY,
)
