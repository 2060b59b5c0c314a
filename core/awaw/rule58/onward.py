"""What rule 58 hands on when a game goes on to a Vichy France diplomatic roll (``awaw.vichy``).

Rule 58 knows when France fell, the surrender level, whether Vichy France was set up, its
forces (placed as 58.632 says, with the tables the game ran with), its colonies and the Axis
units caught in Vichy territory (58.42); the players add the board as it stands at the roll
(:class:`VichyFacts`, spelled as a roll's scenario spells it). The scenario is made through
the registry, so rule 58 needs nothing of the Vichy table's code.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import msgspec

from armistice.core import systems
from armistice.core.awaw.board import (
    RULE,
    Board,
    Capitals,
    Diplomacy,
    Namer,
    Totals,
    Turn,
    Unit,
)
from armistice.core.awaw.rule58.scenario import LAST_TURN, AwawScenario
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import ColonyStatus, FrenchSide, Region, Season, UnitKind, turn_index
from armistice.core.errors import ScenarioError
from armistice.core.fields import about
from armistice.core.scenario import convert

VICHY = "awaw.vichy"
"""The procedure a finished rule 58 may lead to."""

TABLE = RULE
"""The rules on Vichy France, whose diplomatic table the roll uses (58.633)."""

_COUNTED = (UnitKind.INFANTRY, UnitKind.ARMOR, UnitKind.AIR)


class VichyFacts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The board at the first Vichy diplomatic roll, as that roll's scenario file spells it,
    each field that fits a prompt asked in the dashboard: the ``turn`` of the roll, who names
    Vichy, the board, the DPs, Axis and Allied ``units`` in Vichy territory, places the
    Western Allies attacked, who holds each Vichy colonial capital and typed
    ``factor_totals``. They are checked as the roll's scenario is made (ScenarioError naming
    ``facts`` and the field); :func:`first_roll` gives their defaults."""

    turn: Annotated[
        Turn,
        about("Turn of the roll", RULE, "not before the fall; not in its year save a reaction"),
    ]
    named_by: Annotated[Namer, about("Named by", RULE)] = Namer.AXIS
    board: Annotated[Board, about("Board", RULE)] = Board()
    diplomacy: Annotated[Diplomacy, about("Diplomatic points", RULE)] = Diplomacy()
    units: Annotated[tuple[Unit, ...], about("Axis and Allied units in Vichy territory", RULE)] = ()
    attacked_by_western_allies: Annotated[
        tuple[Region, ...], about("Attacked by the Western Allies", RULE)
    ] = ()
    capitals: Annotated[Capitals, about("Colonial capitals", RULE)] = Capitals()
    factor_totals: Annotated[
        Totals | None, about("Factor totals", RULE, "typed totals instead of counting units")
    ] = None


def first_roll(s: AwawScenario, _state: FallOfFrance) -> VichyFacts:
    """The facts of the first roll after the surrender of ``s`` as far as rule 58 tells them:
    the first turn after the fall whose roll the Axis may make (77: not in the year France
    fell, save a reaction roll), so Spring of the next year; the rest at their defaults."""
    first = min(turn_index(Season.SPRING, s.surrender.year + 1), LAST_TURN)
    return VichyFacts(turn=Turn.at(first))


def begin_vichy(s: AwawScenario, state: FallOfFrance, facts: VichyFacts, t: Tables) -> Any:
    """The first Vichy diplomatic roll's scenario after the surrender of ``s`` ended in
    ``state`` under the rule-58 tables ``t`` (Vichy's garrisons as ``t`` sets them), with the
    board as ``facts`` tell it. Raises ScenarioError naming ``facts`` and the field for
    facts the roll's scenario refuses."""
    vichy = bool(state.vichy_established)
    told = msgspec.structs.asdict(facts.capitals)
    colonies = {
        c: {"capital": told[c].value}
        for c, status in state.colonies.items()
        if vichy and status is ColonyStatus.VICHY and c in told
    }
    for c, holder in told.items():
        if c not in colonies and holder.value != "vichy":
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
    told_facts = msgspec.to_builtins(facts)
    raw = {
        "system": VICHY,
        "name": s.name,
        "title": s.title,
        "players": s.players,
        "fell": {"season": s.surrender.season.value, "year": s.surrender.year},
        "turn": told_facts["turn"],
        "surrender_level": state.surrender_level.value if state.surrender_level else 0,
        "vichy_established": vichy,
        "named_by": told_facts["named_by"],
        "colonies": colonies,
        "vichy_units": _vichy_units(state, t) if vichy else [],
        "units": [*told_facts["units"], *caught],
        "attacked_by_western_allies": told_facts["attacked_by_western_allies"],
        "board": told_facts["board"],
        "diplomacy": told_facts["diplomacy"],
    }
    if facts.factor_totals is not None:
        raw["factor_totals"] = told_facts["factor_totals"]
    roll = systems.get(VICHY)
    try:
        made = convert(raw, roll.scenario_type, "facts")
        if vichy:
            roll.check(made, "facts", roll.tables(), None)
        return made
    except ScenarioError as error:
        field = re.sub(r"^colonies\.(\w+)\.capital$", r"capitals.\1", error.field)
        raise ScenarioError("facts", field, error.reason) from None


def _vichy_units(state: FallOfFrance, t: Tables) -> list[dict[str, Any]]:
    """The Vichy forces of 58.63 as units by place: a garrison (of ``t``'s factors) in Vichy
    city and each Vichy colonial capital (58.632), the rest of the army and air force in
    Vichy France, the fleet as one entry."""
    forces = state.forces.get(FrenchSide.VICHY)
    if forces is None:
        return []
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
