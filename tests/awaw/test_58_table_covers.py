"""What makes edited rule-58 tables playable, at the edges: the first and last turns a
scenario can name (58.21D), the highest modified colonial roll a game can reach (58.531),
rows beyond what a game reaches, and the row numbers a designer is pointed to (58.621)."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.core import systems, tablefiles
from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.playable import BOUND_RULES, turns, violations
from armistice.core.awaw.rule58.tables import FORCES_FILE, RULE58_FILE, load
from armistice.core.errors import TableError
from tests.support import edited

VICHY_ROW = 'low = 4\nstatus = "vichy"'


@pytest.mark.parametrize(
    ("old", "new", "found"),
    [
        (  # the last band closed one turn early
            "low = 3\nmodifier = -4",
            "low = 3\nhigh = 42\nmodifier = -4",
            ["turn: gap: no row covers Winter 1950"],
        ),
        (  # a hole before Spring 1938 is never reached
            "high = 0\nmodifier = 2",
            "high = -12\nmodifier = 2\n[[turn]]\nlow = -8\nhigh = 0\nmodifier = 2",
            [],
        ),
        (  # a hole ending the turn before Spring 1938 is never reached either
            "high = 0\nmodifier = 2",
            "high = -10\nmodifier = 2\n[[turn]]\nlow = -8\nhigh = 0\nmodifier = 2",
            [],
        ),
        (  # an empty row (6..3) inside a hole does not split it
            "low = 2\nhigh = 2\nmodifier = -2\n[[turn]]\nlow = 3\nmodifier = -4",
            "low = 6\nhigh = 3\nmodifier = -2\n[[turn]]\nlow = 8\nmodifier = -4",
            ["turn: gap: no row covers Fall 1940..Winter 1941"],
        ),
        (  # two holes, the second split by an empty row (7..5): each named whole
            "low = 2\nhigh = 2\nmodifier = -2\n[[turn]]\nlow = 3\nmodifier = -4",
            "low = 3\nhigh = 3\nmodifier = -2\n[[turn]]\nlow = 7\nhigh = 5\nmodifier = -4\n"
            "[[turn]]\nlow = 9\nmodifier = -4",
            [
                "turn: gap: no row covers Fall 1940",
                "turn: gap: no row covers Spring 1941..Spring 1942",
            ],
        ),
        (  # a hole of one turn just before a row that starts on the last turn
            "low = 3\nmodifier = -4",
            "low = 3\nhigh = 41\nmodifier = -4\n[[turn]]\nlow = 43\nmodifier = -4",
            ["turn: gap: no row covers Fall 1950"],
        ),
        (  # 1 - 3 = -2 is the lowest roll: a row must cover it
            "[[colony_result]]\nhigh = 3\n",
            "[[colony_result]]\nlow = -1\nhigh = 3\n",
            ["colony_result: gap: no row covers the modified roll -2"],
        ),
        (  # 6 + 3 + 3 = 12 is the highest roll: a row must cover it
            VICHY_ROW,
            'low = 4\nhigh = 11\nstatus = "vichy"',
            ["colony_result: gap: no row covers the modified roll 12"],
        ),
        (  # two rows for 13, which no game reaches
            VICHY_ROW,
            'low = 4\nhigh = 13\nstatus = "vichy"\n[[colony_result]]\nlow = 13\nhigh = 13\n'
            'status = "vichy"',
            [],
        ),
        (  # the modified roll 4 in both rows: rows numbered from 1
            "[[colony_result]]\nhigh = 3\n",
            "[[colony_result]]\nhigh = 4\n",
            ["colony_result: overlap: rows 1 and 2 both cover the modified roll 4"],
        ),
        (  # Summer 1940 in three rows, Fall 1940 in two
            "high = 0\nmodifier = 2\n[[turn]]\nlow = 1\nhigh = 1\nmodifier = 0\n[[turn]]\nlow = 2",
            "high = 1\nmodifier = 2\n[[turn]]\nlow = 1\nhigh = 2\nmodifier = 0\n[[turn]]\nlow = 1",
            [
                "turn: overlap: rows 1, 2 and 3 all cover Summer 1940",
                "turn: overlap: rows 2 and 3 both cover Fall 1940",
            ],
        ),
        ("earliest_voluntary = 2 ", "earliest_voluntary = 43 ", []),
        ("earliest_voluntary = 2 ", "earliest_voluntary = -8 ", []),
        (
            "earliest_voluntary = 2 ",
            "earliest_voluntary = 44 ",
            [
                "level.earliest_voluntary: Spring 1951 (turn 44); must be a turn a scenario "
                "can name, Spring 1938..Winter 1950 (58.11B)"
            ],
        ),
    ],
)
def test_58_21d_58_531_rows_must_cover_exactly_what_a_game_reaches(
    tmp_path: Path, old: str, new: str, found: list[str]
) -> None:
    assert [str(v) for v in violations(load(edited(tmp_path, RULE58_FILE, (old, new))))] == found


def test_58_21d_a_scenario_names_the_turns_spring_1938_to_winter_1950() -> None:
    assert turns() == range(-8, 44)


def test_58_621_more_with_vichy_than_without_names_both_rows(tmp_path: Path) -> None:
    row = "{ fsl =  2, vichy = true,  infantry_factors =  "
    path = edited(tmp_path, FORCES_FILE, (row + "1,", row + "7,"))
    assert [str(v) for v in violations(load(forces_path=path))] == [
        "free_french row 2, infantry_factors: 7 factors with Vichy at FSL +2; must be no more "
        "than the 6 of row 9, without Vichy (58.621)"
    ]


def test_58_631_a_missing_force_row_names_the_levels_the_limit_asks_for(tmp_path: Path) -> None:
    row = "  { fsl = -3, infantry_factors = 10,"
    text = FORCES_FILE.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith(row))
    path = edited(tmp_path, FORCES_FILE, (line + "\n", ""))
    with pytest.raises(TableError) as caught:
        load(forces_path=path)
    assert str(caught.value) == (
        f"{path}: vichy: gap: no row for FSL -3 (level.limit 3 asks for a row for each FSL -3..+3)"
    )


@pytest.mark.parametrize(
    ("vichy", "established"), [("true, ", "established"), ("false,", "not established")]
)
def test_58_621_a_missing_free_french_row_says_which_vichy_column(
    tmp_path: Path, vichy: str, established: str
) -> None:
    text = FORCES_FILE.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if f"fsl = -1, vichy = {vichy}" in x)
    path = edited(tmp_path, FORCES_FILE, (line + "\n", ""))
    with pytest.raises(TableError) as caught:
        load(forces_path=path)
    assert str(caught.value) == (
        f"{path}: free_french: gap: no row for FSL -1 with Vichy {established} (level.limit 3 "
        "asks for a row for each FSL -3..+3)"
    )


@pytest.mark.parametrize(
    ("old", "new", "found"),
    [
        ("other_objective = -1 ", "other_objective = 0 ", []),
        ("paris = 2 ", "paris = 0 ", []),
        (
            "lyon = 1 ",
            "lyon = -1 ",
            ["level.lyon: -1; must be 0 or more (Axis control favours the Axis) (58.21A)"],
        ),
        (
            "other_objective = -1 ",
            "other_objective = 1 ",
            [
                "level.other_objective: 1; must be 0 or less (an objective France holds "
                "favours France) (58.21A)"
            ],
        ),
        ("voluntary = 1 ", "voluntary = -3 ", []),
        ("voluntary = 1 ", "voluntary = 3 ", []),
        (
            "voluntary = 1 ",
            "voluntary = -4 ",
            ["level.voluntary: -4; must be a level within the tables' limit, -3..+3 (58.22)"],
        ),
        ("vichy_bonus = 3", "vichy_bonus = 0", []),
        ("cooperation = -1 ", "cooperation = 0 ", []),
        ("fleet_baseline = 42 ", "fleet_baseline = 0 ", []),
        (  # an empty row (low above high) wholly before Spring 1938 is never reached
            "high = 0\nmodifier = 2",
            "low = -8\nhigh = 0\nmodifier = 2\n[[turn]]\nlow = -12\nhigh = -15\nmodifier = 0",
            [],
        ),
    ],
)
def test_58_21_58_531_values_at_the_ends_of_their_ranges(
    tmp_path: Path, old: str, new: str, found: list[str]
) -> None:
    assert [str(v) for v in violations(load(edited(tmp_path, RULE58_FILE, (old, new))))] == found


def test_the_bounds_cite_each_rule_they_come_from() -> None:
    assert BOUND_RULES == (
        "58.11B",
        "58.21A",
        "58.21C",
        "58.21F",
        "58.22",
        "58.531",
        "58.621",
        "58.71",
    )


def test_58_21c_a_step_of_one_factor_gives_nothing_at_or_above_the_baseline(
    tmp_path: Path,
) -> None:
    t = load(edited(tmp_path, RULE58_FILE, ("fleet_step = 5 ", "fleet_step = 1 ")))
    assert [rules.fleet_modifier(f, t) for f in (43, 42, 41, 39)] == [0, 0, 1, 3]


def test_a_game_refuses_tables_naming_their_first_fault(tmp_path: Path) -> None:
    old = "high = 0\nmodifier = 2\n[[turn]]\nlow = 1\nhigh = 1\nmodifier = 0\n[[turn]]\nlow = 2"
    new = "high = 1\nmodifier = 2\n[[turn]]\nlow = 1\nhigh = 2\nmodifier = 0\n[[turn]]\nlow = 1"
    path = edited(tmp_path, RULE58_FILE, (old, new))
    with pytest.raises(TableError) as refused:
        tablefiles.read(systems.get("awaw.58"), [path])
    assert str(refused.value) == f"{path}: turn: overlap: rows 1, 2 and 3 all cover Summer 1940"
