"""Who answers each question of each action: the player of the power whose turn it is (the
invader, the occupier, the power moving or fighting), save the ship dice, which the Axis
player rolls (§2); and a capture refused where the capturing power has no unit (§2, §3)."""

from __future__ import annotations

import pytest

from armistice.core.aa50.words import Fate, Phase
from armistice.core.errors import RuleRestriction
from armistice.core.game import Game
from armistice.core.prompts import Decision, Rolls
from tests.aa50.board import LIBERATED, answer, game, raw, until
from tests.aa50.test_2_invasion import captured, invaded
from tests.aa50.test_3_occupation import occupied


def players(g: Game, *values: object) -> dict[str, str]:
    """Answer ``values`` in order, then defaults (dice rolled 4) until the next action:
    each question's kind (``zone``, ``ships`` ...) -> the player asked."""
    asked: dict[str, str] = {}
    queue = list(values)
    while True:
        prompt = g.prompt
        assert prompt is not None
        player = g.player(prompt)
        kind = "action" if prompt.key.startswith("action.") else prompt.key.split(".")[1]
        if isinstance(prompt, Decision) and prompt.clock is not None and not queue:
            return asked
        asked[kind] = player.key if player else ""
        if queue:
            answer(g, queue.pop(0))  # type: ignore[arg-type]
        elif isinstance(prompt, Rolls):
            answer(g, {m.key: 4 for m in prompt.members})
        else:
            answer(g, prompt.default_answer())


def test_3_every_question_of_an_occupation_is_the_axis_players() -> None:
    g = occupied()
    asked = players(g)
    assert asked == {"occupation": "axis", "zone": "axis", "ships": "axis"}


def test_2_the_invaders_questions_are_the_allies_the_ship_dice_the_axis() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    assert players(g, "invade", {"southern_france": 1}) == {
        "action": "allies",
        "invade": "allies",
    }
    answer(g, "end_phase")
    asked = players(g, "battle", "southern_france", "taken", "no", "no", "warship:italy")
    assert asked == {
        "action": "allies",
        "battle": "allies",
        "zone": "allies",
        "ships": "axis",
    }


def test_2_a_failed_invasion_asks_the_invader_for_losses_and_the_retreat() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"french_indo_china": 1})
    answer(g, "move", "kwangtung", "united_kingdom:infantry", "french_indo_china", "end_phase")
    asked = players(g, "battle", "french_indo_china", "held", "no", 1, 0, "kwangtung")
    assert asked == {"action": "allies", "battle": "allies"}
    assert [k.key.split(".")[2] for k in g.answers[-6:]] == [
        "target",
        "result",
        "sunk",
        "lost",
        "own",
        "retreat",
    ]


def test_1_a_move_is_asked_of_the_moving_powers_player() -> None:
    g = until(game(), "germany", Phase.NONCOMBAT_MOVE)
    asked = players(g, "move", "france", "germany:infantry", "southern_france")
    assert asked == {"action": "axis", "move": "axis"}


def test_4_liberation_is_the_allied_players() -> None:
    g = game(LIBERATED)
    assert players(g, "liberate") == {"action": "allies"}
    assert g.state.france_active


def test_2_a_zone_may_not_be_said_to_hold_a_power_with_no_unit_there() -> None:
    # Sea zone 13 holds an Italian submarine and cruiser; nothing German.
    g = captured(invaded("southern_france"), "southern_france")
    options = {o.value: o for o in g.prompt.options}  # type: ignore[union-attr]
    assert options["warship:italy"].enabled
    assert options["minor:italy"].enabled
    refused = options["warship:germany"]
    assert (refused.enabled, refused.reason) == (
        False,
        "no German surface warship is in Sea zone 13 (§2)",
    )
    assert options["air:italy"].reason == "no Italian aircraft is in Sea zone 13 (§2)"
    with pytest.raises(RuleRestriction, match=r"no German surface warship is in Sea zone 13"):
        answer(g, "warship:germany")
    answer(g, "empty")  # the cruiser may have been sunk: an empty zone stays open
    assert g.state.ships["strasbourg"].by == "united_kingdom"


def test_3_a_territory_is_captured_only_by_a_power_with_a_land_unit_there() -> None:
    document = raw()
    document["places"]["tunisia"]["units"].append("italy:infantry")
    g = occupied(game(document))
    asked = []
    while not g.prompt.key.endswith("occupation.tunisia"):  # type: ignore[union-attr]
        asked.append(g.prompt.key)  # type: ignore[union-attr]
        answer(g, g.prompt.default_answer())  # type: ignore[union-attr]
    # Only where an Axis land unit stands is the question open: Southern France (the
    # German infantry moved in), then Tunisia; Morocco, French infantry only, is not asked.
    assert [k.rsplit(".", 1)[1] for k in asked] == ["southern_france"]
    options = {o.value: o for o in g.prompt.options}  # type: ignore[union-attr]
    assert options["italy"].enabled and g.prompt.default == "italy"  # type: ignore[union-attr]
    assert (options["japan"].enabled, options["japan"].reason) == (
        False,
        "no Japanese land unit stands in Tunisia (§3)",
    )
    with pytest.raises(RuleRestriction, match=r"no German land unit stands in Tunisia \(§3\)"):
        answer(g, "germany")
    answer(g, "italy")
    while isinstance(g.prompt, Decision) and ".occupation." in g.prompt.key:
        answer(g, g.prompt.default_answer())
    assert g.state.territories["morocco"].status is Fate.FREE_FRENCH
    assert g.state.territories["tunisia"].controller == "germany"
