"""The proof suite of France as a special neutral (system ``aa50``): the engine's own
procedure run over every answer and die class of the bundled setups, each end judged (an
occupation leaves each French territory captured or Free French, each French ship ends in
one fate, France's turn is added once and only when due)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from armistice.core.aa50.words import INVASION, LIBERATION, OCCUPATION
from armistice.core.errors import TableError
from armistice.verify.aa50.mutants import mutants
from armistice.verify.aa50.properties import liberation_once, occupation_split, ship_fates
from armistice.verify.model import Check
from armistice.verify.suites import ProofSuite


def _no_tables(paths: Sequence[Path]) -> dict[str, Any]:
    """The house rule reads no table file; raises TableError for any given."""
    for path in paths:
        raise TableError(str(path), "", "France as a special neutral has no table files to edit")
    return {}


def checks(_tables: Any, _published: bool) -> list[Check]:
    """The three invariants, in the order of the house rule."""
    return [
        Check("occupation", (OCCUPATION,), occupation_split),
        Check("ship_fates", (INVASION,), ship_fates),
        Check("liberation", (LIBERATION,), liberation_once),
    ]


SUITE = ProofSuite(
    system="aa50",
    title="Anniversary: France as a special neutral",
    load_tables=_no_tables,
    table_sources=lambda _paths: [],
    checks=checks,
    mutants=mutants,
    build=lambda _files: {},
)
