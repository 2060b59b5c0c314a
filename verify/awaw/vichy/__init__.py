"""The Vichy France diplomatic table's proof suite (system ``awaw.vichy``): the row every
roll reads, proved by z3 on the engine's own functions; for every earlier policy and every
row, the policy, units and BRPs a result gives, judged against the rule text read with the
table's numbers; and whether the table is the book's, a finding for a house table."""

from __future__ import annotations

from armistice.core.awaw.vichy.tables import Tables
from armistice.verify.awaw.vichy import counterexample, files
from armistice.verify.awaw.vichy.mutants import mutants
from armistice.verify.awaw.vichy.properties import PROPERTIES, PUBLISHED_ONLY
from armistice.verify.model import Check, Property, Result, as_finding
from armistice.verify.suites import ProofSuite


def _check(prop: Property, t: Tables, published: bool) -> Check:
    def run() -> list[Result]:
        result = prop.check(t)
        return [as_finding(result) if prop.name in PUBLISHED_ONLY and not published else result]

    return Check(prop.name, prop.rules, run)


def checks(t: Tables, published: bool = True) -> list[Check]:
    """Every property of table ``t``, one check each, in order; with a house table
    (``published`` False) those holding it to the book give findings, not invariants."""
    return [_check(p, t, published) for p in PROPERTIES]


SUITE = ProofSuite(
    system="awaw.vichy",
    title="Vichy France diplomatic table",
    load_tables=files.load_tables,
    table_sources=files.table_sources,
    checks=checks,
    tables_help=files.HELP,
    mutants=mutants,
    build=files.build_files,
    counterexample=counterexample.write,
    clear=counterexample.clear,
)
