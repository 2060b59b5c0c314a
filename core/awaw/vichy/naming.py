"""Who may name Vichy France for a diplomatic roll, and why not (the table's restrictions)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from armistice.core.awaw.board import RULE, Namer
from armistice.core.awaw.vichy.assumptions import AFTER_DEACTIVATION, SOVIET, Soviet, YesNo
from armistice.core.awaw.vichy.words import Alignment

if TYPE_CHECKING:
    from armistice.core.awaw.vichy.scenario import VichyScenario

Fail = Callable[[str, str], None]

WESTERN = (
    "only once American ground troops hold a port or beachhead in one of France, Morocco, "
    f"Algeria and Tunisia ({RULE})"
)


def refusals(s: VichyScenario, readings: Mapping[str, str] | None) -> dict[Namer, str]:
    """Why each namer may not name Vichy France in scenario ``s`` (an empty reason: it may).

    ``readings`` are the game's assumption values (key -> value); None leaves out the
    restrictions that depend on a reading (the Soviet Union, a deactivated Vichy), as a
    scenario file is checked before a game chooses its readings.
    """
    out: dict[Namer, str] = {}
    same_year = s.turn.year == s.fell.year
    for namer in Namer:
        out[namer] = _refusal(s, namer, same_year, readings)
    return out


def _refusal(
    s: VichyScenario, namer: Namer, same_year: bool, readings: Mapping[str, str] | None
) -> str:
    if not s.vichy_established:
        return "Vichy France was not established (58.31)"
    if (
        s.alignment is Alignment.DEACTIVATED
        and readings is not None
        and AFTER_DEACTIVATION.read(readings) is YesNo.NO
    ):
        cited = AFTER_DEACTIVATION.cite(YesNo.NO)
        return f"Vichy France has deactivated and is named no more ({cited})"
    if namer is Namer.AXIS_REACTION:
        if not s.board.allied_attack:
            return (
                "a reaction roll follows an Allied declaration of war on Vichy France or an "
                f"attack on a Vichy colony this turn ({RULE})"
            )
        return ""
    if same_year:
        return f"not in {s.fell.year}, the year France fell, except for a reaction roll ({RULE})"
    if namer is Namer.WESTERN_ALLIES and not s.board.american_ground_unit:
        return WESTERN
    if namer is Namer.SOVIET_UNION and readings is not None:
        reading = SOVIET.read(readings)
        cited = SOVIET.cite(reading.value)
        if reading is Soviet.NEVER:
            return f"only the Axis and the Western Allies name Vichy France ({cited})"
        if reading is Soviet.LIKE_WESTERN and not s.board.american_ground_unit:
            return f"as for the Western Allies, {WESTERN}; {cited}"
    return ""
