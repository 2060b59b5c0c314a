"""§2, invasion by an Allied power: declared at the start of its combat move, battles
reported, and the fate of the French ships based at a captured territory."""

from __future__ import annotations

from fractions import Fraction

import pytest

from armistice.core.aa50.state import Removal
from armistice.core.aa50.words import INVASION, Fate, Phase
from armistice.core.errors import RuleRestriction
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.prompts import Decision, Rolls
from tests.aa50.board import answer, game, raw, until


def invaded(*targets: str, g: Game | None = None) -> Game:
    """The United Kingdom invades ``targets`` in round 1 and is in its combat phase."""
    g = until(g or game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", dict.fromkeys(targets, 1), "end_phase")
    return g


def submarine_only(**readings: str) -> Game:
    """The 1941 setup with only an Italian submarine in Sea zone 13, where the ships of
    Southern France and Algeria lie."""
    document = raw()
    document["places"]["sz13"]["units"] = ["italy:submarine"]
    return game(document, **readings)


def captured(g: Game, target: str, sunk: tuple[str, ...] = ()) -> Game:
    """``target`` reported captured, ``sunk`` the ships based there lost in the battle."""
    answer(g, "battle", target, "taken")
    while g.prompt is not None and ".battle.sunk." in g.prompt.key:
        answer(g, "yes" if g.prompt.key.rsplit(".", 1)[1] in sunk else "no")
    return g


def test_2_an_axis_power_may_not_declare_an_invasion() -> None:
    g = until(game(), "germany", Phase.COMBAT_MOVE)
    with pytest.raises(
        RuleRestriction, match=r"only an Allied power invades French territory.*\(§2\)"
    ):
        answer(g, "invade")


def test_2_an_invasion_is_declared_at_the_start_of_the_combat_move_not_after_a_move() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "move", "united_kingdom", "united_kingdom:infantry", "stay")
    assert not g.state.moved
    answer(g, "move", "united_kingdom", "united_kingdom:fighter", "sz7")
    with pytest.raises(RuleRestriction, match=r"declared at the start of the combat move.*\(§2\)"):
        answer(g, "invade")


def test_2_the_declaration_names_the_territories_the_invader_may_attack() -> None:
    g = invaded("southern_france")
    answer(g, "battle")
    options = {o.value: o for o in g.prompt.options}  # type: ignore[union-attr]
    assert options["southern_france"].enabled
    assert options["morocco"].reason == "Morocco was not named in the invasion's declaration (§2)"
    g = invaded("southern_france", g=game(invasion_scope="any"))
    answer(g, "battle")
    assert all(o.enabled for o in g.prompt.options)  # type: ignore[union-attr]


def test_2_a_captured_territory_loses_every_french_unit_and_goes_to_the_invader() -> None:
    g = captured(invaded("southern_france"), "southern_france")
    area = g.state.territories["southern_france"]
    assert (area.status, area.controller, area.units) == (Fate.CAPTURED, "united_kingdom", ())
    assert g.state.removed == (
        Removal("southern_france", "france:infantry", INVASION),
        Removal("southern_france", "france:infantry", INVASION),
        Removal("southern_france", "france:artillery", INVASION),
    )
    removed = g.summary.section("removed")
    assert removed.title == "Units removed from play"
    assert [(r.value, r.rule) for r in removed.rows] == [
        ("French infantry in Southern France", "§2"),
        ("French infantry in Southern France", "§2"),
        ("French artillery in Southern France", "§2"),
    ]


def test_2_ships_in_an_allied_only_zone_go_to_the_invader() -> None:
    g = captured(invaded("morocco"), "morocco")
    values = [o.value for o in g.prompt.options]  # type: ignore[union-attr]
    assert values[:2] == ["empty", "allied"]
    # Zone 12 holds a British battleship: Allied units only, not an empty zone.
    assert g.prompt.default == "allied"  # type: ignore[union-attr]
    answer(g, "allied")
    jean_bart = g.state.ships["jean_bart"]
    assert (jean_bart.fate, jean_bart.by, jean_bart.die) == (Fate.CAPTURED, "united_kingdom", None)


def test_2_only_the_ships_based_at_the_captured_territory_meet_their_fate() -> None:
    g = captured(invaded("southern_france"), "southern_france")
    answer(g, "empty")
    assert g.state.ships["strasbourg"].fate is Fate.CAPTURED
    assert g.state.ships["dunkerque"].fate is Fate.CAPTURED
    assert g.state.ships["provence"].fate is Fate.FRENCH  # Algeria's, in the same zone


def test_2_ships_sunk_in_the_battle_are_sunk_and_not_rolled_for() -> None:
    g = captured(invaded("southern_france"), "southern_france", ("strasbourg",))
    answer(g, "warship:italy")
    assert isinstance(g.prompt, Rolls)
    assert [m.key.rsplit(".", 1)[1] for m in g.prompt.members] == ["dunkerque"]
    assert g.state.ships["strasbourg"].fate is Fate.SUNK


def test_2_an_axis_surface_warship_means_a_die_per_ship_1_captured_else_scuttled() -> None:
    g = captured(invaded("southern_france"), "southern_france")
    answer(g, "warship:italy")
    prompt = g.prompt
    assert isinstance(prompt, Rolls) and prompt.power == "italy"
    found = odds(g)
    for member in prompt.members:
        assert found.rolls[member.key] == {"captured": Fraction(1, 6), "scuttled": Fraction(5, 6)}
    (total,) = found.totals.values()
    assert total.distribution == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}
    keys = [m.key for m in prompt.members]
    answer(g, {keys[0]: 1, keys[1]: 4})
    strasbourg, dunkerque = g.state.ships["strasbourg"], g.state.ships["dunkerque"]
    assert (strasbourg.fate, strasbourg.by, strasbourg.die) == (Fate.CAPTURED, "italy", 1)
    assert (dunkerque.fate, dunkerque.by, dunkerque.die) == (Fate.SCUTTLED, "", 4)


def test_2_one_axis_destroyer_and_two_french_ships_the_zone_question_defaults_to_it() -> None:
    document = raw()
    document["places"]["sz13"]["units"] = ["germany:destroyer"]
    g = captured(invaded("southern_france", g=game(document)), "southern_france")
    assert g.prompt.default == "warship:germany"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("reading", "fate", "by"),
    [("as_empty", Fate.CAPTURED, "united_kingdom"), ("stay", Fate.FRENCH, "")],
)
def test_2_a_zone_of_axis_submarines_only_is_a_named_reading(
    reading: str, fate: Fate, by: str
) -> None:
    g = captured(
        invaded("southern_france", g=submarine_only(minor_zone=reading)), "southern_france"
    )
    assert g.prompt.default == "minor:italy"  # type: ignore[union-attr]
    answer(g, "minor:italy")
    assert (g.state.ships["strasbourg"].fate, g.state.ships["strasbourg"].by) == (fate, by)
    assert g.log[-1].assumption == f"aa50.minor_zone={reading}"


def test_2_a_zone_of_axis_submarines_only_rolled_for_under_the_dice_reading() -> None:
    g = captured(invaded("southern_france", g=submarine_only(minor_zone="dice")), "southern_france")
    answer(g, "minor:italy")
    assert isinstance(g.prompt, Rolls) and g.prompt.power == "italy"


def test_2_a_failed_invasion_removes_the_french_units_reported_lost() -> None:
    g = invaded("algeria")
    answer(g, "battle", "algeria", "held", "no")
    assert g.prompt.key.endswith("battle.lost.infantry")  # type: ignore[union-attr]
    assert (g.prompt.low, g.prompt.high, g.prompt.default) == (0, 2, 0)  # type: ignore[union-attr]
    answer(g, 1)
    area = g.state.territories["algeria"]
    assert (area.status, area.units) == (Fate.FRENCH, ("france:infantry",))
    assert g.state.ships["provence"].fate is Fate.FRENCH


def test_2_the_most_warships_reading_names_the_power_with_the_most() -> None:
    document = raw()
    document["places"]["sz13"]["units"] = ["germany:destroyer", "italy:cruiser", "italy:battleship"]
    g = captured(invaded("southern_france", g=game(document)), "southern_france")
    assert g.prompt.default == "warship:germany"  # type: ignore[union-attr]
    g = captured(
        invaded("southern_france", g=game(document, axis_captor="most_warships")), "southern_france"
    )
    assert isinstance(g.prompt, Decision) and g.prompt.default == "warship:italy"


def test_2_a_ship_captured_on_a_1_is_the_captors_battleship_in_its_zone_and_moves() -> None:
    document = raw()
    document["places"]["sz13"]["units"] = ["italy:battleship"]
    g = captured(invaded("southern_france", g=game(document)), "southern_france")
    answer(g, "warship:italy")
    keys = [m.key for m in g.prompt.members]  # type: ignore[union-attr]
    answer(g, {keys[0]: 1, keys[1]: 3})
    assert g.state.zones["sz13"] == ("italy:battleship", "italy:battleship")
    # The Italian battleship leaves: the captured Strasbourg is still an Axis surface
    # warship in zone 13, so Algeria's Provence is rolled for when Algeria falls.
    g = until(g, "italy", Phase.COMBAT_MOVE)
    answer(g, "move", "sz13")
    assert [o.value for o in g.prompt.options] == ["italy:battleship"]  # type: ignore[union-attr]
    answer(g, "italy:battleship", "sz14")
    assert g.state.zones["sz13"] == ("italy:battleship",)
    g = invaded("algeria", g=until(g, "united_kingdom", Phase.COMBAT_MOVE))
    captured(g, "algeria")
    assert g.prompt.default == "warship:italy"  # type: ignore[union-attr]


def test_2_ships_taken_in_an_empty_zone_are_the_invaders_units_there() -> None:
    g = captured(invaded("southern_france"), "southern_france")
    answer(g, "empty")
    assert g.state.zones["sz13"][-2:] == ("united_kingdom:battleship", "united_kingdom:battleship")


def test_2_a_territory_is_fought_over_once_in_a_combat_phase() -> None:
    g = invaded("algeria")
    answer(g, "battle", "algeria", "held", "no", 1)
    answer(g, "battle")
    algeria = next(o for o in g.prompt.options if o.value == "algeria")  # type: ignore[union-attr]
    assert (algeria.enabled, algeria.reason) == (
        False,
        "a territory is fought over once in a combat phase (§2)",
    )
    answer(g, "libya", "held")
    # The next combat phase may fight there again.
    g = invaded("algeria", g=until(g, "united_kingdom", Phase.COMBAT_MOVE))
    answer(g, "battle", "algeria", "taken", "no")
    assert g.state.territories["algeria"].controller == "united_kingdom"


def test_2_the_attackers_units_do_not_stay_in_a_territory_that_held() -> None:
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "invade", {"french_indo_china": 1})
    answer(g, "move", "kwangtung", "united_kingdom:infantry", "french_indo_china", "end_phase")
    answer(g, "battle", "french_indo_china", "held", "no", 0)
    assert g.prompt.label == "How many British infantry were lost in French Indo-China?"  # type: ignore[union-attr]
    answer(g, 0)
    assert [o.value for o in g.prompt.options] == ["kwangtung", "none"]  # type: ignore[union-attr]
    answer(g, "kwangtung")
    assert g.state.territories["french_indo_china"].units == ("france:infantry",) * 2
    assert "united_kingdom:infantry" in g.state.territories["kwangtung"].units


@pytest.mark.parametrize(
    ("reading", "units", "removed"),
    [
        ("removed", (), (Removal("southern_france", "germany:infantry", INVASION),)),
        ("stay", ("germany:infantry",), ()),
    ],
)
def test_2_axis_units_in_a_french_territory_the_invader_takes_are_a_named_reading(
    reading: str, units: tuple[str, ...], removed: tuple[Removal, ...]
) -> None:
    document = raw()
    document["places"]["southern_france"]["units"].append("germany:infantry")
    g = captured(
        invaded("southern_france", g=game(document, axis_in_invaded=reading)), "southern_france"
    )
    area = g.state.territories["southern_france"]
    assert (area.controller, area.units) == ("united_kingdom", units)
    assert tuple(r for r in g.state.removed if r.unit.startswith("germany:")) == removed
    assert any(e.assumption == f"aa50.axis_in_invaded={reading}" for e in g.log)


def test_2_which_french_ships_an_assault_may_sink_is_a_named_reading() -> None:
    def asked(g: Game) -> list[str]:
        answer(g, "battle", "algeria", "taken")
        ships = []
        while g.prompt is not None and ".battle.sunk." in g.prompt.key:
            ships.append(g.prompt.key.rsplit(".", 1)[1])
            answer(g, "no")
        return ships

    # Algeria's port holds the Provence; zone 13 also holds Southern France's two ships.
    assert asked(invaded("algeria")) == ["provence"]
    assert asked(invaded("algeria", g=game(sunk_in_assault="zone"))) == [
        "strasbourg",
        "dunkerque",
        "provence",
    ]


def test_2_a_zone_of_axis_aircraft_only_is_neither_submarines_nor_a_warship() -> None:
    document = raw()
    document["places"]["sz12"]["units"] = ["united_kingdom:battleship", "germany:fighter"]
    g = captured(invaded("morocco", g=game(document)), "morocco")
    assert g.prompt.default == "air:germany"  # type: ignore[union-attr]
    answer(g, "air:germany")
    jean_bart = g.state.ships["jean_bart"]
    assert (jean_bart.fate, jean_bart.by) == (Fate.CAPTURED, "united_kingdom")
    assert g.log[-1].assumption == "aa50.air_zone=as_empty"
    g = captured(invaded("morocco", g=game(document, air_zone="dice")), "morocco")
    answer(g, "air:germany")
    assert isinstance(g.prompt, Rolls) and g.prompt.power == "germany"
