"""What a battle costs the attacker and at sea, reported by the players so the tracked
units stay true: the attacker's losses in the territory it attacked, a sea battle's losses
on both sides, and the land unit that took a territory from the sea."""

from __future__ import annotations

from armistice.core.aa50 import rules
from armistice.core.aa50.words import Phase
from tests.aa50.board import answer, game, raw, until
from tests.aa50.test_2_invasion import invaded


def test_2_a_won_battle_asks_what_the_attacker_lost_there() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"french_indo_china": 1})
    answer(g, "move", "kwangtung", "united_kingdom:infantry", "french_indo_china", "end_phase")
    answer(g, "battle", "french_indo_china", "taken", "no")
    assert g.prompt.label == "How many British infantry were lost in French Indo-China?"  # type: ignore[union-attr]
    assert (g.prompt.low, g.prompt.high) == (0, 1)  # type: ignore[union-attr]
    answer(g, 0)
    assert g.state.territories["french_indo_china"].units == ("united_kingdom:infantry",)


def test_2_a_sea_battle_removes_the_losses_so_the_zone_question_defaults_rightly() -> None:
    document = raw()
    document["places"]["sz12"]["units"] = ["united_kingdom:battleship", "germany:cruiser"]
    g = until(game(document), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"morocco": 1}, "end_phase")
    answer(g, "battle")
    targets = {o.value: o.label for o in g.prompt.options}  # type: ignore[union-attr]
    assert targets["sz12"] == "Sea zone 12 (sea battle)"
    answer(g, "sz12")
    assert g.prompt.label == "How many British battleships were lost in Sea zone 12?"  # type: ignore[union-attr]
    answer(g, 0)
    assert g.prompt.label == "How many German cruisers were lost in Sea zone 12?"  # type: ignore[union-attr]
    answer(g, 1)
    assert g.state.zones["sz12"] == ("united_kingdom:battleship",)
    assert rules.zone_answer(g.scenario, g.state, "sz12", False) == "allied"
    # Morocco then taken from the sea: the cruiser sunk, Jean Bart goes to the invader.
    answer(g, "battle", "morocco", "taken.infantry", "no")
    assert g.state.territories["morocco"].units == ("united_kingdom:infantry",)
    assert g.prompt.default == "allied"  # type: ignore[union-attr]


def test_2_a_capture_from_the_sea_says_no_tracked_land_unit_took_it_unless_named() -> None:
    g = invaded("morocco")
    answer(g, "battle", "morocco")
    values = [o.value for o in g.prompt.options]  # type: ignore[union-attr]
    assert values == ["taken", "held", "taken.infantry", "taken.artillery", "taken.armour"]
    answer(g, "taken", "no")
    line = next(e.text for e in g.log if e.text.startswith("No British land unit"))
    assert line == (
        "No British land unit stood in Morocco on the board: it was taken from the sea, the "
        "unit that landed not named (taken.KIND names it)"
    )
    assert g.state.territories["morocco"].controller == "united_kingdom"
