"""Broken World at War engines: each changes one piece of 5.5 the way a slip would and names
the property it must make fail."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any
from unittest import mock

from armistice.core.prompts import RollOutcome
from armistice.core.waw import board, procedure, territories
from armistice.verify.model import Mutant
from armistice.verify.waw.properties import AXIS_ATTACK, CONSERVED, ODDS, ONE_FATE, PLACED

_nearest = board.nearest


def _farthest(
    s: Any, start: str, candidates: Any, by_sea: bool = True
) -> tuple[int | None, tuple[str, ...]]:
    far = board.distances(s, start, by_sea)
    reach = [c for c in candidates if c in far]
    if not reach:
        return _nearest(s, start, candidates, by_sea)
    top = max(far[c] for c in reach)
    return top, tuple(c for c in reach if far[c] == top)


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
        (ONE_FATE,),
    )
    yield Mutant(
        "a Vichy fleet sails to the farthest Vichy area",
        None,
        _patch(board, "nearest", _farthest),
        (PLACED,),
    )
    yield Mutant("France's income falls by 5", None, _patch(procedure, "CUT", 5), (CONSERVED,))
    yield Mutant(
        "the fleet die lists the 6 under two results",
        None,
        _patch(procedure, "FLEET_DIE", SIX_TWICE),
        (ODDS,),
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
