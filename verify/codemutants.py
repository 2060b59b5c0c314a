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
import contextlib
import hashlib
import importlib
import json
import os
import resource
import shutil
import signal
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
from armistice.verify import testmap

WORKDIR_ENV = "ARMISTICE_MUTATION_DIR"
SETTINGS = Path("verify") / "mutation.toml"
EQUIVALENTS = Path("verify") / "equivalent-mutants.toml"
FOLDERS = ("core", "tui", "verify", "scenarios")
_IGNORED = shutil.ignore_patterns(
    ".git", ".venv", ".mutation", "__pycache__", "*.egg-info", "build", ".*_cache", ".hypothesis"
)


class MutationError(ArmisticeError):
    """The mutation run cannot start or finish: the message names the file or the tool."""


EXTRA = ("cosmic_ray", "pytest_cov", "coverage")
"""The modules of the ``mutation`` extra (cosmic-ray, pytest-cov, coverage)."""
INSTALL = "pip install 'armistice[mutation]'"
"""The command that installs them (``pip install -e '.[mutation]'`` in a checkout)."""


def require_extra() -> None:
    """Raise MutationError naming the first module of :data:`EXTRA` that cannot be imported
    and the command that installs it; nothing when all can."""
    for name in EXTRA:
        try:
            importlib.import_module(name)
        except ImportError:
            raise MutationError(
                "--mutate",
                f"needs the mutation extra, and {name} cannot be imported: {INSTALL} "
                "(in a source checkout: pip install -e '.[mutation]')",
            ) from None


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
    """The mutants of one run, cosmic-ray's run time in seconds (wall clock), how many results
    were kept from an earlier run of the same engine (``kept``: killed or set apart, not tried
    again), and ``cpu``, the processor seconds the workers and their probes used: on a busy
    machine the wall clock says more about the machine than about the run."""

    mutants: list[CodeMutant]
    seconds: float
    kept: int = 0
    cpu: float = 0.0

    def count(self, *outcomes: str) -> int:
        """How many mutants have one of ``outcomes``."""
        return sum(m.outcome in outcomes for m in self.mutants)

    @property
    def non_equivalent(self) -> int:
        """Mutants run that change behaviour: all but annotation-only and listed equivalents,
        and those not run yet."""
        return len(self.mutants) - self.count("annotation", "equivalent", "pending")

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
    against the current proofs and tests. Ctrl-C or SIGTERM stop the run: its workers and
    their probes end, and the figures so far are returned, the mutants not run yet marked
    ``pending``. Raises ``MutationError`` when cosmic-ray is missing or a step fails."""
    if WORKDIR_ENV in os.environ:
        raise MutationError("", "code mutants are not run from within a mutation run")
    if shutil.which("cosmic-ray", path=str(Path(sys.executable).parent)) is None:
        raise MutationError("cosmic-ray", "not installed: pip install -e '.[mutation]'")
    root = repository()
    settings = load_settings(root)
    equivalents = load_equivalents(root)
    workdir = root / ".mutation"
    tmap = _test_map(root, settings, workdir)
    source = _copy(root, workdir / "source")
    workers = [_worker(source, workdir / f"worker-{n}") for n in range(settings.workers)]
    ports = [_free_port() for _ in workers]
    config = workdir / "cosmic-ray.toml"
    longest = probe_budget(settings.timeout, tmap.expected(tmap.tests)) + 30
    config.write_text(_config(settings, ports, longest))
    session = workdir / "session.sqlite"
    kept = _new_session(config, session, source, _file_digests(root, settings))
    _skip_equivalents(session, source, settings.equivalent_operators, equivalents)
    log = workdir / "exec.log"
    started: list[subprocess.Popen[bytes]] = []
    cpu = _children_cpu()
    previous = signal.signal(signal.SIGTERM, _interrupted)
    start, stopped = time.monotonic(), False
    try:
        started = _start_workers(workers, ports, workdir)
        with log.open("w") as errors:
            execution = subprocess.Popen(
                [_tool(), "exec", str(config), str(session)],
                cwd=source,
                stdout=subprocess.DEVNULL,
                stderr=errors,
                start_new_session=True,
            )
            started.append(execution)
            while True:
                try:
                    execution.wait(timeout=30)
                    break
                except subprocess.TimeoutExpired:
                    progress(*_progress(session))
    except KeyboardInterrupt:
        stopped = True
    finally:
        seconds = time.monotonic() - start
        _stop(started)
        signal.signal(signal.SIGTERM, previous)
    cpu = _children_cpu() - cpu
    if not stopped and execution.returncode != 0:
        raise MutationError("cosmic-ray exec", _last_line(log.read_text()))
    mutants = _results(session, source, equivalents, settings.equivalent_operators)
    return CodeScore(mutants, seconds, kept, cpu)


def _children_cpu() -> float:
    """Processor seconds (user and system) of every finished child process and theirs."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _last_line(text: str) -> str:
    lines = text.strip().splitlines()
    return lines[-1] if lines else "failed"


def _tool() -> str:
    return str(Path(sys.executable).parent / "cosmic-ray")


def _cosmic(args: list[str], cwd: Path) -> None:
    done = subprocess.run([_tool(), *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise MutationError(f"cosmic-ray {args[0]}", _last_line(done.stderr))


def _test_map(root: Path, settings: Settings, workdir: Path) -> testmap.TestMap:
    path = workdir / "testmap.json"
    if path.is_file():
        with contextlib.suppress(ArmisticeError):
            tmap = testmap.load(path)
            if tmap.digest == testmap.digest(root):
                return tmap
    return testmap.build(root, settings.tests, settings.modules, workdir)


def probe_budget(timeout: float, expected: float) -> float:
    """Seconds one mutant may take, proofs and tests together, before it counts as caught:
    ``timeout`` (``verify/mutation.toml``) plus twice ``expected``, the time its chosen tests
    took while the test map was built, so that a slow set of tests is never taken for a hang."""
    return timeout + 2 * expected


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


def _config(settings: Settings, ports: list[int], timeout: float) -> str:
    modules = ", ".join(f'"{m}"' for m in settings.modules)
    urls = ", ".join(f'"http://127.0.0.1:{p}"' for p in ports)
    return (
        "[cosmic-ray]\n"
        f"module-path = [{modules}]\n"
        f"timeout = {timeout:.0f}\n"
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
                start_new_session=True,
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


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """End ``processes`` and every process they started (each leads its own process group:
    a worker's probe and the tests it runs), waiting a few seconds before killing them."""
    for proc in processes:
        _signal_group(proc, signal.SIGTERM)
    for proc in processes:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _signal_group(proc, signal.SIGKILL)
            proc.wait()
        _signal_group(proc, signal.SIGKILL)


def _signal_group(proc: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, sig)


def _interrupted(signum: int, frame: object) -> None:
    """SIGTERM ends a run as Ctrl-C does, so that its workers are stopped."""
    raise KeyboardInterrupt


def _skip_equivalents(
    session: Path, source: Path, operators: dict[str, str], equivalents: list[Equivalent]
) -> None:
    """Mark as skipped, without running them, the mutants that only change an annotation
    never evaluated, those of an operator listed as equivalent, and those listed as equivalent
    at their line (the mutated line is worked out with cosmic-ray and recorded as the diff)."""
    at_line = {(e.file, e.line, e.operator): e for e in equivalents}
    listed = _listed(equivalents)
    with sqlite3.connect(session) as db:
        rows = db.execute(
            "select job_id, module_path, operator_name, occurrence, start_pos_row, start_pos_col"
            " from mutation_specs where job_id not in (select job_id from work_results)"
        ).fetchall()
        spans: dict[str, set[tuple[int, int]]] = {}
        texts: dict[str, str] = {}
        skipped: list[tuple[str, str | None, str]] = []
        for job, module, operator, occurrence, row, col in rows:
            if module not in spans:
                texts[module] = (source / module).read_text()
                spans[module] = unevaluated_annotations(texts[module])
            name = operator.removeprefix("core/")
            if (row, col) in spans[module]:
                skipped.append(("annotation", None, job))
            elif name in operators:
                skipped.append(("operator", None, job))
            elif (module, row, name) in at_line:
                line = _mutated_at(texts[module], operator, occurrence, row)
                if (module, name, line.strip()) in listed:
                    skipped.append(("listed", f"+{line}", job))
        db.executemany(
            "insert into work_results (worker_outcome, output, test_outcome, diff, job_id)"
            " values ('SKIPPED', ?, NULL, ?, ?) on conflict do nothing",
            skipped,
        )


def _mutated_at(text: str, operator: str, occurrence: int, row: int) -> str:
    """Line ``row`` (1-based) of ``text`` once cosmic-ray's ``operator`` (its full name) has
    made its ``occurrence``-th mutant; ``""`` when it makes none."""
    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator

    mutated = mutate_code(text, get_operator(operator)(), occurrence)
    return str(mutated.splitlines()[row - 1]) if mutated else ""


def _carry_over(session: Path, earlier: Path, files: list[str]) -> int:
    """Copy into ``session`` the results of the mutants ``earlier`` killed in ``files`` (an
    unchanged file has the same mutants, by operator and occurrence); how many were copied."""
    if not files:
        return 0
    with sqlite3.connect(session) as db:
        db.execute("attach database ? as earlier", (str(earlier),))
        marks = ",".join("?" * len(files))
        copied = db.execute(
            "insert into work_results (worker_outcome, output, test_outcome, diff, job_id)"
            " select r.worker_outcome, r.output, r.test_outcome, r.diff, n.job_id"
            " from earlier.work_results r"
            " join earlier.mutation_specs o on o.job_id = r.job_id"
            " join mutation_specs n on n.module_path = o.module_path"
            " and n.operator_name = o.operator_name and n.occurrence = o.occurrence"
            f" where o.module_path in ({marks}) and r.test_outcome = 'KILLED'",
            files,
        ).rowcount
    return int(copied)


def _file_digests(root: Path, settings: Settings) -> dict[str, str]:
    """A SHA-256 of each engine file the run mutates, by repository-relative path."""
    return {
        file: hashlib.sha256((root / file).read_bytes()).hexdigest()
        for file in module_files(root, settings.modules)
    }


def _new_session(config: Path, session: Path, source: Path, digests: dict[str, str]) -> int:
    """Make a new cosmic-ray session in ``session`` for the engine as it is now. When an
    earlier session is there, the results of its mutants of files that have not changed since
    are kept, except survivors, which are tried again against the current proofs and tests;
    the number of results kept."""
    stamp = session.with_suffix(".files.json")
    earlier = session.with_suffix(".earlier")
    known: dict[str, str] = {}
    if session.is_file() and stamp.is_file():
        with contextlib.suppress(ValueError):
            known = json.loads(stamp.read_text())
        session.replace(earlier)
    stamp.unlink(missing_ok=True)
    _cosmic(["init", str(config), str(session), "--force"], source)
    unchanged = [f for f, d in digests.items() if known.get(f) == d]
    kept = _carry_over(session, earlier, unchanged) if earlier.is_file() else 0
    earlier.unlink(missing_ok=True)
    stamp.write_text(json.dumps(digests))
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
        elif worker == "skipped" and output == "listed":
            verdict, detail = "equivalent", "listed"
        elif worker == "skipped":
            verdict, detail = "annotation", ""
        elif outcome == "killed":
            verdict = "verify" if "verify: killed" in output else "tests"
            detail = output.strip().splitlines()[-1] if output.strip() else ""
        elif outcome == "survived":
            known = (file, operator, mutation.strip()) in listed
            verdict, detail = ("equivalent" if known else "survived"), output.strip()
        elif worker == "pending":
            verdict, detail = "pending", ""
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


def _out_of_time(detail: str) -> bool:
    """Whether a killed mutant's last line of output says its time ran out (the probe's
    limit, or cosmic-ray's own ``timeout``)."""
    return "out of time" in detail or detail == "timeout"


def report(score: CodeScore) -> list[str]:
    """The figures of a run as text lines: mutants made, those set apart as equivalent, the
    share of the others killed by the proofs alone and by the proofs plus the tests,
    cosmic-ray's run time, and one line per survivor and per mutant that could not be run."""
    counted = score.non_equivalent
    by_verify = score.count("verify")
    by_both = score.count("verify", "tests")
    timed_out = sum(m.outcome == "tests" and _out_of_time(m.detail) for m in score.mutants)

    def share(n: int) -> str:
        return f"{n} of {counted} ({n / counted:.1%})" if counted else "none to count"

    lines = [
        f"  {len(score.mutants)} mutants; {score.count('annotation')} change only an annotation "
        f"never evaluated, {score.count('equivalent')} equivalent ({SETTINGS} and {EQUIVALENTS})",
        f"  killed by python -m armistice.verify alone: {share(by_verify)}",
        f"  killed by verify plus the tests: {share(by_both)}"
        + (f", {timed_out} of them by running out of time" if timed_out else ""),
        f"  cosmic-ray run time: {score.seconds / 60:.1f} min"
        + (f", {score.cpu / 60:.1f} min of processor time" if score.cpu else "")
        + (f" (continuing an earlier run: {score.kept} results kept)" if score.kept else ""),
    ]
    pending = score.count("pending")
    if pending:
        lines.append(
            f"  stopped with {pending} mutants not run yet: run --mutate again to go on; "
            "the shares above count only the mutants run"
        )
    lines += [f"  survived: {m.file}:{m.line} {m.operator}: {m.mutation}" for m in score.survivors]
    lines += [
        f"  not run: {m.file}:{m.line} {m.operator}: {m.detail}"
        for m in score.mutants
        if m.outcome == "error"
    ]
    return lines
