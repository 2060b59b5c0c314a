"""Vichy France diplomatic-roll scenarios for tests: the quiet position the proof suite
applies the table to (:data:`armistice.verify.awaw.vichy.inputs.QUIET`, no modifier but the
DPs given) with facts changed as a test needs, and games played from it."""

from __future__ import annotations

from armistice.core.assumptions import resolve
from armistice.core.awaw.vichy.assumptions import ASSUMPTIONS
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.game import Game
from armistice.verify.awaw.vichy import spec
from armistice.verify.awaw.vichy.inputs import QUIET, build, make, merged

__all__ = ["BASE", "DEFAULTS", "build", "expected_policy", "make", "merged", "net", "played"]

BASE = QUIET
"""No modifier applies: FSL 0, USAT 30, Axis units in Africa, nothing landed or attacked."""

DEFAULTS = resolve(ASSUMPTIONS)


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
