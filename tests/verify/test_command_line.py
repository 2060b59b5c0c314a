"""The verifier's command line: its usage line, report paths checked before anything runs,
and the counterexample folder cleared of an earlier run's files (and only those)."""

from __future__ import annotations

import shutil
import sys
import types
from pathlib import Path
from unittest import mock

import pytest

from armistice.core.awaw.rule58.tables import RULE58_FILE, shipped
from armistice.tui.cli import run as armistice
from armistice.verify import codemutants
from armistice.verify.awaw.rule58 import counterexample, replay
from armistice.verify.awaw.rule58.exhaustive import colonies, fleet
from armistice.verify.awaw.rule58.procedure_mutants import procedure_mutants
from tests.verify.runs import verify

T = shipped()


def test_the_usage_line_names_the_command_it_was_run_as(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert armistice(["verify", "--help"]) == 0
    assert capsys.readouterr().out.startswith("Usage: armistice verify [OPTIONS]")
    code, out, _ = verify(capsys, "--help")
    assert code == 0
    assert out.startswith("Usage: python -m armistice.verify [OPTIONS]")


@pytest.mark.parametrize(
    ("option", "given", "says"),
    [
        (
            "--json",
            "missing/report.json",
            "--json missing/report.json: folder missing does not exist",
        ),
        ("--junit", "a-file/report.xml", "--junit a-file/report.xml: a-file is not a folder"),
        ("--report", "missing/r.md", "--report missing/r.md: folder missing does not exist"),
        ("--counterexamples", "a-file/cx", "--counterexamples a-file/cx: a-file is not a folder"),
        (
            "--counterexamples",
            "a-file",
            "Invalid value for '--counterexamples': Directory 'a-file' is a file.",
        ),
    ],
)
def test_an_output_path_that_cannot_be_written_is_refused_before_anything_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, given: str, says: str
) -> None:
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    with mock.patch("armistice.verify.runner.run") as run:
        code, out, err = verify(capsys, option, given)
    assert code == 2
    assert err == f"armistice: error: {says}\n"
    assert out == ""
    run.assert_not_called()


def test_a_counterexample_folder_that_does_not_exist_yet_is_accepted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = verify(capsys, "--counterexamples", str(tmp_path / "new" / "cx"))
    assert code == 0, err


def test_a_run_removes_the_counterexample_files_earlier_runs_wrote_and_no_others(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "cx"
    folder.mkdir()
    mutant = {m.name: m for m in procedure_mutants(T)}["British-held colony left unassigned"]
    with mutant.patch():
        (result,) = colonies.check(T, ("colonies_one_status",))
        stale = counterexample.write(folder, "colonies_one_status", result.counterexample)
    assert isinstance(stale, Path) and stale.is_file()
    mine = folder / "counterexample-my-notes.toml"
    mine.write_text("# my own scenario, kept\n", encoding="utf-8")
    other = folder / "notes.txt"
    other.write_text(f"# Counterexample to x, {counterexample.FOUND_BY}`.\n", encoding="utf-8")
    assert counterexample.earlier(folder) == [stale]
    code, _, err = verify(capsys, "--counterexamples", str(folder))
    assert code == 0, err
    assert sorted(p.name for p in folder.iterdir()) == [mine.name, other.name]


def test_house_tables_are_read_once_per_counterexample(tmp_path: Path) -> None:
    copy = tmp_path / "rule58.toml"
    shutil.copyfile(RULE58_FILE, copy)
    mutant = {m.name: m for m in procedure_mutants(T)}[
        "Vichy re-take the ships the Free French chose"
    ]
    with mutant.patch():
        (result,) = fleet.check(T, ("ships_one_fate",))
        with mock.patch.object(replay, "house_tables", wraps=replay.house_tables) as read:
            path = counterexample.write(tmp_path, "ships_one_fate", result.counterexample, [copy])
    assert isinstance(path, Path)
    read.assert_called_once_with([copy])


@pytest.mark.parametrize("missing", ["cosmic_ray", "pytest_cov", "coverage"])
def test_mutate_without_the_mutation_extra_fails_at_once_naming_the_install_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, missing: str
) -> None:
    for name in ("cosmic_ray", "pytest_cov", "coverage"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, missing, None)  # importing it raises ImportError
    with (
        mock.patch("armistice.verify.runner.run") as run,
        mock.patch("armistice.verify.mutate.mutation_score") as score,
    ):
        code, out, err = verify(capsys, "--mutate", "--system", "awaw.vichy")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"armistice: error: --mutate: needs the mutation extra, and {missing} ")
    assert "pip install 'armistice[mutation]'" in err
    run.assert_not_called()
    score.assert_not_called()


def test_the_mutation_extra_is_required_only_when_a_module_of_it_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in codemutants.EXTRA:
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    codemutants.require_extra()
    monkeypatch.setitem(sys.modules, codemutants.EXTRA[0], None)
    with pytest.raises(codemutants.MutationError, match=r"pip install 'armistice\[mutation\]'"):
        codemutants.require_extra()
