"""World at War test maps: the bundled 1940 map as a mapping to edit, a small map with a
tie, and a game played with chosen dice."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from typing import Any

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Rolls

BUNDLED = "fall-of-france-1940"


def bundled(name: str = BUNDLED) -> dict[str, Any]:
    """A bundled scenario's TOML as a mapping (a fresh copy to edit)."""
    return copy.deepcopy(tomllib.loads(scenario.locate(name).read_text(encoding="utf-8")))


def load(raw: Mapping[str, Any], source: str = "test.toml") -> Any:
    """The scenario ``raw`` decodes to, checked."""
    return scenario.from_mapping(raw, source)


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


def play(
    raw: Mapping[str, Any],
    dice: Mapping[str, int],
    choices: Mapping[str, str] | None = None,
    assumptions: Mapping[str, str] | None = None,
) -> Game:
    """A game of ``raw`` played to its end: each fleet die and area die as ``dice`` says
    (prompt or member key -> face; an area not named rolls 6), each decision as ``choices``
    says or its default."""
    game = Game(load(raw), assumptions=dict(assumptions or {}))
    while (prompt := game.prompt) is not None:
        if isinstance(prompt, Rolls):
            game.answer({m.key: dice.get(m.key, 6) for m in prompt.members})
        elif isinstance(prompt, Roll):
            game.answer(dice[prompt.key])
        else:
            assert isinstance(prompt, Decision)
            game.answer((choices or {}).get(prompt.key, prompt.default))
    return game
