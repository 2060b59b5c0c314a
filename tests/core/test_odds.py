from __future__ import annotations

from fractions import Fraction

import pytest

from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.prompts import Decision, Prompt
from armistice.core.scenario import load
from tests import support


def example() -> Game:
    return Game(load("rulebook-example-fall-1940"), seed=1)


def test_58_531_rulebook_example_with_vichy_each_group_is_free_french_one_time_in_six() -> None:
    result = odds(example())
    for colony in support.COLONIES:
        assert result.marginals[colony] == {"free_french": Fraction(1, 6), "vichy": Fraction(5, 6)}
    assert result.rolls["colony_roll.lebanon_syria"] == {
        "free_french": Fraction(1, 6),
        "vichy": Fraction(5, 6),
    }
    assert result.rolls["colony_roll.north_africa"] == {
        "free_french": Fraction(1, 6),
        "vichy": Fraction(5, 6),
    }
    assert "establish_vichy" in result.defaults
    assert result.labels["establish_vichy"] == "Establish Vichy France? (58.31)"
    assert result.labels["colony_roll.north_africa"] == (
        "Tunisia-Algeria-Morocco colonial die (58.531)"
    )


def test_odds_combine_the_two_independent_colonial_dice() -> None:
    result = odds(example())
    joint = dict(result.outcomes)
    all_vichy = tuple((c, "vichy") for c in support.COLONIES)
    all_free = tuple((c, "free_french") for c in support.COLONIES)
    assert joint[all_vichy] == Fraction(25, 36)
    assert joint[all_free] == Fraction(1, 36)
    assert len(joint) == 4
    assert sum(joint.values()) == 1


def test_58_532_rulebook_example_without_vichy_two_thirds_free_french() -> None:
    def no_vichy(prompt: Prompt) -> str | None:
        return "no" if isinstance(prompt, Decision) else None

    result = odds(example(), no_vichy)
    for colony in support.COLONIES:
        assert result.marginals[colony] == {
            "free_french": Fraction(2, 3),
            "independent": Fraction(1, 3),
        }
    assert "establish_vichy" not in result.defaults


@pytest.mark.parametrize(
    "name",
    [
        "rulebook-example-fall-1940",
        "historical-summer-1940",
        "voluntary-fall-1940",
        "damaged-fleet-spring-1940",
        "us-at-war-spring-1942",
    ],
)
def test_every_marginal_sums_to_one(name: str) -> None:
    result = odds(Game(load(name), seed=1))
    assert sum(p for _, p in result.outcomes) == 1
    for colony in support.COLONIES:
        assert sum(result.marginals[colony].values()) == 1
        assert set(result.marginals[colony]) <= support.STATUSES
    for dist in result.rolls.values():
        assert all(isinstance(p, Fraction) for p in dist.values())


def test_58_533_58_534_us_at_war_held_colonies_are_certain() -> None:
    result = odds(Game(load("us-at-war-spring-1942"), seed=1))
    assert result.marginals["lebanon_syria"] == {"free_french": Fraction(1)}
    assert result.marginals["tunisia"] == {"axis": Fraction(1)}
    assert result.rolls == {}
    assert result.marginals["algeria"] == {"free_french": Fraction(1)}


def test_odds_start_from_the_current_state() -> None:
    g = example()
    g.answer("yes")
    g.answer(1)
    result = odds(g)
    assert result.marginals["lebanon_syria"] == {"free_french": Fraction(1)}
    assert result.marginals["tunisia"] == {"free_french": Fraction(1, 6), "vichy": Fraction(5, 6)}
    assert "colony_roll.lebanon_syria" not in result.rolls
    assert g.answers[-1].value == 1
