"""Counterexamples as scenario files: a violated property's inputs written out so
`armistice resolve` and `armistice play` open them, and the regression tests replay them.

A z3 model's surrender facts become a scenario by :func:`surrender`; an exhaustive check's
case already is one (:class:`AwawScenario`). Either is written by :func:`write_scenario`
under a header that gives the command reproducing it (see
:mod:`armistice.verify.awaw.rule58.replay`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.words import Season
from armistice.core.commented import render
from armistice.core.errors import TableError
from armistice.core.scenario import from_mapping

SEASONS = list(Season)

PREFIX = "counterexample-"
"""The start of every counterexample file's name: ``counterexample-<property>.toml``."""
FOUND_BY = "found by `armistice verify"
"""Words of the first line of every counterexample file a run writes (see :func:`found_by`),
by which a later run knows the files it may remove."""


def file_name(property_name: str) -> str:
    """The name (without ``.toml``) of ``property_name``'s counterexample file."""
    return f"{PREFIX}{property_name.replace('_', '-')}"


def found_by(property_name: str, exhaustive: bool, house: bool) -> str:
    """The first line of a counterexample file: the property and the command that found it
    (``--exhaustive`` for an exhaustive check, ``--tables`` under ``house`` tables)."""
    flags = (" --exhaustive" if exhaustive else "") + (" --tables" if house else "")
    return f"Counterexample to {property_name}, {FOUND_BY}{flags}`."


def earlier(folder: Path) -> list[Path]:
    """The counterexample files an earlier run wrote in ``folder``: named
    ``counterexample-*.toml`` and opening with :func:`found_by`'s line; a user's own file
    there (any other name or first line) is never among them."""
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob(f"{PREFIX}*.toml")):
        try:
            with path.open(encoding="utf-8") as text:
                first = text.readline()
        except (OSError, UnicodeDecodeError):
            continue
        if path.is_file() and first.startswith("# Counterexample to ") and FOUND_BY in first:
            found.append(path)
    return found


def clear(folder: Path) -> list[Path]:
    """Remove :func:`earlier` files from ``folder`` so it shows one run's counterexamples;
    returns the paths removed."""
    gone = earlier(folder)
    for path in gone:
        path.unlink()
    return gone


def surrender(values: Mapping[str, Any]) -> AwawScenario:
    """A scenario with the surrender facts of a model of
    :func:`armistice.verify.awaw.rule58.inputs.surrender_facts` (inputs named without a
    suffix; absent ones at their least): the turn, who holds Paris, Lyon and Marseilles,
    the other objectives France holds, the net DPs (Axis minus Allies), cooperation, French
    ground factors in northern France and ready and damaged named ships. Four colonies of
    5 BRPs each. Raises ScenarioError if the facts make no scenario (a voluntary surrender
    too early)."""
    turn = values.get("turn", 1)
    net = values.get("net_dps", 0)
    data: dict[str, Any] = {
        "system": "awaw.58",
        "name": "counterexample",
        "title": "Counterexample",
        "surrender": {
            "season": SEASONS[turn % 4].value,
            "year": 1940 + turn // 4,
            "voluntary": bool(values.get("voluntary", False)),
            "anglo_french_cooperation": bool(values.get("cooperation", False)),
        },
        "territory": {
            city: "axis" if values.get(f"{city}_axis") else "french"
            for city in ("paris", "lyon", "marseilles")
        }
        | {
            "other_french_objectives": [
                f"Objective {i + 1}" for i in range(values.get("other_objectives", 0))
            ]
        },
        "diplomacy": {"axis_dps": max(net, 0), "allied_dps": max(-net, 0)},
        "colonies": {c: {"brp": 5} for c in ("lebanon_syria", "tunisia", "algeria", "morocco")},
        "units": [],
        "fleet": [],
    }
    if values.get("ground_factors", 0):
        data["units"].append(
            {
                "name": "French army",
                "nationality": "french",
                "kind": "infantry",
                "factors": values["ground_factors"],
                "location": "northern_france",
            }
        )
    for ident, key in (("ready", "fleet_full"), ("damaged", "fleet_discounted")):
        if values.get(key, 0):
            data["fleet"].append(
                {
                    "id": ident,
                    "name": f"{ident.title()} ships",
                    "kind": "named",
                    "factors": values[key],
                    "condition": ident,
                    "region": "southern_france",
                }
            )
    scenario = from_mapping(data, "counterexample")
    assert isinstance(scenario, AwawScenario)
    return scenario


def scenario_toml(s: AwawScenario, header: Sequence[str] = ()) -> str:
    """Any rule-58 scenario as a commented TOML file that loads back to it (the form
    ``armistice new`` writes), each line of ``header`` a comment at the top, kept whole so a
    command in it can be copied. Raises ValueError for a value TOML cannot hold."""
    return "".join(f"# {h}\n" if h else "#\n" for h in header) + render(s)


def write_scenario(
    folder: Path, property_name: str, s: AwawScenario, header: Sequence[str]
) -> Path:
    """Write ``s`` with ``header`` to ``folder/counterexample-<property>.toml`` (the folder is
    made if missing) after checking that the text loads back as a scenario; returns the path."""
    import tomllib

    name = file_name(property_name)
    s = msgspec.structs.replace(s, name=name, title=f"Counterexample: {property_name}")
    text = scenario_toml(s, header)
    from_mapping(tomllib.loads(text), name)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def write(
    folder: Path, property_name: str, values: dict[str, Any], house: Sequence[Path] = ()
) -> Path | str | None:
    """Write the counterexample found under the edited table files ``house`` (none: the
    published tables) to ``folder/counterexample-<property>.toml`` as a scenario whose
    header gives the command that reproduces it under the same tables: an exhaustive case
    (``values["resolve"]`` carries its scenario) or a z3 model that describes a resolution
    (see :mod:`armistice.verify.awaw.rule58.replay`). Returns its path, a sentence saying
    why the model describes no resolution or why a game refuses the tables, or None for
    values that describe none."""
    from armistice.verify.awaw.rule58 import replay

    try:
        tables = replay.House.read(house)
    except TableError as error:
        return f"a game refuses these tables ({error})"
    if getattr(values.get("resolve"), "scenario", None) is not None:
        return replay.write_case(folder, property_name, values, tables)
    return replay.write_model(folder, property_name, values, tables)
