"""Every result row of the Vichy France table (77), by number, applied to a neutral Vichy
France; continuing and negating earlier policies; 58.632's garrisons and volunteers."""

from __future__ import annotations

from typing import Any

import pytest

from armistice.core.awaw.vichy.state import DiplomaticRoll, VichyState
from armistice.core.awaw.vichy.tables import shipped
from tests.awaw.vichy import BASE, expected_policy, make, net, played

BASE_UNITS = BASE["vichy_units"]

ROWS = {
    # row: (alignment, policy, hexes, BRPs, volunteers, unit fates, colony fates)
    "-3": (
        "allied_ally",
        "-3",
        "vichy",
        0,
        0,
        ("vichy", "free_french", "vichy"),
        ("free_french", "axis"),
    ),
    "-2": (
        "allied_associated",
        "-2",
        "vichy",
        0,
        0,
        ("vichy", "free_french", "vichy"),
        ("free_french", "axis"),
    ),
    "-1": ("deactivated", "none", "allied", 0, 0, ("removed",) * 3, ("no_one", "axis")),
    "0": ("deactivated", "none", "vichy", 0, 0, ("removed",) * 3, ("no_one", "axis")),
    "1-2": ("neutral", "none", "vichy", 0, 0, ("vichy",) * 3, ("vichy", "vichy")),
    "3-4": ("neutral", "none", "vichy", 0, 0, ("vichy",) * 3, ("vichy", "vichy")),
    "5-6": ("neutral", "5-6", "vichy", 0, 1, ("vichy",) * 3, ("vichy", "vichy")),
    "7": ("neutral", "7", "vichy", 10, 2, ("vichy",) * 3, ("vichy", "vichy")),
    "8": ("neutral", "8", "axis", 20, 3, ("vichy",) * 3, ("vichy", "vichy")),
    "9": ("axis_associated", "9", "vichy", 0, 3, ("vichy",) * 3, ("vichy", "vichy")),
    "10": ("axis_ally", "10", "vichy", 0, None, ("vichy",) * 3, ("vichy", "vichy")),
}


def rolled(state: Any) -> DiplomaticRoll:
    assert isinstance(state, VichyState) and state.vichy_diplomacy is not None
    return state.vichy_diplomacy


@pytest.mark.parametrize("row", list(ROWS))
def test_77_each_row_on_a_neutral_vichy(row: str) -> None:
    low = shipped().row(row).low
    game = played(make(diplomacy=net(low - 1)), 1)
    d = rolled(game.state)
    asked = (1, low, row) if row != "10" else (None, None, row)
    assert (d.die, d.modified, d.result) == asked
    alignment, policy, hexes, brps, volunteers, units, colonies = ROWS[row]
    assert (d.alignment, d.policy, d.hex_control, d.brps, d.volunteers) == (
        alignment,
        policy,
        hexes,
        brps,
        volunteers,
    )
    assert tuple(game.state.units[i] for i in range(3)) == units
    assert (game.state.colonies["lebanon_syria"], game.state.colonies["tunisia"]) == colonies


@pytest.mark.parametrize(
    ("total", "die", "row"), [(-5, 1, "-3"), (-8, 1, "-3"), (5, 6, "10"), (8, 6, "10")]
)
def test_77_results_beyond_the_ends_read_the_end_rows(total: int, die: int, row: str) -> None:
    d = rolled(played(make(diplomacy=net(total)), die).state)
    assert d.modified == total + die and d.result == row


def test_77_results_beyond_the_ends_read_3_4_under_the_other_reading() -> None:
    game = played(make(diplomacy=net(8)), 6, **{"awaw.vichy.beyond_the_ends": "no_effect"})
    assert rolled(game.state).result == "3-4"


STANDING = {
    "none": {},
    "-3": {"alignment": "allied_ally"},
    "-2": {"alignment": "allied_associated"},
    "5-6": {},
    "7": {},
    "8": {"hex_control": "axis"},
    "9": {"alignment": "axis_associated"},
    "10": {"alignment": "axis_ally"},
}


@pytest.mark.parametrize("strength", ["stronger", "latest"])
@pytest.mark.parametrize("before", list(STANDING))
def test_77_every_earlier_policy_under_every_row(before: str, strength: str) -> None:
    table = shipped()
    for row in table.rows:
        s = make(policy=before, **STANDING[before])
        first = played(s, 1)
        total = rolled(first.state).total - s.diplomacy.net
        game = played(
            make(policy=before, diplomacy=net(row.low - 1 - total), **STANDING[before]),
            1,
            **{"awaw.vichy.policy_strength": strength},
        )
        d = rolled(game.state)
        assert d.result == row.id
        assert d.policy == expected_policy(before, row.id, strength == "stronger"), (before, row.id)


def test_77_a_negated_8_gives_the_hexes_back_and_keeps_the_brps_paid() -> None:
    s = make(policy="8", hex_control="axis", diplomacy=net(1 - 1 - 1))
    d = rolled(played(s, 1).state)
    assert (d.result, d.policy, d.hex_control, d.brps) == ("1-2", "none", "vichy", 0)


def test_77_a_9_after_an_8_keeps_german_control_of_the_hexes() -> None:
    s = make(policy="8", hex_control="axis", diplomacy=net(9 - 1 - 1))
    d = rolled(played(s, 1).state)
    assert (d.result, d.policy, d.hex_control) == ("9", "9", "axis")


def test_58_632_before_association_vichy_city_keeps_its_garrison() -> None:
    units = [
        {
            "name": "Garrison of Vichy",
            "kind": "infantry",
            "location": "southern_france",
            "factors": 2,
            "garrison": True,
        },
        {
            "name": "Garrison of Beirut",
            "kind": "infantry",
            "location": "lebanon_syria",
            "factors": 2,
            "garrison": True,
        },
    ]
    by_row = {}
    for row in ("5-6", "8", "9"):
        low = shipped().row(row).low
        by_row[row] = rolled(
            played(make(vichy_units=units, diplomacy=net(low - 1)), 1).state
        ).volunteers
    assert by_row == {"5-6": 1, "8": 1, "9": 2}


def test_58_632_no_volunteers_unless_germany_is_at_war_with_russia() -> None:
    s = make(board={"germany_at_war_with_russia": False}, diplomacy=net(6))
    d = rolled(played(s, 1).state)
    assert (d.result, d.volunteers) == ("7", 0)


def test_77_the_asterisk_reading_spares_an_aligned_vichy() -> None:
    s = make(policy="9", alignment="axis_associated", diplomacy=net(-1 - 2 - 1))
    chosen = {"awaw.vichy.deactivation_asterisk": "not_when_aligned"}
    d = rolled(played(s, 1, **chosen).state)
    assert (d.result, d.alignment, d.policy) == ("-1", "axis_associated", "9")
    d = rolled(played(s, 1).state)
    assert (d.result, d.alignment) == ("-1", "deactivated")


TUNIS_GARRISON = {
    "name": "Garrison of Tunis",
    "kind": "infantry",
    "location": "tunisia",
    "factors": 2,
    "garrison": True,
}


@pytest.mark.parametrize("row", ["-3", "-2"])
@pytest.mark.parametrize(
    ("reading", "tunisia", "garrison"),
    [("to_the_axis", "axis", "vichy"), ("free_french", "free_french", "free_french")],
)
def test_77_a_colony_whose_capital_the_axis_holds_under_each_reading(
    row: str, reading: str, tunisia: str, garrison: str
) -> None:
    """Tunis held by the Axis: a -3 or -2 makes Lebanon-Syria Free French with its garrison;
    Tunisia passes to the Axis, its garrison staying Vichy (the default), or goes Free
    French with it (awaw.vichy.axis_held_colonies=free_french)."""
    s = make(diplomacy=net(shipped().row(row).low - 1), vichy_units=[*BASE_UNITS, TUNIS_GARRISON])
    game = played(s, 1, **{"awaw.vichy.axis_held_colonies": reading})
    assert rolled(game.state).result == row
    assert (game.state.colonies["lebanon_syria"], game.state.colonies["tunisia"]) == (
        "free_french",
        tunisia,
    )
    assert (game.state.units[1], game.state.units[3]) == ("free_french", garrison)
    said = [entry.text for entry in game.log]
    passed = (
        "Tunisia: its capital is held by the Axis; it passes to the Axis, not to the Free French"
    )
    assert (passed in said) == (reading == "to_the_axis")


def test_the_summary_says_where_vichy_stands_before_and_after_the_roll() -> None:
    s = make(diplomacy=net(shipped().row("9").low - 1))
    game = played(s, 1)
    assert ("Vichy France", "Axis associated minor") in game.summary.facts
    game.undo()
    assert ("Vichy France", "neutral") in game.summary.facts
