"""What the fall of France decides for everything its scenario lists, and the outcome odds
are given for."""

from __future__ import annotations

from armistice.core.waw.scenario import MapScenario, WawScenario
from armistice.core.waw.state import WawState
from armistice.core.words import Word


def outcome(state: WawState) -> tuple[tuple[str, str], ...]:
    """Each French fleet's fate (``fleet:KEY``). Each area's side and the Axis income come
    from the area dice alone: the odds give them as the dice's results and the batch's
    totals."""
    return tuple((f"fleet:{k}", f.fate.value) for k, f in state.fleets.items())


def outcome_names(_tables: object) -> dict[str, str]:
    """The outcome keys as odds name them (the fleet keys; the scenario names them)."""
    return {}


def names(s: MapScenario) -> dict[str, str]:
    """``fleet:KEY`` and ``area:KEY`` named as the map names them ("Atlantic fleet",
    "Morocco")."""
    return {
        **{f"fleet:{k}": f.name for k, f in s.fleets.items()},
        **{f"area:{k}": s.areas[k].name for k in s.french_areas},
    }


def entities(s: WawScenario) -> tuple[str, ...]:
    """``fleet:KEY`` for each French fleet and ``area:KEY`` for each French area."""
    return (*(f"fleet:{k}" for k in s.fleets), *(f"area:{k}" for k in s.french_areas))


def fates(_s: WawScenario, state: WawState) -> dict[str, Word]:
    """Each fleet's fate and each French area's side in ``state``."""
    out: dict[str, Word] = {f"fleet:{k}": f.fate for k, f in state.fleets.items()}
    out.update((f"area:{k}", a.side) for k, a in state.areas.items())
    return out
