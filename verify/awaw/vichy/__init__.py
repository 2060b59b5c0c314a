"""The Vichy France diplomatic table's proof suite (system ``awaw.vichy``): the row every
result reads, proved by z3 on the engine's own functions; and, for every earlier policy
and every row, the policy, units and BRPs a result gives, judged against the rule text."""

from __future__ import annotations

from typing import Any

from armistice.verify.awaw.vichy import files
from armistice.verify.awaw.vichy.mutants import mutants
from armistice.verify.awaw.vichy.properties import PROPERTIES
from armistice.verify.model import Check
from armistice.verify.suites import ProofSuite


def checks(t: Any, _published: bool) -> list[Check]:
    """Every property of the table, one check each."""
    return [
        Check(p.name, p.rules, lambda p=p: [p.check(t)])  # type: ignore[misc]
        for p in PROPERTIES
    ]


SUITE = ProofSuite(
    system="awaw.vichy",
    title="Vichy France diplomatic table",
    load_tables=files.load_tables,
    table_sources=files.table_sources,
    checks=checks,
    tables_help=files.HELP,
    mutants=mutants,
    build=files.build_files,
)
