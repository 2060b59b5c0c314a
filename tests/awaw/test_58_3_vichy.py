from __future__ import annotations

from collections.abc import Callable

from armistice.core.awaw.rule58.tables import Forces
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll
from armistice.core.scenario import load
from tests import support
from tests.support import neutral

US_AT_WAR = neutral({"surrender": {"us_at_war_with_germany": True}})


def test_58_31_axis_decides_whether_to_establish_vichy(new_game: Callable[..., Game]) -> None:
    prompt = new_game(neutral()).prompt
    assert isinstance(prompt, Decision)
    assert prompt.key == "establish_vichy"
    assert prompt.power == "germany"
    assert new_game(neutral()).player(prompt).key == "axis"
    assert prompt.rule == "58.31"
    assert [o.value for o in prompt.options] == ["yes", "no"]
    assert all(o.enabled for o in prompt.options)
    assert prompt.default == "yes"


def test_58_31_the_decision_comes_after_the_level() -> None:
    g = support.game(neutral())
    assert g.state.surrender_level is not None
    assert g.state.vichy_established is None
    assert g.state.colonies == {}


def test_58_31a_yes_establishes_vichy() -> None:
    g = support.game(neutral())
    g.answer("yes")
    assert g.state.vichy_established is True
    assert any(e.rule == "58.31A" for e in g.log)


def test_58_31b_no_leaves_vichy_unestablished() -> None:
    g = support.game(neutral())
    g.answer("no")
    assert g.state.vichy_established is False
    assert any(e.rule == "58.31B" for e in g.log)
    assert not any(e.rule == "58.31A" for e in g.log)


def test_58_31_no_decision_when_the_us_is_at_war_with_germany() -> None:
    g = support.game(US_AT_WAR)
    assert not isinstance(g.prompt, Decision)
    assert isinstance(g.prompt, Roll)
    assert g.state.vichy_established is False
    assert any(e.rule == "58.31" and "war" in e.text for e in g.log)
    asked = support.play(g)
    assert "establish_vichy" not in asked
    assert g.state.vichy_established is False
    assert g.state.force_levels["vichy"] == Forces()


def test_58_31_bundled_us_at_war_scenario_has_no_vichy() -> None:
    g = Game(load("us-at-war-spring-1942"), seed=1)
    assert g.state.vichy_established is False
    assert g.prompt is not None
    assert g.prompt.key != "establish_vichy"


def test_58_31a_vichy_is_worth_20_plus_its_colonies() -> None:
    state = support.resolved(neutral(), vichy="yes", dice={"lebanon_syria": 6, "north_africa": 6})
    assert all(status == "vichy" for status in state.colonies.values())
    assert state.brp.vichy_value == 20 + 4 * 5
    assert state.brp.axis_instead_of_vichy == 0


def test_58_31b_axis_take_vichys_20_but_not_the_colonies() -> None:
    state = support.resolved(neutral(), vichy="no", dice={"lebanon_syria": 6, "north_africa": 6})
    assert state.brp.vichy_value is None
    assert state.brp.axis_instead_of_vichy == 20


def test_58_31b_axis_take_every_hex_of_france_and_corsica() -> None:
    state = support.resolved(neutral(), vichy="no")
    assert state.hexes == {"northern_france": "axis", "southern_france": "axis", "corsica": "axis"}
