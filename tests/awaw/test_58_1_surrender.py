from __future__ import annotations

import pytest

from armistice.core.errors import ScenarioError
from armistice.core.game import Game
from armistice.core.scenario import load
from tests import support


def _rules(g: Game) -> list[str]:
    return [entry.rule for entry in g.log]


def test_58_11a_paris_held_by_the_axis_makes_france_fall() -> None:
    g = support.game()
    assert _rules(g)[:2] == ["58.11A", "58.12"]
    assert "58.11B" not in _rules(g)
    assert g.state.surrender_level.voluntary is False


def test_58_11b_voluntary_surrender_with_paris_french() -> None:
    g = support.game({"surrender": {"voluntary": True}, "territory": {"paris": "french"}})
    assert _rules(g)[:2] == ["58.11B", "58.12"]
    assert "58.11A" not in _rules(g)
    assert g.state.surrender_level.voluntary is True


def test_58_11_france_without_paris_lost_or_voluntary_does_not_surrender() -> None:
    with pytest.raises(ScenarioError, match=r"58\.11") as caught:
        support.scenario({"territory": {"paris": "french"}})
    assert caught.value.field == "territory.paris"


@pytest.mark.parametrize(
    ("season", "year"),
    [("fall", 1938), ("fall", 1939), ("winter", 1939), ("spring", 1940), ("summer", 1940)],
)
def test_58_11b_no_voluntary_surrender_before_fall_1940(season: str, year: int) -> None:
    with pytest.raises(ScenarioError, match=r"58\.11B") as caught:
        support.scenario(
            {
                "surrender": {"voluntary": True, "season": season, "year": year},
                "territory": {"paris": "french"},
            }
        )
    assert caught.value.field == "surrender.season"


@pytest.mark.parametrize(
    ("season", "year"), [("fall", 1940), ("winter", 1940), ("spring", 1941), ("fall", 1944)]
)
def test_58_11b_voluntary_surrender_from_fall_1940_on(season: str, year: int) -> None:
    s = support.scenario(
        {
            "surrender": {"voluntary": True, "season": season, "year": year},
            "territory": {"paris": "french"},
        }
    )
    assert s.surrender.voluntary


def test_58_11b_a_voluntary_surrender_needs_france_to_hold_paris() -> None:
    with pytest.raises(ScenarioError) as caught:
        support.scenario({"surrender": {"voluntary": True}})
    assert caught.value.field == "surrender.voluntary"


def test_58_12_resolution_is_logged_before_the_level() -> None:
    rules = _rules(support.game())
    assert rules.index("58.12") < rules.index("58.2")


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
def test_58_every_log_entry_cites_a_rule_58_number(name: str) -> None:
    g = Game(load(name), seed=1)
    support.play(g)
    assert g.log
    for entry in g.log:
        assert entry.rule.startswith("58"), entry
        assert entry.text
