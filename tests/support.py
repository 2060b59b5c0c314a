"""Shared builders: scenario dicts, games and drivers for rule-58 tests."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from armistice.core.awaw.words import ColonyStatus
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Selection
from armistice.core.scenario import from_mapping, load

COLONIES = ("lebanon_syria", "tunisia", "algeria", "morocco")
"""The French colonies of 58.53 and the die each shares (58.531), as the rules give them."""
GROUP_OF = {
    "lebanon_syria": "lebanon_syria",
    "tunisia": "north_africa",
    "algeria": "north_africa",
    "morocco": "north_africa",
}
STATUSES = set(ColonyStatus)


def edited(folder: Path, published: Path, *changes: tuple[str, str], name: str = "") -> Path:
    """A copy of the table file ``published`` written to ``folder`` (as ``name``, else
    ``my-<published name>``) with each ``(old, new)`` text replaced; fails the test unless
    ``published`` holds each ``old`` exactly once, so an edit cannot miss or hit twice."""
    text = published.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = folder / (name or f"my-{published.name}")
    path.write_text(text, encoding="utf-8")
    return path


def minimal() -> dict[str, Any]:
    """The smallest valid AWAW scenario: Paris lost in Fall 1940, no units, no fleet."""
    return {
        "system": "awaw",
        "name": "test",
        "title": "test scenario",
        "surrender": {"season": "fall", "year": 1940},
        "territory": {"paris": "axis"},
        "colonies": {name: {"brp": 5} for name in COLONIES},
    }


def merge(base: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``overrides`` merged in: tables merge key by key, anything else replaces."""
    out = copy.deepcopy(dict(base))
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def raw(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return merge(minimal(), overrides or {})


def scenario(overrides: Mapping[str, Any] | None = None) -> Any:
    return from_mapping(raw(overrides), "test")


def ship(
    ident: str,
    kind: str = "named",
    factors: int = 4,
    region: str = "british",
    condition: str = "ready",
) -> dict[str, Any]:
    return {
        "id": ident,
        "name": ident.replace("_", " ").title(),
        "kind": kind,
        "factors": factors,
        "region": region,
        "condition": condition,
    }


def unit(
    name: str,
    nationality: str,
    kind: str,
    location: str,
    factors: int = 2,
) -> dict[str, Any]:
    return {
        "name": name,
        "nationality": nationality,
        "kind": kind,
        "location": location,
        "factors": factors,
    }


BALLAST = ship("ballast", "named", 42, "northern_france")
"""A 42-factor ship in occupied France: no fleet modifier (58.21C) and never selectable."""


def neutral(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Overrides for a level of exactly 0: Paris +2, Fall 1940 -2, a full fleet."""
    return merge({"fleet": [BALLAST]}, overrides or {})


def at_level(level: int, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Overrides for a raw surrender level of ``level``, reached by DPs in France (58.21E)."""
    dps = {"axis_dps": max(level, 0), "allied_dps": max(-level, 0)}
    return merge(neutral({"diplomacy": dps}), overrides or {})


def game(
    overrides: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    assumptions: Mapping[str, str] | None = None,
) -> Game:
    return Game(scenario(overrides), seed=seed, assumptions=assumptions)


def play(
    g: Game,
    *,
    vichy: str = "yes",
    dice: Mapping[str, int] | None = None,
    picks: Mapping[str, dict[str, int]] | None = None,
) -> list[str]:
    """Answer every prompt: the Vichy decision, colonial dice by group, selections
    from ``picks`` or their defaults. Returns the prompt keys in the order asked; fails if
    a die in ``dice`` is for a group that had no die at all (a die for a roll not asked
    because every face gives one result is let be: the die could not change it)."""
    dice = dict(dice or {})
    picks = dict(picks or {})
    asked = []
    while (prompt := g.prompt) is not None:
        asked.append(prompt.key)
        if isinstance(prompt, Decision):
            g.answer(vichy)
        elif isinstance(prompt, Roll):
            group = prompt.key.removeprefix("colony_roll.")
            g.answer(dice.get(group, 3))
        else:
            assert isinstance(prompt, Selection)
            g.answer(picks.get(prompt.key, prompt.default_answer()))
    settled = {r.group for r in g.state.colony_rolls if r.die is None}
    unasked = {f"colony_roll.{group}" for group in set(dice) - settled} - set(asked)
    assert not unasked, f"dice given for rolls not asked: {sorted(unasked)}"
    return asked


def resolved(
    overrides: Mapping[str, Any] | None = None,
    *,
    vichy: str = "yes",
    dice: Mapping[str, int] | None = None,
    picks: Mapping[str, dict[str, int]] | None = None,
    assumptions: Mapping[str, str] | None = None,
) -> Any:
    """The final state of a game played with ``play``."""
    g = game(overrides, assumptions=assumptions)
    play(g, vichy=vichy, dice=dice, picks=picks)
    return g.state


def rule_total(state: Any, rule: str) -> int:
    """The sum of the surrender-level modifiers that cite ``rule``."""
    return sum(m.value for m in state.surrender_level.modifiers if m.rule == rule)


def snapshot(g: Game) -> tuple[Any, ...]:
    return (g.answers, g.log, g.state, g.prompt, g.complete)


def finish(game: Game) -> Game:
    """Play ``game`` to its end: dice from the seed, every other prompt its default."""
    while game.prompt is not None:
        if isinstance(game.prompt, Roll):
            game.roll()
        else:
            game.answer(game.prompt.default_answer())
    return game


def finished(name: str, seed: int = 3, tables: Any = None) -> Game:
    """The bundled scenario ``name`` played to its end by :func:`finish`, under ``tables``
    (house tables, or None for the published ones)."""
    return finish(Game(load(name), seed=seed, tables=tables))
