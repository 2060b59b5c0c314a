"""The bundled Anniversary setup, its refusals (file, field, reason; exit 2 on the command
line), the registration of ``aa50`` and the shape of ``--json``."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from armistice.core import scenario, systems
from armistice.core.aa50.words import Fate, Kind
from armistice.core.errors import ScenarioError
from armistice.tui.cli import run
from tests.aa50.board import SETUP, game, raw


def test_aa50_is_a_registered_rule_system_with_phases_and_actions() -> None:
    system = systems.get("aa50")
    assert system.game == "aa50"
    assert [a.key for a in system.actions] == ["liberate", "invade", "occupy", "move", "battle"]
    assert system.phases is not None and len(list(system.phases)) == 5


def test_the_setup_takes_the_official_values_where_the_map_has_the_territory() -> None:
    s = scenario.load(SETUP)
    places = s.places
    assert (places["france"].ipc, places["france"].control) == (6, "germany")
    assert {"sz7", "sz13"} <= set(places["france"].adjacent)
    assert places["french_indo_china"].ipc == 2
    assert {"sz36", "sz37"} <= set(places["french_indo_china"].adjacent)
    for key in ("french_west_africa", "french_equatorial_africa", "madagascar"):
        assert places[key].ipc == 1
    assert s.paris == "france"
    assert places["martinique"].unlisted
    assert s.ships["bearn"].port == "martinique"


def test_the_setup_says_it_is_an_approximation_and_what_is_assumed() -> None:
    text = scenario.locate(SETUP).read_text(encoding="utf-8")
    assert "APPROXIMATION" in text and "ASSUMED" in text


def test_the_initial_state_france_held_by_germany_is_captured_the_rest_french() -> None:
    t = game().state
    assert (t.territories["france"].status, t.territories["france"].controller) == (
        Fate.CAPTURED,
        "germany",
    )
    assert t.territories["southern_france"].status is Fate.FRENCH
    assert t.territories["germany"].status is Fate.OTHER
    assert {sh.fate for sh in t.ships.values()} == {Fate.FRENCH}
    assert (t.round, t.power, t.phase.value, t.france_active) == (1, "germany", "start", False)


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        (
            lambda d: d["ships"]["richelieu"].update(at="sz13"),
            "ships.richelieu.at",
            "not adjacent to french_west_africa",
        ),
        (
            lambda d: d["ships"]["richelieu"].update(port="germany"),
            "ships.richelieu.port",
            "not an initially French",
        ),
        (
            lambda d: d["ships"]["richelieu"].update(kind="infantry"),
            "ships.richelieu.kind",
            "not a kind of sea unit",
        ),
        (lambda d: d["powers"]["france"].update(alignment="axis"), "powers.france", "neutral"),
        (
            lambda d: d["turn_order"].append("france"),
            "turn_order[6]",
            "no turn before it is liberated",
        ),
        (lambda d: d["turn_order"].remove("italy"), "turn_order", "italy has no turn"),
        (
            lambda d: d["places"]["sz7"]["adjacent"].remove("france"),
            "places.france.adjacent",
            "both ways",
        ),
        (
            lambda d: d["places"]["algeria"].update(units=["france:tank"]),
            "places.algeria.units[0]",
            "unknown kind 'tank'",
        ),
        (lambda d: d["places"]["algeria"].update(paris=True), "places", "exactly one"),
        (lambda d: d["places"]["sz7"].update(ipc=2), "places.sz7.ipc", "a sea zone has none"),
        (
            lambda d: d["places"]["france"].update(original=False),
            "places.france.original",
            "Paris is initially French",
        ),
        (
            lambda d: d["places"]["sz13"]["units"].append("france:cruiser"),
            "places.sz13.units[2]",
            "French ships are listed under ships",
        ),
        (
            lambda d: d["places"]["germany"]["units"].append("france:infantry"),
            "places.germany.units[4]",
            "a neutral French unit stands only in a territory France holds",
        ),
        (
            lambda d: d["places"]["madagascar"].update(
                control="united_kingdom", free_french=True, original=False, units=[]
            ),
            "places.madagascar.original",
            "a Free French territory is initially French",
        ),
    ],
)
def test_a_setup_that_contradicts_itself_is_refused_naming_the_field(
    change: object, field: str, reason: str
) -> None:
    document = raw()
    change(document)  # type: ignore[operator]
    with pytest.raises(ScenarioError) as caught:
        scenario.from_mapping(document, "bad.toml")
    assert caught.value.where == f"bad.toml: {field}" or field in str(caught.value)
    assert reason in str(caught.value)
    assert str(caught.value).startswith("bad.toml")


def test_the_command_line_refuses_a_ship_off_its_port_in_one_line_with_exit_2(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    text = scenario.locate(SETUP).read_text(encoding="utf-8")
    bad = text.replace(
        'port = "french_west_africa"\nat = "sz22"', 'port = "french_west_africa"\nat = "sz36"'
    )
    path = Path(str(tmp_path)) / "bad.toml"
    path.write_text(bad, encoding="utf-8")
    assert run(["resolve", str(path), "--auto"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "bad.toml" in err and "ships.richelieu.at" in err and "not adjacent" in err


def test_resolve_json_gives_the_state_and_the_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["resolve", SETUP, "--auto", "--json", "--seed", "1"]) == 0
    document = json.loads(capsys.readouterr().out)
    state = document["state"]
    assert state["territories"]["france"]["controller"] == "germany"
    assert state["territories"]["france"]["status"] == "captured"
    assert state["territories"]["algeria"]["status"] == "french"
    assert state["ships"]["bearn"] == {
        "fate": "french",
        "at": "sz19",
        "by": "",
        "die": None,
        "allied": False,
        "free_french": False,
        "rule": "",
    }
    assert state["france_active"] is False
    assert state["turn_order"] == [
        "germany",
        "soviet_union",
        "japan",
        "united_kingdom",
        "italy",
        "united_states",
    ]
    assert (state["round"], state["power"], state["phase"]) == (1, "germany", "start")
    marginal = document["odds"]["marginals"]["ship:bearn"]
    assert sum(Fraction(p) for p in marginal.values()) == 1


def test_the_setup_map_has_the_french_territories_and_the_zones_of_their_ships() -> None:
    s = scenario.load(SETUP)
    held = {k for k in s.land if s.places[k].control == "france"}
    # Every initially French territory but France itself (Paris, German in 1941) is still
    # France's: twelve of them, each ship based at one.
    assert held == set(s.french) - {s.paris}
    assert len(held) == 12
    assert {sh.port for sh in s.ships.values()} <= held
    zones = {k for k, p in s.places.items() if p.kind is Kind.SEA}
    assert {sh.at for sh in s.ships.values()} <= zones
    assert zones >= {"sz7", "sz13", "sz36", "sz37"}


def test_the_command_line_refuses_an_action_outside_its_phase_with_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["resolve", SETUP, "--decide", "action.1=invade"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("'invade' is not allowed: only in the combat move phase (§2)")
    assert len(err.splitlines()) == 1


def test_a_free_french_territory_without_original_counts_as_initially_french() -> None:
    document = raw("paris-liberated-1943")
    document["places"]["madagascar"].update(
        control="united_kingdom", free_french=True, units=["united_kingdom:infantry"]
    )
    g = game(document)
    assert "madagascar" in g.scenario.french
    g.answer("liberate")
    area = g.state.territories["madagascar"]
    assert (area.status, area.controller, area.marker) == (Fate.LIBERATED, "france", True)


def test_the_1943_setup_is_a_position_the_rules_reach_through_invasions() -> None:
    g = game("paris-liberated-1943")
    t = g.state
    captured = {k for k, a in t.territories.items() if a.status is Fate.CAPTURED}
    assert captured == {
        "france",
        "southern_france",
        "morocco",
        "algeria",
        "tunisia",
        "french_west_africa",
    }
    # A captured territory's ships met their fate: none based at one is still French.
    french = {g.scenario.ships[k].port for k, sh in t.ships.items() if sh.fate is Fate.FRENCH}
    assert french == {"french_indo_china", "martinique"}
    # No occupation was declared: no territory is Free French.
    assert all(a.status is not Fate.FREE_FRENCH for a in t.territories.values())
    # Ships captured earlier are their captors' units where they lie.
    assert t.zones["sz13"] == ("italy:submarine", "germany:battleship")  # the Dunkerque
    assert t.zones["sz12"] == ("united_kingdom:battleship", "united_states:battleship")
    assert t.zones["sz22"] == ("united_kingdom:battleship",)  # the Richelieu
