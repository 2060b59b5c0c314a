"""5.6, treatment of Vichy territories, as actions for the rest of the game: Axis income,
no Axis building or passage, an Axis attack frees every Vichy area and fleet, an Allied
attack touches only its target, captures revert to Free French, fleets freed when the
Allies take every adjacent Vichy area, and Indo-China's political case."""

from __future__ import annotations

from typing import Any

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Rolls
from armistice.core.turns import END_PHASE
from armistice.core.waw.words import AreaSide, FleetFate
from tests.waw.maps import bundled, load

NAME = "vichy-territories-1940"


def game(raw: dict[str, Any] | None = None, **readings: str) -> Game:
    s = load(raw) if raw is not None else scenario.load(NAME)
    return Game(s, assumptions={f"waw.{k}": v for k, v in readings.items()})


def act(g: Game, *answers: str) -> Game:
    for value in answers:
        assert isinstance(g.prompt, Decision), g.prompt
        g.answer(value)
    return g


def vichy_left(g: Game) -> tuple[list[str], list[str]]:
    st = g.state
    return (
        [k for k, a in st.areas.items() if a.side is AreaSide.VICHY],
        [k for k, f in st.fleets.items() if f.fate is FleetFate.VICHY],
    )


def test_5_6_the_axis_collects_the_income_of_vichy_areas_under_its_markers() -> None:
    g = act(game(), END_PHASE, "collect")
    # Algeria 2, French West Africa 1, Madagascar 1, Syria 1, Indo-China 2 (German); Fiji 1 (Japanese).
    assert g.state.bank["germany"] == 3 + 7
    assert g.state.bank["japan"] == 1
    assert g.prompt.clock.phase == "income"


def ask(g: Game, power: str, area: str, what: str) -> str:
    act(g, "ask", power, area, what)
    return g.state.answered[-1]


def test_5_6_the_axis_may_not_build_in_or_move_through_a_vichy_area() -> None:
    g = game()
    assert ask(g, "germany", "algeria", "move").startswith("Germany: may not move through Algeria")
    assert ask(g, "italy", "syria", "build").startswith("Italy: may not be built in Syria")
    assert ask(g, "germany", "morocco", "move").startswith("Germany: may move through Morocco")
    assert ask(g, "britain", "algeria", "move").startswith("Britain: may move through Algeria")
    assert (
        ask(g, "vichy", "algeria", "move")
        == "Vichy: may not move through Algeria: Vichy forces never move and no one builds them"
    )
    sea = ask(g, "germany", "western_mediterranean", "move")
    assert sea.endswith("Vichy ships are neutral and never block a sea area")


def test_5_6_an_axis_attack_turns_every_vichy_area_and_fleet_free_french() -> None:
    g = act(game(), "attack", "italy", "area:syria")
    assert vichy_left(g) == ([], [])
    assert g.state.ipc["germany"] == 47 - 7
    assert g.state.ipc["france"] == 6 + 8
    act(g, "taken")
    syria = g.state.areas["syria"]
    assert (syria.side, syria.holder) == (AreaSide.AXIS, "italy")
    assert (g.state.ipc["italy"], g.state.ipc["france"]) == (11, 13)


def test_5_6_an_allied_attack_touches_only_its_target() -> None:
    failed = act(game(), "attack", "britain", "area:syria", "failed")
    assert failed.state.areas["syria"].side is AreaSide.VICHY
    assert len(vichy_left(failed)[0]) == 6
    taken = act(game(), "attack", "britain", "area:syria", "taken")
    syria = taken.state.areas["syria"]
    assert (syria.side, syria.holder, syria.captured_by) == (
        AreaSide.FREE_FRENCH,
        "france",
        "britain",
    )
    assert vichy_left(taken) == (
        ["algeria", "french_west_africa", "madagascar", "french_indo_china", "fiji_islands"],
        ["mediterranean"],
    )
    assert taken.state.ipc["germany"] == 46


def test_5_6_an_allied_attack_on_a_vichy_fleet_sinks_it_or_leaves_it_vichy() -> None:
    g = act(game(), "attack", "britain", "fleet:mediterranean", "taken")
    assert g.state.fleets["mediterranean"].fate is FleetFate.SUNK
    assert len(vichy_left(g)[0]) == 6


def test_5_6_another_allied_captor_follows_the_reading() -> None:
    raw = bundled(NAME)
    raw["powers"]["canada"] = {"label": "Canada", "alignment": "allied"}
    default = act(game(raw), "attack", "canada", "area:syria", "taken")
    assert default.state.areas["syria"].side is AreaSide.FREE_FRENCH
    keeps = act(game(raw, other_captor="captor"), "attack", "canada", "area:syria", "taken")
    syria = keeps.state.areas["syria"]
    assert (syria.side, syria.holder) == (AreaSide.ALLIED, "canada")
    assert any(e.assumption == "waw.other_captor=captor" for e in keeps.log)


def test_5_6_a_vichy_fleet_turns_free_french_once_the_allies_take_every_adjacent_vichy_area() -> (
    None
):
    g = act(game(), "attack", "britain", "area:algeria", "taken")
    assert g.state.fleets["mediterranean"].fate is FleetFate.FREE_FRENCH


def test_5_6_a_free_french_capture_frees_the_fleet_by_default_and_not_by_the_other_reading() -> (
    None
):
    g = act(game(), "attack", "france", "area:algeria", "taken")
    assert g.state.areas["algeria"].side is AreaSide.FREE_FRENCH
    assert g.state.fleets["mediterranean"].fate is FleetFate.FREE_FRENCH
    freed = g.log[-1]
    assert freed.text == (
        "Mediterranean fleet: every Vichy area next to it is in Allied hands; Free French"
    )
    assert (freed.assumption, freed.announce) == ("waw.free_french_captures=count", True)
    strict = act(game(free_french_captures="not"), "attack", "france", "area:algeria", "taken")
    assert strict.state.fleets["mediterranean"].fate is FleetFate.VICHY


def test_5_6_the_axis_collects_the_vichy_income_once_a_turn() -> None:
    g = act(game(), END_PHASE, "collect")
    options = {o.value: o for o in g.prompt.options}
    assert not options["collect"].enabled
    assert options["collect"].reason == (
        "the Axis has collected this turn's income from Vichy areas (5.6)"
    )
    assert g.log[-1].text == (
        "Axis income from Vichy areas in turn 4: Germany 7 of its 47 IPCs of income, "
        "Japan 1 of its 31 IPCs of income"
    )
    act(g, END_PHASE)
    assert g.prompt.clock.turn == 5
    act(g, END_PHASE, "collect")
    assert g.state.bank["germany"] == 3 + 7 + 7


def test_5_6_politics_is_closed_once_no_vichy_area_can_be_gained() -> None:
    g = act(game(indo_china()), "politics", "french_indo_china")
    options = {o.value: o for o in g.prompt.options}
    assert not options["politics"].enabled
    assert options["politics"].reason == (
        "no Vichy area can be gained by political influence now (5.5)"
    )


def test_5_6_a_fleet_with_no_adjacent_vichy_area_follows_the_reading() -> None:
    raw = bundled(NAME)
    raw["fleets_after"]["mediterranean"]["at"] = "central_mediterranean"
    assert game(raw).state.fleets["mediterranean"].fate is FleetFate.VICHY
    freed = game(raw, lonely_fleet="free_french")
    assert freed.state.fleets["mediterranean"].fate is FleetFate.FREE_FRENCH


def indo_china() -> dict[str, Any]:
    raw = bundled(NAME)
    raw["fleets_after"]["mediterranean"].update(at="south_china_sea", sent_to="french_indo_china")
    return raw


def test_5_5_japan_gains_indo_china_by_politics_and_the_fleet_there_stays_vichy() -> None:
    g = act(game(indo_china()), "politics", "french_indo_china")
    fic = g.state.areas["french_indo_china"]
    assert (fic.side, fic.holder) == (AreaSide.AXIS, "japan")
    assert g.state.fleets["mediterranean"].fate is FleetFate.VICHY
    assert g.state.ipc["japan"] == 31 + 2


def test_5_5_the_allies_taking_indo_china_back_free_the_fleet_and_the_area_goes_free_french() -> (
    None
):
    g = act(game(indo_china()), "politics", "french_indo_china")
    act(g, "retake", "united_states", "area:french_indo_china", "taken")
    fic = g.state.areas["french_indo_china"]
    assert (fic.side, fic.holder, fic.captured_by) == (
        AreaSide.FREE_FRENCH,
        "france",
        "united_states",
    )
    fleet = g.state.fleets["mediterranean"]
    assert (fleet.fate, fleet.owner) == (FleetFate.FREE_FRENCH, "france")


def test_5_5_the_indo_china_clause_needs_the_political_gain_first() -> None:
    """A fleet sent to Indo-China that Japan never gained by politics is freed by 5.6's
    rule alone: while another adjacent Vichy area stands, it stays Vichy."""
    raw = indo_china()
    raw["areas"]["south_china_sea"]["adjacent"].append("fiji_islands")
    raw["areas"]["fiji_islands"]["adjacent"].append("south_china_sea")
    g = act(game(raw), "attack", "britain", "area:french_indo_china", "taken")
    assert g.state.areas["fiji_islands"].side is AreaSide.VICHY
    assert g.state.fleets["mediterranean"].fate is FleetFate.VICHY
    act(g, "attack", "britain", "area:fiji_islands", "taken")
    assert g.state.fleets["mediterranean"].fate is FleetFate.FREE_FRENCH


def test_5_5_japan_attacking_indo_china_sends_the_fleet_there_to_britain() -> None:
    g = act(game(indo_china()), "attack", "japan", "area:french_indo_china")
    fleet = g.state.fleets["mediterranean"]
    assert (fleet.fate, fleet.owner) == (FleetFate.FREE_FRENCH, "britain")
    assert vichy_left(g) == ([], [])


def test_a_finished_fall_of_france_leads_on_into_5_6() -> None:
    g = Game(scenario.load("fall-of-france-1940"), seed=24)
    while (prompt := g.prompt) is not None:
        if isinstance(prompt, Roll | Rolls):
            g.roll()
        else:
            g.answer(prompt.default_answer())
    before = g.state
    g.next("waw.vichy")
    assert g.system.key == "waw.vichy"
    assert g.state.ipc == before.ipc and g.state.bank == before.bank
    assert {k: a.side for k, a in g.state.areas.items()} == {
        k: a.side for k, a in before.areas.items()
    }
    assert g.state.fleets["mediterranean"].at == before.fleets["mediterranean"].at
    assert g.prompt.clock.turn == 3


def test_5_6_actions_are_refused_outside_their_phase() -> None:
    g = game()
    options = {o.value: o for o in g.prompt.options}
    assert not options["collect"].enabled
    assert options["collect"].reason == "only in the collect income phase (5.6)"


def test_5_6_a_capture_elsewhere_leaves_a_fleet_with_no_adjacent_vichy_area_vichy() -> None:
    raw = bundled(NAME)
    raw["fleets_after"]["mediterranean"]["at"] = "central_mediterranean"
    g = act(game(raw), "attack", "britain", "area:syria", "taken")
    assert g.state.fleets["mediterranean"].fate is FleetFate.VICHY


def test_5_5_the_political_gain_is_asked_of_the_power_that_may_make_it() -> None:
    g = act(game(indo_china()), "politics")
    assert g.prompt is not None and (g.prompt.key, g.prompt.power) == ("1.politics.area", "japan")
