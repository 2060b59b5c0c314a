"""The code-mutant run's parts that need no hour of mutants: settings, the equivalents list,
which annotations are never evaluated, which tests a changed line selects, how the probe
finds the changed line, and the figures printed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from armistice.verify import codemutants, probe, testmap
from armistice.verify.codemutants import CodeMutant, CodeScore, MutationError

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_shipped_settings_name_the_engine_and_its_tests() -> None:
    settings = codemutants.load_settings(ROOT)
    files = codemutants.module_files(ROOT, settings.modules)
    assert "core/awaw/rule58/rules.py" in files
    assert {"core/logic.py", "core/odds.py", "core/game.py", "core/awaw/words.py"} <= set(files)
    assert all((ROOT / t).exists() for t in settings.tests)
    assert settings.workers >= 1 and settings.timeout > 0


def test_settings_missing_a_field_are_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "verify").mkdir()
    (tmp_path / "verify" / "mutation.toml").write_text('modules = ["core"]\ntests = []\n')
    with pytest.raises(MutationError, match=r"mutation\.toml: timeout: missing$"):
        codemutants.load_settings(tmp_path)


def test_every_listed_equivalent_gives_its_reason() -> None:
    for entry in codemutants.load_equivalents(ROOT):
        assert (ROOT / entry.file).is_file()
        assert entry.reason.strip() and entry.mutation.strip() and entry.operator


def test_an_equivalent_without_a_reason_is_refused(tmp_path: Path) -> None:
    (tmp_path / "verify").mkdir()
    (tmp_path / "verify" / "equivalent-mutants.toml").write_text(
        '[[mutant]]\nfile = "core/logic.py"\nline = 3\noperator = "AddNot"\n'
        'mutation = "x"\nreason = " "\n'
    )
    with pytest.raises(MutationError, match=r"mutant 1: reason: empty$"):
        codemutants.load_equivalents(tmp_path)


SOURCE = """from __future__ import annotations

import msgspec


class Facts(msgspec.Struct):
    level: int | None = None


def f(a: int | None, *rest: int) -> int | None:
    total: int | None = None
    return a | 1
"""


def test_only_annotations_python_never_evaluates_are_set_apart() -> None:
    spans = codemutants.unevaluated_annotations(SOURCE)
    assert (10, 9) in spans  # a: int | None
    assert (10, 29) in spans  # *rest: int
    assert (10, 38) in spans  # -> int | None
    assert (11, 11) in spans  # a local variable's annotation
    assert (7, 11) not in spans  # a field msgspec reads
    assert (12, 11) not in spans  # a | 1 is code
    assert codemutants.unevaluated_annotations(SOURCE.replace("from __future__", "#")) == set()


def test_a_changed_line_selects_the_tests_that_run_it_else_those_of_its_file() -> None:
    tmap = testmap.TestMap(
        digest="",
        tests=["fast", "middle", "slow"],
        lines={"core/logic.py": {10: [2, 0], 11: [1]}},
        modules={"core/logic.py": [0, 1, 2]},
    )
    assert tmap.select("core/logic.py", [10]) == ["fast", "slow"]
    assert tmap.select("core/logic.py", [10, 11]) == ["fast", "middle", "slow"]
    assert tmap.select("core/logic.py", [3]) == ["fast", "middle", "slow"]
    assert tmap.select("core/logic.py", [3], ["frozen"]) == ["fast", "middle", "slow", "frozen"]
    assert tmap.select("core/logic.py", [10], ["frozen"]) == ["fast", "slow"]
    assert tmap.select("core/odds.py", [3], ["frozen"]) == []


def test_the_probe_finds_the_mutated_file_and_line(tmp_path: Path) -> None:
    pristine, worker = tmp_path / "source", tmp_path / "worker"
    for root in (pristine, worker):
        (root / "core").mkdir(parents=True)
        (root / "core" / "a.py").write_text("x = 1\n")
        (root / "core" / "b.py").write_text("y = 1\nz = y + 2\n")
    (worker / "core" / "b.py").write_text("y = 1\nz = y - 2\n")
    assert probe.changed(worker, pristine, ["core"]) == ("core/b.py", [2])
    (worker / "core" / "b.py").write_text("y = 1\nz = y + 2\n")
    assert probe.changed(worker, pristine, ["core"]) == ("", [])


def _mutant(outcome: str, line: int = 1) -> CodeMutant:
    return CodeMutant("core/logic.py", line, "AddNot", "return not x", outcome)


def test_the_report_counts_shares_of_the_non_equivalent_mutants() -> None:
    score = CodeScore(
        [
            *[_mutant("verify") for _ in range(6)],
            *[_mutant("tests") for _ in range(3)],
            _mutant("survived", 42),
            _mutant("annotation"),
            _mutant("equivalent"),
        ],
        600.0,
    )
    assert codemutants.report(score) == [
        "  12 mutants; 1 change only an annotation never evaluated, "
        "1 equivalent (verify/mutation.toml and verify/equivalent-mutants.toml)",
        "  killed by python -m armistice.verify alone: 6 of 10 (60.0%)",
        "  killed by verify plus the tests: 9 of 10 (90.0%)",
        "  cosmic-ray run time: 10.0 min",
        "  survived: core/logic.py:42 AddNot: return not x",
    ]


def test_a_run_inside_a_mutation_run_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(codemutants.WORKDIR_ENV, "/nowhere")
    with pytest.raises(MutationError, match="not run from within a mutation run"):
        codemutants.run()


def test_a_continued_run_tries_only_its_unlisted_survivors_again(tmp_path: Path) -> None:
    session = tmp_path / "session.sqlite"
    diff = "--- a\n+++ b\n-    return a\n+    return not a\n"
    with sqlite3.connect(session) as db:
        db.execute("create table work_results (worker_outcome, output, test_outcome, diff, job_id)")
        db.execute("create table mutation_specs (module_path, operator_name, job_id)")
        rows = [
            ("NORMAL", "KILLED", "a", "core/logic.py"),
            ("NORMAL", "SURVIVED", "b", "core/logic.py"),
            ("SKIPPED", None, "c", "core/logic.py"),
            ("NORMAL", "SURVIVED", "d", "core/odds.py"),
        ]
        db.executemany(
            "insert into work_results values (?, '', ?, ?, ?)",
            [(w, t, diff, j) for w, t, j, _ in rows],
        )
        db.executemany(
            "insert into mutation_specs values (?, 'core/AddNot', ?)", [(f, j) for *_, j, f in rows]
        )
    listed = codemutants.Equivalent("core/odds.py", 1, "AddNot", "return not a", "why")
    assert codemutants._retry_survivors(session, [listed]) == 3
    with sqlite3.connect(session) as db:
        kept = sorted(r[0] for r in db.execute("select job_id from work_results"))
    assert kept == ["a", "c", "d"]
    score = CodeScore([_mutant("tests")], 90.0, kept=3)
    assert codemutants.report(score)[3] == (
        "  cosmic-ray run time: 1.5 min (continuing an earlier run: 3 results kept)"
    )
