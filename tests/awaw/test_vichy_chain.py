"""A Vichy France diplomatic roll after rule 58 and after another roll; the command line,
``--json`` and exact odds; the properties every roll keeps (hypothesis)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armistice.core import scenario
from armistice.core.awaw.vichy import rules
from armistice.core.awaw.vichy.tables import shipped
from armistice.core.errors import ScenarioError
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.tui.cli import run
from tests.awaw.vichy import expected_policy, make, net
from tests.support import finish, finished


def finished_58(seed: int = 3) -> Game:
    return finished("historical-summer-1940", seed)


FACTS: dict[str, Any] = {
    "turn": {"season": "summer", "year": 1941},
    "board": {"usat_level": 12, "germany_at_war_with_russia": True},
    "diplomacy": {"axis_dps": 1},
    "capitals": {"morocco": "allied"},
}


def test_a_finished_rule_58_game_goes_on_into_a_vichy_roll() -> None:
    game = finished_58()
    assert [link.to for link in game.links] == ["awaw.vichy"]
    game.next("awaw.vichy", FACTS)
    s = game.scenario
    assert game.system.key == "awaw.vichy" and s.fell.name == "Summer 1940"
    assert s.turn.name == "Summer 1941" and s.surrender_level == 2 and s.vichy_established
    garrisons = [u.name for u in s.vichy_units if u.garrison]
    assert garrisons[0] == "Garrison of Vichy"
    assert all(u.location.value in ("southern_france", *s.colonies) for u in s.vichy_units)
    assert s.colonies["morocco"].capital == "allied"
    assert game.prompt is not None and game.prompt.key == "named_by"


def test_the_hand_over_carries_what_rule_58_decided() -> None:
    game = finished_58()
    state58 = game.state
    game.next("awaw.vichy", {})
    s = game.scenario
    assert set(s.colonies) == {c for c, st_ in state58.colonies.items() if st_.value == "vichy"}
    infantry = sum(u.factors for u in s.vichy_units if u.kind == "infantry")
    assert infantry == state58.forces["vichy"].infantry_factors
    assert s.turn.name == "Spring 1941"


def test_bad_facts_name_the_field_and_leave_the_game_as_it_was() -> None:
    game = finished_58()
    with pytest.raises(ScenarioError, match=r"facts: board\.usat_level"):
        game.next("awaw.vichy", {"board": {"usat_level": -1}})
    assert game.system.key == "awaw.58"


def test_a_declined_vichy_leads_to_no_roll() -> None:
    game = Game(scenario.load("historical-summer-1940"), seed=3)
    game.answer("no")
    finish(game)
    game.next("awaw.vichy", {})
    assert game.complete and game.state.vichy_diplomacy is None
    assert "Vichy France was not established (58.31)" in game.log[-1].text


@pytest.mark.parametrize(
    ("facts", "says"),
    [
        (
            {
                "units": [
                    {
                        "name": "x",
                        "side": "axis",
                        "kind": "infantry",
                        "location": "northern_france",
                        "factors": 50,
                    }
                ]
            },
            "units[0].location: northern_france is not Vichy territory",
        ),
        (
            {"turn": {"season": "spring", "year": 1940}},
            "turn: Spring 1940 is before France fell (Summer 1940)",
        ),
        (
            {"capitals": {"egypt": "allied"}},
            "capitals.egypt: unknown field; known here: lebanon_syria, tunisia, algeria, morocco",
        ),
        (
            {"capitals": {"morocco": "germany"}},
            'capitals.morocco: "germany" is not one of: vichy, axis, allied, no_one',
        ),
        (
            {"attacked_by_western_allies": ["northern_france"]},
            "attacked_by_western_allies[0]: northern_france is not Vichy territory",
        ),
    ],
)
def test_facts_the_roll_cannot_take_are_refused_as_in_a_scenario_file(
    facts: dict[str, Any], says: str
) -> None:
    game = finished_58()
    with pytest.raises(ScenarioError) as refused:
        game.next("awaw.vichy", facts)
    assert str(refused.value).startswith(f"facts: {says}")
    assert game.system.key == "awaw.58"


def test_77_one_roll_after_another_carries_the_policy() -> None:
    game = Game(make(diplomacy=net(8)), seed=1)  # die 1: 9, Axis associated
    game.answer("axis")
    game.answer(1)
    assert game.state.vichy_diplomacy.policy == "9"
    quiet = {"usat_level": 30}
    game.next("awaw.vichy", {"diplomacy": net(-3), "board": quiet})  # +2 associated
    assert game.scenario.alignment == "axis_associated" and game.scenario.policy == "9"
    game.answer("axis")
    game.answer(2)
    d = game.state.vichy_diplomacy
    assert (d.modified, d.result, d.policy, d.alignment) == (1, "1-2", "none", "neutral")


@settings(max_examples=60, deadline=None)
@given(rolls=st.lists(st.tuples(st.integers(1, 6), st.integers(-12, 12)), min_size=1, max_size=5))
def test_77_a_sequence_of_rolls_carries_policies_as_the_table_says(
    rolls: list[tuple[int, int]],
) -> None:
    game = Game(make(), seed=1)
    policy = "none"
    for i, (die, dps) in enumerate(rolls):
        if i:
            game.next("awaw.vichy", {"diplomacy": net(dps), "board": {"usat_level": 30}})
        if game.prompt is None:
            assert game.scenario.alignment == "deactivated"
            continue
        game.answer("axis")
        if game.prompt is not None:
            game.answer(die)
        d = game.state.vichy_diplomacy
        assert d.policy == expected_policy(policy, d.result), (policy, d.result)
        policy = d.policy.value


@settings(max_examples=300)
@given(die=st.integers(-50, 50), total=st.integers(-500, 500), end_row=st.booleans())
def test_77_every_modified_result_reads_exactly_one_row(
    die: int, total: int, end_row: bool
) -> None:
    t = shipped()
    index = rules.row_index(die, total, t, end_row)
    result = rules.modified(die, total, t)
    held = max(t.ends.low, min(t.ends.high, result))
    holding = [i for i, r in enumerate(t.rows) if r.low <= held <= r.high]
    assert len(holding) == 1
    inside = t.ends.low <= result <= t.ends.high
    assert index == (holding[0] if end_row or inside else t.continuing)


@settings(max_examples=40, deadline=None)
@given(
    dps=st.integers(-15, 15),
    name=st.sampled_from(
        ["vichy-1941-axis-roll", "vichy-1942-allied-roll", "vichy-1940-axis-reaction"]
    ),
)
def test_77_the_odds_of_all_rows_sum_to_exactly_one(dps: int, name: str) -> None:
    base = scenario.load(name)
    import msgspec

    s = msgspec.structs.replace(base, diplomacy=msgspec.structs.replace(base.diplomacy, **net(dps)))
    result = odds(Game(s, seed=1))
    rows = result.marginals["result"]
    assert sum(rows.values(), Fraction(0)) == 1
    assert all(isinstance(p, Fraction) for p in rows.values())
    assert sum(result.marginals["alignment"].values(), Fraction(0)) == 1


def test_77_odds_before_the_roll_are_sixths_of_the_die() -> None:
    result = odds(Game(scenario.load("vichy-1941-axis-roll"), seed=1))
    assert result.marginals["result"] == {
        "7": Fraction(1, 6),
        "8": Fraction(1, 6),
        "9": Fraction(1, 6),
        "10": Fraction(1, 2),
    }
    assert result.marginals["alignment"] == {
        "neutral": Fraction(1, 3),
        "axis_associated": Fraction(1, 6),
        "axis_ally": Fraction(1, 2),
    }


def test_the_command_line_continues_a_rule_58_save(tmp_path: Path, capsys: Any) -> None:
    save = tmp_path / "fall.json"
    assert (
        run(["resolve", "historical-summer-1940", "--auto", "--seed", "3", "--save", str(save)])
        == 0
    )
    facts = tmp_path / "facts.toml"
    facts.write_text(
        'named_by = "axis"\n[next]\nturn = { season = "summer", year = 1941 }\n'
        "[next.board]\nusat_level = 12\n[next.diplomacy]\naxis_dps = 1\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    code = run(
        [
            "resolve",
            str(save),
            "--next",
            "awaw.vichy",
            "--facts",
            str(facts),
            "--dice",
            "2",
            "--json",
        ]
    )
    assert code == 0
    document = json.loads(capsys.readouterr().out)
    d = document["state"]["vichy_diplomacy"]
    assert d["named_by"] == "axis" and d["die"] == 2 and d["modified"] == 5
    assert [(m["rule"], m["label"], m["value"]) for m in d["modifiers"]] == [
        ("77", "French surrender level", 1),
        ("77", "USAT below 25", 1),
        ("77", "Net DPs", 1),
    ]
    assert (d["result"], d["alignment"], d["policy"], d["hex_control"]) == (
        "5-6",
        "neutral",
        "5-6",
        "vichy",
    )
    assert (d["brps"], d["volunteers"]) == (0, 0)
    assert document["game"] == "awaw.vichy" and "odds" in document


def test_the_command_line_refuses_a_forbidden_naming_with_its_rule(capsys: Any) -> None:
    code = run(["resolve", "vichy-1940-axis-reaction", "--decide", "named_by=axis"])
    assert code == 2
    assert "the year France fell, except for a reaction roll (77)" in capsys.readouterr().err


def test_armistice_odds_shows_every_row_and_alignment(capsys: Any) -> None:
    assert run(["odds", "vichy-1942-allied-roll"]) == 0
    out = capsys.readouterr().out
    assert "-3: Allied minor ally" in out and "5/6" in out
    assert "Allied minor ally" in out and "Allied associated minor" in out


def test_armistice_odds_lines_up_each_list_of_chances(capsys: Any) -> None:
    """Row names longer than the usual column push the whole list's chances right."""
    assert run(["odds", "vichy-1941-axis-roll"]) == 0
    lines = capsys.readouterr().out.splitlines()
    roll = lines[lines.index("Vichy France diplomatic roll (77)") + 1 :][:4]
    assert roll[1] == "  8: German control, 20 BRPs     1/6   16.7%"
    assert {line.index("1/") for line in roll} == {len(roll[1]) - len("1/6   16.7%")}


def test_a_scenario_file_naming_vichy_against_the_table_is_refused(
    tmp_path: Path, capsys: Any
) -> None:
    text = scenario.locate("vichy-1941-axis-roll").read_text(encoding="utf-8")
    path = tmp_path / "western.toml"
    path.write_text(
        text.replace('named_by = "axis"', 'named_by = "western_allies"'), encoding="utf-8"
    )
    assert run(["resolve", str(path), "--auto"]) == 2
    err = capsys.readouterr().err
    assert f"{path}: named_by: the Western Allies may not name Vichy France now" in err
    assert (
        "American ground troops hold a port or beachhead in one of France, Morocco, Algeria and Tunisia (77)"
        in err
    )


def test_77_a_vichy_named_again_after_a_deactivation_leads_on_to_another_roll() -> None:
    """Winter 1942, d10 table: the Western Allies roll 9 (a -1: deactivated, the Allies take
    the Vichy hexes); named again under the reading that allows it, the Axis rolls 1 (a -3:
    Allied ally). The Allies still hold the hexes, and the next roll takes that as it is."""
    readings = {
        "awaw.vichy.die": "d10",
        "awaw.vichy.friendly_and_enemy": "roller",
        "awaw.vichy.named_after_deactivation": "yes",
    }
    game = Game(scenario.load("vichy-1942-allied-roll"), assumptions=readings, seed=0)
    game.answer("western_allies")
    game.answer(9)
    roll = game.state.vichy_diplomacy
    assert (roll.result, roll.alignment.value, roll.hex_control.value) == (
        "-1",
        "deactivated",
        "allied",
    )
    game.next("awaw.vichy", {})
    game.answer("axis")
    game.answer(1)
    roll = game.state.vichy_diplomacy
    assert (roll.result, roll.alignment.value, roll.hex_control.value) == (
        "-3",
        "allied_ally",
        "allied",
    )
    game.next("awaw.vichy", {})
    assert game.prompt is not None and game.prompt.key == "named_by"
