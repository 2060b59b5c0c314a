"""The code-mutant run's parts that need no hour of mutants: settings, the equivalents list,
which annotations are never evaluated, which tests a changed line selects, how the probe
finds the changed line, and the figures printed."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
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


def test_a_changed_line_selects_the_tests_that_run_it_else_those_of_its_test_files() -> None:
    tmap = testmap.TestMap(
        digest="",
        tests=["t_a.py::fast", "t_a.py::refused", "t_b.py::middle", "t_b.py::slow", "t_c.py::x"],
        seconds=[0.1, 0.2, 0.5, 2.0, 3.0],
        lines={"core/logic.py": {10: [3, 0], 11: [2]}},
        modules={"core/logic.py": [0, 2, 3]},
    )
    assert tmap.select("core/logic.py", [10]) == ["t_a.py::fast", "t_b.py::slow"]
    assert tmap.select("core/logic.py", [10, 11]) == [
        "t_a.py::fast",
        "t_b.py::middle",
        "t_b.py::slow",
    ]
    # An import-time line: every test of the files that run the module, also one that runs
    # none of its lines (a bound checked in C), but no test of another file.
    every = ["t_a.py::fast", "t_a.py::refused", "t_b.py::middle", "t_b.py::slow"]
    assert tmap.select("core/logic.py", [3]) == every
    assert tmap.select("core/logic.py", [3], ["frozen"]) == [*every, "frozen"]
    assert tmap.select("core/logic.py", [10], ["frozen"]) == ["t_a.py::fast", "t_b.py::slow"]
    assert tmap.select("core/odds.py", [3], ["frozen"]) == []
    assert tmap.expected(["t_a.py::fast", "t_b.py::slow", "gone"]) == pytest.approx(2.1)


def test_a_mutant_may_take_the_timeout_plus_twice_its_tests_time() -> None:
    assert codemutants.probe_budget(60, 0) == 60
    assert codemutants.probe_budget(60, 45.5) == 151


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


SPECS = (
    "create table mutation_specs (module_path, operator_name, occurrence, start_pos_row,"
    " start_pos_col, job_id primary key)"
)
RESULTS = (
    "create table work_results (worker_outcome, output, test_outcome, diff, job_id primary key)"
)


def _session(path: Path, specs: list[tuple[str, str, int, int, str]]) -> None:
    with sqlite3.connect(path) as db:
        db.execute(SPECS)
        db.execute(RESULTS)
        db.executemany("insert into mutation_specs values (?, ?, ?, ?, 0, ?)", specs)


def test_a_new_run_keeps_only_what_was_killed_in_files_left_unchanged(tmp_path: Path) -> None:
    earlier, session = tmp_path / "earlier", tmp_path / "session"
    specs = [
        ("core/logic.py", "core/AddNot", 0, 3, "a"),
        ("core/logic.py", "core/AddNot", 1, 7, "b"),
        ("core/odds.py", "core/AddNot", 0, 3, "c"),
    ]
    _session(earlier, specs)
    with sqlite3.connect(earlier) as db:
        db.executemany(
            "insert into work_results values ('NORMAL', '', ?, '', ?)",
            [("KILLED", "a"), ("SURVIVED", "b"), ("KILLED", "c")],
        )
    # The new session names its mutants afresh: the same mutant has another job id.
    _session(session, [(f, o, n, r, j.upper()) for f, o, n, r, j in specs])
    assert codemutants._carry_over(session, earlier, ["core/logic.py"]) == 1
    with sqlite3.connect(session) as db:
        kept = db.execute("select job_id, test_outcome from work_results").fetchall()
    assert kept == [("A", "KILLED")]  # b survived: tried again; odds.py changed: made again
    assert codemutants._carry_over(session, earlier, []) == 0


def test_a_listed_equivalent_is_set_apart_before_it_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "logic.py").write_text("x = 1\ny = x + 2\n")
    session = tmp_path / "session"
    _session(
        session,
        [
            ("core/logic.py", "core/ReplaceBinaryOperator_Add_Sub", 0, 2, "listed"),
            ("core/logic.py", "core/ReplaceBinaryOperator_Add_Mul", 0, 2, "other"),
        ],
    )
    monkeypatch.setattr(
        codemutants, "_mutated_at", lambda text, op, n, row: "y = x - 2" if "Sub" in op else "?"
    )
    entry = codemutants.Equivalent(
        "core/logic.py", 2, "ReplaceBinaryOperator_Add_Sub", "y = x - 2", "why"
    )
    codemutants._skip_equivalents(session, tmp_path, {}, [entry])
    mutants = codemutants._results(session, tmp_path, [entry], {})
    assert [(m.line, m.operator, m.outcome) for m in mutants] == [
        (2, "ReplaceBinaryOperator_Add_Mul", "pending"),  # not run yet
        (2, "ReplaceBinaryOperator_Add_Sub", "equivalent"),
    ]
    assert mutants[1].mutation == "y = x - 2"


def test_the_report_says_how_many_mutants_were_caught_by_running_out_of_time() -> None:
    slow = CodeMutant(
        "core/logic.py", 3, "AddNot", "x", "tests", "tests: killed (4 chosen, out of time)"
    )
    hung = CodeMutant("core/logic.py", 4, "AddNot", "y", "tests", "timeout")
    score = CodeScore([slow, hung, _mutant("tests"), _mutant("verify")], 60.0)
    assert codemutants.report(score)[2] == (
        "  killed by verify plus the tests: 4 of 4 (100.0%), 2 of them by running out of time"
    )


def test_the_report_of_a_continued_run_says_how_many_results_were_kept() -> None:
    score = CodeScore([_mutant("tests")], 90.0, kept=3)
    assert codemutants.report(score)[3] == (
        "  cosmic-ray run time: 1.5 min (continuing an earlier run: 3 results kept)"
    )
    busy = CodeScore([_mutant("tests")], 600.0, cpu=900.0)
    assert codemutants.report(busy)[3] == (
        "  cosmic-ray run time: 10.0 min, 15.0 min of processor time"
    )


def test_the_tests_that_caught_a_file_s_mutants_are_tried_first(tmp_path: Path) -> None:
    killers = tmp_path / probe.KILLERS
    tests = ["fast", "middle", "slow", "slowest"]
    assert probe.killers_first(tests, "core/logic.py", killers) == tests
    killers.write_text("core/logic.py\tslow\ncore/odds.py\tfast\ncore/logic.py\tslowest\n")
    killers.write_text(killers.read_text() + "core/logic.py\tslow\n")
    assert probe.killers_first(tests, "core/logic.py", killers) == [
        "slow",
        "slowest",
        "fast",
        "middle",
    ]
    assert probe.killers_first(tests, "core/odds.py", killers)[0] == "fast"


TESTS = """
import time

def test_passes():
    assert 1 + 1 == 2

def test_fails():
    assert 1 + 1 == 3

def test_hangs():
    time.sleep(30)
"""


def _tests(tmp_path: Path, *names: str, seconds: float = 30) -> tuple[str, str]:
    """The probe's in-process test run, in a process of its own as the probe runs it."""
    (tmp_path / "test_probe_sample.py").write_text(TESTS)
    ids = [f"test_probe_sample.py::{n}" for n in names]
    code = (
        f"from armistice.verify import probe; print(*probe.run_tests({ids!r}, {seconds}), sep='|')"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    caught, _, failed = done.stdout.splitlines()[-1].partition("|")
    return caught, failed


def test_the_probe_s_tests_fail_pass_or_run_out_of_time(tmp_path: Path) -> None:
    assert _tests(tmp_path, "test_passes", "test_fails") == (
        "failed",
        "test_probe_sample.py::test_fails",
    )
    assert _tests(tmp_path, "test_passes") == ("", "")
    assert _tests(tmp_path, "test_passes", "test_hangs", seconds=1) == ("timeout", "")


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


def test_a_probe_whose_worker_is_gone_exits() -> None:
    """The worker (here a process that starts a probe and exits 3 s later) goes away: within
    seconds the probe, busy with its tests, is gone too."""
    probe_code = (
        "import time; from armistice.verify import probe; probe.watch_parent(); time.sleep(60)"
    )
    worker_code = (
        "import subprocess, sys; "
        f"p = subprocess.Popen([sys.executable, '-c', {probe_code!r}], "
        "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); print(p.pid, flush=True); "
        "import time; time.sleep(3)"
    )
    started = subprocess.run([sys.executable, "-c", worker_code], capture_output=True, text=True)
    pid = int(started.stdout)
    deadline = time.monotonic() + 15
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _running(pid)


def test_a_stopped_run_counts_only_the_mutants_it_ran() -> None:
    score = CodeScore([_mutant("verify"), _mutant("survived", 7), _mutant("pending")], 60.0)
    assert score.non_equivalent == 2
    assert codemutants.report(score)[1:] == [
        "  killed by python -m armistice.verify alone: 1 of 2 (50.0%)",
        "  killed by verify plus the tests: 1 of 2 (50.0%)",
        "  cosmic-ray run time: 1.0 min",
        "  stopped with 1 mutants not run yet: run --mutate again to go on; the shares above "
        "count only the mutants run",
        "  survived: core/logic.py:7 AddNot: return not x",
    ]


def test_the_probe_imports_the_mutated_file_as_its_module() -> None:
    assert probe.module_name("core/odds.py") == "armistice.core.odds"
    assert probe.module_name("core/awaw/rule58/__init__.py") == "armistice.core.awaw.rule58"
