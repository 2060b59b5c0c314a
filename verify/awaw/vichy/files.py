"""The table file the Vichy suite checks: the published vichy.toml, or an edited copy."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from armistice.core import decode
from armistice.core.awaw.vichy.tables import VICHY_FILE, Tables, VichyFile, build, load, shipped
from armistice.core.errors import TableError

HELP = "an edited vichy.toml, checked instead of the published one"


def is_vichy_table(path: Path) -> bool:
    """Whether ``path`` holds a Vichy table (its ``row`` and ``policy`` tables); False for a
    file that cannot be read or is not TOML, which others may recognise."""
    try:
        document = decode.toml(decode.read(path, TableError), str(path), TableError)
    except TableError:
        return False
    return "row" in document and "policy" in document


def table_file(paths: Sequence[Path]) -> Path:
    """The Vichy table among ``paths`` (the published one if none is); raises TableError for
    two of them."""
    found = [Path(p) for p in paths if is_vichy_table(Path(p))]
    if len(found) > 1:
        raise TableError(str(found[1]), "", f"replaces vichy.toml, as {found[0]} does; give one")
    return found[0] if found else VICHY_FILE


def load_tables(paths: Sequence[Path]) -> Tables:
    """The published table, or the edited copy among ``paths``; raises TableError for two
    copies, for a file that is not a Vichy table, or for one the table's checks refuse."""
    for path in paths:
        if not is_vichy_table(Path(path)):
            raise TableError(str(path), "", "not a Vichy table (it has no row and policy tables)")
    path = table_file(paths)
    return shipped() if path == VICHY_FILE else load(path)


def table_sources(paths: Sequence[Path]) -> list[str]:
    """The file the tables come from: the Vichy table among ``paths``, or the published one."""
    return [str(table_file(paths))]


def build_files(files: VichyFile) -> Tables:
    """Tables from a mutant's decoded file; raises TableError if the checks refuse it."""
    return build(files, "mutant vichy.toml")
