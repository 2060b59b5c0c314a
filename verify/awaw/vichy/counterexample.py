"""A z3 model of a Vichy France roll written as a scenario file that ``armistice play`` and
``armistice resolve`` open, headed by the command that replays the roll under the same
tables; files are named and cleared as rule 58's are
(:mod:`armistice.verify.awaw.rule58.counterexample`)."""

from __future__ import annotations

import shlex
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from armistice.core import scenario
from armistice.core.awaw.board import COLONIES
from armistice.core.awaw.vichy.assumptions import BEYOND, DIE, Beyond, Die
from armistice.core.awaw.vichy.scenario import VichyScenario, VichyUnit
from armistice.core.commented import render
from armistice.verify.awaw.rule58.counterexample import clear, file_name, found_by
from armistice.verify.awaw.vichy.inputs import ALIGNMENTS, FLAGS, QUIET, bounds, merged

__all__ = ["clear", "facts", "reading", "write"]

BOARD = tuple(f for f in FLAGS if f not in ("german_hexes", "no_axis_in_africa"))
"""The facts of :data:`~armistice.verify.awaw.vichy.inputs.FLAGS` a board holds as written."""


def facts(values: Mapping[str, Any]) -> dict[str, Any]:
    """The quiet position's contents with the facts of a model of
    :func:`armistice.verify.awaw.vichy.inputs.roll` (absent ones at their least): the
    alignment with the policy it needs, the Vichy hexes German under an 8's policy (a 10's
    for an Axis ally), the unbuilt infantry at home, typed factor totals, the colonies whose
    capitals the Allies hold (the first of Lebanon-Syria, Tunisia, Algeria and Morocco), the
    board, the surrender level and the DPs."""
    alignment = ALIGNMENTS[values.get("alignment", 0)]
    german = bool(values.get("german_hexes", False))
    policy = {"axis_ally": "10", "allied_ally": "-3"}.get(
        alignment.value, "8" if german else "none"
    )
    data = merged(
        QUIET,
        {
            "alignment": alignment.value,
            "policy": policy,
            "hex_control": "axis" if german else "vichy",
            "surrender_level": values.get("surrender_level", 0),
            "diplomacy": {
                "axis_dps": values.get("axis_dps", 0),
                "allied_dps": values.get("allied_dps", 0),
            },
            "board": {
                **{name: bool(values.get(name, False)) for name in BOARD},
                "axis_units_in_africa": not values.get("no_axis_in_africa", False),
                "usat_level": values.get("usat_level", 0),
                "colonies_attacked_last_turn": values.get("colonies_attacked_last_turn", 0),
            },
        },
    )
    totals = {"axis": values.get("axis_factors", 0), "allies": values.get("allied_factors", 0)}
    if any(totals.values()):
        data["factor_totals"] = totals
    for colony in COLONIES[: values.get("allied_capitals", 0)]:
        data["colonies"][colony.value] = {"capital": "allied"}
    left = values.get("unbuilt_units", 0)
    most = bounds(VichyUnit, "units")[1] or left
    while left > 0:
        data["vichy_units"].append(
            {
                "name": f"Unbuilt infantry {len(data['vichy_units']) - 2}",
                "kind": "infantry",
                "location": "southern_france",
                "units": min(left, most),
                "built": False,
            }
        )
        left -= min(left, most)
    return data


def reading(values: Mapping[str, Any]) -> dict[str, str]:
    """The readings a model names: the die (awaw.vichy.die) and what results beyond the ends
    read (awaw.vichy.beyond_the_ends)."""
    return {
        DIE.key: (Die.D10 if values.get("d10") else Die.D6).value,
        BEYOND.key: (Beyond.END_ROW if values.get("end_row") else Beyond.NO_EFFECT).value,
    }


def write(
    folder: Path, property_name: str, values: dict[str, Any], house: Sequence[Path] = ()
) -> Path | str | None:
    """Write the roll a model gives (see :func:`facts`) to
    ``folder/counterexample-<property>.toml``, checked to load back as a scenario, under a
    header naming the rows read and the ``armistice resolve`` command that makes the roll
    under the edited table files ``house``; returns its path, or None for values that are
    no roll (no ``die``)."""
    if "die" not in values:
        return None
    name = file_name(property_name)
    data = merged(facts(values), {"name": name, "title": f"Counterexample: {property_name}"})
    made = scenario.from_mapping(data, name)
    assert isinstance(made, VichyScenario)
    path = folder / f"{name}.toml"
    words = ["armistice", "resolve", str(path)]
    for p in house:
        words += ["--tables", str(Path(p).resolve())]
    for key, value in reading(values).items():
        words += ["--assume", f"{key}={value}"]
    words += ["--decide", "named_by=axis", "--decide", f"vichy_roll={values['die']}"]
    header = [
        found_by(property_name, False, bool(house)),
        f"Die {values['die']}, modifiers {values.get('modifiers', 0):+d}: the engine reads "
        f"row {values.get('engine_row', '?')}, the table row {values.get('table_row', '?')}.",
        "Reproduce it with:",
        f"  {shlex.join(words)}",
    ]
    text = "".join(f"# {line}\n" for line in header) + render(made)
    scenario.from_mapping(tomllib.loads(text), name)
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
