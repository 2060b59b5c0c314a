"""Every map's adjacency is checked the same way: no place next to itself, none next to an
unknown place, every adjacency listed both ways."""

from __future__ import annotations

import pytest

from armistice.core.adjacency import check_adjacency
from armistice.core.errors import ScenarioError


@pytest.mark.parametrize(
    ("adjacent", "field", "reason"),
    [
        ({"a": ["a"]}, "places.a.adjacent", "a is not adjacent to itself"),
        ({"a": ["b"]}, "places.a.adjacent", "unknown place 'b'"),
        ({"a": ["b"], "b": []}, "places.a.adjacent", "both ways: b does not list a"),
    ],
)
def test_a_map_that_is_no_map_is_refused_naming_the_place(
    adjacent: dict[str, list[str]], field: str, reason: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        check_adjacency(adjacent, "map.toml", "places")
    assert caught.value.where == f"map.toml: {field}"
    assert reason in caught.value.reason


def test_a_map_listed_both_ways_passes() -> None:
    check_adjacency({"a": ["b"], "b": ["a", "c"], "c": ["b"]}, "map.toml", "places")
