"""The generic verifier: the proof suite registry, ``--system``, and the runner, reports,
baseline and mutation driver working on a stand-in suite registered by the test alone."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tomllib
import types
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
import z3

from armistice.core.awaw.vichy.tables import VICHY_FILE
from armistice.core.errors import TableError
from armistice.core.logic import clamp
from armistice.verify import codemutants, runner, suites
from armistice.verify.model import Check, Mutant, Result, Strength, Verdict
from armistice.verify.mutate import mutation_score
from armistice.verify.solver import Proof
from armistice.verify.suites import ProofSuite
from tests.verify.runs import verify

KEY = "toy.1"
SHIPPED = {"limit": 3}


class Rules:
    """The stand-in's one rule: a level is its raw value held within the table's limit."""

    @staticmethod
    def level(raw: Any, limit: int) -> Any:
        return clamp(raw, -limit, limit)


def _load(paths: Sequence[Path]) -> dict[str, int]:
    if not paths:
        return SHIPPED
    (path,) = paths
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise TableError(str(path), "", f"cannot be read: {error.strerror}") from None
    if not isinstance(data.get("limit"), int):
        raise TableError(str(path), "limit", "an integer is needed")
    return {"limit": data["limit"]}


def _within_limits(t: dict[str, int]) -> Result:
    p = Proof()
    raw = p.int("raw")
    level = p.define("1.2", "level", Rules.level(raw, t["limit"]))
    outcome = p.prove(z3.And(level >= -3, level <= 3))
    verdict = Verdict.PROVED if outcome.proved else Verdict.VIOLATED
    return Result(
        "toy_level_within_limits",
        ("1.2",),
        verdict,
        "the level stays within -3..+3",
        outcome.rules,
        counterexample=outcome.model,
        rlimit=outcome.rlimit,
        strength=Strength.PROVED,
    )


def _rows(t: dict[str, int]) -> list[Result]:
    limit = t["limit"]
    return [
        Result(
            "toy_rows_cover_levels",
            ("1.3",),
            Verdict.PROVED,
            "every level has a row",
            invariant=False,
            strength=Strength.EXHAUSTIVE,
            bounds={"level": (-limit, limit)},
        )
    ]


def _sampled(t: dict[str, int]) -> list[Result]:
    draws = random.Random(0)
    ok = all(-3 <= Rules.level(draws.randint(-99, 99), t["limit"]) <= 3 for _ in range(500))
    return [
        Result(
            "toy_sampled_levels",
            ("1.2",),
            Verdict.PROVED if ok else Verdict.VIOLATED,
            "500 drawn raw values keep their level within -3..+3",
            invariant=False,
            strength=Strength.SAMPLED,
            samples=500,
        )
    ]


def _checks(t: dict[str, int], published: bool) -> list[Check]:
    return [
        Check("toy_level_within_limits", ("1.2",), lambda: [_within_limits(t)]),
        Check("toy rows", ("1.3",), lambda: _rows(t)),
        Check("toy sample", ("1.2",), lambda: _sampled(t)),
    ]


def _mutants(t: dict[str, int]) -> Iterator[Mutant]:
    yield Mutant("limit+1", {"limit": t["limit"] + 1})
    yield Mutant(
        "level without its clamp",
        t,
        lambda: mock.patch.object(Rules, "level", staticmethod(lambda raw, limit: raw)),
    )


def _counterexample(
    folder: Path, name: str, values: dict[str, Any], house: Sequence[Path]
) -> Path | None:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(values), encoding="utf-8")
    return path


TOY = ProofSuite(
    system=KEY,
    title="Toy",
    load_tables=_load,
    table_sources=lambda paths: [str(p) for p in paths] or ["shipped toy table"],
    checks=_checks,
    tables_help="a toy table file",
    mutants=_mutants,
    build=lambda files: files,
    counterexample=_counterexample,
    report_sections=lambda t: ["## Toy limits", "", f"The limit is {t['limit']}."],
    json_extra=lambda t: {"toy_limit": t["limit"]},
)


@pytest.fixture
def toy() -> Iterator[ProofSuite]:
    suites.register(TOY)
    yield TOY
    suites.unregister(KEY)


def test_the_awaw_58_suite_is_declared_by_entry_point() -> None:
    assert "awaw.58" in suites.names()
    suite = suites.get("awaw.58")
    assert suite.system == "awaw.58"
    assert suite in suites.suites()


def test_an_unknown_system_is_refused_with_the_known_ones() -> None:
    with pytest.raises(suites.UnknownSuite, match=r"'nope'; known: aa50, awaw\.58"):
        suites.get("nope")


def test_system_nope_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = verify(capsys, "--system", "nope")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("armistice: error: no proof suite for rule system 'nope'")


def test_an_entry_point_that_is_not_a_proof_suite_is_a_type_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = mock.Mock()
    fake.load.return_value = object()
    monkeypatch.setattr(suites.SUITES, "_declared", {"bogus.1": fake})
    with pytest.raises(TypeError, match=r"not the ProofSuite of 'bogus\.1'"):
        suites.get("bogus.1")


def test_a_suite_is_registered_once(toy: ProofSuite) -> None:
    assert suites.get(KEY) is toy
    with pytest.raises(ValueError, match="already known"):
        suites.register(toy)
    suites.unregister(KEY)
    assert KEY not in suites.names()


def test_a_stand_in_suite_is_run_and_reported_by_the_generic_code(
    toy: ProofSuite, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    junit, report, markdown = tmp_path / "v.xml", tmp_path / "v.json", tmp_path / "v.md"
    code, out, _ = verify(
        capsys,
        "--system",
        KEY,
        "--junit",
        str(junit),
        "--json",
        str(report),
        "--report",
        str(markdown),
    )
    assert code == 0
    assert "toy_level_within_limits" in out
    assert "\nlevel_within_limits " not in out
    assert "1 of 1 invariants proved, 0 not" in out
    assert "toy_sampled_levels: proved (sampled, 500 cases)" in out
    document = json.loads(report.read_text(encoding="utf-8"))
    by_name = {r["property"]: r for r in document["results"]}
    assert {r["system"] for r in document["results"]} == {KEY}
    assert by_name["toy_level_within_limits"]["strength"] == "proved"
    assert by_name["toy_level_within_limits"]["needed"] == ["1.2"]
    assert by_name["toy_rows_cover_levels"]["bounds"] == {"level": [-3, 3]}
    assert by_name["toy_sampled_levels"]["strength"] == "sampled"
    assert by_name["toy_sampled_levels"]["samples"] == 500
    assert document["systems"][KEY]["toy_limit"] == 3
    (suite,) = ET.parse(junit).getroot()
    assert suite.get("name") == KEY
    strengths = [c.find("properties/property[@name='strength']") for c in suite]
    assert [s.get("value") for s in strengths if s is not None] == [
        "proved",
        "exhaustive",
        "sampled",
    ]
    text = markdown.read_text(encoding="utf-8")
    assert text.startswith("# Toy proof report\n")
    assert "| toy_sampled_levels | 1.2 | proved | sampled, 500 cases |" in text
    assert "## Toy limits" in text


def test_every_suite_runs_by_default_grouped_by_system(
    toy: ProofSuite, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    markdown = tmp_path / "v.md"
    code, out, _ = verify(capsys, "--report", str(markdown))
    assert code == 0
    assert out.index("== awaw.58: Rule 58") < out.index("== toy.1: Toy")
    assert "33 of 33 invariants proved, 0 not" in out
    text = markdown.read_text(encoding="utf-8")
    assert text.startswith("# Proof report\n")
    assert text.index("## Rule 58 (awaw.58)") < text.index("## Toy (toy.1)")
    assert "### Colony odds by surrender level" in text
    assert "### Toy limits" in text


def test_tables_go_to_the_one_system_whose_files_they_are(
    toy: ProofSuite, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "toy.toml"
    path.write_text("limit = 3\n", encoding="utf-8")
    code, out, _ = verify(capsys, "--tables", str(path))
    assert code == 0
    assert "== toy.1: Toy" not in out and "awaw.58" not in out
    assert "toy_level_within_limits" in out


def test_tables_that_two_systems_read_exit_2(
    toy: ProofSuite, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "vichy.toml"
    path.write_text(VICHY_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = verify(capsys, "--tables", str(path))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "--tables checks the tables of one system" in err


def test_a_broken_stand_in_table_fails_its_invariant_with_a_counterexample(
    toy: ProofSuite, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "toy.toml"
    path.write_text("limit = 4\n", encoding="utf-8")
    folder = tmp_path / "cx"
    code, out, _ = verify(
        capsys, "--system", KEY, "--tables", str(path), "--counterexamples", str(folder)
    )
    assert code == 1
    assert "toy_level_within_limits: violated" in out
    written = folder / "toy_level_within_limits.json"
    assert f"scenario: {written}" in out
    assert abs(json.loads(written.read_text(encoding="utf-8"))["raw"]) >= 4


def test_a_bad_stand_in_table_exits_2_naming_the_file(
    toy: ProofSuite, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "toy.toml"
    path.write_text("limit = 'wide'\n", encoding="utf-8")
    code, _, err = verify(capsys, "--system", KEY, "--tables", str(path))
    assert code == 2
    assert err == f"armistice: error: {path}: limit: an integer is needed\n"


def test_the_mutation_driver_takes_the_stand_in_mutants(
    toy: ProofSuite, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The code mutants of the engine take an hour; tests/verify/test_codemutants.py covers them.
    monkeypatch.setattr(codemutants, "run", lambda progress: codemutants.CodeScore([], 0.0))
    for name in codemutants.EXTRA:  # the mutation extra, as if installed
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    assert mutation_score(toy, SHIPPED) == (
        [
            ("limit+1", "toy_level_within_limits"),
            ("level without its clamp", "toy_level_within_limits"),
        ],
        [],
    )
    code, out, _ = verify(capsys, "--system", KEY, "--mutate")
    assert code == 0
    assert "mutation score: 2 of 2 mutants caught (100%)" in out
    assert "code mutants (cosmic-ray):" in out


def test_help_lists_the_known_suites(toy: ProofSuite, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = verify(capsys, "--help")
    assert code == 0
    assert "--system NAME" in out
    assert "toy.1" in out and "a toy table file" in out
    assert "awaw.58" in out


def test_the_baseline_is_kept_per_system(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps({"awaw.58": {"p": 5}, KEY: {"old": 1}}), encoding="utf-8")
    results = list(runner.run(TOY, SHIPPED))
    runner.store_baseline(results, path)
    stored = runner.baseline(path)
    assert stored["awaw.58"] == {"p": 5}
    assert set(stored[KEY]) == {"toy_level_within_limits"}


def test_the_shipped_baseline_is_keyed_by_system() -> None:
    stored = runner.baseline()
    assert set(stored) <= set(suites.names())
    assert stored["awaw.58"]["level_is_monotone"] > 0


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"strength": Strength.EXHAUSTIVE}, "states its bounds"),
        ({"strength": Strength.SAMPLED}, "number of cases"),
        ({"strength": Strength.PROVED, "samples": 100}, "only a sampled verdict"),
        ({"strength": Strength.PROVED, "bounds": {"x": (0, 1)}}, "only an exhaustive verdict"),
    ],
)
def test_a_verdict_cannot_claim_more_or_less_than_its_strength(
    changes: dict[str, Any], says: str
) -> None:
    with pytest.raises(ValueError, match=says):
        Result("p", ("1",), Verdict.PROVED, "", **changes)


def test_generic_verify_modules_load_no_rule_system() -> None:
    probe = (
        "import sys\n"
        "import armistice.verify.cli, armistice.verify.mutate, armistice.verify.report\n"
        "loaded = [m for m in sys.modules if m.startswith(('armistice.core.awaw', "
        "'armistice.verify.awaw'))]\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_system_takes_the_older_alias_of_a_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert suites.get("awaw") is suites.get("awaw.58")
    code, out, _ = verify(capsys, "--system", "awaw")
    assert code == 0 and "16 of 16 invariants proved" in out
