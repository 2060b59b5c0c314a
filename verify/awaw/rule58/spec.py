"""Rule 58 as published, written out independently of the engine's tables: what the
properties compare the engine against.

The force tables are transcribed from the rule text (58.621, 58.631) in the
order infantry factors, armor units, air factors, named ships, cruisers,
destroyer factors; the fleet bands are 58.21C's own wording.
"""

from __future__ import annotations

from typing import Any

from armistice.core.logic import floor_div, ite

LEVEL_LIMIT = 3
"""58.22: the level never passes +3 or -3."""

FREE_FRENCH_WITH_VICHY = {
    3: (0, 0, 0, 0, 0, 0),
    2: (1, 0, 0, 0, 0, 0),
    1: (2, 0, 0, 0, 0, 0),
    0: (3, 0, 0, 0, 0, 0),
    -1: (6, 0, 0, 0, 1, 1),
    -2: (6, 0, 1, 1, 1, 1),
    -3: (6, 0, 2, 1, 2, 2),
}
FREE_FRENCH_WITHOUT_VICHY = {
    3: (3, 0, 0, 0, 0, 0),
    2: (6, 0, 0, 0, 1, 1),
    1: (6, 0, 1, 1, 1, 1),
    0: (6, 0, 2, 1, 2, 2),
    -1: (9, 0, 2, 1, 2, 5),
    -2: (12, 0, 2, 1, 3, 6),
    -3: (9, 1, 2, 2, 3, 6),
}
VICHY = {
    3: (12, 1, 3, 2, 3, 6),
    2: (15, 0, 3, 1, 3, 6),
    1: (12, 0, 3, 1, 2, 5),
    0: (12, 0, 2, 1, 2, 2),
    -1: (12, 0, 1, 1, 1, 1),
    -2: (12, 0, 0, 0, 1, 1),
    -3: (10, 0, 0, 0, 0, 0),
}


def fleet_band(counted: Any) -> Any:
    """58.21C in its own words: 38 or more factors give 0, 33-37 give +1, 28-32 give +2,
    and so on, one more for each further five."""
    return ite(counted >= 38, 0, 1 + floor_div(37 - counted, 5))


def counted(full: Any, discounted: Any) -> Any:
    """58.21C: ready factors count in full; two damaged or unfinished factors count as one,
    a remnant one not at all."""
    return full + floor_div(discounted, 2)


def modifiers(f: Any) -> tuple[Any, ...]:
    """58.21A-F for a surrender that is not voluntary, in the engine's order: Paris +2, Lyon +1,
    Marseilles +1 when the Axis hold them; -1 per other objective France holds; -1 per full ten
    ground factors; the fleet band; +2 up to Spring 1940, 0 in Summer, -2 in Fall, -4 from
    Winter 1940; net DPs; -1 for cooperation 7+."""
    turn = ite(f.turn <= 0, 2, ite(f.turn == 1, 0, ite(f.turn == 2, -2, -4)))
    return (
        ite(f.paris_axis, 2, 0),
        ite(f.lyon_axis, 1, 0),
        ite(f.marseilles_axis, 1, 0),
        -f.other_french_objectives,
        -floor_div(f.ground_factors, 10),
        fleet_band(f.fleet_factors),
        turn,
        f.net_dps,
        ite(f.cooperation, -1, 0),
    )
