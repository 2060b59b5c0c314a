"""Which tests run which engine line, so that a code mutant is tried only against the tests
that execute it.

The map is built once per state of the sources, by running the mutation tests under coverage
with one context per test (pytest-cov's ``--cov-context=test``), and stored as JSON. It is
also a pytest plugin (``-p armistice.verify.testmap``) that records each test's duration, so
that a mutant's tests run fastest first and a killing test is met early.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from armistice.core.errors import ArmisticeError

DURATIONS_ENV = "ARMISTICE_TEST_DURATIONS"
_durations: dict[str, float] = defaultdict(float)


class TestMap(msgspec.Struct, frozen=True):
    """Tests by the engine lines they execute.

    ``tests``: pytest node ids, fastest first, and ``seconds``: how long each took while the
    map was built (under coverage, so longer than a plain run). ``lines``: per
    repository-relative file, per line number, the indices into ``tests`` of the tests that
    execute that line while they run. ``modules``: per file, every test that executes any line
    of it. ``digest``: the sources the map was built from (see ``digest``).
    """

    digest: str
    tests: list[str]
    seconds: list[float]
    lines: dict[str, dict[int, list[int]]]
    modules: dict[str, list[int]]

    def select(self, file: str, lines: Iterable[int], definitions: Sequence[str] = ()) -> list[str]:
        """The node ids of the tests that run any of ``lines`` of ``file``, fastest first.

        A line that only runs when its module is imported (a ``def``, a constant, a class
        option) is run by no test in particular, and a test may depend on it without running
        any line of the module (a bound msgspec checks in C): then every test of every test
        file that runs some line of ``file`` is chosen, and ``definitions``, tests that read
        definitions without running them. Empty when no test runs the file at all."""
        by_line = self.lines.get(file, {})
        chosen: set[int] = set()
        for line in lines:
            chosen.update(by_line.get(line, ()))
        if chosen:
            return [self.tests[i] for i in sorted(chosen)]
        files = {_test_file(self.tests[i]) for i in self.modules.get(file, ())}
        if not files:
            return []
        tests = [t for t in self.tests if _test_file(t) in files]
        return tests + [t for t in definitions if t not in tests]

    def expected(self, tests: Iterable[str]) -> float:
        """Seconds ``tests`` took together while the map was built (0 for one not in it)."""
        seconds = dict(zip(self.tests, self.seconds, strict=True))
        return sum(seconds.get(t, 0.0) for t in tests)


def _test_file(node: str) -> str:
    return node.partition("::")[0]


def digest(root: Path, folders: Sequence[str] = ("core", "verify", "tests")) -> str:
    """A SHA-256 over every ``.py`` and ``.toml`` file of ``folders`` under ``root`` (paths and
    contents): the map is stale when it differs."""
    h = hashlib.sha256()
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in {".py", ".toml"} and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()


def load(path: Path) -> TestMap:
    """The map stored at ``path``; raises ``ArmisticeError`` naming the file if unreadable."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=TestMap)
    except (OSError, msgspec.DecodeError) as error:
        raise ArmisticeError(str(path), f"cannot read the test map: {error}") from error


def build(root: Path, tests: Sequence[str], modules: Sequence[str], workdir: Path) -> TestMap:
    """Run ``tests`` (paths under ``root``) under coverage of ``modules`` with a context per
    test, and the map of which test runs which line; stored as ``workdir/testmap.json``.

    Raises ``ArmisticeError`` when the tests do not pass unmutated: a mutant's tests must."""
    workdir.mkdir(parents=True, exist_ok=True)
    data_file = workdir / "coverage"
    durations = workdir / "durations.json"
    env = dict(
        os.environ,
        COVERAGE_FILE=str(data_file),
        ARMISTICE_MUTATION_DIR=str(workdir),
        **{DURATIONS_ENV: str(durations)},
    )
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "armistice.verify.testmap",
        *[f"--cov={root / top}" for top in sorted({m.split("/")[0] for m in modules})],
        "--cov-context=test",
        "--cov-report=",
        *tests,
    ]
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
        raise ArmisticeError(
            "the mutation tests", "fail on the unmutated engine: " + " / ".join(tail)
        )
    seconds: dict[str, float] = json.loads(durations.read_text())
    tmap = _from_coverage(root, data_file, seconds)
    (workdir / "testmap.json").write_bytes(msgspec.json.encode(tmap))
    return tmap


def _from_coverage(root: Path, data_file: Path, seconds: dict[str, float]) -> TestMap:
    from coverage import CoverageData

    data = CoverageData(str(data_file))
    data.read()
    order = sorted(seconds, key=lambda t: (seconds[t], t))
    index = {t: i for i, t in enumerate(order)}
    lines: dict[str, dict[int, list[int]]] = {}
    modules: dict[str, list[int]] = {}
    for measured in data.measured_files():
        file = str(Path(measured).resolve().relative_to(root.resolve()))
        per_line: dict[int, list[int]] = {}
        everywhere: set[int] = set()
        for line, contexts in data.contexts_by_lineno(measured).items():
            ids = sorted({index[t] for t in (c.rpartition("|")[0] for c in contexts) if t in index})
            if ids:
                per_line[line] = ids
                everywhere.update(ids)
        lines[file] = per_line
        modules[file] = sorted(everywhere)
    return TestMap(
        digest=digest(root),
        tests=order,
        seconds=[seconds[t] for t in order],
        lines=lines,
        modules=modules,
    )


def pytest_runtest_logreport(report: Any) -> None:
    """pytest hook: add the duration of each phase (set-up, call, tear-down) to its test."""
    _durations[report.nodeid] += report.duration


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    """pytest hook: write the durations, in seconds by node id, where ``DURATIONS_ENV`` says."""
    target = os.environ.get(DURATIONS_ENV)
    if target:
        Path(target).write_text(json.dumps(_durations))
