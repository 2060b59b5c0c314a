"""Broken Anniversary engines: each changes one piece of the house rule the way a slip
would and names the property it must make fail."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any
from unittest import mock

import msgspec

from armistice.core.aa50 import rules
from armistice.core.aa50.words import BRITAIN, Fate, Zone
from armistice.core.sides import Alignment
from armistice.verify.aa50.properties import ONCE, ONE_FATE, SPLIT
from armistice.verify.model import Mutant

_occupy = rules.occupy
_may_liberate = rules.may_liberate
_regroup = rules.regroup
_zone_fate = rules.zone_fate
_capture_ships = rules.capture_ships


def _patch(name: str, new: Any) -> Callable[[], AbstractContextManager[Any]]:
    return lambda: mock.patch.object(rules, name, new)


def _held_stay_french(s: Any, t: Any, occupation: Any, holders: Any, stay: bool) -> Any:
    """Territories holding an Axis land unit are left French."""
    return (
        _occupy(s, t, occupation, {}, stay)
        if not holders
        else msgspec.structs.replace(t, occupation=None)
    )


def _free_french_to_the_occupier(s: Any, t: Any, occupation: Any, holders: Any, stay: bool) -> Any:
    """A territory joining Free France is handed to the occupier as well."""
    after = _occupy(s, t, occupation, holders, stay)
    territories = {
        k: msgspec.structs.replace(a, controller=occupation.power)
        if a.status is Fate.FREE_FRENCH
        else a
        for k, a in after.territories.items()
    }
    return msgspec.structs.replace(after, territories=territories)


def _captured_by_nobody(t: Any, ship: str, roller: str, face: int, rule: str = "") -> Any:
    """A 1 captures the ship for no power."""
    fate = Fate.CAPTURED if face == rules.CAPTURED_FACE else Fate.SCUTTLED
    return msgspec.structs.replace(t.ships[ship], fate=fate, die=face, rule=rule)


def _scuttled_and_kept(t: Any, ship: str, roller: str, face: int, rule: str = "") -> Any:
    """A scuttled ship keeps the roller as its captor."""
    fate = Fate.CAPTURED if face == rules.CAPTURED_FACE else Fate.SCUTTLED
    return msgspec.structs.replace(t.ships[ship], fate=fate, by=roller, die=face, rule=rule)


def _every_british_turn(s: Any, t: Any) -> tuple[bool, str]:
    """France's turn may be added again: the check that it has one already is left out."""
    if not t.france_active:
        return _may_liberate(s, t)
    allied = rules.side(s, t, t.territories[s.paris].controller).value == "allied"
    due = allied and t.power == BRITAIN and t.phase.value == "start"
    return due, "" if due else "not due (4)"


def _france_counts_as_allied(s: Any, t: Any) -> tuple[bool, str]:
    """Paris held by anyone but the Axis liberates France, a neutral France included."""
    holder = t.territories[s.paris].controller
    if t.france_active or t.power != BRITAIN or t.phase.value != "start":
        return _may_liberate(s, t)
    ok = s.side(holder).value != "axis"
    return ok, "" if ok else "Paris is held by the Axis (4)"


def _every_territory_captured(s: Any, t: Any, occupation: Any, holders: Any, stay: bool) -> Any:
    """Every declared territory is captured by the occupier, an Axis land unit there or not."""
    every = {k: holders.get(k) or occupation.power for k in occupation.territories}
    return _occupy(s, t, occupation, every, stay)


def _free_french_units_removed(
    s: Any, t: Any, place: str, keep: Any, french_to: str, others_stay: bool, rule: str
) -> Any:
    """A territory joining Free France loses its French units instead of turning them British."""
    french_to = "" if french_to == BRITAIN else french_to
    return _regroup(s, t, place, keep, french_to, others_stay, rule)


def _axis_keeps_french_units(
    s: Any, t: Any, place: str, keep: Any, french_to: str, others_stay: bool, rule: str
) -> Any:
    """A captured territory's French units join the Axis instead of being removed."""
    if keep is Alignment.AXIS and not french_to:
        french_to = rules.powers_on(s, t, Alignment.AXIS)[0]
    return _regroup(s, t, place, keep, french_to, others_stay, rule)


def _warship_zone_as_empty(zone: Any, minor: Any, air: Any) -> str:
    """A zone with an Axis surface warship is handled as an empty one: no dice."""
    return rules.TAKEN if zone is Zone.WARSHIP else _zone_fate(zone, minor, air)


def _empty_zone_to_the_axis(
    s: Any, t: Any, ships: Any, captor: str, free_french: bool = False, rule: str = ""
) -> Any:
    """The ships of an empty zone go to an Axis power, not to the captor."""
    axis = rules.powers_on(s, t, Alignment.AXIS)[0]
    return _capture_ships(s, t, ships, axis, free_french, rule)


def _whole_zone(s: Any, t: Any, place: str) -> tuple[str, ...]:
    """Every neutral French ship in the zones of the territory's ships meets its fate, those
    based at other ports too."""
    zones = {t.ships[k].at for k in rules.neutral_ships(t) if s.ships[k].port == place}
    return tuple(k for k in rules.neutral_ships(t) if t.ships[k].at in zones)


def mutants(_tables: Any) -> Iterator[Mutant]:
    """The broken engines, each with the property it breaks."""
    yield Mutant(
        "an occupied territory stays French", None, _patch("occupy", _held_stay_french), (SPLIT,)
    )
    yield Mutant(
        "a Free French territory goes to the occupier too",
        None,
        _patch("occupy", _free_french_to_the_occupier),
        (SPLIT,),
    )
    yield Mutant(
        "a ship rolled 1 is captured by nobody",
        None,
        _patch("ship_die", _captured_by_nobody),
        (ONE_FATE,),
    )
    yield Mutant(
        "a scuttled ship keeps a captor", None, _patch("ship_die", _scuttled_and_kept), (ONE_FATE,)
    )
    yield Mutant(
        "France's turn is added on every British turn",
        None,
        _patch("may_liberate", _every_british_turn),
        (ONCE,),
    )
    yield Mutant(
        "a neutral France holding Paris counts as the Allies",
        None,
        _patch("may_liberate", _france_counts_as_allied),
        (ONCE,),
    )
    yield Mutant(
        "every declared territory is captured, an Axis land unit there or not",
        None,
        _patch("occupy", _every_territory_captured),
        (SPLIT,),
    )
    yield Mutant(
        "Free French units are removed instead of turned British",
        None,
        _patch("regroup", _free_french_units_removed),
        (SPLIT,),
    )
    yield Mutant(
        "a captured territory's French units are kept by the Axis",
        None,
        _patch("regroup", _axis_keeps_french_units),
        (SPLIT,),
    )
    yield Mutant(
        "a zone with an Axis surface warship is handled as empty",
        None,
        _patch("zone_fate", _warship_zone_as_empty),
        (ONE_FATE,),
    )
    yield Mutant(
        "the ships of an empty zone go to an Axis power",
        None,
        _patch("capture_ships", _empty_zone_to_the_axis),
        (ONE_FATE,),
    )
    yield Mutant(
        "a ship is captured on a 6, not a 1",
        None,
        _patch("CAPTURED_FACE", 6),
        (ONE_FATE,),
    )
    yield Mutant(
        "the whole sea zone meets its fate, not the ships of the captured port",
        None,
        _patch("based", _whole_zone),
        (ONE_FATE,),
    )
