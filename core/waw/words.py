"""The words of World at War's fall of France: oceans, kinds of area, what becomes of a
French fleet and of a French area, and the powers that answer the prompts.

Which powers are Axis and which Allied is the scenario's to say (its ``powers`` table);
the powers below are only those a prompt of 5.5 may name, and the ones the rule text
names itself.
"""

from __future__ import annotations

from armistice.core.sides import by_side
from armistice.core.words import Word

RULE = "5.5"
"""Fall of France, and Vichy France."""
LATER = "5.6"
"""Treatment of Vichy territories."""

GERMANY = "germany"
"""The power a French fleet joins on a 1 (5.5 names Germany whoever conquered France), and
the default placer of Vichy control markers."""
BRITAIN = "britain"
"""The power that takes over a Free French fleet on a 6 and rolls the French areas' dice."""
FRANCE = "france"
"""The conquered power, who rolls the fleets' dice."""
CAPTORS = ("britain", "france", "united_states")
"""The powers 5.6 names whose capture of a Vichy area makes it Free French (France here
plays the Free French)."""


class Ocean(Word):
    """The ocean a sea area belongs to; 5.5 rolls for fleets in the first two."""

    ATLANTIC = "atlantic", "Atlantic"
    MEDITERRANEAN = "mediterranean", "Mediterranean"
    INDIAN = "indian", "Indian Ocean"
    PACIFIC = "pacific", "Pacific"


ROLLED_OCEANS = (Ocean.ATLANTIC, Ocean.MEDITERRANEAN)
"""The oceans whose French fleets 5.5 rolls for."""


class Kind(Word):
    """A land area or a sea area."""

    LAND = "land", "land"
    SEA = "sea", "sea"


class FleetFate(Word):
    """What becomes of a French fleet (5.5)."""

    FRENCH = "french", "French (to roll)", "to roll"
    GERMAN = "german", "joins Germany", "German"
    SCUTTLED = "scuttled", "scuttled", "scuttled"
    VICHY = "vichy", "Vichy", "Vichy"
    FREE_FRENCH = "free_french", "Free French", "Free French"
    SUNK = "sunk", "sunk in battle", "sunk"


class AreaSide(Word):
    """Where a French area stands after 5.5: Vichy, Free French, or already Axis."""

    FRENCH = "french", "French (to roll)", "to roll"
    VICHY = "vichy", "Vichy", "Vichy"
    FREE_FRENCH = "free_french", "Free French", "Free French"
    AXIS = "axis", "Axis", "Axis"
    ALLIED = "allied", "held by an Allied power", "Allied"


class Phase(Word):
    """Where the game stands: 5.5's steps, in order."""

    TRANSFER = "transfer", "IPC transfer"
    FLEETS = "fleets", "fleet rolls"
    AREAS = "areas", "area rolls"
    MOVES = "moves", "Vichy fleet moves"
    MARKERS = "markers", "markers and income"
    DONE = "done", "resolved"


class Turn(Word):
    """The phases of a game turn as 5.6 reads them, in order."""

    COMBAT = "combat", "combat"
    INCOME = "income", "collect income"


SIDES = by_side(())
"""The players of World at War with no powers yet: each scenario's ``powers`` table says
which powers there are and which side each is on (see ``scenario.sides``)."""
