"""Each action of the turn menu says why it is closed now, in the house rule's words."""

from __future__ import annotations

import pytest

from armistice.core.aa50.words import Phase
from armistice.core.errors import RuleRestriction
from armistice.core.game import Game
from tests.aa50.board import LIBERATED, answer, game, until


def reason(g: Game, action: str) -> str:
    """Why ``action`` is closed at the pending turn menu ("" when it is open)."""
    option = next(o for o in g.prompt.options if o.value == action)  # type: ignore[union-attr]
    return "" if option.enabled else option.reason


def test_3_occupy_after_the_occupiers_move_says_the_occupation_is_already_declared() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    answer(g, "occupy")
    assert reason(g, "occupy") == (
        "Germany has declared the occupation of Vichy France this turn (§3)"
    )
    answer(g, "move", "france", "germany:infantry", "southern_france")
    assert reason(g, "occupy") == (
        "Germany has declared the occupation of Vichy France this turn (§3)"
    )


def test_2_invade_after_the_invaders_move_says_the_invasion_is_already_declared() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"morocco": 1}, "move", "sz12", "united_kingdom:battleship", "sz13")
    # Inside the refusal's parentheses the power's name does not start a sentence.
    assert reason(g, "invade") == "the United Kingdom has declared its invasion this turn (§2)"


def test_1_move_is_closed_for_a_power_with_no_unit_on_the_map() -> None:
    g = until(
        answer(game(LIBERATED, still_neutral="stay"), "liberate"), "france", Phase.COMBAT_MOVE
    )
    # France's ships are based at territories left neutral; its units all stand in them.
    assert reason(g, "move") == "France has no unit on the map to move (§1)"
    with pytest.raises(RuleRestriction, match="France has no unit on the map to move"):
        answer(g, "move")
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    assert reason(g, "move") == ""


def test_4_add_frances_turn_says_when_it_is_due_and_why_it_is_closed() -> None:
    g = game()
    option = next(o for o in g.prompt.options if o.value == "liberate")  # type: ignore[union-attr]
    # The label names the action only; the reason says why it is closed.
    assert option.label == "Add France's turn"
    # Germany's turn, Germany holding Paris: the reason is the rule's, not only the phase.
    assert reason(g, "liberate") == "only at the start of the United Kingdom's turn (§4)"
    g = until(game(), "united_kingdom", Phase.START)
    assert reason(g, "liberate") == "Paris is held by Germany, not by the Allies (§4)"
