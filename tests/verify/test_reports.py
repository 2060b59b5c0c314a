"""Every report format gives each verdict's strength with its bounds or number of cases; a run
refused for bad input still writes the JSON and JUnit reports asked for; a proof over twice
its baseline effort fails the run."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from unittest import mock

import pytest

from armistice.verify import report, runner
from armistice.verify.cli import run
from armistice.verify.model import Result, Strength, Verdict
from armistice.verify.runner import SuiteRun
from armistice.verify.suites import ProofSuite

SUITE = ProofSuite(
    system="book.1",
    title="Book",
    load_tables=lambda paths: {},
    table_sources=lambda paths: ["book.toml"],
    checks=lambda tables, published: [],
)
RESULTS = [
    Result("limit_holds", ("1.2",), Verdict.PROVED, "", ("1.2",), strength=Strength.PROVED),
    Result(
        "rows_cover_turns",
        ("1.3",),
        Verdict.PROVED,
        "",
        strength=Strength.EXHAUSTIVE,
        bounds={"turn": (-8, 43), "die": (1, 6)},
        cases=312,
    ),
    Result(
        "games_end",
        ("1.4",),
        Verdict.VIOLATED,
        "a game never ends",
        strength=Strength.SAMPLED,
        samples=250,
    ),
]
SCOPES = {
    "limit_holds": "proved",
    "rows_cover_turns": "exhaustive over turn from -8 to 43; die from 1 to 6",
    "games_end": "sampled, 250 cases",
}


def _run() -> SuiteRun:
    return SuiteRun(SUITE, {}, ["book.toml"], [*RESULTS])


def test_the_console_gives_each_strength_and_its_reach() -> None:
    rows = [report.row(r, {}) for r in RESULTS]
    assert [row.split()[3] for row in rows] == ["proved", "exhaustive", "sampled"]
    assert report.HEADER.split()[4] == "cases"
    assert [row.split()[4] for row in rows] == ["-", "312", "250"]
    lines = report.details(RESULTS)
    assert "  limit_holds: proved from 1.2" in lines
    assert (
        "  rows_cover_turns: proved (exhaustive over turn from -8 to 43; die from 1 to 6)" in lines
    )
    assert "  games_end: violated (sampled, 250 cases): a game never ends" in lines


def test_json_gives_each_strength_bounds_samples_and_scope(tmp_path: Path) -> None:
    path = tmp_path / "v.json"
    report.as_json([_run()], path, 1.0)
    results = {r["property"]: r for r in json.loads(path.read_text(encoding="utf-8"))["results"]}
    assert {name: r["scope"] for name, r in results.items()} == SCOPES
    assert results["rows_cover_turns"]["bounds"] == {"turn": [-8, 43], "die": [1, 6]}
    assert results["games_end"]["samples"] == 250
    assert results["limit_holds"]["strength"] == "proved"


def test_junit_gives_each_strength_and_scope(tmp_path: Path) -> None:
    path = tmp_path / "v.xml"
    report.junit([_run()], path)
    cases = ET.parse(path).getroot().iter("testcase")
    found = {
        c.get("name"): {p.get("name"): p.get("value") for p in c.iter("property")} for c in cases
    }
    assert {name: p["scope"] for name, p in found.items()} == SCOPES
    assert found["games_end"]["strength"] == "sampled"
    assert found["rows_cover_turns"]["cases"] == "312"


def test_markdown_gives_each_scope_in_the_table_and_the_violations(tmp_path: Path) -> None:
    path = tmp_path / "v.md"
    report.markdown([_run()], path, 1.0)
    text = path.read_text(encoding="utf-8")
    for name, scope in SCOPES.items():
        assert f"| {name} | " in text and f" | {scope} | " in text
    assert "- **games_end** (violated, sampled, 250 cases): a game never ends" in text


def test_an_unknown_system_still_writes_the_json_and_junit_reports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    json_path, junit_path = tmp_path / "v.json", tmp_path / "v.xml"
    code = run(["--system", "nope", "--json", str(json_path), "--junit", str(junit_path)])
    assert code == 2
    assert capsys.readouterr().err.startswith("armistice: error: no proof suite")
    document = json.loads(json_path.read_text(encoding="utf-8"))
    assert document["ok"] is False
    assert (
        document["error"]
        == "no proof suite for rule system 'nope'; known: aa50, awaw.58, awaw.vichy, waw"
    )
    error = ET.parse(junit_path).getroot().find("testsuite/testcase/error")
    assert error is not None
    assert error.get("message") == document["error"]


def test_an_unreadable_table_still_writes_the_json_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    json_path = tmp_path / "v.json"
    missing = tmp_path / "forces.toml"
    code = run(["--system", "awaw.58", "--tables", str(missing), "--json", str(json_path)])
    assert code == 2
    error = json.loads(json_path.read_text(encoding="utf-8"))["error"]
    assert error.startswith(str(missing))
    assert capsys.readouterr().err == f"armistice: error: {error}\n"


def test_a_proof_over_twice_its_baseline_fails_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    stored = runner.baseline()
    stored["awaw.58"] = {**stored["awaw.58"], "level_is_monotone": 10}
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps(stored), encoding="utf-8")
    json_path = tmp_path / "v.json"
    with mock.patch.object(runner, "BASELINE", path):
        code = run(["--system", "awaw.58", "--json", str(json_path)])
    out = capsys.readouterr().out
    assert code == 1
    (line,) = [x for x in out.splitlines() if x.startswith("effort: ")]
    assert line.startswith("effort: awaw.58 level_is_monotone: z3 used rlimit ")
    assert "more than 2 times its baseline 10" in line
    document = json.loads(json_path.read_text(encoding="utf-8"))
    assert document["ok"] is False
    assert document["effort"] == [line.removeprefix("effort: ")]


def test_the_shipped_baseline_passes_the_gate(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--system", "awaw.58"]) == 0
    assert "effort: " not in capsys.readouterr().out


def test_case_counts_show_in_the_markdown_table_and_the_json(tmp_path: Path) -> None:
    path = tmp_path / "report.md"
    report.markdown([_run()], path, 1.0)
    text = path.read_text(encoding="utf-8")
    assert "| property | rules | verdict | strength | cases | needed | time |" in text
    assert "| rows_cover_turns | 1.3 | proved | " in text
    row = next(line for line in text.splitlines() if line.startswith("| rows_cover_turns"))
    assert row.split(" | ")[4] == "312"
    report.as_json([_run()], tmp_path / "r.json", 1.0)
    results = json.loads((tmp_path / "r.json").read_text())["results"]
    assert [r["cases"] for r in results] == [0, 312, 0]


def test_a_domain_sentence_is_the_scope_of_an_exhaustive_result() -> None:
    r = Result(
        "rows_cover_turns",
        ("1.3",),
        Verdict.PROVED,
        "",
        strength=Strength.EXHAUSTIVE,
        bounds={"turn": (-8, 43)},
        domain="every turn from Fall 1938 to Winter 1950",
    )
    assert r.scope == "exhaustive over every turn from Fall 1938 to Winter 1950"
    with pytest.raises(ValueError, match="only an exhaustive verdict has bounds"):
        Result("x", (), Verdict.PROVED, "", strength=Strength.PROVED, domain="every turn")


def test_results_proved_over_one_domain_share_a_line() -> None:
    shared = [
        Result(
            name,
            ("1.3",),
            Verdict.PROVED,
            "",
            strength=Strength.EXHAUSTIVE,
            bounds={"die": (1, 6)},
            domain="every face of the die",
        )
        for name in ("a_holds", "b_holds")
    ]
    assert report.details(shared) == [
        "  a_holds, b_holds: proved (exhaustive over every face of the die)"
    ]


def test_properties_demoted_by_edited_tables_are_named_with_the_reason() -> None:
    demoted = Result(
        "limit_is_the_books",
        ("1.2",),
        Verdict.FINDING,
        "the limit is 4, the book's 3",
        invariant=False,
        strength=Strength.PROVED,
        demoted="it compares the tables with the book",
    )
    lines = report.details([demoted])
    assert lines[-2:] == [
        "findings, not invariants, because the tables are edited (1):",
        "  limit_is_the_books (1.2), differs here: it compares the tables with the book",
    ]
    assert report.summary([demoted], 0.5) == (
        "0 of 0 invariants proved, 0 not; 1 finding (1 property holding the tables to the "
        "book: findings, not invariants, with edited tables); 0.50 s"
    )


def test_a_property_name_longer_than_its_column_keeps_the_columns_in_line() -> None:
    long = Result(
        "every_fleet_and_area_takes_what_its_die_gives",
        ("5.5",),
        Verdict.PROVED,
        "",
        strength=Strength.EXHAUSTIVE,
        bounds={"die": (1, 6)},
    )
    name, rest = report.row(long, {}).split("\n")
    assert name == long.name
    assert rest.index("5.5") == report.HEADER.index("rules")
