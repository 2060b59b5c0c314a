"""5.6 and the units in French areas: an area that changes side takes every unit in it
along at once, whatever its kind and number; another side's units there follow a named
reading; Vichy forces never move, and the engine refuses a move that breaks 5.6."""

from __future__ import annotations

from typing import Any

from armistice.core.prompts import Decision
from armistice.core.waw.words import AreaSide
from tests.waw.maps import bundled, play
from tests.waw.test_5_6_vichy import NAME, act, game, indo_china

VICHY_ALGERIA = ("vichy:infantry", "vichy:infantry", "vichy:fighter")
FREED_ALGERIA = ("france:infantry", "france:infantry", "france:fighter")


def guests() -> dict[str, Any]:
    """The 5.6 map with a British and an Italian unit beside Algeria's Vichy troops."""
    raw = bundled(NAME)
    raw["french_after"]["algeria"]["units"] = [*VICHY_ALGERIA, "britain:infantry", "italy:armor"]
    return raw


def test_5_6_an_axis_attack_turns_every_vichy_unit_free_french_whatever_its_kind() -> None:
    g = act(game(), "attack", "italy", "area:syria")
    areas = g.state.areas
    assert areas["algeria"].units == FREED_ALGERIA
    assert areas["french_west_africa"].units == ("france:infantry",)
    assert areas["french_indo_china"].units == ("france:infantry",)
    assert not any(u.startswith("vichy:") for a in areas.values() for u in a.units)


def test_5_6_an_axis_attack_removes_another_axis_powers_units_or_keeps_them_by_the_reading() -> (
    None
):
    g = act(game(guests()), "attack", "germany", "area:syria")
    assert g.state.areas["algeria"].units == (*FREED_ALGERIA, "britain:infantry")
    assert g.state.interned == ("algeria: italy armor",)
    assert any(e.text == "Algeria: Italy armor removed from play" for e in g.log)
    kept = act(game(guests(), units_on_change="stay"), "attack", "germany", "area:syria")
    assert kept.state.areas["algeria"].units[-1] == "italy:armor"
    assert kept.state.interned == ()


def test_5_6_an_allied_capture_turns_the_vichy_troops_free_french_with_the_area() -> None:
    g = act(game(guests()), "attack", "britain", "area:algeria", "taken")
    algeria = g.state.areas["algeria"]
    assert algeria.side is AreaSide.FREE_FRENCH
    assert algeria.units == (*FREED_ALGERIA, "britain:infantry")
    assert g.state.interned == ("algeria: italy armor",)


def test_5_6_an_allied_capture_removes_the_vichy_troops_by_the_other_reading() -> None:
    g = act(game(captured_vichy_units="removed"), "attack", "britain", "area:algeria", "taken")
    assert g.state.areas["algeria"].units == ()
    assert g.state.interned == (
        "algeria: vichy infantry",
        "algeria: vichy infantry",
        "algeria: vichy fighter",
    )


def test_5_6_a_failed_allied_attack_leaves_the_vichy_troops_vichy() -> None:
    g = act(game(), "attack", "britain", "area:algeria", "failed")
    assert g.state.areas["algeria"].units == VICHY_ALGERIA


def test_5_6_an_axis_capture_removes_the_french_units_in_the_area() -> None:
    g = act(game(), "attack", "germany", "area:algeria", "taken")
    algeria = g.state.areas["algeria"]
    assert (algeria.side, algeria.holder, algeria.units) == (AreaSide.AXIS, "germany", ())
    assert len(g.state.interned) == 3


def test_5_5_vichy_troops_stay_vichy_when_japan_gains_their_area_by_politics() -> None:
    g = act(game(indo_china()), "politics", "french_indo_china")
    assert g.state.areas["french_indo_china"].units == ("vichy:infantry",)
    assert g.log[-1].assumption == "waw.politics_troops=stay_vichy"
    act(g, "retake", "united_states", "area:french_indo_china", "taken")
    assert g.state.areas["french_indo_china"].units == ("france:infantry",)


def test_5_5_vichy_troops_join_japan_by_the_other_reading() -> None:
    g = act(game(indo_china(), politics_troops="join"), "politics", "french_indo_china")
    assert g.state.areas["french_indo_china"].units == ("japan:infantry",)


def test_5_6_an_axis_attack_frees_the_vichy_troops_left_in_a_japanese_area_too() -> None:
    """They turn Free French with the fleet sent there; standing in Japanese territory,
    they are removed from play: no Vichy unit is left anywhere."""
    g = act(game(indo_china()), "politics", "french_indo_china")
    act(g, "attack", "germany", "area:syria")
    assert g.state.areas["french_indo_china"].units == ()
    assert "french_indo_china: france infantry" in g.state.interned
    assert not any(u.startswith("vichy:") for a in g.state.areas.values() for u in a.units)
    assert g.state.fleets["mediterranean"].fate.value == "free_french"


def test_5_6_a_french_area_the_axis_held_goes_free_french_or_to_its_captor_by_the_reading() -> None:
    raw = bundled(NAME)
    raw["french_after"]["morocco"].update(side="axis", holder="italy", units=[])
    g = act(game(raw), "retake", "britain", "area:morocco", "taken")
    morocco = g.state.areas["morocco"]
    assert (morocco.side, morocco.holder) == (AreaSide.FREE_FRENCH, "france")
    assert any(e.assumption == "waw.retaken_area=free_french" for e in g.log)
    kept = act(game(raw, retaken_area="captor"), "retake", "britain", "area:morocco", "taken")
    morocco = kept.state.areas["morocco"]
    assert (morocco.side, morocco.holder) == (AreaSide.ALLIED, "britain")
    assert kept.state.ipc["britain"] == g.state.ipc["britain"] + 1


def move(g: Any, start: str, unit: str, to: str) -> str:
    act(g, "move", start, unit, to)
    return g.state.answered[-1]


def test_5_6_a_vichy_unit_never_moves_the_engine_refuses_it() -> None:
    g = game()
    act(g, "move", "algeria", "vichy:infantry")
    said = g.state.answered[-1]
    assert said == "refused: Vichy infantry in Algeria: Vichy forces may not move"
    assert g.state.areas["algeria"].units == VICHY_ALGERIA
    assert g.log[-1].rule == "5.6" and g.log[-1].announce


def test_5_6_no_unit_moves_into_a_vichy_area_the_allies_enter_one_only_by_attacking() -> None:
    raw = bundled(NAME)
    raw["french_after"]["morocco"].update(side="axis", holder="italy", units=["italy:armor"])
    g = game(raw)
    said = move(g, "morocco", "italy:armor", "algeria")
    assert said.endswith("the Axis may never move through or over a Vichy area")
    assert g.state.areas["morocco"].units == ("italy:armor",)
    assert move(g, "morocco", "italy:armor", "eastern_atlantic").startswith("moved: ")
    assert g.state.areas["morocco"].units == ()
    free = game()
    said = move(free, "morocco", "france:infantry", "algeria")
    assert said == (
        "refused: France infantry from Morocco to Algeria: entering a Vichy area is an "
        "attack: its Vichy troops defend (attack it)"
    )
    assert free.state.areas["algeria"].units == VICHY_ALGERIA


def test_5_6_the_move_offers_only_areas_with_units_and_the_adjacent_areas() -> None:
    g = act(game(), "move")
    assert isinstance(g.prompt, Decision)
    assert [o.value for o in g.prompt.options] == [
        "morocco",
        "algeria",
        "french_west_africa",
        "syria",
        "french_indo_china",
    ]
    act(g, "algeria")
    assert [o.value for o in g.prompt.options] == ["vichy:infantry", "vichy:fighter"]
    g = act(game(), "move", "morocco", "france:infantry")
    assert [o.value for o in g.prompt.options] == [
        "algeria",
        "french_west_africa",
        "eastern_atlantic",
        "western_mediterranean",
    ]


def test_the_units_5_5_left_in_each_french_area_go_on_into_5_6() -> None:
    g = play(bundled(), {"fleet.atlantic": 3, "fleet.mediterranean": 3, "area.algeria": 1})
    g.next("waw.vichy")
    areas = g.state.areas
    assert areas["algeria"].units == VICHY_ALGERIA
    assert areas["morocco"].units == ("france:infantry",)
    assert areas["madagascar"].units == ()
