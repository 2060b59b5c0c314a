"""Counterexamples as scenario files: a violated property's inputs written out so
`armistice resolve` and `armistice play` open them, and the regression tests replay them.

A z3 model of the level's inputs is turned into a scenario by :func:`scenario_text`; an
exhaustive check's case already is a scenario (:class:`AwawScenario`), written by
:func:`scenario_toml` under a header that gives the answers reproducing it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.words import Season
from armistice.core.scenario import from_mapping

SEASONS = list(Season)


def scenario_text(name: str, property_name: str, values: dict[str, Any]) -> str | None:
    """A TOML scenario reproducing a model of :func:`armistice.verify.awaw.rule58.inputs.surrender_facts`
    (inputs named without a suffix), or None if the model is not about a surrender."""
    if "turn" not in values:
        return None
    turn = values["turn"]
    season, year = SEASONS[turn % 4].value, 1940 + turn // 4
    net = values.get("net_dps", 0)
    objectives = ", ".join(f'"Objective {i + 1}"' for i in range(values.get("other_objectives", 0)))
    lines = [
        f"# Counterexample to {property_name}, found by `python -m armistice.verify`.",
        'system = "awaw.58"',
        f'name = "{name}"',
        f'title = "Counterexample: {property_name}"',
        "",
        "[surrender]",
        f'season = "{season}"',
        f"year = {year}",
        f"voluntary = {str(values.get('voluntary', False)).lower()}",
        f"anglo_french_cooperation = {str(values.get('cooperation', False)).lower()}",
        "",
        "[territory]",
        f'paris = "{"axis" if values.get("paris_axis") else "french"}"',
        f'lyon = "{"axis" if values.get("lyon_axis") else "french"}"',
        f'marseilles = "{"axis" if values.get("marseilles_axis") else "french"}"',
        f"other_french_objectives = [{objectives}]",
        "",
        "[diplomacy]",
        f"axis_dps = {max(net, 0)}",
        f"allied_dps = {max(-net, 0)}",
        "",
        "[colonies]",
        *(f"{c} = {{ brp = 5 }}" for c in ("lebanon_syria", "tunisia", "algeria", "morocco")),
    ]
    if values.get("ground_factors", 0):
        lines += [
            "",
            "[[units]]",
            'name = "French army"',
            'nationality = "french"',
            'kind = "infantry"',
            f"factors = {values['ground_factors']}",
            'location = "northern_france"',
        ]
    for ident, key, condition in (
        ("ready", "fleet_full", "ready"),
        ("damaged", "fleet_discounted", "damaged"),
    ):
        if values.get(key, 0):
            lines += [
                "",
                "[[fleet]]",
                f'id = "{ident}"',
                f'name = "{ident.title()} ships"',
                'kind = "named"',
                f"factors = {values[key]}",
                f'condition = "{condition}"',
                'region = "southern_france"',
            ]
    return "\n".join(lines) + "\n"


def _value(v: Any) -> str:
    """A TOML value: strings, numbers, booleans, arrays and inline tables."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, Mapping):
        return (
            "{ "
            + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items() if x is not None)
            + " }"
        )
    return "[" + ", ".join(_value(x) for x in v) + "]"


def _key(k: str) -> str:
    return k if k.replace("_", "").isalnum() else json.dumps(k)


def _entries(table: Mapping[str, Any]) -> list[str]:
    """``key = value`` lines of a table; TOML has no null, so a None (a default) is left out."""
    return [f"{_key(k)} = {_value(v)}" for k, v in table.items() if v is not None]


def scenario_toml(s: AwawScenario, header: Sequence[str] = ()) -> str:
    """Any rule-58 scenario as a TOML file that loads back to it, each line of ``header`` a
    comment at the top; fields at their defaults are left out."""
    data = msgspec.to_builtins(s)
    defaults = msgspec.to_builtins(
        AwawScenario(
            system=s.system, name=s.name, title=s.title, surrender=s.surrender, colonies=s.colonies
        )
    )
    lines = [f"# {h}" if h else "#" for h in header]
    tables: list[str] = []
    for key, value in data.items():
        if key not in (
            "system",
            "name",
            "title",
            "surrender",
            "colonies",
        ) and value == defaults.get(key):
            continue
        if isinstance(value, Mapping):
            tables += ["", f"[{key}]", *_entries(value)]
        elif isinstance(value, list | tuple) and value and isinstance(value[0], Mapping):
            for entry in value:
                tables += ["", f"[[{key}]]", *_entries(entry)]
        else:
            lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines + tables) + "\n"


def write_scenario(
    folder: Path, property_name: str, s: AwawScenario, header: Sequence[str]
) -> Path:
    """Write ``s`` with ``header`` to ``folder/counterexample-<property>.toml`` (the folder is
    made if missing) after checking that the text loads back as a scenario; returns the path."""
    import tomllib

    name = f"counterexample-{property_name.replace('_', '-')}"
    s = msgspec.structs.replace(s, name=name, title=f"Counterexample: {property_name}")
    text = scenario_toml(s, header)
    from_mapping(tomllib.loads(text), name)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def write(folder: Path, property_name: str, values: dict[str, Any]) -> Path | None:
    """Write the counterexample scenario to ``folder/counterexample-<property>.toml`` and
    return its path: an exhaustive case (``values["resolve"]`` carries its scenario, see
    :mod:`armistice.verify.awaw.rule58.replay`), or a z3 model of a surrender whose file
    loads; None for values that describe no surrender."""
    import tomllib

    carried = values.get("resolve")
    if getattr(carried, "scenario", None) is not None:
        from armistice.verify.awaw.rule58.replay import write_case

        return write_case(folder, property_name, values)
    name = f"counterexample-{property_name.replace('_', '-')}"
    text = scenario_text(name, property_name, values)
    if text is None:
        return None
    from_mapping(tomllib.loads(text), name)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path
