"""Code mutants of the engine, made and run by cosmic-ray, and how many the proofs and the
tests kill.

One run (``run``): build or reuse the map of which test runs which line (``testmap``), copy
the source tree to a pristine snapshot and to one worker copy per worker, let cosmic-ray list
every mutant of the modules named in ``verify/mutation.toml``, mark the ones that only change
an annotation that is never evaluated, and have cosmic-ray's HTTP workers apply each mutant in
a worker copy and run ``python -m armistice.verify.probe`` on it. Working files live in
``.mutation/`` at the repository root, which git ignores. Mutants known to be equivalent are
listed with their reason in ``verify/equivalent-mutants.toml``.
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from armistice.core.errors import ArmisticeError

WORKDIR_ENV = "ARMISTICE_MUTATION_DIR"
SETTINGS = Path("verify") / "mutation.toml"
EQUIVALENTS = Path("verify") / "equivalent-mutants.toml"
FOLDERS = ("core", "tui", "verify", "scenarios")
_IGNORED = shutil.ignore_patterns(
    ".git", ".venv", ".mutation", "__pycache__", "*.egg-info", "build", ".*_cache", ".hypothesis"
)


class MutationError(ArmisticeError):
    """The mutation run cannot start or finish: the message names the file or the tool."""


@dataclass(frozen=True)
class Settings:
    """``verify/mutation.toml``: ``modules`` (folders and files to mutate), ``tests`` (test
    paths a mutant may be tried against), ``deselect`` (node ids of those never tried), ``definitions`` (node ids of tests that
    check definitions without running them, added for a line that runs only on import),
    ``equivalent_operators`` (cosmic-ray operators whose every mutant here is equivalent, each
    with the reason),
    ``timeout`` (seconds for one mutant) and ``workers`` (worker copies run at once)."""

    modules: list[str]
    tests: list[str]
    deselect: list[str]
    definitions: list[str]
    equivalent_operators: dict[str, str]
    timeout: float
    workers: int


@dataclass(frozen=True)
class CodeMutant:
    """One mutant: ``file`` and ``line`` (repository-relative, 1-based), cosmic-ray's
    ``operator``, the mutated line as ``mutation``, and ``outcome``: ``verify`` (a proof
    failed), ``tests`` (the proofs held, a test failed), ``survived``, ``equivalent`` (listed
    with a reason), ``annotation`` (only an annotation that is never evaluated changed) or
    ``error`` (cosmic-ray could not run it; ``detail`` says why)."""

    file: str
    line: int
    operator: str
    mutation: str
    outcome: str
    detail: str = ""


@dataclass(frozen=True)
class CodeScore:
    """The mutants of one run, cosmic-ray's run time in seconds, and how many results were
    kept from an earlier run of the same engine (``kept``: killed or set apart, not tried
    again)."""

    mutants: list[CodeMutant]
    seconds: float
    kept: int = 0

    def count(self, *outcomes: str) -> int:
        """How many mutants have one of ``outcomes``."""
        return sum(m.outcome in outcomes for m in self.mutants)

    @property
    def non_equivalent(self) -> int:
        """Mutants that change behaviour: all but annotation-only and listed equivalents."""
        return len(self.mutants) - self.count("annotation", "equivalent")

    @property
    def survivors(self) -> list[CodeMutant]:
        """Mutants no proof and no test kills, and not listed as equivalent."""
        return [m for m in self.mutants if m.outcome == "survived"]


def repository() -> Path:
    """The source checkout this package runs from; ``MutationError`` for an installed copy,
    which has no tests to run."""
    root = Path(__file__).resolve().parent.parent
    if not (root / SETTINGS).is_file() or not (root / "tests").is_dir():
        raise MutationError(str(root), "code mutants need a source checkout with tests/")
    return root


def load_settings(root: Path) -> Settings:
    """``root/verify/mutation.toml``; ``MutationError`` naming the file, field and reason."""
    path = root / SETTINGS
    try:
        raw = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise MutationError(str(path), str(error)) from error
    try:
        settings = Settings(
            modules=[str(m) for m in raw["modules"]],
            tests=[str(t) for t in raw["tests"]],
            deselect=[str(t) for t in raw.get("deselect", [])],
            definitions=[str(t) for t in raw.get("definitions", [])],
            equivalent_operators={
                str(k): str(v) for k, v in raw.get("equivalent-operators", {}).items()
            },
            timeout=float(raw["timeout"]),
            workers=int(raw["workers"]),
        )
    except KeyError as error:
        raise MutationError(str(path), f"{error.args[0]}: missing") from error
    except (TypeError, ValueError) as error:
        raise MutationError(str(path), str(error)) from error
    if settings.workers < 1 or settings.timeout <= 0:
        raise MutationError(str(path), "workers and timeout must be positive")
    return settings


def module_files(root: Path, modules: list[str]) -> list[str]:
    """The repository-relative ``.py`` files that ``modules`` (folders or files) name."""
    files: list[str] = []
    for m in modules:
        path = root / m
        found = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        files += [str(f.relative_to(root)) for f in found if "__pycache__" not in f.parts]
    return files


def unevaluated_annotations(source: str) -> set[tuple[int, int]]:
    """The ``(line, column)`` of every character position inside a parameter, return or local
    variable annotation of a module that has ``from __future__ import annotations``: Python
    keeps those as strings and never evaluates them. Class-level annotations are left out
    (msgspec and dataclasses read them)."""
    tree = ast.parse(source)
    future = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(a.name == "annotations" for a in node.names)
        for node in tree.body
    )
    if not future:
        return set()
    spans: set[tuple[int, int]] = set()
    for node in _annotations(tree):
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
            first = node.col_offset if line == node.lineno else 0
            last = node.end_col_offset if line == node.end_lineno else 10_000
            spans.update((line, col) for col in range(first, last or 10_000))
    return spans


def _annotations(tree: ast.Module) -> Iterator[ast.expr]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args
            every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
            yield from (a.annotation for a in every if a is not None and a.annotation)
            if node.returns is not None:
                yield node.returns
            for inner in ast.walk(node):
                if isinstance(inner, ast.AnnAssign):
                    yield inner.annotation


@dataclass(frozen=True)
class Equivalent:
    """An entry of ``verify/equivalent-mutants.toml``: a mutant by file, operator and mutated
    line, and why it computes what the engine computes."""

    file: str
    line: int
    operator: str
    mutation: str
    reason: str


def load_equivalents(root: Path) -> list[Equivalent]:
    """The listed equivalent mutants; ``MutationError`` naming the file, entry and field when
    an entry lacks a field or gives no reason."""
    path = root / EQUIVALENTS
    try:
        raw = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise MutationError(str(path), str(error)) from error
    found: list[Equivalent] = []
    for n, entry in enumerate(raw.get("mutant", []), start=1):
        try:
            item = Equivalent(**{k: entry[k] for k in Equivalent.__dataclass_fields__})
        except KeyError as error:
            raise MutationError(f"{path}: mutant {n}", f"{error.args[0]}: missing") from error
        if not str(item.reason).strip():
            raise MutationError(f"{path}: mutant {n}", "reason: empty")
        found.append(item)
    return found


def run(progress: Callable[[int, int], None] = lambda done, total: None) -> CodeScore:
    """Make and run every code mutant of the engine; ``progress(done, total)`` is called about
    every half minute. When ``.mutation/`` holds a run of the same engine files (finished or
    stopped), it is continued: its killed mutants are kept and its survivors tried again
    against the current proofs and tests. Raises ``MutationError`` when cosmic-ray is
    missing or a step fails."""
    if WORKDIR_ENV in os.environ:
        raise MutationError("", "code mutants are not run from within a mutation run")
    if shutil.which("cosmic-ray", path=str(Path(sys.executable).parent)) is None:
        raise MutationError("cosmic-ray", "not installed: pip install -e '.[mutation]'")
    root = repository()
    settings = load_settings(root)
    equivalents = load_equivalents(root)
    workdir = root / ".mutation"
    _test_map(root, settings, workdir)
    source = _copy(root, workdir / "source")
    workers = [_worker(source, workdir / f"worker-{n}") for n in range(settings.workers)]
    ports = [_free_port() for _ in workers]
    config = workdir / "cosmic-ray.toml"
    config.write_text(_config(settings, ports))
    session, stamp = workdir / "session.sqlite", workdir / "engine.sha256"
    engine = _engine_digest(root, settings)
    if session.is_file() and stamp.is_file() and stamp.read_text() == engine:
        kept = _retry_survivors(session, equivalents)
    else:
        stamp.unlink(missing_ok=True)
        _cosmic(["init", str(config), str(session), "--force"], source)
        stamp.write_text(engine)
        kept = 0
    _skip_equivalents(session, source, settings.equivalent_operators)
    started = _start_workers(workers, ports, workdir)
    log = workdir / "exec.log"
    try:
        start = time.monotonic()
        with log.open("w") as errors:
            execution = subprocess.Popen(
                [_tool(), "exec", str(config), str(session)],
                cwd=source,
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
            while True:
                try:
                    execution.wait(timeout=30)
                    break
                except subprocess.TimeoutExpired:
                    progress(*_progress(session))
        seconds = time.monotonic() - start
    finally:
        _stop(started)
    if execution.returncode != 0:
        raise MutationError("cosmic-ray exec", _last_line(log.read_text()))
    mutants = _results(session, source, equivalents, settings.equivalent_operators)
    return CodeScore(mutants, seconds, kept)


def _last_line(text: str) -> str:
    lines = text.strip().splitlines()
    return lines[-1] if lines else "failed"


def _tool() -> str:
    return str(Path(sys.executable).parent / "cosmic-ray")


def _cosmic(args: list[str], cwd: Path) -> None:
    done = subprocess.run([_tool(), *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise MutationError(f"cosmic-ray {args[0]}", _last_line(done.stderr))


def _test_map(root: Path, settings: Settings, workdir: Path) -> None:
    from armistice.verify import testmap

    path = workdir / "testmap.json"
    if path.is_file() and testmap.load(path).digest == testmap.digest(root):
        return
    testmap.build(root, settings.tests, settings.modules, workdir)


def _copy(root: Path, target: Path) -> Path:
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(root, target, ignore=_IGNORED, symlinks=True)
    return target


def _worker(source: Path, target: Path) -> Path:
    """A copy of ``source`` whose ``site/armistice/*`` links make it the imported package
    when ``site`` leads ``PYTHONPATH``."""
    _copy(source, target)
    package = target / "site" / "armistice"
    package.mkdir(parents=True)
    for folder in FOLDERS:
        (package / folder).symlink_to(target / folder, target_is_directory=True)
    return target


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _config(settings: Settings, ports: list[int]) -> str:
    modules = ", ".join(f'"{m}"' for m in settings.modules)
    urls = ", ".join(f'"http://127.0.0.1:{p}"' for p in ports)
    return (
        "[cosmic-ray]\n"
        f"module-path = [{modules}]\n"
        f"timeout = {settings.timeout + 30}\n"
        "excluded-modules = []\n"
        f'test-command = "{sys.executable} -m armistice.verify.probe"\n'
        "[cosmic-ray.distributor]\n"
        'name = "http"\n'
        "[cosmic-ray.distributor.http]\n"
        f"worker-urls = [{urls}]\n"
    )


def _start_workers(
    workers: list[Path], ports: list[int], workdir: Path
) -> list[subprocess.Popen[bytes]]:
    started: list[subprocess.Popen[bytes]] = []
    for worker, port in zip(workers, ports, strict=True):
        env = dict(
            os.environ,
            PYTHONPATH=str(worker / "site"),
            PYTHONDONTWRITEBYTECODE="1",
            **{WORKDIR_ENV: str(workdir)},
        )
        started.append(
            subprocess.Popen(
                [_tool(), "http-worker", "--port", str(port)],
                cwd=worker,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
    deadline = time.monotonic() + 60
    for port in ports:
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    _stop(started)
                    raise MutationError(
                        f"cosmic-ray worker on port {port}", "did not start"
                    ) from None
                time.sleep(0.2)
    return started


def _stop(workers: list[subprocess.Popen[bytes]]) -> None:
    """End the workers, waiting a few seconds for a mutant they are still probing."""
    for proc in workers:
        proc.terminate()
    for proc in workers:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _skip_equivalents(session: Path, source: Path, operators: dict[str, str]) -> None:
    """Mark as skipped, without running them, the mutants that only change an annotation
    never evaluated and those of an operator listed as equivalent."""
    with sqlite3.connect(session) as db:
        rows = db.execute(
            "select job_id, module_path, operator_name, start_pos_row, start_pos_col"
            " from mutation_specs"
        ).fetchall()
        spans: dict[str, set[tuple[int, int]]] = {}
        skipped = []
        for job, module, operator, row, col in rows:
            if module not in spans:
                spans[module] = unevaluated_annotations((source / module).read_text())
            if (row, col) in spans[module]:
                skipped.append(("annotation", job))
            elif operator.removeprefix("core/") in operators:
                skipped.append(("operator", job))
        db.executemany(
            "insert into work_results (worker_outcome, output, test_outcome, diff, job_id)"
            " values ('SKIPPED', ?, NULL, NULL, ?) on conflict do nothing",
            skipped,
        )


def _engine_digest(root: Path, settings: Settings) -> str:
    h = hashlib.sha256()
    for file in module_files(root, settings.modules):
        h.update(file.encode())
        h.update((root / file).read_bytes())
    return h.hexdigest()


def _retry_survivors(session: Path, equivalents: list[Equivalent]) -> int:
    """Forget the survivors of the run in ``session``, but for those listed in
    ``equivalents``, so that they are tried again against the current proofs and tests; the
    number of results kept (killed, set apart or listed as equivalent)."""
    listed = _listed(equivalents)
    with sqlite3.connect(session) as db:
        survived = db.execute(
            "select r.job_id, s.module_path, s.operator_name, r.diff from work_results r"
            " join mutation_specs s on s.job_id = r.job_id where r.test_outcome = 'SURVIVED'"
        ).fetchall()
        retried = [
            (job,)
            for job, file, operator, diff in survived
            if (file, operator.removeprefix("core/"), _mutated_line(diff or "").strip())
            not in listed
        ]
        db.executemany("delete from work_results where job_id = ?", retried)
        kept: int = db.execute("select count(*) from work_results").fetchone()[0]
    return kept


def _listed(equivalents: list[Equivalent]) -> set[tuple[str, str, str]]:
    return {(e.file, e.operator, e.mutation.strip()) for e in equivalents}


def _progress(session: Path) -> tuple[int, int]:
    with sqlite3.connect(session) as db:
        done = db.execute("select count(*) from work_results").fetchone()[0]
        total = db.execute("select count(*) from work_items").fetchone()[0]
    return int(done), int(total)


def _results(
    session: Path, source: Path, equivalents: list[Equivalent], operators: dict[str, str]
) -> list[CodeMutant]:
    listed = _listed(equivalents)
    with sqlite3.connect(session) as db:
        rows = db.execute(
            "select s.module_path, s.start_pos_row, s.operator_name, s.occurrence,"
            " r.worker_outcome, r.test_outcome, r.output, r.diff"
            " from mutation_specs s left join work_results r on r.job_id = s.job_id"
            " order by s.module_path, s.start_pos_row, s.operator_name, s.occurrence"
        ).fetchall()
    mutants = []
    for file, line, operator, _, worker, outcome, output, diff in rows:
        operator = operator.removeprefix("core/")
        mutation = _mutated_line(diff or "") or (source / file).read_text().splitlines()[line - 1]
        output = output or ""
        worker, outcome = (worker or "pending").lower(), (outcome or "").lower()
        if worker == "skipped" and output == "operator":
            verdict, detail = "equivalent", operators.get(operator, "")
        elif worker == "skipped":
            verdict, detail = "annotation", ""
        elif outcome == "killed":
            verdict = "verify" if "verify: killed" in output else "tests"
            detail = output.strip().splitlines()[-1] if output.strip() else ""
        elif outcome == "survived":
            known = (file, operator, mutation.strip()) in listed
            verdict, detail = ("equivalent" if known else "survived"), output.strip()
        else:
            verdict, detail = "error", f"{worker} {outcome}: {output.strip()[-200:]}"
        mutants.append(CodeMutant(file, line, operator, mutation.strip(), verdict, detail))
    return mutants


def _mutated_line(diff: str) -> str:
    """The line a mutant puts in, or ``removed: LINE`` for one that only takes a line out."""
    lines = diff.splitlines()
    added = [x[1:] for x in lines if x.startswith("+") and not x.startswith("+++")]
    taken = [
        x[1:] for x in lines if x.startswith("-") and not x.startswith("---") and x[1:].strip()
    ]
    if added:
        return added[0]
    return f"removed: {taken[0].strip()}" if taken else ""


def report(score: CodeScore) -> list[str]:
    """The figures of a run as text lines: mutants made, those set apart as equivalent, the
    share of the others killed by the proofs alone and by the proofs plus the tests,
    cosmic-ray's run time, and one line per survivor and per mutant that could not be run."""
    counted = score.non_equivalent
    by_verify = score.count("verify")
    by_both = score.count("verify", "tests")

    def share(n: int) -> str:
        return f"{n} of {counted} ({n / counted:.1%})" if counted else "none to count"

    lines = [
        f"  {len(score.mutants)} mutants; {score.count('annotation')} change only an annotation "
        f"never evaluated, {score.count('equivalent')} equivalent ({SETTINGS} and {EQUIVALENTS})",
        f"  killed by python -m armistice.verify alone: {share(by_verify)}",
        f"  killed by verify plus the tests: {share(by_both)}",
        f"  cosmic-ray run time: {score.seconds / 60:.1f} min"
        + (f" (continuing an earlier run: {score.kept} results kept)" if score.kept else ""),
    ]
    lines += [f"  survived: {m.file}:{m.line} {m.operator}: {m.mutation}" for m in score.survivors]
    lines += [
        f"  not run: {m.file}:{m.line} {m.operator}: {m.detail}"
        for m in score.mutants
        if m.outcome == "error"
    ]
    return lines
