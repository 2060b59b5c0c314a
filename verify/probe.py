"""``python -m armistice.verify.probe``: cosmic-ray's test command for one code mutant.

Run in a worker's copy of the source tree, where cosmic-ray has just changed one engine file.
It finds the changed lines by comparing the copy with the pristine snapshot, runs the proof
suite (what ``python -m armistice.verify`` runs) and, when the proofs all still hold, the
tests that execute those lines (those that caught the file's earlier mutants first, then
fastest first, stopping at the first failure), both in this process, where the mutant is
first imported. It prints one line per stage, ``verify: killed|survived`` and
``tests: killed|survived ...``, which the mutation report reads, and exits 1 when the mutant
is killed, 0 when it survives. It exits at once when the worker that started it goes away.
"""

from __future__ import annotations

import contextlib
import difflib
import importlib
import io
import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from armistice.verify import codemutants, testmap


def changed(worker: Path, pristine: Path, modules: list[str]) -> tuple[str, list[int]]:
    """The repository-relative file that differs between ``worker`` and ``pristine`` and its
    changed line numbers (in the pristine file); ``("", [])`` when nothing differs."""
    for file in codemutants.module_files(pristine, modules):
        before = (pristine / file).read_text().splitlines()
        after = (worker / file).read_text().splitlines()
        if before != after:
            matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
            lines = [
                n + 1
                for tag, a0, a1, _, _ in matcher.get_opcodes()
                if tag != "equal"
                for n in range(a0, max(a1, a0 + 1))
            ]
            return file, lines
    return "", []


KILLERS = "killers.txt"
"""In the run's working folder: one line per caught mutant, its file and the test that
failed first, tab-separated."""


def killers_first(tests: list[str], file: str, killers: Path) -> list[str]:
    """``tests`` with those that caught earlier mutants of ``file`` first (most catches
    first), then the rest in their order: a mutant is most often caught by a test that caught
    its neighbours, and pytest stops at the first failure."""
    counts: dict[str, int] = {}
    if killers.is_file():
        for line in killers.read_text().splitlines():
            where, _, test = line.partition("\t")
            if where == file:
                counts[test] = counts.get(test, 0) + 1
    order = {t: i for i, t in enumerate(tests)}
    return sorted(tests, key=lambda t: (-counts.get(t, 0), order[t]))


class _OutOfTime(KeyboardInterrupt):
    """Raised by the alarm when a stage of the probe runs out of time; pytest stops on it as
    on Ctrl-C."""


class _Timer:
    """Whether the alarm of :func:`_within` went off."""

    expired = False


@contextlib.contextmanager
def _within(seconds: float) -> Iterator[_Timer]:
    """Raise :class:`_OutOfTime` in this thread once ``seconds`` have passed, and mark the
    yielded timer expired (pytest swallows the exception and reports an interruption)."""
    timer = _Timer()

    def out_of_time(signum: int, frame: object) -> None:
        timer.expired = True
        raise _OutOfTime

    signal.signal(signal.SIGALRM, out_of_time)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1.0))
    try:
        yield timer
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _verify_fails(seconds: float) -> bool:
    """True when ``python -m armistice.verify`` does not exit 0 on the mutated engine (run
    here, its output dropped), raises, or takes more than ``seconds``."""
    from armistice.verify.cli import run

    sink = io.StringIO()
    try:
        with _within(seconds), contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            return run(["--jobs", "1"]) != 0
    except (Exception, _OutOfTime):
        return True


class _FirstFailure:
    """A pytest plugin that keeps the node id of the first test that fails."""

    def __init__(self) -> None:
        self.failed = ""

    def pytest_runtest_logreport(self, report: Any) -> None:
        """pytest hook: note the first failed set-up, call or tear-down."""
        if report.failed and not self.failed:
            self.failed = str(report.nodeid)


def run_tests(tests: list[str], seconds: float) -> tuple[str, str]:
    """Run ``tests`` (pytest node ids, in order, stopping at the first failure) in this
    process: ``("failed", node id)`` when one fails or cannot be collected, ``("timeout",
    "")`` when they outlast ``seconds``, ``("", "")`` when all pass. Raises
    :class:`~armistice.verify.codemutants.MutationError` when pytest cannot run them at all
    (a usage error, no test found): the probe's own fault, never the mutant's."""
    import pytest

    first = _FirstFailure()
    args = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:textual-snapshot"]
    sink = io.StringIO()
    try:
        with (
            _within(seconds) as timer,
            contextlib.redirect_stdout(sink),
            contextlib.redirect_stderr(sink),
        ):
            code = pytest.main([*args, "--hypothesis-seed=0", *tests], plugins=[first])
    except _OutOfTime:
        return "timeout", first.failed
    if timer.expired:
        return "timeout", first.failed
    if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.NO_TESTS_COLLECTED):
        said = [line for line in sink.getvalue().splitlines() if line.strip()]
        raise codemutants.MutationError("pytest", said[0] if said else f"exit status {int(code)}")
    return ("failed" if code != pytest.ExitCode.OK else ""), first.failed


def watch_parent() -> None:
    """Exit this process at once, from a watching thread, when its parent goes away (a
    stopped mutation run), so no probe outlives its worker."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(2)

    threading.Thread(target=watch, daemon=True).start()


def module_name(file: str) -> str:
    """The module a repository-relative engine file is imported as: ``core/odds.py`` is
    ``armistice.core.odds``, ``core/awaw/rule58/__init__.py`` is
    ``armistice.core.awaw.rule58``."""
    parts = file.removesuffix(".py").split("/")
    return ".".join(["armistice", *(parts[:-1] if parts[-1] == "__init__" else parts)])


def main() -> int:
    """Probe the mutant in the current directory; the exit status cosmic-ray reads."""
    watch_parent()
    start = time.monotonic()
    worker = Path.cwd()
    workdir = Path(os.environ[codemutants.WORKDIR_ENV])
    settings = codemutants.load_settings(worker)
    file, lines = changed(worker, workdir / "source", settings.modules)
    print(f"mutant: {file}:{','.join(map(str, lines))}")
    if _verify_fails(settings.timeout):
        print("verify: killed")
        return 1
    print("verify: survived")
    try:
        importlib.import_module(module_name(file))
    except Exception as error:
        print(f"tests: killed (importing it raises {type(error).__name__})")
        return 1
    tmap = testmap.load(workdir / "testmap.json")
    selected = tmap.select(file, lines, settings.definitions)
    chosen = killers_first(
        [t for t in selected if t not in settings.deselect], file, workdir / KILLERS
    )
    if not chosen:
        print("tests: survived (no test runs the line)")
        return 0
    # Failing examples that hypothesis saved under another mutant must not decide this one.
    shutil.rmtree(worker / ".hypothesis", ignore_errors=True)
    budget = codemutants.probe_budget(settings.timeout, tmap.expected(chosen))
    try:
        caught, failed = run_tests(chosen, budget - (time.monotonic() - start))
    except codemutants.MutationError as error:
        print(f"tests: not run ({error})")
        return 0
    if caught:
        if failed:
            with (workdir / KILLERS).open("a") as killers:
                killers.write(f"{file}\t{failed}\n")
        late = ", out of time" if caught == "timeout" else ""
        print(f"tests: killed ({len(chosen)} chosen{late}) by {failed or 'the run'}")
        return 1
    print(f"tests: survived ({len(chosen)} chosen)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
