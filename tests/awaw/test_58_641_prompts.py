"""58.641-58.64: how the Free French picks read: cruisers counted in units and destroyers in
factors, a far port's ship noted as joining only to make up a shortfall, and the ships
neither side takes listed as they leave play, destroyers with their factors."""

from __future__ import annotations

from pathlib import Path

from armistice.core import systems, tablefiles
from armistice.core.awaw.rule58.tables import FORCES_FILE
from armistice.core.game import Game
from armistice.core.prompts import Decision, Roll, Selection
from armistice.core.scenario import load
from armistice.core.tablefiles import HouseTables
from tests import support
from tests.support import at_level, ship

FLEET = [
    support.BALLAST,
    ship("algerie", "cruiser", 3, "british"),
    ship("duquesne", "cruiser", 3, "british"),
    ship("foch", "cruiser", 3, "british"),
    ship("suffren", "cruiser", 3, "tunisia"),
    ship("d1", "destroyer", 2, "british"),
    ship("d2", "destroyer", 2, "british"),
    ship("d3", "destroyer", 3, "tunisia"),
]
"""At level 0 the Free French take 2 cruisers and 2 destroyer factors (58.621)."""


def _played() -> tuple[Game, dict[str, Selection]]:
    g = support.game(at_level(0, {"fleet": FLEET, "colonies": {"tunisia": {"control": "axis"}}}))
    asked: dict[str, Selection] = {}
    while (prompt := g.prompt) is not None:
        if isinstance(prompt, Decision):
            g.answer("no")
        elif isinstance(prompt, Roll):
            g.answer(1)
        else:
            assert isinstance(prompt, Selection)
            asked[prompt.key] = prompt
            g.answer(prompt.default_answer())
    return g, asked


def test_58_641_cruisers_are_picked_in_units_and_destroyers_in_factors() -> None:
    _, asked = _played()
    cruisers, destroyers = asked["free_french.cruisers"], asked["free_french.destroyers"]
    assert (cruisers.unit, cruisers.required) == ("units", 2)
    assert (destroyers.unit, destroyers.required) == ("factors", 2)


def test_58_641_named_ships_are_picked_in_units() -> None:
    g = Game(load("historical-summer-1940"), seed=3)
    g.answer("yes")
    named = g.prompt
    assert isinstance(named, Selection) and named.key == "vichy.named_ships"
    assert named.unit == "units"


def test_58_641_only_a_ship_outside_british_ports_is_noted_as_joining_last() -> None:
    _, asked = _played()
    notes = {i.id: (i.tier, i.note) for i in asked["free_french.destroyers"].items}
    assert notes == {
        "d1": (0, ""),
        "d2": (0, ""),
        "d3": (1, "in Tunisia: joins only if too few stand in British-held ports (58.641)"),
    }


def test_58_64_ships_in_neither_fleet_leave_play_destroyers_with_their_factors() -> None:
    g, _ = _played()
    left = [e.text for e in g.log if e.rule == "58.64"]
    assert left == [
        "French naval units in neither fleet leave play: "
        "Ballast, Foch, Suffren, D2 (2 factors), D3 (3 factors)"
    ]


def test_58_641_the_log_gives_an_amount_only_for_a_pick_of_several_factors() -> None:
    g, _ = _played()
    assert [e.text for e in g.log if e.rule == "58.641"] == [
        "Free French cruisers: Algerie (3 factors, a British-held place), "
        "Duquesne (3 factors, a British-held place) (decided)",
        "Free French destroyer factors: D1 destroyer (2 factors, a British-held place): "
        "2 factors (decided)",
    ]


def test_58_643_the_fleet_section_names_each_side_s_shortfall() -> None:
    g, _ = _played()
    section = next(s for s in g.summary.sections if s.key == "fleet")
    assert [(r.label, r.value, r.rule) for r in section.rows][-1] == (
        "Free French shortfall lost",
        "1 named ship",
        "58.643",
    )


SAIL = {
    "awaw.58.free_french_ship_range": "in_range",
    "awaw.58.free_french_from_vichy_colonies": "yes",
}


def _with_vichy(
    fleet: list[dict[str, object]],
    free_french: dict[str, int],
    offered: dict[str, int] | None = None,
    tables: HouseTables | None = None,
) -> Game:
    """FSL -1 with Vichy France: the Free French take 1 destroyer factor (``free_french``),
    then Vichy 1 (or what house ``tables`` say), whose offer (available factors by ship) goes
    into ``offered``; Algeria rolls Vichy, Tunisia is Axis-held, ships there may sail."""
    s = support.scenario(
        at_level(-1, {"fleet": fleet, "colonies": {"tunisia": {"control": "axis"}}})
    )
    g = Game(s, assumptions=SAIL, tables=tables)
    while (prompt := g.prompt) is not None:
        if isinstance(prompt, Decision):
            g.answer("yes" if prompt.key == "establish_vichy" else prompt.default_answer())
        elif isinstance(prompt, Roll):
            g.answer(6)
        else:
            assert isinstance(prompt, Selection)
            if prompt.key == "vichy.destroyers" and offered is not None:
                offered.update({i.id: i.available for i in prompt.items})
            ours = prompt.key == "free_french.destroyers"
            g.answer(free_french if ours else prompt.default_answer())
    return g


def _vichy_destroyers(g: Game) -> int:
    return g.state.forces["vichy"].destroyer_factors


def test_58_642_a_free_french_pick_from_an_axis_held_port_leaves_the_vichy_ones_alone() -> None:
    """The Free French take Tunisia's destroyer; Algeria's (Vichy-held) still goes to Vichy."""
    fleet = [
        support.BALLAST,
        ship("d3", "destroyer", 1, "algeria"),
        ship("t1", "destroyer", 1, "tunisia"),
    ]
    g = _with_vichy(fleet, {"t1": 1})
    assert _vichy_destroyers(g) == 1
    forced = [e for e in g.log if "the only choice the ports allow" in e.text]
    assert [(e.text, e.announce) for e in forced] == [
        (
            "Vichy destroyer factors, the only choice the ports allow (1 factor): "
            "D3 destroyer (1 factor, Algeria)",
            True,
        )
    ]
    assert _vichy_destroyers(_with_vichy(fleet, {"d3": 1})) == 0


def test_58_642_vichy_may_take_what_the_free_french_left_of_a_destroyer_group() -> None:
    fleet = [
        support.BALLAST,
        ship("d2", "destroyer", 2, "algeria"),
        ship("d3", "destroyer", 3, "algeria"),
    ]
    fleet.append(ship("d1", "destroyer", 1, "algeria"))
    offered: dict[str, dict[str, int]] = {"d2": {}, "d3": {}, "d1": {}}
    for taken, seen in offered.items():
        _with_vichy(fleet, {taken: 1}, seen)
    assert offered == {
        "d2": {"d2": 1, "d3": 3, "d1": 1},
        "d3": {"d2": 2, "d3": 2, "d1": 1},
        "d1": {"d2": 2, "d3": 3},  # none of D1 is left
    }


def test_58_642_vichy_counts_only_the_vichy_held_ships_the_free_french_took(
    tmp_path: Path,
) -> None:
    """House tables give Vichy 3 destroyer factors at FSL -1. Two 1-factor destroyers lie in
    Algeria (Vichy-held) and one in Tunisia (Axis-held): the Free French take one of
    Algeria's, so Vichy can get the other one only, 2 short."""
    row = "{ fsl = -1, infantry_factors = 12, armor_units = 0, air_factors = 1, "
    row += "named_ships = 1, cruisers = 1, destroyer_factors = "
    path = support.edited(tmp_path, FORCES_FILE, (row + "1 }", row + "3 }"))
    tables = tablefiles.read(systems.get("awaw.58"), [path])
    fleet = [
        support.BALLAST,
        ship("d3", "destroyer", 1, "algeria"),
        ship("d4", "destroyer", 1, "algeria"),
        ship("t1", "destroyer", 1, "tunisia"),
    ]
    g = _with_vichy(fleet, {"d3": 1}, tables=tables)
    assert _vichy_destroyers(g) == 1
    assert [e.text for e in g.log if e.text.startswith("Vichy destroyer")] == [
        "Vichy destroyer factors, the only choice the ports allow (1 factor): "
        "D4 destroyer (1 factor, Algeria)"
    ]
    shortfall = "Vichy shortfall, lost without substitute: 1 named ship, 1 cruiser, 2 destroyer"
    assert [e.text for e in g.log if e.text.startswith("Vichy shortfall")] == [
        shortfall + " factors"
    ]
