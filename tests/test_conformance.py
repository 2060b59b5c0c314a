"""Every registered rule system, on every bundled scenario, passes the conformance checks
(:mod:`tests.conformance.checks`) under random legal play and random assumptions."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armistice.core import decode, scenario, systems
from armistice.core.errors import ScenarioError, TableError
from armistice.core.game import Game
from tests.conformance.checks import assumptions, conforms

CASES = [(entry.system, entry.name) for entry in scenario.bundled()]


def test_every_registered_system_has_a_bundled_scenario() -> None:
    assert {key for key, _ in CASES} == set(systems.names())


@pytest.mark.parametrize(("key", "name"), CASES)
@settings(max_examples=25)
@given(data=st.data())
def test_random_legal_play_conforms(key: str, name: str, data: st.DataObject) -> None:
    system = systems.get(key)
    chosen = data.draw(assumptions(system))
    seed = data.draw(st.integers(0, decode.MAX_INT))
    conforms(Game(scenario.load(name), assumptions=chosen, seed=seed), data)


def _tables_within(node: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """The path of every table of a decoded TOML document (the first of each array of
    tables stands for the others: they decode into one type)."""
    if isinstance(node, dict):
        yield path
        for key, value in node.items():
            yield from _tables_within(value, (*path, key))
    elif isinstance(node, list) and node:
        yield from _tables_within(node[0], (*path, 0))


def _with_unknown_field(document: Any, path: tuple[str | int, ...]) -> Any:
    edited = copy.deepcopy(document)
    node = edited
    for step in path:
        node = node[step]
    node["no_such_field"] = 1
    return edited


def _documents(paths: dict[str, Path]) -> dict[str, dict[str, Any]]:
    return {name: tomllib.loads(p.read_text(encoding="utf-8")) for name, p in paths.items()}


@pytest.mark.parametrize("key", [k for k in systems.names() if systems.get(k).table_files])
def test_every_table_of_every_published_file_refuses_a_field_it_does_not_know(key: str) -> None:
    files = systems.get(key).table_files
    assert files is not None
    published = _documents(dict(files.published))
    checked = 0
    for name, document in published.items():
        for path in _tables_within(document):
            documents = {n: (d, n) for n, d in published.items()}
            documents[name] = (_with_unknown_field(document, path), name)
            with pytest.raises(TableError, match="no_such_field") as caught:
                files.build(documents)
            assert str(caught.value).startswith(name), (path, str(caught.value))
            checked += 1
    assert checked >= len(published) * 2


@pytest.mark.parametrize(("key", "name"), CASES)
def test_every_table_of_a_scenario_refuses_a_field_it_does_not_know(key: str, name: str) -> None:
    document = tomllib.loads(scenario.locate(name).read_text(encoding="utf-8"))
    paths = list(_tables_within(document))
    for path in paths:
        with pytest.raises(ScenarioError, match="no_such_field"):
            scenario.from_mapping(_with_unknown_field(document, path), name)
    assert len(paths) >= 3
