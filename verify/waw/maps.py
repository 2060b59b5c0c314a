"""The maps the World at War suite checks: the bundled scenarios, and a small map built so
that a fleet faces every case of 5.5 (a nearer area, two equally near areas with different
ports, a far one, a sea outside the Atlantic and the Mediterranean), with a variant where
every reading of 5.5 changes something (France short of 3 IPCs, a fleet in the Pacific, a
Japanese marker on an area Japan may gain by politics, French and British units, a French
area Italy already holds)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armistice.core import scenario
from armistice.core.waw.scenario import WawScenario

BUNDLED = ("fall-of-france-1940", "italy-conquers-1941")
WALKED = BUNDLED[0]
"""The bundled map walked to every end (default readings); the other is checked for its odds
only, the short map walking what sets it apart (France short of 3 IPCs, a fleet outside the
Atlantic and the Mediterranean, an area the Axis holds) under every reading."""
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


SHORT_BANK = 2
"""IPCs France holds on the short map: fewer than the 3 of 5.5, more than none."""


def short() -> dict[str, Any]:
    """The small map where each reading of 5.5 matters: France holds only ``SHORT_BANK``
    IPCs (``waw.short_bank``), the Saigon squadron lies in the Far Sea of the Pacific
    (``waw.other_fleets``) beside the Toulon fleet in the Gulf, Dakar (3 IPCs) takes a
    Japanese marker if Vichy (``waw.japanese_markers``) and Japan may gain it by politics
    (5.5, 5.6), Oran holds a French and a British infantry unit (``waw.foreign_units``),
    Dakar a French one, and Italy already holds Tunis (1 IPC, a French area not rolled)."""
    raw = small({"toulon": "gulf", "saigon": "far"})
    raw["powers"]["japan"] = {"label": "Japan", "alignment": "axis"}
    raw["bank"] = {"france": SHORT_BANK}
    raw["income"]["japan"] = 10
    raw["areas"]["dakar"].update(vichy_marker="japan", politics="japan", units=["france:infantry"])
    raw["areas"]["oran"]["units"] = ["france:infantry", "britain:infantry"]
    raw["areas"]["tunis"] = {
        "name": "Tunis",
        "kind": "land",
        "ipc": 1,
        "control": "italy",
        "french": True,
        "port": "gulf",
        "adjacent": ["gulf"],
    }
    raw["areas"]["gulf"]["adjacent"].append("tunis")
    raw["income"]["italy"] = 5
    return raw


def small_maps() -> list[tuple[str, WawScenario]]:
    """The small map with one fleet and with two, and the short map: name, scenario."""
    return [
        (name, scenario.from_mapping(raw, "small map"))
        for name, raw in (
            ("small map, one fleet", small()),
            ("small map, two fleets", small({"brest": "strait", "toulon": "gulf"})),
            ("short map", short()),
        )
    ]


def checked() -> list[tuple[str, WawScenario]]:
    """The small maps (:func:`small_maps`), then the bundled maps: name, scenario."""
    return small_maps() + [(name, scenario.load(name)) for name in BUNDLED]
