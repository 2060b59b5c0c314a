"""Shared games for the host tests: a store holding the rule-book example of 58."""

from __future__ import annotations

from pathlib import Path

from armistice.core import scenario
from armistice.core.game import Game
from armistice.host.records import Header, Mode
from armistice.host.shared import header_for
from armistice.host.store import Store

EXAMPLE = "rulebook-example-fall-1940"
"""Six prompts: establish_vichy (Axis), two colony rolls (Allies), three Vichy fleet
selections (Axis); then it links to the Vichy diplomatic table (awaw.vichy)."""


def example_header(name: str = "fall", mode: Mode = Mode.LIVE, **keys: str) -> Header:
    """The header of a shared game of the rule-book example called ``name``."""
    return header_for(Game(scenario.load(EXAMPLE), seed=1), name, mode, keys)


def new_store(path: Path, *headers: Header) -> Store:
    """A new store at ``path`` holding a game for each of ``headers``."""
    store = Store(path, create=True)
    for header in headers:
        store.create(header)
    return store
