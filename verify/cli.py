"""``python -m armistice.verify`` and ``armistice verify``: prove, analyse, report.

Exit status 0 when every invariant is proved, 1 when one is not or a proof of the shipped
tables uses more than twice its baseline rlimit, 2 for bad input: an unknown system,
``--tables`` with several systems, a table file that cannot be read or, with
``--exhaustive``, that a game refuses (one line naming the file, the place and the reason;
the --json and --junit reports asked for still carry it), or a report path or counterexample
folder the run could not write to (checked before anything runs).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from armistice.core.errors import ArmisticeError, printable
from armistice.verify import outputs, parallel, runner, suites
from armistice.verify import report as reports
from armistice.verify.runner import SuiteRun
from armistice.verify.suites import ProofSuite


class _Command(click.Command):
    """The verifier's command: its help ends with the proof suites known when it is shown."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        rows = [
            (
                s.system,
                f"{s.title}" + (f"; --tables takes {s.tables_help}" if s.tables_help else ""),
            )
            for s in suites.suites()
        ]
        if rows:
            with formatter.section("Proof suites (--system)"):
                formatter.write_dl(rows)


def _chosen(names: tuple[str, ...]) -> list[ProofSuite]:
    """The suites called ``names`` (each once, in the order given), or every known suite."""
    try:
        return [suites.get(name) for name in dict.fromkeys(names)] or list(suites.suites())
    except suites.UnknownSuite as error:
        raise click.ClickException(str(error)) from None


def _check_outputs(
    json_path: str | None, junit: str | None, markdown: str | None, counterexamples: str
) -> None:
    """Refuse, before anything runs, a report path or counterexample folder the run could not
    write to (one line naming the option and the path)."""
    try:
        for option, given in (("--json", json_path), ("--junit", junit), ("--report", markdown)):
            if given:
                outputs.check_file(option, Path(given))
        outputs.check_folder("--counterexamples", Path(counterexamples))
    except outputs.OutputError as error:
        raise click.ClickException(str(error)) from None


def _load(chosen: list[ProofSuite], tables: tuple[str, ...], exhaustive: bool) -> list[SuiteRun]:
    """Each chosen suite with the tables it checks: the edited ``tables`` for the one chosen
    system, else the shipped ones. With ``tables`` and several suites, the one whose
    ``table_sources`` name every file given is chosen (or, when none does, the one that
    says why the files are wrong). The ``exhaustive`` checks run a game's steps, so tables a
    game refuses end the run with the game's reason."""
    if tables and len(chosen) != 1:
        chosen = _reading(chosen, [Path(p) for p in tables])
    paths = [Path(p) for p in tables]
    runs = []
    for suite in chosen:
        try:
            runs.append(SuiteRun(suite, suite.load_tables(paths), suite.table_sources(paths)))
        except ArmisticeError as error:
            raise click.ClickException(str(error)) from None
        if exhaustive:
            try:
                suite.playable(paths)
            except ArmisticeError as error:
                raise click.ClickException(
                    f"a game refuses these tables, so --exhaustive has nothing to run: {error}"
                ) from None
    return runs


def _reading(chosen: list[ProofSuite], paths: list[Path]) -> list[ProofSuite]:
    """The one suite of ``chosen`` whose tables ``paths`` are; raises ClickException naming
    the choices when that is not one suite."""
    reading, complaints = [], []
    for suite in chosen:
        try:
            sources = suite.table_sources(paths)
        except ArmisticeError as error:
            complaints.append(error)
            continue
        if all(str(path) in sources for path in paths):
            reading.append(suite)
    if len(reading) == 1:
        return reading
    if not reading and len(complaints) == 1:
        raise click.ClickException(str(complaints[0]))
    keys = ", ".join(s.system for s in chosen)
    raise click.ClickException(
        f"--tables checks the tables of one system; choose it with --system ({keys})"
    )


@click.command(cls=_Command, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--system",
    "systems",
    multiple=True,
    metavar="NAME",
    help="Check the rule system NAME (its key, e.g. awaw.58); repeat for several. "
    "Default: every system with a proof suite.",
)
@click.option(
    "--tables",
    "tables",
    multiple=True,
    metavar="FILE",
    help="An edited table file to check instead of the shipped one (repeatable); the "
    "system whose tables the files are is checked, or name it with --system.",
)
@click.option("--junit", type=click.Path(dir_okay=False), help="Write JUnit XML here.")
@click.option(
    "--json", "json_path", type=click.Path(dir_okay=False), help="Write a JSON report here."
)
@click.option(
    "--report",
    "markdown",
    type=click.Path(dir_okay=False),
    help="Write a Markdown report for designers here.",
)
@click.option(
    "--counterexamples",
    type=click.Path(file_okay=False),
    default="verify-counterexamples",
    show_default=True,
    help="Where counterexample scenarios are written.",
)
@click.option(
    "--exhaustive",
    is_flag=True,
    help="Run the exhaustive checks of each system's whole procedure (the shipped step code "
    "over stated bounds and every answer) instead of the proofs.",
)
@click.option(
    "--mutate",
    is_flag=True,
    help="Also measure how many small mutations the properties catch, and run cosmic-ray's "
    "code mutants of the engine against the proofs and the tests (needs .[mutation]; about "
    "an hour).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    metavar="N",
    help="Run up to N checks at once, each in a process of its own (1: all in this "
    "process). Default: one per processor.",
)
@click.option(
    "--update-baseline",
    is_flag=True,
    help="Store this run's rlimits as the chosen systems' baseline.",
)
def main(
    systems: tuple[str, ...],
    tables: tuple[str, ...],
    junit: str | None,
    json_path: str | None,
    markdown: str | None,
    counterexamples: str,
    exhaustive: bool,
    mutate: bool,
    jobs: int | None,
    update_baseline: bool,
) -> None:
    """Prove each rule system's invariants on the engine and its tables, and analyse the
    tables; with --exhaustive, check each system's whole procedure step by step instead.
    Every verdict states its strength: proved (every integer), exhaustive (within the
    bounds it gives) or sampled (with its number of cases)."""
    if mutate:
        _require_mutation_extra()
    if exhaustive and update_baseline:
        raise click.ClickException(
            "--update-baseline stores z3's effort, which exhaustive checks do not use; "
            "run it without --exhaustive"
        )
    start = time.perf_counter()
    _check_outputs(json_path, junit, markdown, counterexamples)
    try:
        runs = _load(_chosen(systems), tables, exhaustive)
    except click.ClickException as error:
        message = printable(error.format_message())
        if json_path:
            reports.error_json(Path(json_path), message)
        if junit:
            reports.error_junit(Path(junit), message)
        raise
    published = not tables
    for run in runs:
        run.suite.clear(Path(counterexamples))
    stored = runner.baseline()
    grouped = len(runs) > 1
    click.echo(reports.HEADER)
    shown = -1
    found = parallel.run(
        [(run.suite, run.tables) for run in runs],
        jobs or parallel.processors(),
        published,
        Path(counterexamples),
        exhaustive,
        [Path(p) for p in tables],
    )
    for index, result in found:
        if grouped:
            for reached in runs[shown + 1 : index + 1]:
                click.echo(reports.heading(reached))
        shown = max(shown, index)
        runs[index].results.append(result)
        click.echo(reports.row(result, stored.get(result.system, {})))
    if grouped:
        for reached in runs[shown + 1 :]:
            click.echo(reports.heading(reached))
    seconds = time.perf_counter() - start
    everything = [r for run in runs for r in run.results]
    click.echo("")
    for run in runs:
        lines = reports.details(run.results)
        if grouped and lines:
            click.echo(reports.heading(run))
        for line in lines:
            click.echo(line)
    click.echo(reports.summary(everything, seconds))
    slower = [] if update_baseline or not published else runner.over_baseline(everything, stored)
    for line in slower:
        click.echo(f"effort: {line}")
    if junit:
        reports.junit(runs, Path(junit), slower)
    if json_path:
        reports.as_json(runs, Path(json_path), seconds, slower)
    if markdown:
        reports.markdown(runs, Path(markdown), seconds)
    if update_baseline:
        runner.store_baseline(everything)
        click.echo(f"baseline stored in {runner.BASELINE}")
    if mutate:
        _mutate(runs, grouped)
    sys.exit(1 if reports.failed(everything) or slower else 0)


def _require_mutation_extra() -> None:
    """Refuse ``--mutate``, before anything runs, when the ``mutation`` extra is not
    installed (one line naming the install command)."""
    from armistice.verify import codemutants

    try:
        codemutants.require_extra()
    except ArmisticeError as error:
        raise click.ClickException(str(error)) from None


def _mutate(runs: list[SuiteRun], grouped: bool) -> None:
    """Print each suite's table-cell mutation score and its surviving mutants, then the code
    mutants of the engine."""
    from armistice.verify.mutate import mutation_score

    for run in runs:
        killed, survivors = mutation_score(run.suite, run.tables)
        total = len(killed) + len(survivors)
        label = f"mutation score ({run.suite.system})" if grouped else "mutation score"
        if not total:
            click.echo(f"{label}: no mutants")
            continue
        click.echo(f"{label}: {len(killed)} of {total} mutants caught ({len(killed) / total:.0%})")
        for name in survivors:
            click.echo(f"  survived: {name}")
    _code_mutants()


def _code_mutants() -> None:
    """Run cosmic-ray over the engine and print its figures and each survivor."""
    from armistice.verify import codemutants

    click.echo("code mutants (cosmic-ray):")
    try:
        score = codemutants.run(
            lambda done, total: click.echo(f"  {done} of {total} mutants run", err=True)
        )
    except ArmisticeError as error:
        raise click.ClickException(str(error)) from error
    for line in codemutants.report(score):
        click.echo(line)


def run(argv: list[str] | None = None, prog_name: str = "python -m armistice.verify") -> int:
    """Run the verifier on ``argv`` and return its exit status (2 for bad input);
    ``prog_name`` is the command its usage line names (``armistice verify`` when run as
    that)."""
    try:
        main.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except SystemExit as done:
        return int(done.code or 0)
    except click.ClickException as error:
        click.echo(f"armistice: error: {printable(error.format_message())}", err=True)
        return 2
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.Abort:
        return 1
    return 0
