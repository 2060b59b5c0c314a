"""What a Vichy France diplomatic roll decides for everything its scenario lists, and the
outcome odds are given for."""

from __future__ import annotations

from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.awaw.vichy.state import VichyState
from armistice.core.awaw.vichy.tables import Tables
from armistice.core.awaw.vichy.words import Outcome
from armistice.core.words import Word


def outcome(state: VichyState) -> tuple[tuple[str, str], ...]:
    """The row read (``no_roll`` when nobody could name Vichy) and the alignment Vichy
    ends in (as it was when there was no roll)."""
    d = state.vichy_diplomacy
    if d is None or d.result is None or d.alignment is None:
        before = state.before
        aligned = before.alignment.value if before else Outcome.NEUTRAL.value
        return (("result", Outcome.NO_ROLL.value), ("alignment", aligned))
    return (("result", d.result), ("alignment", d.alignment.value))


def outcome_names(_t: Tables) -> dict[str, str]:
    """The outcome keys as odds name them."""
    return {"result": "Result row", "alignment": "Vichy France ends"}


def entities(s: VichyScenario) -> tuple[str, ...]:
    """``vichy_units[i]`` for each Vichy unit entry and ``colony:ID`` for each Vichy colony."""
    return (
        *(f"vichy_units[{i}]" for i in range(len(s.vichy_units))),
        *(f"colony:{c.value}" for c in s.colonies),
    )


def fates(_s: VichyScenario, state: VichyState) -> dict[str, Word]:
    """Each Vichy unit's and colony's fate as far as ``state`` decides it."""
    out: dict[str, Word] = {f"vichy_units[{i}]": f for i, f in state.units.items()}
    out.update((f"colony:{c}", f) for c, f in state.colonies.items())
    return out
