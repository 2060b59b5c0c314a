"""The rule systems armistice knows, each a package under core/ that declares a :class:`RuleSystem`.

Adding a rule system means adding a package with a ``SYSTEM`` and a line in
``_PACKAGES``; the game, save files, odds and command line work from this
description alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator, Hashable
from dataclasses import dataclass
from typing import Any

from core.errors import ScenarioError
from core.ledger import Ledger
from core.prompts import AnswerValue, Prompt

Procedure = Callable[[Any, Ledger[Any]], Generator[Prompt, AnswerValue, None]]

_PACKAGES = {"awaw": "core.awaw"}
_REGISTERED: dict[str, RuleSystem] = {}


@dataclass(frozen=True)
class RuleSystem:
    """A rule system as the engine sees it.

    * ``name``: short key used in scenario files (``system = "awaw"``) and assumption keys.
    * ``scenario_type``: the msgspec Struct a scenario file decodes into.
    * ``check``: consistency checks after decoding; raises ScenarioError(field, reason)
      given the scenario and the source name.
    * ``initial_state``: the state before any rule has run.
    * ``procedure``: the generator that resolves the rules, yielding prompts.
    * ``outcome``: the part of a final state that odds are given for, as hashable pairs.
    """

    name: str
    title: str
    scenario_type: type[Any]
    check: Callable[[Any, str], None]
    initial_state: Callable[[Any], Any]
    procedure: Procedure
    outcome: Callable[[Any], tuple[tuple[str, Hashable], ...]]


def register(system: RuleSystem) -> None:
    """Make a rule system defined outside core/ known (a plug-in, or a test or benchmark stand-in).

    Raises ValueError if the name is taken.
    """
    if system.name in _PACKAGES or system.name in _REGISTERED:
        raise ValueError(f"rule system {system.name!r} is already known")
    _REGISTERED[system.name] = system


def names() -> tuple[str, ...]:
    """The keys of every known rule system."""
    return (*_PACKAGES, *_REGISTERED)


def get(name: str, source: str = "", field: str = "system") -> RuleSystem:
    """The rule system called ``name``; raises ScenarioError naming ``source`` and ``field``."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    module = _PACKAGES.get(name)
    if module is None:
        raise ScenarioError(
            source, field, f"unknown rule system {name!r}; known: {', '.join(names())}"
        )
    system: RuleSystem = importlib.import_module(module).SYSTEM
    return system
