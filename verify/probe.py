"""``python -m armistice.verify.probe``: cosmic-ray's test command for one code mutant.

Run in a worker's copy of the source tree, where cosmic-ray has just changed one engine file.
It finds the changed lines by comparing the copy with the pristine snapshot, runs the proof
suite (what ``python -m armistice.verify`` runs, in this process, where the mutant is first
imported) and, when the proofs all still hold, the tests that
execute those lines (fastest first, stopping at the first failure). It prints one line per
stage, ``verify: killed|survived`` and ``tests: killed|survived ...``, which the mutation
report reads, and exits 1 when the mutant is killed, 0 when it survives.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def _run(command: list[str], seconds: float) -> tuple[str, str]:
    """``("failed", output)`` or ``("timeout", output)`` when ``command`` fails or outlasts
    ``seconds`` (the mutant is caught), ``("", output)`` when it passes. When the worker that
    started this probe goes away (the run was stopped), the tests are stopped and the probe
    exits, leaving no process behind."""
    parent = os.getppid()
    deadline = time.monotonic() + max(seconds, 1.0)
    with tempfile.TemporaryFile("w+") as out:
        tests = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True)
        while True:
            try:
                code = tests.wait(timeout=1)
                break
            except subprocess.TimeoutExpired:
                if os.getppid() != parent:
                    tests.kill()
                    sys.exit(2)
                if time.monotonic() > deadline:
                    tests.kill()
                    tests.wait()
                    code = None
                    break
        out.seek(0)
        output = out.read()
    if code is None:
        return "timeout", output
    return ("failed" if code != 0 else ""), output


KILLERS = "killers.txt"
"""In the run's working folder: one line per caught mutant, its file and the test that
failed first, tab-separated."""


def first_failure(output: str) -> str:
    """The node id of the first test pytest's summary lists as failed, or ``""``."""
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line.split(" ", 1)[1].split(" - ", 1)[0].strip()
    return ""


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


def _verify_fails(seconds: float) -> bool:
    """True when ``python -m armistice.verify`` does not exit 0 on the mutated engine, run in
    this process (the mutant is imported here for the first time) with its output dropped, or
    takes more than ``seconds``."""
    from armistice.verify.cli import run

    sink = io.StringIO()
    signal.signal(signal.SIGALRM, _out_of_time)
    signal.alarm(int(seconds) + 1)
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            return run([]) != 0
    except Exception:
        return True
    finally:
        signal.alarm(0)


def _out_of_time(signum: int, frame: object) -> None:
    raise TimeoutError


def main() -> int:
    """Probe the mutant in the current directory; the exit status cosmic-ray reads."""
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
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:textual-snapshot",
        "--hypothesis-seed=0",
        *chosen,
    ]
    budget = codemutants.probe_budget(settings.timeout, tmap.expected(chosen)) - (
        time.monotonic() - start
    )
    caught, output = _run(command, budget)
    if caught:
        failed = first_failure(output)
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
