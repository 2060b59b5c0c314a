"""The maps the World at War suite checks: the bundled scenarios, and a small map built so
that a fleet faces every case of 5.5 (a nearer area, two equally near areas with different
ports, a far one, a sea outside the Atlantic and the Mediterranean)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armistice.core import scenario
from armistice.core.waw.scenario import WawScenario

BUNDLED = ("fall-of-france-1940", "italy-conquers-1941")
LATER = "vichy-territories-1940"
"""The bundled position after the fall, where 5.6 is checked."""


def small(fleets: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Three French areas around two seas: Oran and Bone both one step from the Gulf (ports
    Gulf and Strait: a tie with different ports), Dakar three steps away (port Ocean). The
    fleets (key -> sea area) default to one in the Gulf."""
    power = {"alignment": "allied"}
    areas = {
        "oran": {
            "name": "Oran",
            "kind": "land",
            "ipc": 2,
            "control": "france",
            "french": True,
            "port": "gulf",
            "adjacent": ["gulf", "strait"],
        },
        "bone": {
            "name": "Bone",
            "kind": "land",
            "ipc": 1,
            "control": "france",
            "french": True,
            "port": "strait",
            "adjacent": ["gulf", "strait"],
        },
        "dakar": {
            "name": "Dakar",
            "kind": "land",
            "ipc": 3,
            "control": "france",
            "french": True,
            "port": "ocean",
            "adjacent": ["ocean"],
        },
        "gulf": {
            "name": "Gulf",
            "kind": "sea",
            "ocean": "mediterranean",
            "adjacent": ["oran", "bone", "strait"],
        },
        "strait": {
            "name": "Strait",
            "kind": "sea",
            "ocean": "atlantic",
            "adjacent": ["oran", "bone", "gulf", "ocean"],
        },
        "ocean": {
            "name": "Ocean",
            "kind": "sea",
            "ocean": "atlantic",
            "adjacent": ["strait", "dakar", "far"],
        },
        "far": {"name": "Far Sea", "kind": "sea", "ocean": "pacific", "adjacent": ["ocean"]},
    }
    return {
        "system": "waw",
        "name": "small",
        "title": "Three French areas",
        "conqueror": "germany",
        "powers": {
            "germany": {"label": "Germany", "alignment": "axis"},
            "italy": {"label": "Italy", "alignment": "axis"},
            "france": {"label": "France", **power},
            "britain": {"label": "Britain", **power},
        },
        "bank": {"france": 5},
        "income": {"france": 12, "germany": 20},
        "areas": areas,
        "fleets": {
            k: {"name": f"{k.title()} fleet", "at": at}
            for k, at in (fleets or {"toulon": "gulf"}).items()
        },
    }


def checked() -> list[tuple[str, WawScenario]]:
    """The small map with one fleet and with two, then the bundled maps: name, scenario."""
    found = [
        ("small map, one fleet", scenario.from_mapping(small(), "small map")),
        (
            "small map, two fleets",
            scenario.from_mapping(small({"brest": "strait", "toulon": "gulf"}), "small map"),
        ),
    ]
    return found + [(name, scenario.load(name)) for name in BUNDLED]
