"""``python -m armistice.verify`` and ``armistice verify``: prove, analyse, report.

Exit status 0 when every invariant is proved, 1 when one is not, 2 for a table
file that cannot be read (one line naming the file, the place and the reason).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from armistice.core.awaw.rule58.tables import FORCES_FILE, RULE58_FILE, Tables, load
from armistice.core.errors import ArmisticeError
from armistice.verify import report as reports
from armistice.verify import runner
from armistice.verify.model import Result


def _table_files(paths: tuple[str, ...]) -> tuple[Path, Path]:
    """Which of ``paths`` replaces the shipped rule58.toml and which forces.toml, by content."""
    import tomllib

    rules_path, forces_path = RULE58_FILE, FORCES_FILE
    for given in paths:
        path = Path(given)
        try:
            keys = tomllib.loads(path.read_text(encoding="utf-8")).keys()
        except OSError as error:
            raise click.ClickException(f"{given}: cannot be read: {error.strerror}") from None
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            raise click.ClickException(f"{given}: not valid TOML: {error}") from None
        if "free_french" in keys or "vichy" in keys:
            forces_path = path
        elif "level" in keys:
            rules_path = path
        else:
            raise click.ClickException(f"{given}: neither a force table file nor rule58.toml")
    return rules_path, forces_path


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--tables",
    "tables",
    multiple=True,
    metavar="FILE",
    help="An edited forces.toml or rule58.toml to check instead of the shipped one.",
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
    "--mutate", is_flag=True, help="Also measure how many small mutations the properties catch."
)
@click.option("--update-baseline", is_flag=True, help="Store this run's rlimits as the baseline.")
def main(
    tables: tuple[str, ...],
    junit: str | None,
    json_path: str | None,
    markdown: str | None,
    counterexamples: str,
    mutate: bool,
    update_baseline: bool,
) -> None:
    """Prove rule 58's invariants on the engine and its tables, and analyse the tables."""
    start = time.perf_counter()
    rules_path, forces_path = _table_files(tables)
    try:
        t: Tables = load(rules_path, forces_path)
    except ArmisticeError as error:
        raise click.ClickException(str(error)) from None
    published = not tables
    baseline = runner.baseline()
    click.echo(reports.HEADER)
    results: list[Result] = []
    for result in runner.run(t, published, Path(counterexamples)):
        results.append(result)
        click.echo(reports.row(result, baseline))
    seconds = time.perf_counter() - start
    click.echo("")
    for line in reports.details(results):
        click.echo(line)
    click.echo(reports.summary(results, seconds))
    sources = [str(rules_path), str(forces_path)]
    if junit:
        reports.junit(results, Path(junit))
    if json_path:
        reports.as_json(results, t, Path(json_path), seconds)
    if markdown:
        reports.markdown(results, t, Path(markdown), sources, seconds)
    if update_baseline:
        runner.store_baseline(results)
        click.echo(f"baseline stored in {runner.BASELINE}")
    if mutate:
        from armistice.verify.mutate import mutation_score

        killed, survivors = mutation_score(t)
        total = len(killed) + len(survivors)
        click.echo(
            f"mutation score: {len(killed)} of {total} mutants caught ({len(killed) / total:.0%})"
        )
        for name in survivors:
            click.echo(f"  survived: {name}")
    sys.exit(1 if reports.failed(results) else 0)


def run(argv: list[str] | None = None) -> int:
    """Run the verifier on ``argv`` and return its exit status (2 for bad input)."""
    try:
        main.main(args=argv, prog_name="python -m armistice.verify", standalone_mode=False)
    except SystemExit as done:
        return int(done.code or 0)
    except click.ClickException as error:
        click.echo(f"verify: error: {error.format_message()}", err=True)
        return 2
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.Abort:
        return 1
    return 0
