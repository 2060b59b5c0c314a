"""What rule 58 hands on when a game goes on to a Vichy France diplomatic roll (``awaw.vichy``).

Rule 58 knows when France fell, the surrender level, whether Vichy France was set up, its
forces (placed as 58.632 says), its colonies and the Axis units caught in Vichy territory
(58.42); the players add the board as it stands at the roll (:class:`VichyFacts`). The
scenario is made through the registry, so rule 58 needs nothing of the Vichy table's code.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from armistice.core import systems
from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import shipped
from armistice.core.awaw.words import ColonyStatus, FrenchSide, Region, Season, UnitKind
from armistice.core.errors import ScenarioError
from armistice.core.scenario import convert

VICHY = "awaw.vichy"
"""The procedure a finished rule 58 may lead to."""

TABLE = "77"
"""The rules on Vichy France, whose diplomatic table the roll uses (58.633)."""

_COUNTED = (UnitKind.INFANTRY, UnitKind.ARMOR, UnitKind.AIR)


class VichyFacts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The board at the first Vichy diplomatic roll, as that roll's scenario file spells it:
    ``turn`` (``{season, year}``; default Spring of the year after the fall), ``named_by``,
    ``board``, ``diplomacy``, Axis and Allied ``units`` in Vichy territory,
    ``attacked_by_western_allies``, colonial ``capitals`` now held by someone other than
    Vichy (colony -> ``axis``, ``allied`` or ``no_one``) and typed ``factor_totals``. They
    are checked as the roll's scenario is made (ScenarioError naming the field)."""

    turn: dict[str, Any] | None = None
    named_by: str = "axis"
    board: dict[str, Any] = {}
    diplomacy: dict[str, Any] = {}
    units: tuple[dict[str, Any], ...] = ()
    attacked_by_western_allies: tuple[str, ...] = ()
    capitals: dict[str, str] = {}
    factor_totals: dict[str, Any] | None = None


def begin_vichy(s: AwawScenario, state: FallOfFrance, facts: VichyFacts) -> Any:
    """The first Vichy diplomatic roll's scenario after the surrender of ``s`` ended in
    ``state``, with the board as ``facts`` tell it. Raises ScenarioError naming ``facts``
    and the field for facts the roll's scenario refuses."""
    vichy = bool(state.vichy_established)
    colonies = {
        c: {"capital": facts.capitals.get(c, "vichy")}
        for c, status in state.colonies.items()
        if vichy and status is ColonyStatus.VICHY
    }
    for c in facts.capitals:
        if c not in colonies:
            held = ", ".join(colonies) or "none"
            raise ScenarioError("facts", f"capitals.{c}", f"not a Vichy colony; Vichy's: {held}")
    caught = [
        {
            "name": u.name,
            "side": "axis",
            "kind": u.kind.value,
            "location": u.location.value,
            "factors": u.factors,
            "since_establishment": True,
        }
        for u in s.units
        if vichy
        and u.nationality.axis
        and u.kind in _COUNTED
        and (u.location in (Region.SOUTHERN_FRANCE, Region.CORSICA) or u.location in colonies)
    ]
    raw = {
        "system": VICHY,
        "name": s.name,
        "title": s.title,
        "players": s.players,
        "fell": {"season": s.surrender.season.value, "year": s.surrender.year},
        "turn": facts.turn or {"season": Season.SPRING.value, "year": s.surrender.year + 1},
        "surrender_level": state.surrender_level.value if state.surrender_level else 0,
        "vichy_established": vichy,
        "named_by": facts.named_by,
        "colonies": colonies,
        "vichy_units": _vichy_units(state) if vichy else [],
        "units": [*facts.units, *caught],
        "attacked_by_western_allies": list(facts.attacked_by_western_allies),
        "board": facts.board,
        "diplomacy": facts.diplomacy,
    }
    if facts.factor_totals is not None:
        raw["factor_totals"] = facts.factor_totals
    roll = systems.get(VICHY)
    try:
        made = convert(raw, roll.scenario_type, "facts")
        if vichy:
            roll.check(made, "facts", roll.tables(), None)
        return made
    except ScenarioError as error:
        field = re.sub(r"^colonies\.(\w+)\.capital$", r"capitals.\1", error.field)
        raise ScenarioError("facts", field, error.reason) from None


def _vichy_units(state: FallOfFrance) -> list[dict[str, Any]]:
    """The Vichy forces of 58.63 as units by place: a 2-3 infantry garrison in Vichy city and
    each Vichy colonial capital (58.632), the rest of the army and air force in Vichy France,
    the fleet as one entry."""
    forces = state.forces.get(FrenchSide.VICHY)
    if forces is None:
        return []
    t = shipped()
    g = t.rules.vichy_garrison
    capitals = {info.capital: info.id for info in t.colonies.values()}
    out: list[dict[str, Any]] = []
    for place in state.vichy_garrisons:
        where = capitals.get(place, Region.SOUTHERN_FRANCE.value)
        out.append(_entry(f"Garrison of {place}", "infantry", where, g.factors, 1, garrison=True))
    left = forces.infantry_factors - g.factors * len(state.vichy_garrisons)
    if left > 0:
        out.append(_entry("Vichy infantry", "infantry", None, left, max(1, left // g.factors)))
    if forces.armor_units:
        out.append(
            _entry("Vichy 3-5 armor", "armor", None, 3 * forces.armor_units, forces.armor_units)
        )
    if forces.air_factors:
        out.append(_entry("Vichy air force", "air", None, forces.air_factors, 1))
    ships = forces.named_ships + forces.cruisers
    if ships or forces.destroyer_factors:
        out.append(_entry("Vichy fleet", "naval", None, 0, max(1, ships)))
    return out


def _entry(
    name: str, kind: str, where: str | None, factors: int, units: int, garrison: bool = False
) -> dict[str, Any]:
    return {
        "name": name,
        "kind": kind,
        "location": where or Region.SOUTHERN_FRANCE.value,
        "factors": factors,
        "units": units,
        "garrison": garrison,
    }
