"""58.532A: a colony whose result is Vichy becomes an independent neutral minor only when
Vichy France was not established; the log says so once per colony, and never otherwise.
58.52: a colony held by the Axis is neither Free French nor Vichy for a conquest's supply.
58.531: the exact odds of the colonies' statuses, likeliest first; a Free French colony's
hexes pass to Britain."""

from __future__ import annotations

from fractions import Fraction

from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.scenario import load
from tests import support
from tests.support import at_level

COLONIES = ("Lebanon-Syria", "Tunisia", "Algeria", "Morocco")


def _independence(vichy: str) -> list[str]:
    g = support.game(seed=1)  # level +3: every face gives Vichy (58.531B)
    support.play(g, vichy=vichy)
    return [e.text for e in g.log if e.rule == "58.532A" and "throws off" in e.text]


def test_58_532a_without_vichy_france_each_vichy_colony_throws_off_french_rule() -> None:
    texts = _independence("no")
    assert [t.split(" throws off")[0] for t in texts] == list(COLONIES)
    assert texts[0] == (
        "Lebanon-Syria throws off French rule: an independent neutral minor with one 2-3 "
        "infantry in Beirut; attacking it takes a 10-BRP declaration of war"
    )


def test_58_532a_with_vichy_france_no_colony_becomes_independent() -> None:
    assert _independence("yes") == []


def test_58_52_a_colony_held_by_the_axis_gives_a_conquest_no_land_supply() -> None:
    conquest = {"name": "Fezzan", "land_distance": {"tunisia": 2}}
    state = support.resolved(
        {"colonies": {"tunisia": {"control": "axis"}}, "conquests": [conquest]}, vichy="yes"
    )
    assert state.colonies["tunisia"] == "axis"
    assert state.conquests == {"Fezzan": "axis"}


def test_58_531_odds_list_the_likeliest_outcome_first_and_ties_by_colony_status() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    g.answer("yes")
    ff, vi = "free_french", "vichy"

    def outcome(levant: str, africa: str) -> tuple[tuple[str, str], ...]:
        return (
            ("lebanon_syria", levant),
            ("tunisia", africa),
            ("algeria", africa),
            ("morocco", africa),
        )

    assert odds(g).outcomes == (
        (outcome(vi, vi), Fraction(25, 36)),
        (outcome(ff, vi), Fraction(5, 36)),
        (outcome(vi, ff), Fraction(5, 36)),
        (outcome(ff, ff), Fraction(1, 36)),
    )


def test_58_531a_only_a_free_french_colony_passes_its_hexes_to_britain() -> None:
    def passed(level: int, die: int) -> list[str]:
        g = support.game(at_level(level), seed=1)
        support.play(g, vichy="yes", dice={"lebanon_syria": die, "north_africa": die})
        return [e.text.split(" is Free French:")[0] for e in g.log if "is Free French:" in e.text]

    assert passed(3, 6) == []
    assert passed(-3, 1) == list(COLONIES)
