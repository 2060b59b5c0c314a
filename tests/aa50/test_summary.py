"""What the summary says France is, turn by turn, against the house rule: a special neutral
(§1), hostile to the power invading it this turn (§2), occupied (§3), an Allied power once
liberated (§4, when the neutral standing rules no longer apply); and every name a player
reads: powers' units by their adjective, counts with their noun in the right number, parts
cited as §N."""

from __future__ import annotations

import re

from armistice.core.aa50.words import Phase
from armistice.core.game import Game
from armistice.core.prompts import Decision, Selection
from armistice.core.summary import Summary
from tests.aa50.board import LIBERATED, answer, game, until
from tests.aa50.test_2_invasion import captured, invaded
from tests.aa50.test_3_occupation import occupied, settle


def standing(g: Game) -> dict[str, tuple[str, str]]:
    """The standing rules rows: label -> (what applies now, the part cited)."""
    return {r.label: (r.value, r.rule) for r in g.summary.section("standing").rows}


def fact(summary: Summary, label: str) -> str:
    return dict(summary.facts)[label]


def test_1_at_the_start_france_is_a_special_neutral_under_the_standing_rules() -> None:
    g = game()
    # Of its 13 territories, France itself (Paris) is German in 1941.
    assert fact(g.summary, "France") == "neutral (special neutral); 1 of 13 territories taken"
    rows = standing(g)
    assert rows["France"] == ("neutral (special neutral); 1 of 13 territories taken", "§1")
    assert rows["Neutral French units"] == (
        "never move nor attack; ships in port never block a sea zone",
        "§1",
    )
    assert rows["The French fight"] == ("nobody", "§2")


def test_2_during_an_invasion_france_is_hostile_to_the_invader_this_turn() -> None:
    g = invaded("southern_france")
    assert fact(g.summary, "France") == (
        "neutral, hostile to the United Kingdom this turn (invasion); 1 of 13 territories taken"
    )
    captured(g, "southern_france")
    answer(g, "empty")
    status = fact(g.summary, "France")
    assert status == (
        "neutral, hostile to the United Kingdom this turn (invasion); 2 of 13 territories taken"
    )
    # After the United Kingdom's non-combat move France is fully neutral again.
    until(g, "italy", Phase.START)
    assert fact(g.summary, "France") == "neutral (special neutral); 2 of 13 territories taken"


def test_3_after_an_occupation_france_is_no_longer_called_neutral() -> None:
    g = occupied()
    assert fact(g.summary, "France") == "occupied by Germany this turn"
    settle(g)
    # Until Germany's turn ends the occupation of this turn is still named.
    assert fact(g.summary, "France") == ("occupied by Germany this turn: no territory left neutral")
    assert standing(g)["Occupation"] == ("Germany, this turn: settled", "§3")
    assert standing(g)["France's income"][0] == "none: France is not a power until liberated"
    rows = standing(g)
    assert rows["France"][1] == "§3"
    assert rows["Neutral French units"][0] == (
        "none left: every French territory and ship is taken"
    )


def test_4_after_liberation_the_neutral_standing_rules_no_longer_apply() -> None:
    g = answer(game(LIBERATED), "liberate")
    assert fact(g.summary, "France") == "an Allied power"
    rows = standing(g)
    assert rows["France"] == ("an Allied power", "§4")
    assert rows["Neutral French units"] == (
        "no longer apply: France moves and fights as an Allied power",
        "§4",
    )
    assert rows["The French fight"] == ("Germany, Japan, Italy", "§4")
    ships = {r.label: (r.value, r.rule) for r in g.summary.section("ships").rows}
    # The Béarn (Martinique) and the Lamotte-Picquet (French Indo-China) were neutral;
    # once liberated France has them, they are an Allied power's units.
    assert ships["Béarn"] == ("France's (Allied)", "§4")
    assert ships["Lamotte-Picquet"] == ("France's (Allied)", "§4")
    assert ships["Richelieu"] == ("captured", "§2")
    territories = {r.label: r.value for r in g.summary.section("territories").rows}
    assert territories["Morocco"] == "France (Allied)"


def test_4_territories_left_neutral_after_liberation_are_named_in_the_standing_rules() -> None:
    g = answer(game(LIBERATED, still_neutral="stay"), "liberate")
    value, rule = standing(g)["Neutral French units"]
    assert rule == "§4"
    assert value.startswith("no longer apply: France moves and fights as an Allied power; ")
    s = g.scenario
    neutral = [s.called(k) for k in s.land if s.places[k].control == "france"]
    assert len(neutral) == 7
    assert value.endswith(f"({', '.join(neutral)})")


def test_4_with_paris_lost_again_france_is_still_an_allied_power_without_income() -> None:
    g = answer(game(LIBERATED), "liberate")
    g = until(g, "germany", Phase.COMBAT)
    answer(g, "battle", "france", "taken")
    assert fact(g.summary, "France") == "an Allied power; Paris held by Germany"
    assert standing(g)["France's income"] == ("0 IPCs to France", "§4")


def test_parts_are_cited_with_a_section_sign_never_as_a_bare_count() -> None:
    g = captured(invaded("southern_france"), "southern_france")
    answer(g, "empty")
    for section in g.summary.sections:
        assert re.fullmatch(r"§[1-4](, §[1-4])*", section.rule), section.title
        for row in section.rows:
            assert re.fullmatch(r"§[1-4]", row.rule), (section.title, row.label)
    assert all(re.fullmatch(r"§[1-4]", e.rule) for e in g.log)


def test_units_read_with_their_powers_adjective_and_in_the_right_number() -> None:
    g = game()
    rows = {r.label: r.cells for r in g.summary.section("territories").rows}
    assert rows["Southern France"] == ("France", "2 French infantry, 1 French artillery")
    assert rows["French Indo-China"][1] == "2 French infantry"
    s = g.scenario
    assert s.units_named(("germany:fighter",)) == "1 German fighter"
    assert s.units_named(("germany:fighter",) * 2 + ("italy:armour",) * 3) == (
        "2 German fighters, 3 Italian armour"
    )
    assert s.unit_name("united_kingdom:infantry") == "British infantry"


def test_no_key_reaches_a_player_in_the_prompts_of_a_move() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "move", "united_kingdom")
    assert isinstance(g.prompt, Decision)
    assert [o.label for o in g.prompt.options] == ["British infantry", "British fighter"]


def test_a_lone_ship_lies_and_several_lie_in_the_zone_question() -> None:
    g = captured(invaded("morocco"), "morocco")
    assert g.prompt.label == "Sea zone 12, where Jean Bart lies: what is there now?"  # type: ignore[union-attr]
    g = captured(invaded("southern_france"), "southern_france")
    assert g.prompt.label == (  # type: ignore[union-attr]
        "Sea zone 13, where Strasbourg and Dunkerque lie: what is there now?"
    )


def test_one_territory_is_singular_in_the_invasion_selection() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade")
    prompt = g.prompt
    assert isinstance(prompt, Selection)
    assert prompt.amount(1) == "1 territory"
    assert prompt.amount(13) == "13 territories"


def test_the_ship_dice_total_does_not_repeat_its_unit() -> None:
    g = captured(invaded("southern_france"), "southern_france")
    answer(g, "warship:italy")
    (total,) = g.prompt.totals  # type: ignore[union-attr]
    assert (total.label, total.unit) == ("Captured in Sea zone 13", "ships")


def test_2_the_odds_table_counts_the_ships_one_capture_rolls_for_port_by_port() -> None:
    g = game()
    odds = {r.label: r.value for r in g.summary.section("dice").rows}
    # Zone 13 holds Southern France's Strasbourg and Dunkerque and Algeria's Provence:
    # taking Southern France rolls two dice (25/36, 10/36, 1/36), taking Algeria one.
    assert odds["Sea zone 13, Southern France's port: 0 of 2 ships"] == "25/36"
    assert odds["Sea zone 13, Southern France's port: 1 of 2 ships"] == "5/18"
    assert odds["Sea zone 13, Southern France's port: 2 of 2 ships"] == "1/36"
    assert odds["Sea zone 13, Algeria's port: 0 of 1 ship"] == "5/6"
    assert not [label for label in odds if "of 3 ships" in label]


def test_3_rows_settled_by_an_occupation_cite_the_occupation() -> None:
    g = settle(occupied())
    territories = g.summary.section("territories")
    rows = {r.label: (r.value, r.rule) for r in territories.rows}
    assert rows["Southern France"] == ("captured", "§3")
    assert rows["Morocco"] == ("Free French", "§3")
    # Paris was taken before the game begins: captured under the invasion part (§2).
    assert rows["France"] == ("captured", "§2")
    assert territories.rule == "§2, §3"
    ships = g.summary.section("ships")
    fates = {r.label: (r.value, r.rule) for r in ships.rows}
    assert fates["Strasbourg"] == ("scuttled", "§3")
    assert fates["Jean Bart"] == ("captured", "§3")
    assert ships.rule == "§3"
    assert "Strasbourg: die 4, scuttled" in [e.text for e in g.log]
    # One unit removed per row: numbered, not counted.
    removed = g.summary.section("removed").rows
    assert [r.label for r in removed][:2] == ["#1", "#2"]
    assert g.summary.section("moves").rows[0].label == "#1"
    # Once Germany's turn ends the occupation is no longer this turn's.
    until(g, "soviet_union", Phase.START)
    assert standing(g)["Occupation"] == ("none this turn", "§3")
