"""World at War test maps: the bundled 1940 map as a mapping to edit, a small map with a
tie, and a game played with chosen dice."""

from __future__ import annotations

import copy
import itertools
import tomllib
from collections.abc import Mapping
from typing import Any

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Rolls
from armistice.verify.waw.maps import small

BUNDLED = "fall-of-france-1940"


def bundled(name: str = BUNDLED) -> dict[str, Any]:
    """A bundled scenario's TOML as a mapping (a fresh copy to edit)."""
    return copy.deepcopy(tomllib.loads(scenario.locate(name).read_text(encoding="utf-8")))


def load(raw: Mapping[str, Any], source: str = "test.toml") -> Any:
    """The scenario ``raw`` decodes to, checked."""
    return scenario.from_mapping(raw, source)


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


def random_map(draw: Any) -> dict[str, Any]:
    """A random connected map for hypothesis (``draw`` from ``st.data()``): a ring of sea
    areas in random oceans, French areas each on one or two seas (the first its port) with
    random IPCs, some held by Italy, and fleets at random seas."""
    from hypothesis import strategies as st

    oceans = ["atlantic", "mediterranean", "indian", "pacific"]
    seas = [f"s{i}" for i in range(draw(st.integers(2, 6)))]
    areas: dict[str, dict[str, Any]] = {
        s: {
            "name": s.upper(),
            "kind": "sea",
            "ocean": draw(st.sampled_from(oceans)),
            "adjacent": [],
        }
        for s in seas
    }
    for a, b in itertools.pairwise(seas):
        areas[a]["adjacent"].append(b)
        areas[b]["adjacent"].append(a)
    income = {"france": 6, "italy": 0, "germany": 0}
    for i in range(draw(st.integers(1, 5))):
        key = f"f{i}"
        on = draw(st.lists(st.sampled_from(seas), min_size=1, max_size=2, unique=True))
        held = draw(st.sampled_from(["france", "france", "italy"]))
        ipc = draw(st.integers(0, 3))
        areas[key] = {
            "name": key.upper(),
            "kind": "land",
            "ipc": ipc,
            "control": held,
            "french": True,
            "port": on[0],
            "adjacent": on,
            "units": ["france:infantry"],
            "vichy_marker": draw(st.sampled_from(["", "japan"])),
        }
        for sea in on:
            areas[sea]["adjacent"].append(key)
        income[held] += ipc
    fleets = {
        f"fl{i}": {"name": f"Fleet {i}", "at": draw(st.sampled_from(seas)), "ships": ["cruiser"]}
        for i in range(draw(st.integers(0, 3)))
    }
    raw = small()
    raw["powers"]["japan"] = {"label": "Japan", "alignment": "axis"}
    raw.update(
        conqueror=draw(st.sampled_from(["germany", "italy"])),
        areas=areas,
        fleets=fleets,
        income=income,
        bank={"france": draw(st.integers(0, 5))},
    )
    return raw
