"""Maps as tables of adjacency: the checks every area or territory map must pass."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from armistice.core.errors import ScenarioError


def check_adjacency(adjacent: Mapping[str, Sequence[str]], source: str, table: str) -> None:
    """Refuse a map whose adjacency (place key -> the keys of the places next to it) is not
    one: a place next to itself, next to an unknown place, or listed one way only. Raises
    ScenarioError naming ``source`` and ``<table>.<key>.adjacent``."""
    for key, others in adjacent.items():
        field = f"{table}.{key}.adjacent"
        for other in others:
            if other == key:
                raise ScenarioError(source, field, f"{key} is not adjacent to itself")
            if other not in adjacent:
                raise ScenarioError(source, field, f"unknown place {other!r}")
            if key not in adjacent[other]:
                raise ScenarioError(
                    source, field, f"adjacency must go both ways: {other} does not list {key}"
                )
