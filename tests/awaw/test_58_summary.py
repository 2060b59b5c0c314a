"""The rule-58 summary's sections read as the rule book resolves them: the level held at
+/-3 (58.22), colonies held at surrender (58.533, 58.534), key areas (58.71), the DPs of
58.21E net of covert operations, and the fleet's halved factors (58.21C)."""

from __future__ import annotations

from typing import Any

from armistice.core.game import Game
from armistice.core.scenario import load
from tests import support
from tests.support import at_level, neutral, ship

HELD = {"colonies": {"tunisia": {"control": "axis"}, "morocco": {"control": "british"}}}
"""Tunisia held by the Axis and Morocco by Britain at surrender; level +8 held at +3."""


def _rows(g: Any, key: str) -> list[tuple[str, str, str, str]]:
    section = next(s for s in g.summary.sections if s.key == key)
    return [(r.label, r.value, r.rule, r.explanation) for r in section.rows]


def test_58_533_58_534_colonies_held_at_surrender_roll_no_die() -> None:
    g = support.game(HELD, seed=1)
    support.play(g)
    assert _rows(g, "colonies") == [
        ("Lebanon-Syria", "Vichy", "58.531", "no die: any face +3 FSL +3 Vichy gives Vichy"),
        ("Tunisia", "Axis", "58.533", "held by the Axis: no die"),
        ("Algeria", "Vichy", "58.531", "no die: any face +3 FSL +3 Vichy gives Vichy"),
        ("Morocco", "Free French", "58.534", "held by Britain: no die"),
    ]


def test_58_22_the_level_row_says_when_the_sum_is_held_at_the_limit() -> None:
    high = support.game(HELD)
    assert _rows(high, "level")[-2:] == [
        ("Sum of modifiers", "+8", "58.21", ""),
        ("Surrender level (within +/-3)", "+3", "58.22", "held at the limit"),
    ]
    level = support.game(neutral())
    assert _rows(level, "level")[-1] == ("Surrender level (within +/-3)", "+0", "58.22", "")
    low = support.game(at_level(-6))
    assert _rows(low, "level")[-1] == (
        "Surrender level (within +/-3)",
        "-3",
        "58.22",
        "held at the limit",
    )


def test_58_632_the_forces_section_names_the_vichy_garrisons() -> None:
    g = Game(load("historical-summer-1940"), seed=3)
    support.play(g)
    (row,) = [r for r in _rows(g, "forces") if r[0] == "Vichy garrisons"]
    assert row[2:] == ("58.632", "one 2-3 infantry in each")
    assert row[1].split(", ")[0] == "Vichy"


def test_58_71_key_areas_are_listed_with_their_brps_and_holder() -> None:
    g = support.game(HELD, seed=1)
    support.play(g)
    assert _rows(g, "brp")[-3:] == [
        ("Key area: Paris", "20", "58.71", "the Axis"),
        ("Key area: Lyon", "10", "58.71", "Vichy France"),
        ("Key area: Marseilles", "10", "58.71", "Vichy France"),
    ]


def test_58_21e_dps_are_shown_net_of_those_covert_operations_cancelled() -> None:
    dps = {"axis_dps": 5, "axis_dps_cancelled": 2, "allied_dps": 4, "allied_dps_cancelled": 1}
    g = support.game(neutral({"diplomacy": dps}))
    row = next(r for r in _rows(g, "level") if r[2] == "58.21E")
    assert row == ("Diplomatic points in France", "+0", "58.21E", "Axis 3 - Allies 3")


def test_58_21c_an_even_number_of_halved_factors_is_not_rounded() -> None:
    fleet = [
        ship("ready", "named", 42, "northern_france"),
        ship("a", "cruiser", 3, "northern_france", "damaged"),
        ship("b", "cruiser", 3, "northern_france", "damaged"),
    ]
    g = support.game({"fleet": fleet}, assumptions={"awaw.58.fleet_discount": "pooled"})
    line = next(m for m in g.state.surrender_level.modifiers if m.rule == "58.21C")
    assert line.basis == "45 factors = 42 ready + 3 (6 halved)"


def test_58_11b_the_voluntary_row_says_whether_france_surrendered_voluntarily() -> None:
    voluntary = Game(load("voluntary-fall-1940"))
    assert _rows(voluntary, "level")[0] == ("Voluntary surrender", "+1", "58.21", "yes")
    assert _rows(support.game(neutral()), "level")[9] == (
        "Voluntary surrender",
        "+0",
        "58.21",
        "no",
    )


def test_58_21f_the_cooperation_row_says_whether_it_was_achieved() -> None:
    achieved = support.game(neutral({"surrender": {"anglo_french_cooperation": True}}))
    row = next(r for r in _rows(achieved, "level") if r[2] == "58.21F")
    assert row == ("Anglo-French cooperation 7+", "-1", "58.21F", "achieved")
    row = next(r for r in _rows(support.game(neutral()), "level") if r[2] == "58.21F")
    assert row == ("Anglo-French cooperation 7+", "+0", "58.21F", "not achieved")


def test_58_62_58_63_the_forces_section_gives_each_side_what_it_got_against_its_level() -> None:
    """FSL -1 with Vichy France: the Free French table row gives 6 infantry, 1 cruiser and 1
    destroyer factor (58.621), Vichy's 12 infantry, 1 air, 1 named ship, 1 cruiser and 1
    destroyer factor (58.631); no cruiser exists, and the only named ship is in an Axis-held
    French port, so neither side gets one."""
    from tests.awaw.test_58_641_prompts import _with_vichy

    fleet = [support.BALLAST, ship("d3", "destroyer", 1, "algeria")]
    fleet.append(ship("t1", "destroyer", 1, "tunisia"))
    g = _with_vichy(fleet, {"t1": 1})
    section = next(s for s in g.summary.sections if s.key == "forces")
    assert section.columns == ("Force", "Free French", "Vichy", "Ships")
    assert [(r.label, r.value, *r.cells) for r in section.rows][:6] == [
        ("Infantry (factors)", "6 / 6", "12 / 12", ""),
        ("3-5 armor (units)", "0 / 0", "0 / 0", ""),
        ("Army air (factors)", "0 / 0", "1 / 1", ""),
        ("Named ships (units)", "0 / 0", "0 / 1", "1"),
        ("Cruisers (units)", "0 / 1", "0 / 1", "0"),
        ("Destroyers (factors)", "1 / 1", "1 / 1", "2"),
    ]
    while g.prompt is None or g.prompt.key != "free_french.destroyers":
        g.undo()
    section = next(s for s in g.summary.sections if s.key == "forces")
    assert [(r.value, r.cells[0]) for r in section.rows[:2]] == [
        ("- / 6", "- / 12"),
        ("- / 0", "- / 0"),
    ]


def test_58_531_colonies_france_holds_read_to_roll_until_their_die() -> None:
    g = support.game(None, seed=1)
    assert _rows(g, "colonies") == [
        (name, "to roll", "58.531", "")
        for name in ("Lebanon-Syria", "Tunisia", "Algeria", "Morocco")
    ]


def test_58_31_58_71_the_brp_section_with_and_without_vichy_france() -> None:
    """France's 60 BRPs less the 40 of its key areas go to Germany as a conquest (58.71);
    Vichy France is worth its 20 plus its four colonies of 5 (58.31A); without it the Axis
    take the 20 but not the colonies' (58.31B)."""
    rows = {}
    for vichy in ("yes", "no"):
        g = support.game(None, seed=1)
        support.play(g, vichy=vichy)
        rows[vichy] = [(label, value, rule) for label, value, rule, _ in _rows(g, "brp")]
    conquest, paris = ("France as a conquest", "20", "58.71"), ("Key area: Paris", "20", "58.71")
    assert rows["yes"][:3] == [conquest, ("Vichy France with its colonies", "40", "58.31A"), paris]
    assert rows["no"][:3] == [conquest, ("Axis, instead of Vichy", "20", "58.31B"), paris]


def test_58_21_58_22_the_sum_and_the_level_are_the_level_section_s_totals() -> None:
    section = next(s for s in support.game(None).summary.sections if s.key == "level")
    assert [r.label for r in section.rows if r.total] == [
        "Sum of modifiers",
        "Surrender level (within +/-3)",
    ]


def test_58_31a_the_log_gives_vichy_france_s_worth_only_when_it_is_established() -> None:
    worth = {}
    for vichy in ("yes", "no"):
        g = support.game(None, seed=1)
        support.play(g, vichy=vichy)
        worth[vichy] = [e.text for e in g.log if e.rule == "58.31A"]
    assert worth["yes"][-1] == "Vichy France is worth 40 BRPs with its colonies"
    assert not any("is worth" in text for text in worth["no"])
