"""Rule 58's proof suite (system ``awaw.58``): the invariants proved on the engine's rule
functions and tables, the table analysis for designers, the exhaustive checks of the whole
procedure step by step, counterexample scenarios, mutants and the colony odds the reports
add."""

from __future__ import annotations

from collections.abc import Iterator

from armistice.core.awaw.rule58.tables import Tables
from armistice.verify.awaw.rule58 import counterexample, exhaustive, files, mutants, odds, replay
from armistice.verify.awaw.rule58.checks import checks
from armistice.verify.awaw.rule58.procedure_mutants import procedure_mutants
from armistice.verify.model import Mutant
from armistice.verify.suites import ProofSuite


def every_mutant(t: Tables) -> Iterator[Mutant]:
    """The table and rule-function mutants, then the slips in the step code."""
    yield from mutants.mutants(t)
    yield from procedure_mutants(t)


SUITE = ProofSuite(
    system="awaw.58",
    title="Rule 58",
    load_tables=files.load_tables,
    table_sources=files.table_sources,
    checks=checks,
    tables_help=files.HELP,
    mutants=every_mutant,
    build=files.build_files,
    counterexample=counterexample.write,
    clear=counterexample.clear,
    report_sections=odds.report_sections,
    json_extra=odds.json_extra,
    exhaustive=exhaustive.checks,
    playable=replay.house_tables,
)
