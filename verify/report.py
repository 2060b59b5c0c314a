"""Verdicts as a console table, JUnit XML, JSON and a Markdown report for designers.

Every format gives each result's strength (:class:`~armistice.verify.model.Strength`) and,
when a run covers several rule systems, groups the results by system.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from armistice.core.words import counted
from armistice.verify.model import Result, Strength, Verdict
from armistice.verify.runner import SuiteRun

NAME = 32
"""Cells of the console table's property column."""
HEADER = (
    f"{'property':<{NAME}} {'rules':<22} {'verdict':<9} {'strength':<10} {'cases':>7} "
    f"{'time':>9}  rlimit (baseline)"
)


def heading(run: SuiteRun) -> str:
    """The console line that opens a system's group of results."""
    return f"== {run.suite.system}: {run.suite.title}"


def row(r: Result, baseline: dict[str, int]) -> str:
    """One line of the console table (two for a name longer than its column: the name, then
    the rest under the columns); ``baseline`` maps property names to stored rlimits."""
    rules = " ".join(r.rules)
    rules = rules if len(rules) <= 22 else rules[:21] + "…"
    effort = (
        f"{r.rlimit} ({baseline[r.name]})"
        if r.name in baseline
        else (str(r.rlimit) if r.rlimit else "-")
    )
    name = r.name if len(r.name) <= NAME else f"{r.name}\n{'':<{NAME}}"
    return (
        f"{name:<{NAME}} {rules:<22} {r.verdict.value:<9} {r.strength.value:<10} "
        f"{_cases(r):>7} {r.seconds * 1e3:6.1f} ms  {effort}"
    )


def _cases(r: Result) -> str:
    """How many cases an exhaustive or sampled result ran, or ``-``."""
    n = r.cases or r.samples
    return f"{n:,}" if n else "-"


def failed(results: Sequence[Result]) -> list[Result]:
    """The invariants not proved."""
    return [r for r in results if r.invariant and r.verdict is not Verdict.PROVED]


def summary(results: Sequence[Result], seconds: float) -> str:
    """One line: how many invariants were proved, how many not, how many findings, and how
    many properties count as findings only because the tables differ from the book."""
    invariants = [r for r in results if r.invariant]
    proved = sum(r.verdict is Verdict.PROVED for r in invariants)
    findings = sum(r.verdict is Verdict.FINDING for r in results)
    demoted = sum(bool(r.demoted) for r in results)
    aside = (
        f" ({counted(demoted, 'property', 'properties')} holding the tables to the book: "
        "findings, not invariants, with edited tables)"
        if demoted
        else ""
    )
    return (
        f"{proved} of {len(invariants)} invariants proved, {len(failed(results))} not; "
        f"{counted(findings, 'finding', 'findings')}{aside}; {seconds:.2f} s"
    )


def demoted(results: Sequence[Result]) -> list[str]:
    """Lines naming each property that is only a finding because the tables differ from the
    book, and why."""
    lines = []
    for r in results:
        if r.demoted:
            held = "differs here" if r.verdict is Verdict.FINDING else "agrees here"
            lines.append(f"  {r.name} ({' '.join(r.rules)}), {held}: {r.demoted}")
    if not lines:
        return []
    return [f"findings, not invariants, because the tables are edited ({len(lines)}):", *lines]


def _bounded(r: Result) -> str:
    return f" ({r.scope})" if r.strength is not Strength.PROVED else ""


def details(results: Sequence[Result]) -> list[str]:
    """Lines explaining each proof's rules and the reach of each verdict not proved for every
    integer (results proved over one domain share a line), each violation and each finding,
    then the properties that are findings only because the tables are edited."""
    out = []
    shared: list[Result] = []

    def flush() -> None:
        if shared:
            out.append(f"  {', '.join(r.name for r in shared)}: proved{_bounded(shared[0])}")
            shared.clear()

    for r in results:
        if r.verdict is Verdict.PROVED and not r.needed and r.strength is not Strength.PROVED:
            if shared and shared[0].scope != r.scope:
                flush()
            shared.append(r)
            continue
        flush()
        if r.verdict is Verdict.PROVED:
            if r.needed:
                out.append(f"  {r.name}: proved from {', '.join(r.needed)}{_bounded(r)}")
            continue
        out.append(f"  {r.name}: {r.verdict.value}{_bounded(r)}: {r.explanation}")
        if r.counterexample:
            values = ", ".join(f"{k}={v}" for k, v in sorted(r.counterexample.items()))
            out.append(f"    counterexample: {values}")
        if r.scenario:
            out.append(f"    scenario: {r.scenario} (armistice resolve / play opens it)")
    flush()
    return out + demoted(results)


def _results(runs: Sequence[SuiteRun]) -> list[Result]:
    return [r for run in runs for r in run.results]


def junit(runs: Sequence[SuiteRun], path: Path, effort: Sequence[str] = ()) -> None:
    """Write JUnit XML: a test suite per rule system, a test case per result with its strength,
    scope, case count and (for a property edited tables make a finding) why as properties, a failure per invariant not proved, and a failed ``effort`` case
    holding the lines of ``effort`` (proofs over their baseline rlimit) when there are any."""
    everything = _results(runs)
    root = ET.Element(
        "testsuites",
        name="armistice.verify",
        tests=str(len(everything) + bool(effort)),
        failures=str(len(failed(everything)) + bool(effort)),
    )
    if effort:
        suite = ET.SubElement(root, "testsuite", name="effort", tests="1", failures="1")
        case = ET.SubElement(suite, "testcase", classname="verify", name="effort")
        ET.SubElement(case, "failure", message=effort[0]).text = "\n".join(effort)
    for run in runs:
        not_proved = failed(run.results)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=run.suite.system,
            tests=str(len(run.results)),
            failures=str(len(not_proved)),
        )
        for r in run.results:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"verify.{run.suite.system}",
                name=r.name,
                time=f"{r.seconds:.4f}",
            )
            properties = ET.SubElement(case, "properties")
            ET.SubElement(properties, "property", name="strength", value=r.strength.value)
            ET.SubElement(properties, "property", name="scope", value=r.scope)
            if r.cases:
                ET.SubElement(properties, "property", name="cases", value=str(r.cases))
            if r.demoted:
                ET.SubElement(properties, "property", name="demoted", value=r.demoted)
            if r in not_proved:
                failure = ET.SubElement(case, "failure", message=r.explanation)
                failure.text = "\n".join(details([r]))
            elif r.verdict is Verdict.FINDING:
                ET.SubElement(case, "system-out").text = r.explanation
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def _json_result(r: Result) -> dict[str, Any]:
    return {
        "system": r.system,
        "property": r.name,
        "rules": list(r.rules),
        "verdict": r.verdict.value,
        "strength": r.strength.value,
        "bounds": {name: list(span) for name, span in r.bounds.items()},
        "samples": r.samples,
        "cases": r.cases,
        "domain": r.domain,
        "scope": r.scope,
        "demoted": r.demoted,
        "invariant": r.invariant,
        "explanation": r.explanation,
        "needed": list(r.needed),
        "counterexample": r.counterexample,
        "scenario": r.scenario,
        "rlimit": r.rlimit,
        "seconds": round(r.seconds, 6),
    }


def as_json(
    runs: Sequence[SuiteRun], path: Path, seconds: float, effort: Sequence[str] = ()
) -> None:
    """Write the machine-readable report: the summary, every result (with its system and
    strength: ``bounds`` as name -> ``[low, high]`` for an exhaustive one, ``samples`` for a
    sampled one, ``scope`` in words), ``effort``: the lines of proofs over their baseline
    rlimit (then ``ok`` is false) and, under ``systems``, each system's title, tables and own
    keys."""
    everything = _results(runs)
    document = {
        "summary": summary(everything, seconds),
        "ok": not failed(everything) and not effort,
        "effort": list(effort),
        "results": [_json_result(r) for r in everything],
        "systems": {
            run.suite.system: {
                "title": run.suite.title,
                "tables": run.sources,
                "ok": not failed(run.results),
                **run.suite.json_extra(run.tables),
            }
            for run in runs
        },
    }
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def error_json(path: Path, message: str) -> None:
    """Write the JSON report of a run refused for bad input: ``ok`` false, no results, and
    the ``error`` in one line."""
    document = {"summary": f"not run: {message}", "ok": False, "error": message, "results": []}
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def error_junit(path: Path, message: str) -> None:
    """Write JUnit XML for a run refused for bad input: one errored test case carrying the
    message, so CI shows why nothing was checked."""
    root = ET.Element("testsuites", name="armistice.verify", tests="1", failures="0", errors="1")
    suite = ET.SubElement(root, "testsuite", name="armistice.verify", tests="1", errors="1")
    case = ET.SubElement(suite, "testcase", classname="verify", name="input")
    ET.SubElement(case, "error", message=message).text = message
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def _demoted(lines: list[str], levels: int) -> list[str]:
    return ["#" * levels + line if line.startswith("#") else line for line in lines]


def _body(run: SuiteRun, seconds: float) -> list[str]:
    """A system's part of the Markdown report, its headings at level 2."""
    lines = [
        f"Tables: {', '.join(run.sources)}",
        "",
        summary(run.results, seconds),
        "",
        "| property | rules | verdict | strength | cases | needed | time |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in run.results:
        lines.append(
            f"| {r.name} | {' '.join(r.rules)} | {r.verdict.value} | {r.scope} | "
            f"{_cases(r)} | {' '.join(r.needed)} | {r.seconds * 1e3:.1f} ms |"
        )
    edited = demoted(run.results)
    if edited:
        lines += ["", "## Findings, not invariants, with edited tables", ""]
        lines += [f"- {line.strip()}" for line in edited[1:]]
    notes = [r for r in run.results if r.verdict is not Verdict.PROVED]
    if notes:
        lines += ["", "## Violations and findings", ""]
        for r in notes:
            lines.append(f"- **{r.name}** ({r.verdict.value}, {r.scope}): {r.explanation}")
            if r.counterexample:
                lines.append(
                    f"  - inputs: {', '.join(f'{k}={v}' for k, v in sorted(r.counterexample.items()))}"
                )
            if r.scenario:
                lines.append(f"  - scenario file: `{r.scenario}`")
    sections = run.suite.report_sections(run.tables)
    return lines + (["", *sections] if sections else [])


def markdown(runs: Sequence[SuiteRun], path: Path, seconds: float) -> None:
    """Write the designer's report: per system the tables checked, the verdicts with their
    strength and the rules proofs needed, violations and findings, then what the system's
    suite adds (table analysis, odds). One system's report is headed by its title; several
    systems' are sections of one report."""
    if len(runs) == 1:
        (run,) = runs
        lines = [f"# {run.suite.title} proof report", "", *_body(run, seconds)]
    else:
        lines = ["# Proof report", "", summary(_results(runs), seconds)]
        for run in runs:
            spent = sum(r.seconds for r in run.results)
            title = f"## {run.suite.title} ({run.suite.system})"
            lines += ["", title, "", *_demoted(_body(run, spent), 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
