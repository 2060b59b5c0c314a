"""The bundled Anniversary setups as tests use them: read raw to change a value, loaded,
and played by answering prompts in order."""

from __future__ import annotations

import tomllib
from typing import Any

from armistice.core import scenario
from armistice.core.aa50.words import Phase
from armistice.core.game import Game
from armistice.core.prompts import AnswerValue, Roll, Rolls, Via
from armistice.core.turns import END_PHASE

SETUP = "france-neutral-1941"
LIBERATED = "paris-liberated-1943"


def raw(name: str = SETUP) -> dict[str, Any]:
    """The decoded TOML of a bundled setup, to change before loading."""
    return tomllib.loads(scenario.locate(name).read_text(encoding="utf-8"))


def game(source: str | dict[str, Any] = SETUP, **readings: str) -> Game:
    """A game of a bundled setup (by name) or of a changed one (raw), under ``readings``
    (``aa50.`` prefixed keys given without it)."""
    loaded = (
        scenario.load(source)
        if isinstance(source, str)
        else scenario.from_mapping(source, "test.toml")
    )
    return Game(loaded, assumptions={f"aa50.{k}": v for k, v in readings.items()}, seed=1)


def answer(g: Game, *values: AnswerValue) -> Game:
    """Answer the pending prompts with ``values`` in order (dice typed)."""
    for value in values:
        prompt = g.prompt
        g.answer(value, Via.TYPED if isinstance(prompt, Roll | Rolls) else Via.DECIDED)
    return g


def until(g: Game, power: str, phase: Phase) -> Game:
    """End phases until it is ``power``'s ``phase``."""
    for _ in range(200):
        if g.state.power == power and g.state.phase is phase:
            return g
        answer(g, END_PHASE)
    raise AssertionError(f"never reached {power}'s {phase}")
