"""What rule 58 decides for each French ship (58.64): wholly Free French, wholly Vichy,
removed, or divided when a destroyer group's factors go different ways."""

from __future__ import annotations

from armistice.core.awaw.words import ShipFate
from armistice.core.prompts import Decision, Roll
from tests import support
from tests.support import at_level, ship

FLEET = [
    support.BALLAST,
    ship("algerie", "cruiser", 3, "british"),
    ship("duquesne", "cruiser", 3, "british"),
    ship("foch", "cruiser", 3, "british"),
    ship("d1", "destroyer", 2, "british"),
    ship("d2", "destroyer", 2, "british"),
]
"""At level 0 with no Vichy the Free French take 2 cruisers and 2 destroyer factors."""


def test_58_64_each_ship_has_one_fate_or_is_divided() -> None:
    g = support.game(at_level(0, {"fleet": FLEET}))
    picks = {
        "free_french.cruisers": {"algerie": 1, "duquesne": 1},
        "free_french.destroyers": {"d1": 1, "d2": 1},
    }
    while (prompt := g.prompt) is not None:
        if isinstance(prompt, Decision):
            g.answer("no")
        elif isinstance(prompt, Roll):
            g.answer(1)
        else:
            g.answer(picks[prompt.key])
    fates = g.system.fates(g.scenario, g.state)
    assert {k: v for k, v in fates.items() if k.startswith("ship:")} == {
        "ship:ballast": ShipFate.REMOVED,
        "ship:algerie": ShipFate.FREE_FRENCH,
        "ship:duquesne": ShipFate.FREE_FRENCH,
        "ship:foch": ShipFate.REMOVED,
        "ship:d1": ShipFate.DIVIDED,
        "ship:d2": ShipFate.DIVIDED,
    }
