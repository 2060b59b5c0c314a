"""Where the Vichy France diplomatic table leaves room for reading, and how armistice reads
it by default. Each assumption's values are an enum, so the procedure reads them typed."""

from __future__ import annotations

from typing import Any

from armistice.core.assumptions import Assumption, Choice
from armistice.core.dice import Dice
from armistice.core.words import Word

KEY = "awaw.vichy"


class YesNo(Word):
    """A yes-or-no reading."""

    NO = "no"
    YES = "yes"


class Die(Word):
    """The die the diplomatic roll uses."""

    D6 = "d6"
    D10 = "d10"

    @property
    def dice(self) -> Dice:
        """The dice this reading rolls."""
        return Dice(1, 6 if self is Die.D6 else 10)


class Beyond(Word):
    """What a modified result beyond the table's ends reads."""

    END_ROW = "end_row"
    NO_EFFECT = "no_effect"


class Toward(Word):
    """Which way a "+/-" modifier the table leaves unsigned is signed."""

    ROLLER = "roller"
    AGAINST_ROLLER = "against_roller"


class Factors(Word):
    """Whose factors "friendly" and "enemy" are, and which way each counts."""

    OWNER = "owner"
    ROLLER = "roller"


class Asterisk(Word):
    """How the asterisk on the -1 and 0 rows is read."""

    AS_WRITTEN = "as_written"
    NOT_WHEN_ALIGNED = "not_when_aligned"


class AxisHeld(Word):
    """What a -3 or -2 result does to a Vichy colony whose capital the Axis holds."""

    TO_THE_AXIS = "to_the_axis"
    FREE_FRENCH = "free_french"


class Six(Word):
    """How the "6" in the 8 row is read."""

    FIVE_SIX = "five_six"
    AS_PRINTED = "as_printed"


class Soviet(Word):
    """Whether and when the Soviet Union may name Vichy France."""

    LIKE_WESTERN = "like_western"
    FREE = "free"
    NEVER = "never"


class Landings(Word):
    """Whether the two landing modifiers add up when both hold."""

    BOTH = "both"
    LARGER = "larger"


class Strength(Word):
    """Which policy is in effect after a result that sets one in the same direction."""

    STRONGER = "stronger"
    LATEST = "latest"


DIE = Assumption(
    key=f"{KEY}.die",
    rule="77",
    question="Which die does a diplomatic roll for Vichy France use?",
    kind=Die,
    choices=(
        Choice("d6", "one six-sided die"),
        Choice("d10", "one ten-sided die"),
    ),
    why="The table gives a base value and modifiers but not the die; diplomatic rolls use one "
    "six-sided die.",
)

BEYOND = Assumption(
    key=f"{KEY}.beyond_the_ends",
    rule="77",
    question="What does a modified result below -3 or above 10 read?",
    kind=Beyond,
    choices=(
        Choice("end_row", "the end row: below -3 reads -3, above 10 reads 10"),
        Choice("no_effect", "nothing happens: the roll reads as 3-4, policies continue"),
    ),
    why="The table has no rows beyond -3 and 10; the end rows are the strongest results "
    "either side can get.",
)

UNBUILT = Assumption(
    key=f"{KEY}.unbuilt_sign",
    rule="77",
    question="Which way does each unbuilt Vichy air, armor or infantry unit count?",
    kind=Toward,
    choices=(
        Choice("roller", "toward the side making the roll: a weak Vichy bends to whoever asks"),
        Choice("against_roller", "against the side making the roll"),
    ),
    why="The table marks the modifier +/- without saying toward whom; like the factor "
    "modifiers beside it, it is read from the side that rolls.",
)

FACTORS = Assumption(
    key=f"{KEY}.friendly_and_enemy",
    rule="77",
    question="Whose factors are friendly and enemy, and which way does each count?",
    kind=Factors,
    choices=(
        Choice(
            "owner",
            "friendly and enemy to the side making the roll, each counted toward the side "
            "whose factors they are: Axis factors push up, Allied factors down; Vichy's own "
            "units count for neither",
        ),
        Choice(
            "roller",
            "friendly and enemy to the side making the roll, both counted toward it",
        ),
    ),
    why="Forces near Vichy pull it toward their own side; the table's +/- names no side.",
)

ENEMY_ATTACK = Assumption(
    key=f"{KEY}.enemy_attack",
    rule="77",
    question="Does an Allied declaration of war on Vichy or attack on a Vichy colony make "
    "Vichy an Axis associated minor?",
    kind=YesNo,
    choices=(
        Choice(
            "yes",
            "yes: the attack that allows the Axis reaction roll associates Vichy with the Axis "
            "(+2 to the roll) unless it is already an Axis minor ally",
        ),
        Choice("no", "no: only a 9 or -2 result (or the alignment the scenario states) does"),
    ),
    why='The +/-2 modifier names "an enemy attack" as a cause of association beside the '
    "9 and -2 results.",
)

ASTERISK = Assumption(
    key=f"{KEY}.deactivation_asterisk",
    rule="77",
    question="What does the asterisk on the -1 and 0 rows change?",
    kind=Asterisk,
    choices=(
        Choice("as_written", "nothing: the rows apply as written"),
        Choice(
            "not_when_aligned",
            "they do not deactivate a Vichy associated with or allied to a side: the roll "
            "reads as 3-4 instead",
        ),
    ),
    why="The note the asterisk refers to is not in the table's text.",
)

SIX = Assumption(
    key=f"{KEY}.eight_row_six",
    rule="77",
    question="The 8 row sends volunteers on the terms of the 6: which row's terms are meant?",
    kind=Six,
    choices=(
        Choice("five_six", 'the 5-6 row, as the 7 and 9 rows say: "6" is read as "5-6"'),
        Choice("as_printed", 'a "6" result, which is the 5-6 row all the same'),
    ),
    why='Its neighbours say "5-6"; a 6 falls in that row, so both readings give the same '
    "conditions (Germany at war with Russia; no second trip after a rebuild).",
)

SOVIET = Assumption(
    key=f"{KEY}.soviet_naming",
    rule="77",
    question="May the Soviet Union name Vichy France?",
    kind=Soviet,
    choices=(
        Choice(
            "like_western",
            "yes, on the Western Allies' terms: once U.S. ground troops hold a harbour or "
            "landing area in France or French North Africa",
        ),
        Choice("free", "yes, restricted only by the year of the fall of France"),
        Choice("never", "no: only the Axis and the Western Allies name Vichy France"),
    ),
    why="Either side may name Vichy, and the restriction speaks of the Western Allies only; "
    "reading the Allied side as bound by it keeps one rule for the Allies.",
)

AFTER_DEACTIVATION = Assumption(
    key=f"{KEY}.named_after_deactivation",
    rule="77",
    question="May Vichy France be named again after a -1 or 0 result deactivated it?",
    kind=YesNo,
    choices=(
        Choice("no", "no: with its forces gone Vichy France takes no more diplomatic rolls"),
        Choice("yes", "yes: it may be named as before"),
    ),
    why="A deactivated Vichy France has no forces and its colonies have gone their own way.",
)

LANDINGS = Assumption(
    key=f"{KEY}.landings_add_up",
    rule="77",
    question="With U.S./British landings both in France and elsewhere on the continent, do "
    "the -2 and -1 add up?",
    kind=Landings,
    choices=(
        Choice("both", "yes: -3 in all"),
        Choice("larger", "no: only the -2 for France"),
    ),
    why="They are listed as two modifiers with separate conditions.",
)

STRENGTH = Assumption(
    key=f"{KEY}.policy_strength",
    rule="77",
    question="When a result sets a policy in the same direction as the one in effect, which "
    "stays in effect?",
    kind=Strength,
    choices=(
        Choice(
            "stronger",
            "the stronger: a 7 does not undo an association made by a 9 (the 7's BRPs are "
            "paid all the same)",
        ),
        Choice("latest", "the latest result's policy replaces the earlier one"),
    ),
    why="Only negation and deactivation undo a policy in the table's words.",
)

AXIS_HELD = Assumption(
    key=f"{KEY}.axis_held_colonies",
    rule="77",
    question="Does a -3 or -2 result make Free French a Vichy colony whose capital the Axis holds?",
    kind=AxisHeld,
    choices=(
        Choice(
            "to_the_axis",
            "no: it passes to the Axis, as the -1 and 0 rows give a colony to the side holding "
            "its capital; the Vichy forces in it stay Vichy",
        ),
        Choice(
            "free_french",
            "yes: every Vichy colony becomes Free French with its forces, whoever holds its "
            "capital",
        ),
    ),
    why='The -3 and -2 rows say "Vichy colonies" and nothing of who holds their capitals. '
    "A colony whose capital another power holds is still a Vichy colony to the modifiers "
    "(its factors count; an Allied-held capital counts -1), but the -1 and 0 rows hand each "
    "colony to the side holding its capital, and Free French cannot take over a capital the "
    "Axis holds.",
)

ASSUMPTIONS: tuple[Assumption[Any], ...] = (
    DIE,
    BEYOND,
    UNBUILT,
    FACTORS,
    ENEMY_ATTACK,
    ASTERISK,
    SIX,
    SOVIET,
    AFTER_DEACTIVATION,
    LANDINGS,
    STRENGTH,
    AXIS_HELD,
)
"""Every named reading of the table, in the order the help lists them."""
