"""A World at War's shared words: turns as seasons (58.21D counts seasons after Spring 1940),
ship kinds counted in units or factors (58.64), and the scenario quantities that cannot be
negative."""

from __future__ import annotations

import msgspec
import pytest

from armistice.core.awaw.words import (
    BRPs,
    DPs,
    Factors,
    Hexes,
    Positive,
    Season,
    ShipKind,
    turn_index,
    turn_name,
)


@pytest.mark.parametrize(
    ("turn", "name"),
    [
        (-2, "Fall 1939"),
        (-1, "Winter 1939"),
        (0, "Spring 1940"),
        (2, "Fall 1940"),
        (3, "Winter 1940"),
        (4, "Spring 1941"),
        (9, "Summer 1942"),
    ],
)
def test_58_21d_turns_are_named_by_season_and_year(turn: int, name: str) -> None:
    assert turn_name(turn) == name
    season, year = name.split()
    assert turn_index(Season(season.lower()), int(year)) == turn


def test_58_21d_every_turn_index_names_the_season_it_came_from() -> None:
    for year in range(1938, 1950):
        for season in Season:
            assert turn_name(turn_index(season, year)) == f"{season.label} {year}"


@pytest.mark.parametrize(
    ("kind", "counts"),
    [
        (ShipKind.NAMED, ("0 named ships", "1 named ship", "2 named ships")),
        (ShipKind.CRUISER, ("0 cruisers", "1 cruiser", "2 cruisers")),
        (ShipKind.DESTROYER, ("0 destroyer factors", "1 destroyer factor", "2 destroyer factors")),
    ],
)
def test_58_64_ships_are_counted_in_units_and_destroyers_in_factors(
    kind: ShipKind, counts: tuple[str, str, str]
) -> None:
    assert tuple(kind.counted(n) for n in (0, 1, 2)) == counts


@pytest.mark.parametrize("quantity", [Factors, BRPs, DPs, Hexes])
def test_scenario_quantities_take_zero_and_refuse_negatives(quantity: object) -> None:
    assert msgspec.convert(0, quantity) == 0
    with pytest.raises(msgspec.ValidationError, match=">= 0"):
        msgspec.convert(-1, quantity)


def test_a_positive_quantity_refuses_zero() -> None:
    assert msgspec.convert(1, Positive) == 1
    with pytest.raises(msgspec.ValidationError, match=">= 1"):
        msgspec.convert(0, Positive)
