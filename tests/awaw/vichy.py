"""Vichy France diplomatic-roll scenarios for tests: a quiet position (no modifier but the
DPs given) with facts changed as a test needs."""

from __future__ import annotations

import copy
from typing import Any

from armistice.core import scenario
from armistice.core.assumptions import resolve
from armistice.core.awaw.vichy.assumptions import ASSUMPTIONS
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.game import Game
from armistice.verify.awaw.vichy import spec

BASE: dict[str, Any] = {
    "system": "awaw.vichy",
    "name": "quiet",
    "title": "A quiet Vichy France in 1941",
    "fell": {"season": "summer", "year": 1940},
    "turn": {"season": "spring", "year": 1941},
    "colonies": {"lebanon_syria": {"capital": "vichy"}, "tunisia": {"capital": "axis"}},
    "vichy_units": [
        {
            "name": "Garrison of Vichy",
            "kind": "infantry",
            "location": "southern_france",
            "factors": 2,
            "garrison": True,
        },
        {
            "name": "Garrison of Beirut",
            "kind": "infantry",
            "location": "lebanon_syria",
            "factors": 2,
            "garrison": True,
        },
        {
            "name": "Vichy infantry",
            "kind": "infantry",
            "location": "southern_france",
            "factors": 4,
            "units": 2,
        },
    ],
    "board": {"usat_level": 30, "germany_at_war_with_russia": True},
}
"""No modifier applies: FSL 0, USAT 30, Axis units in Africa, nothing landed or attacked."""

DEFAULTS = resolve(ASSUMPTIONS)


def merged(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``changes``: tables merged key by key, other values replaced."""
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def make(**changes: Any) -> VichyScenario:
    """The quiet scenario with ``changes`` (checked as a file would be)."""
    made: VichyScenario = scenario.from_mapping(merged(BASE, changes), "test.toml")
    return made


def build(**changes: Any) -> VichyScenario:
    """The quiet scenario with ``changes``, decoded but not checked."""
    made: VichyScenario = scenario.convert(merged(BASE, changes), VichyScenario, "test.toml")
    return made


def net(total: int) -> dict[str, int]:
    """The DPs that make net DPs ``total``."""
    return {"axis_dps": max(total, 0), "allied_dps": max(-total, 0)}


def played(s: VichyScenario, die: int, named_by: str = "axis", **chosen: str) -> Game:
    """A game of ``s`` with ``named_by`` naming Vichy and ``die`` rolled (when the die can
    change the row: else no die is asked)."""
    game = Game(s, assumptions=chosen, seed=1)
    game.answer(named_by)
    if game.prompt is not None:
        game.answer(die)
    return game


expected_policy = spec.policy_after
"""The policy the rule text gives after a row (written apart from the engine)."""
