"""The modifiers of a Vichy France diplomatic roll, each with its rule, signed value and why.

Values are signed toward the Axis (positive) or the Allies (negative); the "+/-" modifiers
are signed as the text or a named reading says, and the why names the reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armistice.core.assumptions import Assumption
from armistice.core.awaw.board import COUNTED, RULE, Holder, Side
from armistice.core.awaw.vichy import rules
from armistice.core.awaw.vichy.assumptions import (
    ENEMY_ATTACK,
    FACTORS,
    LANDINGS,
    UNBUILT,
    Factors,
    Landings,
    Toward,
    YesNo,
)
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.awaw.vichy.state import Modifier
from armistice.core.awaw.vichy.tables import Tables
from armistice.core.awaw.vichy.words import Alignment, HexControl
from armistice.core.words import counted


def alignment_before(s: VichyScenario, readings: Mapping[str, str]) -> tuple[Alignment, str]:
    """Vichy's alignment as the roll finds it, and why: the scenario's, or associated with
    the Axis by an Allied attack this turn when awaw.vichy.enemy_attack is yes and Vichy is
    neutral."""
    if (
        s.alignment is Alignment.NEUTRAL
        and s.board.allied_attack
        and ENEMY_ATTACK.read(readings) is YesNo.YES
    ):
        return Alignment.AXIS_ASSOCIATED, "associated by the Allied attack this turn"
    return s.alignment, ""


def factors(s: VichyScenario) -> tuple[dict[Side, int], dict[Side, str]]:
    """Each side's ground and air factors standing in Vichy France, Corsica or the Vichy
    colonies the Western Allies have left alone, leaving out Axis forces there since Vichy was established (58.42);
    or the scenario's typed totals. Returns the factors by side and, by side, what was left
    out."""
    if s.factor_totals is not None:
        typed = {Side.AXIS: s.factor_totals.axis, Side.ALLIES: s.factor_totals.allies}
        return typed, dict.fromkeys(Side, "typed totals")
    found = dict.fromkeys(Side, 0)
    left: dict[Side, list[str]] = {side: [] for side in Side}
    for unit in s.units:
        if unit.kind not in COUNTED:
            continue
        if unit.since_establishment:
            left[unit.side].append(f"{unit.name} (58.42)")
        elif unit.location in s.attacked_by_western_allies:
            left[unit.side].append(f"{unit.name} (attacked place)")
        else:
            found[unit.side] += unit.factors
    return found, {side: "left out: " + ", ".join(n) if n else "" for side, n in left.items()}


def unbuilt(s: VichyScenario) -> int:
    """Unbuilt Vichy air, armor and infantry units (naval units do not count)."""
    return sum(u.units for u in s.vichy_units if not u.built and u.kind in COUNTED)


def modifiers(
    s: VichyScenario, roller: Side, readings: Mapping[str, str], t: Tables
) -> tuple[Modifier, ...]:
    """Every modifier that applies to a roll by ``roller``, in the table's order, net DPs
    last; modifiers worth 0 are left out."""
    m = t.modifiers
    out: list[Modifier] = []

    def add(label: str, value: int, why: str = "", reading: Assumption[Any] | None = None) -> None:
        if value:
            used = reading.cite(readings[reading.key]) if reading else ""
            out.append(Modifier(RULE, label, value, why, used))

    alignment, cause = alignment_before(s, readings)
    side = alignment.side
    if alignment in (Alignment.AXIS_ALLY, Alignment.ALLIED_ALLY):
        assert side is not None
        add("Active minor ally", side.sign * m.active_ally, f"{alignment.label}, after a 10 or -3")
    if alignment in (Alignment.AXIS_ASSOCIATED, Alignment.ALLIED_ASSOCIATED):
        assert side is not None
        add(
            "Associated minor",
            side.sign * m.associated,
            cause or alignment.label,
            ENEMY_ATTACK if cause else None,
        )
    if s.hex_control is HexControl.AXIS:
        add("Vichy hexes German", m.german_hexes, "after an 8")
    count = unbuilt(s)
    toward = roller if UNBUILT.read(readings) is Toward.ROLLER else roller.other
    add(
        "Unbuilt Vichy units",
        toward.sign * rules.unbuilt_modifier(count, t),
        f"{counted(count, 'unit')}, toward {toward.label}",
        UNBUILT,
    )
    by_side, notes = factors(s)
    reading = FACTORS.read(readings)
    step = m.factor_step
    for label, owner in (("Friendly factors", roller), ("Enemy factors", roller.other)):
        toward = owner if reading is Factors.OWNER else roller
        n, note = by_side[owner], notes[owner]
        add(
            label,
            toward.sign * rules.factor_modifier(n, t),
            f"{owner.label}: {counted(n, 'factor')}, one per {step} (rounded down), toward "
            f"{toward.label}" + (f"; {note}" if note else ""),
            FACTORS,
        )
    allied = [c for c, colony in s.colonies.items() if colony.capital is Holder.ALLIED]
    add(
        "Allied-held capitals",
        len(allied) * m.allied_capital,
        ", ".join(c.label for c in allied),
    )
    b = s.board
    if not b.axis_units_in_africa:
        add("No Axis units in Africa", m.no_axis_in_africa, "Egypt east of the canal included")
    add_up = LANDINGS.read(readings) is Landings.BOTH
    landing = rules.landing_modifier(b.landing_continent, b.landing_france, add_up, t)
    where = [
        w for w, on in (("continent", b.landing_continent), ("France", b.landing_france)) if on
    ]
    add(
        "U.S./British landings",
        landing,
        " and ".join(where),
        LANDINGS if len(where) > 1 else None,
    )
    if b.us_at_war:
        add("U.S. at war", m.us_at_war)
    if b.spain_axis_ally:
        add("Spain an Axis ally", m.spain_axis)
    add(
        "French surrender level",
        rules.level_modifier(s.surrender_level, t),
        f"FSL {s.surrender_level:+d}",
    )
    add("USAT below 25", rules.usat_modifier(b.usat_level, t), f"USAT {b.usat_level}")
    held = [
        name
        for name, on in (
            ("Malta", b.axis_malta),
            ("Suez/Alexandria", b.axis_suez_or_alexandria),
            ("Gibraltar", b.axis_gibraltar),
        )
        if on
    ]
    add(
        "Axis bases",
        rules.axis_bases_modifier(b.axis_malta, b.axis_suez_or_alexandria, b.axis_gibraltar, t),
        ", ".join(held),
    )
    add(
        "Colonies attacked",
        b.colonies_attacked_last_turn * m.colony_attacked,
        f"{counted(b.colonies_attacked_last_turn, 'French colony', 'French colonies')} last turn",
    )
    d = s.diplomacy
    add("Net DPs", d.net, f"Axis {d.axis_dps}, Allied {d.allied_dps}")
    return tuple(out)
