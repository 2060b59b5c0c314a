from __future__ import annotations

import msgspec
import pytest

from armistice.core.dice import D6
from armistice.core.errors import IllegalAnswer, RuleRestriction
from armistice.core.prompts import (
    Decision,
    Option,
    Roll,
    RollOutcome,
    Selection,
    SelectionItem,
)

VICHY = Decision(
    key="establish_vichy",
    power="germany",
    label="Establish Vichy France?",
    rule="58.31",
    options=(
        Option("yes", "Establish"),
        Option("no", "Do not establish"),
        Option("later", "Wait", enabled=False, reason="58.31 decides now"),
    ),
    default="yes",
)

COLONY_DIE = Roll(
    key="colony_roll.lebanon_syria",
    label="Lebanon-Syria colonial die",
    rule="58.531",
    dice=D6,
    outcomes=(RollOutcome("free_french", (1,)), RollOutcome("vichy", (2, 3, 4, 5, 6))),
)

SHIPS = Selection(
    key="free_french.named_ships",
    power="britain",
    label="Free French named ships",
    rule="58.641",
    items=(
        SelectionItem("lorraine", "Lorraine", 1, tier=0),
        SelectionItem("courbet", "Courbet", 1, tier=0),
        SelectionItem("dunkerque", "Dunkerque", 1, tier=1, note="colony port"),
    ),
    required=2,
)

DESTROYERS = Selection(
    key="free_french.destroyers",
    power="britain",
    label="Free French destroyer factors",
    rule="58.641",
    items=(
        SelectionItem("dd_plymouth", "Plymouth flotilla", 2, tier=0),
        SelectionItem("dd_oran", "Oran flotillas", 3, tier=1),
    ),
    required=4,
    unit="factors",
)


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalAnswer, ValueError)
    assert issubclass(RuleRestriction, IllegalAnswer)
    assert issubclass(RuleRestriction, ValueError)


def test_58_31_decision_accepts_an_enabled_option() -> None:
    assert VICHY.check("yes") == "yes"
    assert VICHY.check("no") == "no"
    assert VICHY.default_answer() == "yes"


@pytest.mark.parametrize("value", ["maybe", "", 1, None, "YES"])
def test_58_31_decision_refuses_an_option_not_offered(value: object) -> None:
    with pytest.raises(IllegalAnswer) as caught:
        VICHY.check(value)
    assert not isinstance(caught.value, RuleRestriction)
    assert caught.value.where == "establish_vichy"


def test_58_31_decision_refuses_a_disabled_option_citing_the_rule() -> None:
    with pytest.raises(RuleRestriction, match=r"58\.31 decides now") as caught:
        VICHY.check("later")
    assert caught.value.where == "establish_vichy"


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_58_531_roll_accepts_every_face_of_the_die(face: int) -> None:
    assert COLONY_DIE.check(face) == face


@pytest.mark.parametrize("value", [0, 7, -1, 12, "3", 3.0, True, None])
def test_58_531_roll_refuses_a_total_the_die_cannot_show(value: object) -> None:
    with pytest.raises(IllegalAnswer, match="1 to 6") as caught:
        COLONY_DIE.check(value)
    assert caught.value.where == "colony_roll.lebanon_syria"


def test_58_531_roll_names_the_outcome_of_each_total() -> None:
    assert COLONY_DIE.outcome_of(1) == "free_french"
    assert [COLONY_DIE.outcome_of(f) for f in range(2, 7)] == ["vichy"] * 5
    with pytest.raises(IllegalAnswer):
        COLONY_DIE.outcome_of(7)


def test_58_641_selection_accepts_the_required_total_from_the_first_tier() -> None:
    assert SHIPS.check({"lorraine": 1, "courbet": 1}) == {"lorraine": 1, "courbet": 1}
    assert SHIPS.check({"lorraine": 1, "courbet": 1, "dunkerque": 0}) == {
        "lorraine": 1,
        "courbet": 1,
    }


def test_58_641_selection_takes_the_lower_tier_when_the_first_runs_out() -> None:
    assert DESTROYERS.check({"dd_plymouth": 2, "dd_oran": 2}) == {"dd_plymouth": 2, "dd_oran": 2}


def test_58_641_selection_refuses_more_than_a_ship_has() -> None:
    with pytest.raises(RuleRestriction, match="only 2 factors to choose from"):
        DESTROYERS.check({"dd_plymouth": 3, "dd_oran": 1})


@pytest.mark.parametrize(
    "picked", [{"lorraine": 1}, {"lorraine": 1, "courbet": 1, "dunkerque": 1}, {}]
)
def test_58_641_selection_refuses_a_total_other_than_required(picked: dict[str, int]) -> None:
    with pytest.raises(RuleRestriction, match="exactly 2"):
        SHIPS.check(picked)


def test_58_641_selection_refuses_a_lower_tier_while_a_higher_one_is_unused() -> None:
    with pytest.raises(RuleRestriction, match=r"58\.641") as caught:
        SHIPS.check({"lorraine": 1, "dunkerque": 1})
    assert "Dunkerque" in caught.value.reason


def test_58_641_destroyer_factors_from_a_lower_tier_wait_for_the_first_to_run_out() -> None:
    with pytest.raises(RuleRestriction):
        DESTROYERS.check({"dd_plymouth": 1, "dd_oran": 3})


@pytest.mark.parametrize(
    "value", [{"bismarck": 1, "lorraine": 1}, {"lorraine": -1}, {"lorraine": "1"}, ["lorraine"]]
)
def test_58_641_selection_refuses_malformed_answers(value: object) -> None:
    with pytest.raises(IllegalAnswer) as caught:
        SHIPS.check(value)
    assert caught.value.where == "free_french.named_ships"


def test_selection_default_fills_lower_tiers_first_and_is_legal() -> None:
    assert SHIPS.default_answer() == {"lorraine": 1, "courbet": 1}
    assert DESTROYERS.default_answer() == {"dd_plymouth": 2, "dd_oran": 2}
    assert SHIPS.check(SHIPS.default_answer()) == SHIPS.default_answer()
    assert DESTROYERS.capacity() == 5


def test_58_641_blocked_explains_why_an_item_cannot_be_added_yet() -> None:
    assert SHIPS.blocked({}, "lorraine") == ""
    assert SHIPS.blocked({}, "dunkerque") == "colony port"
    assert SHIPS.blocked({"lorraine": 1}, "lorraine") == "all of it is already chosen (1 unit)"
    assert SHIPS.blocked({"lorraine": 1, "courbet": 1}, "dunkerque") == (
        "the selection already comes to 2 units"
    )


def test_58_641_forced_finds_the_only_legal_pick() -> None:
    assert SHIPS.forced() == {"lorraine": 1, "courbet": 1}
    assert DESTROYERS.forced() == {"dd_plymouth": 2, "dd_oran": 2}
    one = msgspec.structs.replace(SHIPS, required=1)
    assert one.forced() is None
    lone = msgspec.structs.replace(SHIPS, items=SHIPS.items[:1] + SHIPS.items[2:], required=1)
    assert lone.forced() == {"lorraine": 1}


def test_58_641_blocked_opens_a_lower_tier_once_the_higher_is_used_up() -> None:
    assert DESTROYERS.blocked({"dd_plymouth": 1}, "dd_oran") != ""
    assert DESTROYERS.blocked({"dd_plymouth": 2}, "dd_oran") == ""


@pytest.mark.parametrize(
    ("unit", "one", "many"),
    [
        ("units", "1 unit", "3 units"),
        ("factors", "1 factor", "3 factors"),
        ("territories", "1 territory", "3 territories"),
        ("colonies", "1 colony", "3 colonies"),
    ],
)
def test_a_selection_counts_its_unit_in_the_right_number(unit: str, one: str, many: str) -> None:
    pick = Selection("k", "", "pick", "1", (SelectionItem("a", "A", 3),), 3, unit)
    assert (pick.amount(1), pick.amount(3)) == (one, many)
