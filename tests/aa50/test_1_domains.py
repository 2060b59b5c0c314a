"""Each unit keeps to its domain when it moves: a land unit never enters a sea zone (the
transports that carry it are not tracked), a sea unit never goes on land, an aircraft
goes either way; and a sea zone's contents are read by each unit's domain."""

from __future__ import annotations

import msgspec
import pytest

from armistice.core.aa50 import rules
from armistice.core.aa50.procedure import MOVE_HELP
from armistice.core.aa50.words import Phase
from armistice.core.errors import RuleRestriction
from tests.aa50.board import answer, game, until


def test_1_a_land_unit_never_enters_a_sea_zone_transports_not_being_tracked() -> None:
    g = until(game(), "germany", Phase.NONCOMBAT_MOVE)
    answer(g, "move", "france", "germany:infantry")
    options = {o.value: o for o in g.prompt.options}  # type: ignore[union-attr]
    assert not options["sz7"].enabled and not options["sz13"].enabled
    assert options["sz7"].reason == rules.NO_TRANSPORT
    assert "transports and the units they carry are not tracked" in rules.NO_TRANSPORT
    assert g.prompt.help == MOVE_HELP  # type: ignore[union-attr]
    assert "Movement points are not counted" in MOVE_HELP
    with pytest.raises(RuleRestriction, match="a land unit never enters a sea zone"):
        answer(g, "sz7")
    # Germany, a territory, is open to the same infantry.
    assert options["germany"].enabled


def test_1_a_sea_unit_never_goes_on_land() -> None:
    g = until(game(), "germany", Phase.NONCOMBAT_MOVE)
    s, t = g.scenario, g.state
    assert t.zones["sz7"] == ("united_kingdom:destroyer", "germany:submarine")
    ok, why = rules.may_move(s, t, "germany:submarine", "sz7", "france", False)
    assert (ok, why) == (False, "a sea unit never goes on land: France is a territory")
    ok, why = rules.may_move(s, t, "germany:submarine", "sz7", "united_kingdom", False)
    assert (ok, why) == (False, "a sea unit never goes on land: United Kingdom is a territory")
    ok, _ = rules.may_move(s, t, "germany:submarine", "sz7", "sz12", False)
    assert ok


def test_1_an_aircraft_goes_to_a_territory_or_a_sea_zone() -> None:
    g = until(game(), "germany", Phase.NONCOMBAT_MOVE)
    s, t = g.scenario, g.state
    assert rules.may_move(s, t, "germany:fighter", "germany", "france", False)[0]
    g = until(game(), "united_kingdom", Phase.COMBAT_MOVE)
    answer(g, "move", "united_kingdom", "united_kingdom:fighter", "sz7")
    assert g.state.zones["sz7"][-1] == "united_kingdom:fighter"


def test_2_a_land_unit_in_a_sea_zone_is_never_read_as_an_aircraft() -> None:
    g = game()
    s, t = g.scenario, g.state
    # Zone 12 holds a British battleship; a German infantry there (on a transport, say)
    # is no aircraft and no ship: the zone holds no Axis ship nor aircraft, and Allied units.
    t = msgspec.structs.replace(
        t, zones={**t.zones, "sz12": ("united_kingdom:battleship", "germany:infantry")}
    )
    assert rules.zone_answer(s, t, "sz12", False) == "allied"
    t = msgspec.structs.replace(t, zones={**t.zones, "sz12": ("germany:infantry",)})
    assert rules.zone_answer(s, t, "sz12", False) == "empty"
    assert rules.absent(s, t, "sz12", "germany", rules.Zone.AIR) == (
        "no German aircraft is in Sea zone 12 (§2)"
    )
    t = msgspec.structs.replace(t, zones={**t.zones, "sz12": ("germany:fighter",)})
    assert rules.zone_answer(s, t, "sz12", False) == "air:germany"
