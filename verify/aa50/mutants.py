"""Broken Anniversary engines: each changes one piece of the house rule the way a slip
would and names the property it must make fail."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any
from unittest import mock

import msgspec

from armistice.core.aa50 import rules
from armistice.core.aa50.words import Fate
from armistice.verify.aa50.properties import ONCE, ONE_FATE, SPLIT
from armistice.verify.model import Mutant

_occupy = rules.occupy
_may_liberate = rules.may_liberate


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


def _captured_by_nobody(t: Any, ship: str, roller: str, face: int) -> Any:
    """A 1 captures the ship for no power."""
    fate = Fate.CAPTURED if face == rules.CAPTURED_FACE else Fate.SCUTTLED
    return msgspec.structs.replace(t.ships[ship], fate=fate, die=face)


def _scuttled_and_kept(t: Any, ship: str, roller: str, face: int) -> Any:
    """A scuttled ship keeps the roller as its captor."""
    fate = Fate.CAPTURED if face == rules.CAPTURED_FACE else Fate.SCUTTLED
    return msgspec.structs.replace(t.ships[ship], fate=fate, by=roller, die=face)


def _every_british_turn(s: Any, t: Any) -> tuple[bool, str]:
    """France's turn may be added again: the check that it has one already is left out."""
    if not t.france_active:
        return _may_liberate(s, t)
    allied = rules.side(s, t, t.territories[s.paris].controller).value == "allied"
    due = allied and t.power == "united_kingdom" and t.phase.value == "start"
    return due, "" if due else "not due (4)"


def _france_counts_as_allied(s: Any, t: Any) -> tuple[bool, str]:
    """Paris held by anyone but the Axis liberates France, a neutral France included."""
    holder = t.territories[s.paris].controller
    if t.france_active or t.power != "united_kingdom" or t.phase.value != "start":
        return _may_liberate(s, t)
    ok = s.side(holder).value != "axis"
    return ok, "" if ok else "Paris is held by the Axis (4)"


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
