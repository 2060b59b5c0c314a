"""Counterexamples as scenario files: a violated level property's inputs written out so
`armistice resolve` and `armistice play` open them, and the regression tests replay them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


def write(folder: Path, property_name: str, values: dict[str, Any]) -> Path | None:
    """Write the counterexample scenario to ``folder/<property>.toml`` if the model describes a
    surrender and the file loads; returns its path."""
    import tomllib

    name = f"counterexample-{property_name.replace('_', '-')}"
    text = scenario_text(name, property_name, values)
    if text is None:
        return None
    from_mapping(tomllib.loads(text), name)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path
