"""What the Vichy suite applies the table to: a quiet position (:data:`QUIET`, no modifier
but the DPs given) with Vichy's units at home and in a colony, standing as each earlier
policy leaves it; and the inputs of a roll as z3 terms (:func:`roll`), each within what a
scenario file may hold (its msgspec ``Meta`` bounds) and the die within its faces.
"""

from __future__ import annotations

import copy
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgspec
import z3

from armistice.core import scenario
from armistice.core.assumptions import resolve
from armistice.core.awaw.board import COLONIES, Board, Diplomacy, Side, Totals
from armistice.core.awaw.vichy import rules
from armistice.core.awaw.vichy.assumptions import ASSUMPTIONS, DIE, STRENGTH, Die
from armistice.core.awaw.vichy.scenario import VichyScenario
from armistice.core.awaw.vichy.state import Standing
from armistice.core.awaw.vichy.tables import Tables
from armistice.core.awaw.vichy.words import Alignment, HexControl, Policy
from armistice.verify.awaw.vichy.spec import Table
from armistice.verify.solver import Proof

QUIET: dict[str, Any] = {
    "system": "awaw.vichy",
    "name": "quiet",
    "title": "A quiet Vichy France in 1941",
    "fell": {"season": "summer", "year": 1940},
    "turn": {"season": "spring", "year": 1941},
    "colonies": {"lebanon_syria": {"capital": "vichy"}, "tunisia": {"capital": "axis"}},
    "vichy_units": [
        {
            "name": "Garrison of Vichy",
            "kind": "infantry",
            "location": "southern_france",
            "factors": 2,
            "garrison": True,
        },
        {
            "name": "Garrison of Beirut",
            "kind": "infantry",
            "location": "lebanon_syria",
            "factors": 2,
            "garrison": True,
        },
        {
            "name": "Vichy infantry",
            "kind": "infantry",
            "location": "southern_france",
            "factors": 4,
            "units": 2,
        },
    ],
    "board": {"usat_level": 30, "germany_at_war_with_russia": True},
}
"""A scenario file's contents where no modifier applies (FSL 0, USAT 30, Axis units in
Africa, nothing landed or attacked, no DPs): Vichy France with a garrison at home and one in
Lebanon-Syria, its colony, and two more infantry at home; Tunisia's capital held by the Axis."""


def merged(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``changes``: tables merged key by key, other values replaced."""
    out = copy.deepcopy(dict(base))
    for key, value in changes.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def make(**changes: Any) -> VichyScenario:
    """The quiet position with ``changes``, checked as a scenario file is; raises
    ScenarioError for what a file may not hold."""
    made: VichyScenario = scenario.from_mapping(merged(QUIET, changes), "quiet.toml")
    return made


def build(**changes: Any) -> VichyScenario:
    """The quiet position with ``changes``, decoded but not checked."""
    made: VichyScenario = scenario.convert(merged(QUIET, changes), VichyScenario, "quiet.toml")
    return made


def position() -> VichyScenario:
    """The quiet position, decoded and checked."""
    return make()


def standing(policy: str, table: Table) -> Standing:
    """Vichy France as ``policy`` leaves it: the alignment ``table`` gives that policy, the
    Axis holding the Vichy hexes under a policy whose row gives them the hexes (the 8)."""
    row = next((r for r in table.rows if r.policy == policy and r.effect == "set"), None)
    hexes = HexControl(row.hex_control) if row and row.hex_control else HexControl.VICHY
    return Standing(Alignment(table.policies[policy].alignment), Policy(policy), hexes)


def readings(stronger: bool) -> Mapping[str, str]:
    """The default readings, with awaw.vichy.policy_strength as ``stronger`` says."""
    return resolve(ASSUMPTIONS, {STRENGTH.key: "stronger" if stronger else "latest"})


def bounds(struct: type, field: str) -> tuple[int | None, int | None]:
    """``(least, most)`` a scenario file may give ``field`` of ``struct`` (its msgspec
    ``Meta`` ``ge`` and ``le``; None where it sets none)."""
    hint = typing.get_type_hints(struct, include_extras=True)[field]
    low: int | None = None
    high: int | None = None
    for meta in getattr(hint, "__metadata__", ()):
        if isinstance(meta, msgspec.Meta):
            low = int(meta.ge) if meta.ge is not None else low
            high = int(meta.le) if meta.le is not None else high
    return low, high


ALIGNMENTS = (
    Alignment.NEUTRAL,
    Alignment.AXIS_ASSOCIATED,
    Alignment.ALLIED_ASSOCIATED,
    Alignment.AXIS_ALLY,
    Alignment.ALLIED_ALLY,
)
"""The alignments a roll may find Vichy in, by the number the ``alignment`` input takes."""

FLAGS = (
    "no_axis_in_africa",
    "landing_continent",
    "landing_france",
    "us_at_war",
    "spain_axis_ally",
    "axis_malta",
    "axis_suez_or_alexandria",
    "axis_gibraltar",
    "german_hexes",
)
"""The yes-or-no facts a roll's modifiers read."""

NUMBERS: dict[str, tuple[int | None, int | None]] = {
    "surrender_level": bounds(VichyScenario, "surrender_level"),
    "usat_level": bounds(Board, "usat_level"),
    "colonies_attacked_last_turn": bounds(Board, "colonies_attacked_last_turn"),
    "axis_dps": bounds(Diplomacy, "axis_dps"),
    "allied_dps": bounds(Diplomacy, "allied_dps"),
    "axis_factors": bounds(Totals, "axis"),
    "allied_factors": bounds(Totals, "allies"),
    "unbuilt_units": (0, None),
}
"""The numbers a roll's modifiers read, each with its ``(least, most)`` (None: no bound):
the bounds of the scenario field that holds it (the factors as typed totals); the unbuilt
units are any number of counters, none or more."""


@dataclass(frozen=True)
class Roll:
    """A diplomatic roll by the Axis under the default readings as z3 terms: the ``die``, the
    ``total`` of its modifiers and net DPs, whether the die is a ``d10`` and whether results
    beyond the ends read the ``end_row``."""

    die: z3.ArithRef
    total: z3.ArithRef
    d10: z3.BoolRef
    end_row: z3.BoolRef


def roll(p: Proof, t: Tables) -> Roll:
    """Declare in ``p`` every input of a roll by the Axis, each bounded as a scenario file
    bounds it (tagged ``domain``): the die within the faces of the die awaw.vichy.die
    names, the alignment (:data:`ALIGNMENTS`), the facts (:data:`FLAGS`, the German hexes
    only when Vichy is not aligned with the Allies), the numbers (:data:`NUMBERS`) and the
    Vichy colonies whose capitals the Allies hold (0 to 4); the total adds their modifiers
    with the engine's own functions (:mod:`armistice.core.awaw.vichy.rules`) and the table
    ``t``'s values, signed as the default readings sign them."""
    m = t.modifiers
    d10 = p.bool("d10")
    die = p.int("die")
    small, large = (Die(c.value).dice for c in DIE.choices)
    p.assume("domain", z3.And(die >= small.low, die <= z3.If(d10, large.high, small.high)))
    end_row = p.bool("end_row")
    flag = {name: p.bool(name) for name in FLAGS}
    n: dict[str, z3.ArithRef] = {}
    for name, (low, high) in NUMBERS.items():
        n[name] = p.int(name)
        if low is not None:
            p.assume("domain", n[name] >= low)
        if high is not None:
            p.assume("domain", n[name] <= high)
    capitals = p.int("allied_capitals")
    p.assume("domain", z3.And(capitals >= 0, capitals <= len(COLONIES)))
    aligned = p.int("alignment")
    p.assume("domain", z3.And(aligned >= 0, aligned < len(ALIGNMENTS)))
    allied = z3.Or(*(aligned == i for i, a in enumerate(ALIGNMENTS) if a.side is Side.ALLIES))
    p.assume("domain", z3.Implies(flag["german_hexes"], z3.Not(allied)))
    by_alignment = {
        Alignment.AXIS_ASSOCIATED: m.associated,
        Alignment.ALLIED_ASSOCIATED: -m.associated,
        Alignment.AXIS_ALLY: m.active_ally,
        Alignment.ALLIED_ALLY: -m.active_ally,
    }
    alignment_term: Any = 0
    for i, a in enumerate(ALIGNMENTS):
        if a in by_alignment:
            alignment_term = z3.If(aligned == i, by_alignment[a], alignment_term)
    f = flag
    total = p.define(
        "77",
        "modifiers",
        alignment_term
        + z3.If(f["german_hexes"], m.german_hexes, 0)
        + rules.unbuilt_modifier(n["unbuilt_units"], t)
        + rules.factor_modifier(n["axis_factors"], t)
        - rules.factor_modifier(n["allied_factors"], t)
        + capitals * m.allied_capital
        + z3.If(f["no_axis_in_africa"], m.no_axis_in_africa, 0)
        + rules.landing_modifier(f["landing_continent"], f["landing_france"], True, t)
        + z3.If(f["us_at_war"], m.us_at_war, 0)
        + z3.If(f["spain_axis_ally"], m.spain_axis, 0)
        + rules.level_modifier(n["surrender_level"], t)
        + rules.usat_modifier(n["usat_level"], t)
        + rules.axis_bases_modifier(
            f["axis_malta"], f["axis_suez_or_alexandria"], f["axis_gibraltar"], t
        )
        + n["colonies_attacked_last_turn"] * m.colony_attacked
        + n["axis_dps"]
        - n["allied_dps"],
    )
    return Roll(die, total, d10, end_row)
