"""What rule 58's suite adds to the reports: the exact odds of each colony's fate by
surrender level (58.531), as a Markdown section and as JSON."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import ColonyStatus
from armistice.verify.awaw.rule58.analysis import colony_odds


def odds_table(t: Tables) -> dict[str, dict[str, str]]:
    """Colony odds as ``"FSL +1, Vichy" -> status -> fraction`` strings."""
    out = {}
    for (level, vichy), dist in colony_odds(t).items():
        key = f"FSL {level:+d}, {'Vichy' if vichy else 'no Vichy'}"
        out[key] = {status.value: str(p) for status, p in dist.items()}
    return out


def json_extra(t: Tables) -> dict[str, Any]:
    """``{"colony_odds": odds_table(t)}`` for the JSON report."""
    return {"colony_odds": odds_table(t)}


def report_sections(t: Tables) -> list[str]:
    """Markdown lines: a table of each status's chance for a colony France still holds, by
    level (highest first) and Vichy choice."""
    statuses = list(ColonyStatus)
    lines = [
        "## Colony odds by surrender level",
        "",
        "For a colony France still holds, with one die (58.531):",
        "",
        "| level | Vichy | " + " | ".join(s.value for s in statuses) + " |",
        "| --- | --- | " + " | ".join("---" for _ in statuses) + " |",
    ]
    for (level, vichy), dist in sorted(
        colony_odds(t).items(), key=lambda kv: (-kv[0][0], not kv[0][1])
    ):
        cells = " | ".join(str(dist.get(s, Fraction(0))) for s in statuses)
        lines.append(f"| {level:+d} | {'yes' if vichy else 'no'} | {cells} |")
    return lines
