"""The table file the Vichy suite checks: the published vichy.toml, or an edited copy read
as a game reads one (:func:`armistice.core.tablefiles.read` with the Vichy table's
:class:`~armistice.core.tablefiles.TableFiles`), so verify and a game refuse the same files
with the same message."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from armistice.core import decode, tablefiles
from armistice.core.awaw.vichy import SYSTEM
from armistice.core.awaw.vichy.tables import VICHY_FILE, Tables, VichyFile, build, shipped
from armistice.core.errors import TableError

FILES = tablefiles.files_of(SYSTEM, "--tables", TableError)
"""How the Vichy table is read from files (``vichy.toml`` and how to tell an edited copy)."""

HELP = FILES.help


def load_tables(paths: Sequence[Path]) -> Tables:
    """The published table, or the edited copy among ``paths``; raises TableError naming the
    file, the field and the reason for a file that cannot be read, is not TOML, is not a
    Vichy table, replaces vichy.toml as another does, or that a game refuses."""
    house = tablefiles.read(SYSTEM, paths)
    if house is None:
        return shipped()
    tables: Tables = house.tables
    return tables


def table_sources(paths: Sequence[Path]) -> list[str]:
    """The files the tables come from: those of ``paths`` that hold the Vichy table (told by
    their tables, as a game tells them), else the published one; a file that cannot be read
    or holds other tables is none of them (:func:`load_tables` says why)."""
    found = [str(p) for p in paths if _holds_vichy(p)]
    return found or [str(VICHY_FILE)]


def _holds_vichy(path: Path) -> bool:
    try:
        FILES.which(tablefiles.document(decode.read(path, TableError), str(path)), str(path))
    except TableError:
        return False
    return True


def build_files(files: VichyFile) -> Tables:
    """Tables from a mutant's decoded file; raises TableError if the checks refuse it."""
    return build(files, "mutant vichy.toml")
