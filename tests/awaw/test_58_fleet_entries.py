"""A fleet written as totals (58.612): an entry of ``count`` N, even one with its own id and
name, becomes N alike ships, each counted as one unit."""

from __future__ import annotations

from tests import support
from tests.support import ship


def test_58_612_an_entry_with_a_count_becomes_that_many_ships() -> None:
    entry = {**ship("algerie", "cruiser", 9, "southern_france"), "name": "Algerie", "count": 3}
    fleet = support.scenario({"fleet": [entry]}).fleet
    assert [(s.id, s.name, s.count) for s in fleet] == [
        ("algerie", "Algerie", 1),
        ("algerie_2", "Algerie", 1),
        ("algerie_3", "Algerie", 1),
    ]
