"""58.623: the British keep any of the French units standing in Free French and
British-held places as Free French (all, some or none), up to the table level; what they
do not keep is removed."""

from __future__ import annotations

import pytest

from armistice.core.errors import RuleRestriction
from armistice.core.game import Game
from armistice.core.prompts import Roll, Selection
from tests import support
from tests.support import at_level, unit

INFANTRY = "free_french.units.infantry_factors"


def answered_to_units(g: Game) -> Selection | None:
    """Answer "no Vichy" and every die until 58.623 asks or the game moves past it."""
    while (prompt := g.prompt) is not None:
        if isinstance(prompt, Selection):
            return prompt if prompt.key.startswith("free_french.units") else None
        g.answer(6 if isinstance(prompt, Roll) else "no")
    return None


def fates(g: Game) -> dict[str, tuple[str, str]]:
    return {f.unit: (f.fate.value, f.rule) for f in g.state.units}


ON_BOARD = [
    unit("Levant army", "french", "infantry", "british", 6),
    unit("Brigade", "french", "infantry", "british", 6),
    unit("Paris army", "french", "infantry", "northern_france", 6),
]


def test_58_623_the_british_choose_when_more_stand_there_than_the_level_takes() -> None:
    # FSL -1 without Vichy: the Free French level is 9 infantry factors (58.621).
    g = support.game(at_level(-1, {"units": ON_BOARD}))
    prompt = answered_to_units(g)
    assert prompt is not None and prompt.key == INFANTRY
    assert prompt.rule == "58.623"
    assert g.player(prompt).key == "allies" and prompt.power == "britain"
    assert prompt.required == 9 and prompt.unit == "factors"
    assert [(i.id, i.available) for i in prompt.items] == [("unit0", 6), ("unit1", 6)]
    g.answer({"unit0": 3, "unit1": 6})
    assert fates(g)["Levant army"] == ("part_free_french", "58.623")
    assert fates(g)["Brigade"] == ("free_french", "58.623")
    assert fates(g)["Paris army"] == ("removed", "58.61")
    assert g.state.forces["free_french"].infantry_factors == 9


def test_58_623_the_british_may_keep_some_or_none_but_not_more_than_the_level() -> None:
    g = support.game(at_level(-1, {"units": ON_BOARD}))
    prompt = answered_to_units(g)
    assert prompt is not None and prompt.least == 0
    before = (g.answers, g.state)
    with pytest.raises(RuleRestriction, match=r"0 to 9 factors \(58\.623\), not 12"):
        g.answer({"unit0": 6, "unit1": 6})
    assert (g.answers, g.state) == before
    g.answer({})
    assert fates(g)["Levant army"] == ("removed", "58.623")
    assert fates(g)["Brigade"] == ("removed", "58.623")
    assert any("9 more join the British force pool unbuilt" in e.text for e in g.log)


def test_58_623_units_that_fit_the_level_are_still_a_choice_kept_whole_by_default() -> None:
    # FSL -3 without Vichy: 9 infantry factors; 6 stand on the board.
    g = support.game(at_level(-3, {"units": ON_BOARD[:1]}))
    prompt = answered_to_units(g)
    assert prompt is not None and prompt.required == 6
    assert prompt.default_answer() == {"unit0": 6}
    g.answer(prompt.default_answer())
    assert fates(g)["Levant army"] == ("free_french", "58.623")
    assert any(e.rule == "58.623" and "keep 6 of 6" in e.text for e in g.log)
    assert any("3 more join the British force pool unbuilt" in e.text for e in g.log)


def test_58_623_one_factor_short_joins_the_force_pool() -> None:
    # FSL -3 without Vichy: 9 infantry factors; 8 stand on the board.
    g = support.game(
        at_level(-3, {"units": [*ON_BOARD[:1], unit("Band", "french", "infantry", "british", 2)]})
    )
    prompt = answered_to_units(g)
    assert prompt is not None
    g.answer(prompt.default_answer())
    assert any("1 more join the British force pool unbuilt" in e.text for e in g.log)


def test_58_623_armor_is_counted_in_units_and_air_in_factors() -> None:
    # FSL -3 without Vichy: 1 3-5 armor unit and 2 army air factors (58.621).
    units = [
        {**unit("Armor", "french", "armor", "british", 6), "units": 2},
        unit("Air", "french", "air", "british", 3),
    ]
    g = support.game(at_level(-3, {"units": units}))
    support.play(g, vichy="no")
    assert fates(g) == {
        "Armor": ("part_free_french", "58.623"),
        "Air": ("part_free_french", "58.623"),
    }
    notes = {f.unit: f.note for f in g.state.units}
    assert notes["Armor"] == "1 of 2 units kept as Free French"
    assert notes["Air"] == "2 of 3 factors kept as Free French"


def test_58_623_a_level_of_none_removes_them_all_without_asking() -> None:
    # FSL +3 with Vichy: no Free French forces at all (58.621).
    g = support.game(at_level(3, {"units": ON_BOARD[:2]}))
    support.play(g, vichy="yes", dice={"lebanon_syria": 1, "north_africa": 1})
    assert not [a for a in g.answers if a.key.startswith("free_french.units")]
    assert fates(g)["Levant army"] == ("removed", "58.623")


def test_58_623_when_the_british_keep_the_whole_level_none_joins_the_force_pool() -> None:
    g = support.game(at_level(-1, {"units": ON_BOARD}))
    prompt = answered_to_units(g)
    assert prompt is not None
    g.answer({"unit0": 6, "unit1": 3})
    kept = [e.text for e in g.log if e.rule == "58.623" and e.text.startswith("The British keep")]
    assert kept == [
        "The British keep 9 of 12 infantry factors of French units on the board (table level 9)"
    ]
