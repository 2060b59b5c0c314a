"""Exact odds of 5.5 through the generic odds engine: each fleet's fate, each area's side
and the Axis income from Vichy areas, as fractions summing to exactly 1."""

from __future__ import annotations

import itertools
from fractions import Fraction

from armistice.core import scenario
from armistice.core.batch import total_odds
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.prompts import Rolls
from tests.conformance.reference import reference
from tests.waw.maps import BUNDLED, load, small

SIXTH = Fraction(1, 6)


def test_5_5_fleet_fates_on_the_bundled_map() -> None:
    found = odds(Game(scenario.load(BUNDLED)))
    none_vichy = Fraction(1, 2**10)
    for fleet in ("atlantic", "mediterranean"):
        assert found.marginals[f"fleet:{fleet}"] == {
            "german": SIXTH,
            "scuttled": Fraction(1, 2),
            "vichy": SIXTH * (1 - none_vichy),
            "free_french": SIXTH + SIXTH * none_vichy,
        }
    assert sum(p for _, p in found.outcomes) == 1


def test_5_5_each_area_is_vichy_one_time_in_two() -> None:
    found = odds(Game(scenario.load(BUNDLED)))
    areas = {k: v for k, v in found.rolls.items() if k.startswith("area.")}
    assert len(areas) == 10
    assert all(
        v == {"vichy": Fraction(1, 2), "free_french": Fraction(1, 2)} for v in areas.values()
    )


def test_5_5_axis_income_from_vichy_areas_matches_every_combination_counted() -> None:
    s = scenario.load(BUNDLED)
    found = odds(Game(s)).totals["axis_income"]
    assert found.unit == "IPCs"
    values = [s.areas[k].ipc for k in s.french_areas]
    counted: dict[int, Fraction] = {}
    for pick in itertools.product((0, 1), repeat=len(values)):
        total = sum(v for v, p in zip(values, pick, strict=True) if p)
        counted[total] = counted.get(total, Fraction(0)) + Fraction(1, 2 ** len(values))
    assert found.distribution == dict(sorted(counted.items()))
    assert sum(found.distribution.values()) == 1
    assert found.distribution[12] == Fraction(1, 1024)


def test_5_5_a_fleet_not_rolled_is_free_french_for_certain() -> None:
    found = odds(Game(scenario.load("italy-conquers-1941")))
    assert found.marginals["fleet:far_east"] == {"free_french": Fraction(1)}
    assert "area.algeria" not in found.rolls


def test_5_5_odds_equal_the_plain_walk_over_every_die_on_a_small_map() -> None:
    for fleets in ({"toulon": "gulf"}, {"toulon": "gulf", "brest": "strait"}):
        game = Game(load(small(fleets)))
        found = odds(game)
        plain = reference(game, None, 50_000)
        assert dict(found.outcomes) == dict(plain.outcomes)
        assert found.rolls == {k: dict(v) for k, v in plain.rolls.items()}
        assert {k: t.distribution for k, t in found.totals.items()} == {
            k: dict(sorted(v.items())) for k, v in plain.totals.items()
        }
        assert set(found.defaults) == plain.defaults


def test_5_5_the_nearest_vichy_area_odds_of_a_fleet_that_rolled_5() -> None:
    game = Game(load(small()))
    game.answer(5)
    batch = game.prompt
    assert isinstance(batch, Rolls)
    # Oran and Bone are one step away, each among the nearest when Vichy (1/2).
    assert total_odds(batch, "near.toulon.oran") == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    # Dakar counts only when Oran and Bone both stay Free French.
    assert total_odds(batch, "near.toulon.dakar") == {0: Fraction(7, 8), 1: Fraction(1, 8)}
    # They are conditions of the fleet's move, not results: the odds report the others.
    assert set(odds(game).totals) == {"axis_income", "vichy_areas"}
