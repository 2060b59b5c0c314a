"""The engine's state, tables and prompts are immutable values: every msgspec struct and
dataclass armistice.core defines is frozen, so a step can only make a new state."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import msgspec

import armistice.core

MUTABLE = {"armistice.core.savefile.SaveFile"}
"""The envelope a save file is encoded from and decoded into; never part of a game's state."""


def _classes() -> list[type]:
    found = []
    for info in pkgutil.walk_packages(armistice.core.__path__, "armistice.core."):
        module = importlib.import_module(info.name)
        found += [
            cls
            for cls in vars(module).values()
            if inspect.isclass(cls) and cls.__module__ == module.__name__
        ]
    return found


def test_every_struct_and_dataclass_of_the_engine_is_frozen() -> None:
    checked, thawed = 0, []
    for cls in _classes():
        name = f"{cls.__module__}.{cls.__qualname__}"
        if issubclass(cls, msgspec.Struct):
            frozen = cls.__struct_config__.frozen
        elif dataclasses.is_dataclass(cls):
            frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        else:
            continue
        checked += 1
        if not frozen and name not in MUTABLE:
            thawed.append(name)
    assert thawed == []
    assert checked > 40  # the rule-58 state, tables, scenario and the generic prompts
