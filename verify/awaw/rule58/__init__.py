"""Rule 58's proof suite (system ``awaw.58``): the invariants proved on the engine's rule
functions and tables, the table analysis for designers, counterexample scenarios, mutants
and the colony odds the reports add."""

from __future__ import annotations

from armistice.verify.awaw.rule58 import counterexample, files, mutants, odds
from armistice.verify.awaw.rule58.checks import checks
from armistice.verify.suites import ProofSuite

SUITE = ProofSuite(
    system="awaw.58",
    title="Rule 58",
    load_tables=files.load_tables,
    table_sources=files.table_sources,
    checks=checks,
    tables_help=files.HELP,
    mutants=mutants.mutants,
    build=files.build_files,
    counterexample=counterexample.write,
    report_sections=odds.report_sections,
    json_extra=odds.json_extra,
)
