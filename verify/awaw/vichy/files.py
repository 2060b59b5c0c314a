"""The table file the Vichy suite checks: the published vichy.toml, or an edited copy."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from armistice.core.awaw.vichy.tables import VICHY_FILE, Tables, VichyFile, build, load, shipped
from armistice.core.errors import TableError

HELP = "an edited vichy.toml, checked instead of the published one"


def load_tables(paths: Sequence[Path]) -> Tables:
    """The published table, or the one edited copy among ``paths``; raises TableError for
    more than one file or one the table's checks refuse."""
    if not paths:
        return shipped()
    if len(paths) > 1:
        raise TableError(str(paths[1]), "", "the Vichy table is one file; give one vichy.toml")
    return load(Path(paths[0]))


def table_sources(paths: Sequence[Path]) -> list[str]:
    """The file the tables come from."""
    return [str(p) for p in paths] or [str(VICHY_FILE)]


def build_files(files: VichyFile) -> Tables:
    """Tables from a mutant's decoded file; raises TableError if the checks refuse it."""
    return build(files, "mutant vichy.toml")
