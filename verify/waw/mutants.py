"""Broken World at War engines: each changes one piece of 5.5 or 5.6 the way a slip would
and names the properties it must make fail."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any
from unittest import mock

import msgspec

from armistice.core.prompts import RollOutcome
from armistice.core.waw import board, procedure, territories
from armistice.core.waw.assumptions import Elsewhere, Shortfall
from armistice.core.waw.scenario import TRANSFER
from armistice.core.waw.state import VICHY_TROOPS
from armistice.core.waw.words import FRANCE, AreaSide, FleetFate
from armistice.verify.model import Mutant
from armistice.verify.waw.properties import (
    AXIS_ATTACK,
    CONSERVED,
    DICE,
    ODDS,
    ONE_FATE,
    PLACED,
)

_nearest = board.nearest
_fleet_order = procedure.fleet_order
_place_markers = procedure.place_markers
_axis_attack = territories.axis_attack
_turn = procedure.turn


def _farthest(
    s: Any, start: str, candidates: Any, by_sea: bool = True
) -> tuple[int | None, tuple[str, ...]]:
    far = board.distances(s, start, by_sea)
    reach = [c for c in candidates if c in far]
    if not reach:
        return _nearest(s, start, candidates, by_sea)
    top = max(far[c] for c in reach)
    return top, tuple(c for c in reach if far[c] == top)


def _nowhere(*_: Any) -> tuple[int | None, tuple[str, ...]]:
    return None, ()


def _pays_nothing(_held: int, _shortfall: Shortfall) -> int:
    return 0


def _short_pays_nothing(held: int, _shortfall: Shortfall) -> int:
    return TRANSFER if held >= TRANSFER else 0


def _others_never_rolled(s: Any, order: Any, _elsewhere: Elsewhere) -> tuple[str, ...]:
    return _fleet_order(s, order, Elsewhere.FREE_FRENCH)


def _japan_gains_nothing(s: Any, ledger: Any) -> None:
    """The markers placed, then the IPCs of every area that went to the Axis outright (a
    Japanese marker under ``waw.japanese_markers=japanese``) taken back from its marker."""
    _place_markers(s, ledger)
    ipc = dict(ledger.state.ipc)
    for key, area in ledger.state.areas.items():
        if area.marker and area.side is AreaSide.AXIS:
            ipc[area.marker] -= s.areas[key].ipc
    ledger.state = msgspec.structs.replace(ledger.state, ipc=ipc)


def _politics_keeps_fleet(s: Any, t: Any, attacker: str, target: str, *rest: Any) -> Any:
    """The Axis attack, then every fleet sent to an area its politics power gained left
    Vichy."""
    after = _axis_attack(s, t, attacker, target, *rest)
    fleets = dict(after.fleets)
    for key, fleet in t.fleets.items():
        area = t.areas.get(fleet.sent_to)
        gained = (
            area is not None
            and area.side is AreaSide.AXIS
            and area.holder == s.areas[fleet.sent_to].politics
        )
        if fleet.fate is FleetFate.VICHY and gained:
            fleets[key] = fleet
    return msgspec.structs.replace(after, fleets=fleets)


def _freed_to_france(s: Any, t: Any, attacker: str, target: str, *rest: Any) -> Any:
    """The Axis attack, then every fleet it freed handed to France, Britain never."""
    after = _axis_attack(s, t, attacker, target, *rest)
    freed = [
        k for k in territories.vichy_fleets(t) if after.fleets[k].fate is FleetFate.FREE_FRENCH
    ]
    fleets = {**after.fleets}
    for key in freed:
        fleets[key] = msgspec.structs.replace(fleets[key], owner=FRANCE)
    return msgspec.structs.replace(after, fleets=fleets)


def _turning(keep: str) -> Callable[[Any, Any, str, AreaSide, int], None]:
    """``turn`` where an area turning Vichy keeps its French units French (``keep``
    ``french``) or every other power's unit where it stood, none removed (``foreign``)."""

    def turned(s: Any, ledger: Any, area: str, side: AreaSide, die: int) -> None:
        _turn(s, ledger, area, side, die)
        if side is not AreaSide.VICHY:
            return
        st = ledger.state
        units = dict(st.areas[area].units)
        interned = st.interned
        if keep == "french":
            if VICHY_TROOPS in units:
                units[FRANCE] = units.pop(VICHY_TROOPS)
        else:
            for unit in s.areas[area].units:
                power, _, kind = unit.partition(":")
                if power != FRANCE and f"{area}: {power} {kind}" in interned:
                    units[power] = (*units.get(power, ()), kind)
            interned = tuple(i for i in interned if not i.startswith(f"{area}: "))
        areas = {**st.areas, area: msgspec.structs.replace(st.areas[area], units=units)}
        ledger.state = msgspec.structs.replace(st, areas=areas, interned=interned)

    return turned


def _patch(target: Any, name: str, new: Any) -> Callable[[], AbstractContextManager[Any]]:
    return lambda: mock.patch.object(target, name, new)


FIVE_STAYS_FRENCH = (
    RollOutcome("german", (1,)),
    RollOutcome("scuttled", (2, 3, 4)),
    RollOutcome("french", (5,)),
    RollOutcome("free_french", (6,)),
)
SIX_TWICE = (*FIVE_STAYS_FRENCH[:2], RollOutcome("vichy", (5, 6)), RollOutcome("free_french", (6,)))


def _target_only(s: Any, t: Any, attacker: str, target: str, *_: Any) -> Any:
    return t


def _units_left_behind(s: Any, area: str, units: Any, *_: Any) -> tuple[Any, tuple[str, ...]]:
    return tuple(units), ()


def mutants(_tables: Any) -> Iterator[Mutant]:
    """The broken engines, each with the property it breaks."""
    yield Mutant(
        "a 5 leaves the fleet French",
        None,
        _patch(procedure, "FLEET_DIE", FIVE_STAYS_FRENCH),
        (ONE_FATE, DICE),
    )
    yield Mutant(
        "a Vichy fleet sails to the farthest Vichy area",
        None,
        _patch(board, "nearest", _farthest),
        (PLACED,),
    )
    yield Mutant(
        "a 5 turns the fleet Free French where it lies, Vichy areas or not",
        None,
        _patch(board, "nearest", _nowhere),
        (PLACED,),
    )
    yield Mutant("France's income falls by 5", None, _patch(procedure, "CUT", 5), (CONSERVED,))
    yield Mutant(
        "France pays the conqueror nothing",
        None,
        _patch(procedure, "payment", _pays_nothing),
        (CONSERVED,),
    )
    yield Mutant(
        "France short of 3 IPCs pays nothing, whatever the reading",
        None,
        _patch(procedure, "payment", _short_pays_nothing),
        (CONSERVED,),
    )
    yield Mutant(
        "a fleet outside the Atlantic and the Mediterranean is rolled, whatever the reading",
        None,
        _patch(board, "rolled_at_sea", lambda *_: True),
        (DICE,),
    )
    yield Mutant(
        "a fleet outside the Atlantic and the Mediterranean is never rolled, whatever the reading",
        None,
        _patch(procedure, "fleet_order", _others_never_rolled),
        (DICE,),
    )
    yield Mutant(
        "an area under a Japanese marker stays Vichy, whatever the reading",
        None,
        _patch(procedure, "counts_as_vichy", lambda *_: True),
        (DICE,),
    )
    yield Mutant(
        "Japan gains no IPCs from areas under its markers",
        None,
        _patch(procedure, "place_markers", _japan_gains_nothing),
        (CONSERVED,),
    )
    yield Mutant(
        "French units in an area turning Vichy stay French",
        None,
        _patch(procedure, "turn", _turning("french")),
        (DICE,),
    )
    yield Mutant(
        "another power's units in an area turning Vichy stay, whatever the reading",
        None,
        _patch(procedure, "turn", _turning("foreign")),
        (DICE,),
    )
    yield Mutant(
        "the fleet die lists the 6 under two results",
        None,
        _patch(procedure, "FLEET_DIE", SIX_TWICE),
        (DICE, ODDS),
    )
    yield Mutant(
        "an Axis attack touches only its target",
        None,
        _patch(territories, "axis_attack", _target_only),
        (AXIS_ATTACK,),
    )
    yield Mutant(
        "an area changing side leaves its units as they were",
        None,
        _patch(territories, "regroup", _units_left_behind),
        (AXIS_ATTACK,),
    )
    yield Mutant(
        "a fleet sent to an area Japan attacks instead of gaining it by politics goes to France",
        None,
        _patch(territories, "axis_attack", _freed_to_france),
        (AXIS_ATTACK,),
    )
    yield Mutant(
        "an Axis attack leaves Vichy a fleet sent to an area gained by politics",
        None,
        _patch(territories, "axis_attack", _politics_keeps_fleet),
        (AXIS_ATTACK,),
    )
