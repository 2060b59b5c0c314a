"""World at War 5.5's proof suite (system ``waw``): the engine's own procedure run to every
end over the walked maps, each end judged (one fate each, the fate the die gives, fleets
that rolled 5 at a nearest Vichy port or with none to go to, France's payment and the IPCs
conserved), the exact odds of each fleet and area summed, and 5.6's Axis attack on every
Vichy area and fleet at the positions reached from the bundled position after the fall
and from every end of the small maps."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from armistice.core.errors import TableError
from armistice.verify.model import Check
from armistice.verify.suites import ProofSuite
from armistice.verify.waw.attack import axis_attack_frees_everything
from armistice.verify.waw.mutants import mutants
from armistice.verify.waw.properties import RULES, every_end, odds_sum_to_one


def _no_tables(paths: Sequence[Path]) -> dict[str, Any]:
    """World at War 5.5 reads no table file; raises TableError for any given."""
    for path in paths:
        raise TableError(str(path), "", "World at War 5.5 has no table files to edit")
    return {}


def checks(_tables: Any, _published: bool) -> list[Check]:
    """The judges over every end (one check, one result per judge), the odds, then 5.6's
    Axis attack."""
    return [
        Check("every_end_of_5_5", RULES, every_end),
        Check("odds_sum_to_one", RULES, odds_sum_to_one),
        Check("axis_attack", ("5.6",), axis_attack_frees_everything),
    ]


SUITE = ProofSuite(
    system="waw",
    title="World at War 5.5",
    load_tables=_no_tables,
    table_sources=lambda _paths: [],
    checks=checks,
    mutants=mutants,
    build=lambda _files: {},
)
