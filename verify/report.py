"""Verdicts as a console table, JUnit XML, JSON and a Markdown report for designers."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import ColonyStatus
from armistice.verify.awaw.analysis import colony_odds
from armistice.verify.model import Result, Verdict

HEADER = f"{'property':<32} {'rules':<22} {'verdict':<9} {'time':>8}  rlimit (baseline)"


def row(r: Result, baseline: dict[str, int]) -> str:
    """One line of the console table."""
    rules = " ".join(r.rules)
    rules = rules if len(rules) <= 22 else rules[:21] + "…"
    effort = (
        f"{r.rlimit} ({baseline[r.name]})"
        if r.name in baseline
        else (str(r.rlimit) if r.rlimit else "-")
    )
    return f"{r.name:<32} {rules:<22} {r.verdict.value:<9} {r.seconds * 1e3:6.1f} ms  {effort}"


def failed(results: list[Result]) -> list[Result]:
    """The invariants not proved."""
    return [r for r in results if r.invariant and r.verdict is not Verdict.PROVED]


def summary(results: list[Result], seconds: float) -> str:
    """One line: how many invariants were proved, how many not, how many findings."""
    invariants = [r for r in results if r.invariant]
    proved = sum(r.verdict is Verdict.PROVED for r in invariants)
    findings = sum(r.verdict is Verdict.FINDING for r in results)
    return (
        f"{proved} of {len(invariants)} invariants proved, {len(failed(results))} not; "
        f"{findings} findings; {seconds:.2f} s"
    )


def details(results: list[Result]) -> list[str]:
    """Lines explaining each proof's rules, each violation and each finding."""
    out = []
    for r in results:
        if r.verdict is Verdict.PROVED and r.needed:
            out.append(f"  {r.name}: proved from {', '.join(r.needed)}")
        elif r.verdict is not Verdict.PROVED:
            out.append(f"  {r.name}: {r.verdict.value}: {r.explanation}")
            if r.counterexample:
                values = ", ".join(f"{k}={v}" for k, v in sorted(r.counterexample.items()))
                out.append(f"    counterexample: {values}")
            if r.scenario:
                out.append(f"    scenario: {r.scenario} (armistice resolve / play opens it)")
    return out


def junit(results: list[Result], path: Path) -> None:
    """Write JUnit XML: a test case per property, a failure per invariant not proved."""
    suite = ET.Element(
        "testsuite",
        name="armistice.verify",
        tests=str(len(results)),
        failures=str(len(failed(results))),
    )
    for r in results:
        case = ET.SubElement(
            suite, "testcase", classname="verify.awaw", name=r.name, time=f"{r.seconds:.4f}"
        )
        if r in failed(results):
            failure = ET.SubElement(case, "failure", message=r.explanation)
            failure.text = "\n".join(details([r]))
        elif r.verdict is Verdict.FINDING:
            ET.SubElement(case, "system-out").text = r.explanation
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)


def odds_table(t: Tables) -> dict[str, dict[str, str]]:
    """Colony odds as ``"FSL +1, Vichy" -> status -> fraction`` strings."""
    out = {}
    for (level, vichy), dist in colony_odds(t).items():
        key = f"FSL {level:+d}, {'Vichy' if vichy else 'no Vichy'}"
        out[key] = {status.value: str(p) for status, p in dist.items()}
    return out


def as_json(results: list[Result], t: Tables, path: Path, seconds: float) -> None:
    """Write the machine-readable report."""
    document = {
        "summary": summary(results, seconds),
        "ok": not failed(results),
        "results": [
            {
                "property": r.name,
                "rules": list(r.rules),
                "verdict": r.verdict.value,
                "invariant": r.invariant,
                "explanation": r.explanation,
                "needed": list(r.needed),
                "counterexample": r.counterexample,
                "scenario": r.scenario,
                "rlimit": r.rlimit,
                "seconds": round(r.seconds, 6),
            }
            for r in results
        ],
        "colony_odds": odds_table(t),
    }
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def markdown(
    results: list[Result], t: Tables, path: Path, sources: list[str], seconds: float
) -> None:
    """Write the designer's report: verdicts, proofs' rules, findings, table analysis and the
    exact odds of each colony's fate by surrender level."""
    lines = [
        "# Rule 58 proof report",
        "",
        f"Tables: {', '.join(sources)}",
        "",
        summary(results, seconds),
        "",
        "| property | rules | verdict | needed | time |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in results:
        lines.append(
            f"| {r.name} | {' '.join(r.rules)} | {r.verdict.value} | "
            f"{' '.join(r.needed)} | {r.seconds * 1e3:.1f} ms |"
        )
    notes = [r for r in results if r.verdict is not Verdict.PROVED]
    if notes:
        lines += ["", "## Violations and findings", ""]
        for r in notes:
            lines.append(f"- **{r.name}** ({r.verdict.value}): {r.explanation}")
            if r.counterexample:
                lines.append(
                    f"  - inputs: {', '.join(f'{k}={v}' for k, v in sorted(r.counterexample.items()))}"
                )
            if r.scenario:
                lines.append(f"  - scenario file: `{r.scenario}`")
    statuses = list(ColonyStatus)
    lines += [
        "",
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
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
