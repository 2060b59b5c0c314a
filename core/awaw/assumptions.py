"""Where rule 58 leaves room for reading, and how armistice reads it by default."""

from __future__ import annotations

from core.assumptions import Assumption, Choice

ASSUMPTIONS = (
    Assumption(
        key="awaw.conquest_proration",
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
    ),
    Assumption(
        key="awaw.fleet_discount",
        rule="58.21C",
        question="Are damaged and unfinished ship factors halved as one pool or ship by ship?",
        choices=(
            Choice("pooled", "add them all up, then halve and round down once"),
            Choice("per_ship", "halve each ship's factors and round each down"),
        ),
        why="58.21C speaks of two damaged factors counting as one and a single remnant "
        "being ignored, which reads as one pool.",
    ),
    Assumption(
        key="awaw.corsica_ground_factors",
        rule="58.21B",
        question="Do French ground factors on Corsica count as 'in France'?",
        choices=(
            Choice("excluded", "only factors in mainland France count"),
            Choice("included", "factors on Corsica count too"),
        ),
        why="Rule 58 names 'France and Corsica' side by side elsewhere (58.31, 58.411), "
        "so France alone means the mainland.",
    ),
    Assumption(
        key="awaw.free_french_ship_range",
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
    ),
    Assumption(
        key="awaw.free_french_ship_sources",
        rule="58.641",
        question="Which non-British ports may send ships to the Free French?",
        choices=(
            Choice("colony_ports", "only ports in French colonies that are Axis-held or neutral"),
            Choice("any_axis_port", "also Axis-held ports in France itself"),
        ),
        why="The rule's sentence names French colony ports; ships in occupied France are "
        "in the Axis's hands.",
    ),
    Assumption(
        key="awaw.free_french_from_vichy_colonies",
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
    ),
    Assumption(
        key="awaw.allied_air_naval_in_vichy",
        rule="58.41",
        question="Are non-French Allied air and naval units in the new Vichy France displaced "
        "or eliminated?",
        choices=(
            Choice("displaced", "displaced to British-controlled bases, as for all of France"),
            Choice("eliminated", "eliminated, as for Allied forces in Vichy territory"),
        ),
        why="58.41 speaks of all of France and comes first; 58.43 then catches what is "
        "still there.",
    ),
    Assumption(
        key="awaw.axis_senior_partner",
        rule="58.73",
        question="Which Axis power is the senior partner when Germany and Italy conquer "
        "France together?",
        choices=(
            Choice("germany", "Germany receives the French BRPs"),
            Choice("italy", "Italy receives the French BRPs"),
        ),
        why="83.51 is not part of these rules; Germany leads the Axis in every scenario.",
    ),
    Assumption(
        key="awaw.low_brp_base",
        rule="58.71",
        question="What is France worth as a conquest if its BRP base is below the key areas' 40?",
        choices=(
            Choice("floor_at_zero", "nothing, never negative"),
            Choice("negative", "the negative difference, as the formula gives"),
        ),
        why="A conquest that costs its conqueror BRPs makes no sense in play.",
    ),
)
