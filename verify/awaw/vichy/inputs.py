"""The positions the exhaustive checks apply every row to: a Vichy France with units at
home and in a colony, standing as each earlier policy leaves it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from armistice.core.assumptions import resolve
from armistice.core.awaw.vichy.assumptions import ASSUMPTIONS, STRENGTH
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.awaw.vichy.state import Standing
from armistice.core.awaw.vichy.words import Alignment, HexControl, Policy
from armistice.verify.awaw.vichy import spec

POSITION: dict[str, Any] = {
    "system": "awaw.vichy",
    "name": "verify",
    "title": "Vichy France with units at home and in its colonies",
    "fell": {"season": "summer", "year": 1940},
    "turn": {"season": "spring", "year": 1942},
    "colonies": {"lebanon_syria": {"capital": "vichy"}, "morocco": {"capital": "allied"}},
    "vichy_units": [
        {
            "name": "Vichy",
            "kind": "infantry",
            "location": "southern_france",
            "factors": 2,
            "garrison": True,
        },
        {
            "name": "Beirut",
            "kind": "infantry",
            "location": "lebanon_syria",
            "factors": 2,
            "garrison": True,
        },
        {
            "name": "Army",
            "kind": "infantry",
            "location": "southern_france",
            "factors": 6,
            "units": 3,
        },
        {"name": "Air", "kind": "air", "location": "southern_france", "factors": 5},
        {"name": "Fleet", "kind": "naval", "location": "southern_france", "units": 2},
        {"name": "Levant air", "kind": "air", "location": "lebanon_syria", "factors": 3},
    ],
    "board": {"germany_at_war_with_russia": True},
}


def position() -> VichyScenario:
    """The position, decoded."""
    made: VichyScenario = msgspec.convert(POSITION, VichyScenario)
    return made


def standing(policy: str) -> Standing:
    """Vichy France as ``policy`` leaves it: the rule text's alignment, German hexes after
    an 8."""
    hexes = HexControl.AXIS if policy == "8" else HexControl.VICHY
    return Standing(Alignment(spec.ALIGNMENT[policy]), Policy(policy), hexes)


def readings(stronger: bool) -> Mapping[str, str]:
    """The default readings, with awaw.vichy.policy_strength as ``stronger`` says."""
    return resolve(ASSUMPTIONS, {STRENGTH.key: "stronger" if stronger else "latest"})
