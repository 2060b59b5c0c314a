"""The words of France as a special neutral in Axis & Allies Anniversary: the house rule's
parts as armistice numbers them, the phases of a power's turn, what becomes of a French
territory and of a French ship, and the powers that answer the prompts.

The house rule has no numbers of its own; armistice cites its four parts in the order
they are written, as §1 France as a neutral (standing rules and turn sequence), §2
invasion by the Allies, §3 occupation by the Axis, §4 liberation of France: the section
sign keeps a part's number from reading as a count. Which powers are Axis
and which Allied is the scenario's to say (its ``powers`` table).
"""

from __future__ import annotations

from armistice.core.sides import Alignment, Player, Power, Sides
from armistice.core.words import Word

NEUTRAL = "§1"
"""France as a special neutral: French units never move nor attack, ships never block, the
Axis crosses French territory only outside combat movement; the turn sequence."""
INVASION = "§2"
"""Invasion of French territories by an Allied power, and the fate of their fleet."""
OCCUPATION = "§3"
"""Occupation of Vichy France by an Axis power."""
LIBERATION = "§4"
"""Liberation of Paris: France becomes an Allied power with a turn of its own."""

LISTED = (
    "Algeria",
    "Bora Bora",
    "France",
    "French Equatorial Africa",
    "French Guiana",
    "French Indo-China",
    "French West Africa",
    "Madagascar",
    "Morocco",
    "New Caledonia",
    "Southern France",
    "Tunisia",
)
"""The territories the house rule names as initially French, where French markers go on
liberation (§4), in alphabetical order."""

FRANCE = "france"
"""The French power: neutral until liberation, then Allied."""
BRITAIN = "united_kingdom"
"""The power that controls Free France, plays liberated France and in whose turn Paris is
liberated."""


class Fate(Word):
    """What becomes of a French territory or a French ship."""

    FRENCH = "french", "French (neutral)", "French"
    FREE_FRENCH = "free_french", "Free French (British control)", "Free French"
    CAPTURED = "captured", "captured", "captured"
    LIBERATED = "liberated", "liberated France's (an Allied power)", "France (Allied)"
    SCUTTLED = "scuttled", "scuttled", "scuttled"
    SUNK = "sunk", "sunk in battle", "sunk"
    OTHER = "other", "not French", "other"


SHIP_FATES = (Fate.FRENCH, Fate.CAPTURED, Fate.SCUTTLED, Fate.SUNK)
"""The fates a French ship may have: exactly one at any time."""


class Phase(Word):
    """The phases of a power's turn, in order, as the house rule reads them."""

    START = "start", "start of turn"
    COMBAT_MOVE = "combat_move", "combat move"
    COMBAT = "combat", "conduct combat"
    NONCOMBAT_MOVE = "noncombat_move", "non-combat move"
    END = "end", "mobilize and collect income"


class Domain(Word):
    """Where a kind of unit fights: on land, in the air or at sea."""

    LAND = "land", "land"
    AIR = "air", "air"
    SEA = "sea", "sea"


class Kind(Word):
    """A place of the map: a land territory or a sea zone."""

    LAND = "land", "territory"
    SEA = "sea", "sea zone"


class Zone(Word):
    """What a sea zone holding French ships holds when their fate is decided (§2)."""

    EMPTY = "empty", "empty: no unit of any power"
    ALLIED = "allied", "Allied units only, no Axis unit"
    MINOR = "minor", "Axis submarines or transports, no Axis surface warship"
    AIR = "air", "Axis aircraft only, no Axis ship"
    WARSHIP = "warship", "at least one Axis surface warship"


SIDES = Sides(
    powers=(
        Power("germany", "Germany", Alignment.AXIS),
        Power("soviet_union", "the Soviet Union", Alignment.ALLIED),
        Power("japan", "Japan", Alignment.AXIS),
        Power(BRITAIN, "the United Kingdom", Alignment.ALLIED),
        Power("italy", "Italy", Alignment.AXIS),
        Power("united_states", "the United States", Alignment.ALLIED),
        Power(FRANCE, "France", Alignment.ALLIED),
    ),
    players=(
        Player("axis", "Axis", ("germany", "japan", "italy")),
        Player("allies", "Allies", ("soviet_union", BRITAIN, "united_states", FRANCE)),
    ),
)
"""The powers of the Anniversary game and their default players, for a reader who has no
scenario at hand; a game takes its powers and players from its scenario's ``powers``
table (:func:`armistice.core.aa50.scenario.sides`)."""
