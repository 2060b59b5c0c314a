"""§4, France as an Allied power once liberated: its income, the territories it gets
back when Paris is retaken, the units and ships that come under its control, and what
the log says of it."""

from __future__ import annotations

from armistice.core.aa50 import rules
from armistice.core.aa50.words import Phase
from armistice.core.game import Game
from tests.aa50.board import LIBERATED, answer, game, raw, until


def test_4_frances_income_counts_only_the_territories_it_holds_as_an_allied_power() -> None:
    g = answer(game(LIBERATED, still_neutral="stay"), "liberate")
    # France 6, Morocco 1, Algeria 1, French West Africa 1; the seven territories left
    # neutral (French Equatorial Africa, Madagascar, Indo-China ...) count for nobody.
    assert rules.france_income(g.scenario, g.state) == 9
    line = next(e.text for e in g.log if "count in France's income" in e.text)
    assert line == "France's territories (9 IPCs) count in France's income"
    # Japan takes French Indo-China (2 IPCs, neutral): France's income does not change.
    until(g, "france", Phase.COMBAT_MOVE)
    assert rules.france_income(g.scenario, g.state) == 9


def test_4_a_liberation_from_the_1941_setup_counts_paris_and_southern_france_only() -> None:
    g = game(still_neutral="stay")
    until(g, "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"southern_france": 1}, "end_phase", "battle", "france", "taken")
    answer(g, "battle", "southern_france", "taken", "no", "no", "empty")
    until(g, "united_kingdom", Phase.START)
    answer(g, "liberate")
    # France 6 and Southern France 2; Morocco, Algeria and the colonies stay neutral.
    assert rules.france_income(g.scenario, g.state) == 8


def test_4_paris_retaken_gives_france_back_the_territories_its_allies_took_meanwhile() -> None:
    g = until(answer(game(LIBERATED), "liberate"), "italy", Phase.COMBAT)
    answer(g, "battle", "france", "taken")
    g = until(g, "united_kingdom", Phase.COMBAT)
    answer(g, "battle", "southern_france", "taken")
    area = g.state.territories["southern_france"]
    assert (area.controller, area.marker) == ("united_kingdom", False)
    # Paris retaken: France holds it again and takes Southern France back from the United
    # Kingdom, its British units staying; Tunisia, German, stays German.
    answer(g, "battle", "france", "taken")
    t = g.state
    area = t.territories["southern_france"]
    assert (area.status.value, area.controller, area.marker) == ("liberated", "france", True)
    assert t.territories["tunisia"].controller == "germany"
    assert t.territories["france"].controller == "france"
    line = next(e for e in g.log if e.text.startswith("Paris is France's again"))
    assert line.text == (
        "Paris is France's again: France takes back Southern France from its allies: like any "
        "power whose capital is liberated, it regains its original territories its allies hold"
    )
    # France 6, Southern France 2, Morocco, Algeria, French West Africa and the seven
    # territories that joined at liberation (8 IPCs).
    assert rules.france_income(g.scenario, t) == 6 + 2 + 1 + 1 + 1 + 8


def cited(g: Game) -> dict[str, str]:
    """Each liberation log line and the reading it cites ("" for none)."""
    return {e.text: e.assumption for e in g.log if e.rule == "§4"}


def test_4_the_liberation_log_says_what_happened_and_cites_the_reading_that_decided_it() -> None:
    g = game(LIBERATED)
    still = {k for k, a in g.state.territories.items() if a.controller == "france"} - {"france"}
    assert len(still) == 7
    neutral = ", ".join(g.scenario.called(k) for k in g.scenario.land if k in still)
    log = cited(answer(g, "liberate"))
    assert (
        log["French markers where the Allies hold: France, Morocco, Algeria, French West Africa"]
        == ""
    )
    assert log[f"7 French territories still neutral join France, markers on: {neutral}"] == (
        "aa50.still_neutral=join"
    )
    # Martinique is neutral: the unlisted reading decides nothing and is not cited.
    assert not [text for text in log if "off the rule's list" in text]
    log = cited(answer(game(LIBERATED, still_neutral="stay"), "liberate"))
    assert log[f"7 French territories still neutral stay neutral: {neutral}"] == (
        "aa50.still_neutral=stay"
    )
    assert not [text for text in log if "off the rule's list" in text]


def test_4_the_unlisted_reading_is_cited_where_an_allied_power_holds_martinique() -> None:
    document = raw(LIBERATED)
    document["places"]["martinique"]["control"] = "united_states"
    document["places"]["martinique"]["original"] = True
    log = cited(answer(game(document, unlisted_markers="no_marker"), "liberate"))
    line = (
        "Martinique, off the rule's list, held by the United States: no marker, its holder keeps it"
    )
    assert log[line] == "aa50.unlisted_markers=no_marker"
    log = cited(answer(game(document), "liberate"))
    line = "Martinique, off the rule's list, held by the United States: a French marker"
    assert log[line] == "aa50.unlisted_markers=marker"


def free_french_then_liberated(**readings: str) -> Game:
    """Germany occupies Vichy France in round 1 (Southern France German, every other French
    territory Free French, the Italian submarine alone in zone 13); the United Kingdom
    takes Paris in round 1 and liberates France at the start of its round 2 turn."""
    from tests.aa50.test_3_occupation import occupied, settle

    g = settle(occupied(game(**readings)), zones={"sz13": "minor:italy"}, die=6)
    assert g.state.territories["morocco"].units == ("united_kingdom:infantry",)
    assert g.state.ships["jean_bart"].free_french
    until(g, "united_kingdom", Phase.COMBAT)
    answer(g, "battle", "france", "taken")
    until(g, "united_kingdom", Phase.START)
    return answer(g, "liberate")


def test_4_the_free_french_units_and_ships_come_under_frances_control_by_default() -> None:
    g = free_french_then_liberated()
    t = g.state
    assert t.territories["morocco"].units == ("france:infantry",)
    assert t.territories["algeria"].units == ("france:infantry", "france:infantry")
    for key in ("strasbourg", "dunkerque", "provence", "jean_bart", "richelieu", "bearn"):
        ship = t.ships[key]
        assert (ship.fate.value, ship.by, ship.allied) == ("french", "", True), key
    assert t.zones["sz12"] == ("united_kingdom:battleship", "france:battleship")
    line = next(e for e in g.log if e.text.startswith("Free French units and ships"))
    assert line.assumption == "aa50.free_french_at_liberation=france"
    assert line.text.startswith(
        "Free French units and ships come under France: 1 unit in Morocco, 2 units in Algeria"
    )


def test_4_under_the_other_reading_the_free_french_stay_british() -> None:
    g = free_french_then_liberated(free_french_at_liberation="britain")
    t = g.state
    assert t.territories["morocco"].units == ("united_kingdom:infantry",)
    assert (t.ships["jean_bart"].fate.value, t.ships["jean_bart"].by) == (
        "captured",
        "united_kingdom",
    )
    line = next(e for e in g.log if e.text.startswith("Free French units and ships"))
    assert line.assumption == "aa50.free_french_at_liberation=britain"
    assert "stay British" in line.text


def test_4_paris_taken_by_an_ally_is_logged_and_shown_under_liberation() -> None:
    g = game(still_neutral="stay")
    until(g, "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"southern_france": 1}, "end_phase", "battle", "france", "taken")
    entry = next(e for e in g.log if "captures France" in e.text)
    # Said once: the captor holds it, so no "held by" follows.
    assert (entry.rule, entry.text) == ("§4", "The United Kingdom captures France")
    rows = {r.label: (r.value, r.rule) for r in g.summary.section("territories").rows}
    assert rows["France"] == ("captured", "§4")
    answer(g, "battle", "southern_france", "taken", "no", "no", "empty")
    entry = next(e for e in g.log if "captures Southern France" in e.text)
    assert (entry.rule, entry.text) == ("§2", "The United Kingdom captures Southern France")
    assert g.summary.section("territories").rule == "§1, §2, §4"
