"""The result in brief that a complete rule-58 resolution reads first."""

from __future__ import annotations

from armistice.core.game import Game
from armistice.core.scenario import load
from armistice.core.words import counted
from tests import support


def test_the_rulebook_example_result_in_brief() -> None:
    g = Game(load("rulebook-example-fall-1940"), seed=1)
    assert g.summary.result == ()
    support.play(g, vichy="yes", dice={"lebanon_syria": 1, "north_africa": 2})
    rows = [(r.label, r.value, r.rule) for r in g.summary.result]
    assert rows == [
        ("Surrender level", "-1", "58.22"),
        ("Vichy France", "established", "58.31"),
        (
            "Colonies",
            "Lebanon-Syria Free French, Tunisia Vichy, Algeria Vichy, Morocco Vichy",
            "58.53",
        ),
        ("Free French", "6 infantry factors, 1 cruiser, 1 destroyer factor", "58.62"),
        (
            "Vichy",
            "12 infantry factors, 1 army air factor, 1 named ship, 1 cruiser, 1 destroyer factor",
            "58.63",
        ),
        ("BRPs", "France 20 BRPs to Germany; Vichy 35; Britain 1 from colonies", "58.7"),
    ]


def test_the_result_says_why_there_is_no_vichy() -> None:
    declined = Game(load("rulebook-example-fall-1940"), seed=1)
    support.play(declined, vichy="no", dice={"lebanon_syria": 1, "north_africa": 1})
    assert ("Vichy France", "declined") in declined.summary.facts
    assert declined.summary.result[1].value == "declined"
    ruled_out = Game(load("us-at-war-spring-1942"), seed=1)
    support.play(ruled_out)
    assert ("Vichy France", "ruled out") in ruled_out.summary.facts
    row = ruled_out.summary.result[1]
    assert (row.value, row.rule) == ("ruled out", "58.411")


def test_counts_read_in_the_right_number() -> None:
    assert [counted(n, "destroyer") for n in (0, 1, 2)] == [
        "0 destroyers",
        "1 destroyer",
        "2 destroyers",
    ]
    assert counted(1, "BRP") == "1 BRP" and counted(3, "infantry", "infantry") == "3 infantry"
