"""Which table files a rule-58 check reads: the shipped ones, or edited copies given on the
command line, told apart by what they hold."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from armistice.core import decode, tablefiles
from armistice.core.awaw.rule58.tables import (
    FORCES_FILE,
    RULE58_FILE,
    ForceTableFile,
    Rule58File,
    Tables,
    build,
    kind,
    load,
)
from armistice.core.errors import TableError

HELP = "an edited forces.toml or rule58.toml, checked instead of the shipped one"


def table_files(paths: Sequence[Path]) -> tuple[Path, Path]:
    """``(rule58.toml, forces.toml)``: the shipped files, each replaced by the one of ``paths``
    that holds its tables (recognised by :func:`armistice.core.awaw.rule58.tables.kind`, as
    games recognise them). Raises TableError naming a file that cannot be read, is not TOML
    within the limits of :mod:`armistice.core.decode`, holds neither, or replaces the same
    file as another of ``paths`` (as games refuse it)."""
    given: dict[str, Path] = {}
    for path in paths:
        document = tablefiles.document(decode.read(path, TableError), str(path))
        name = kind(document, str(path))
        if name in given:
            raise TableError(str(path), "", f"replaces {name}, as {given[name]} does; give one")
        given[name] = path
    return given.get(RULE58_FILE.name, RULE58_FILE), given.get(FORCES_FILE.name, FORCES_FILE)


def load_tables(paths: Sequence[Path]) -> Tables:
    """Rule 58's tables from :func:`table_files` of ``paths`` (the shipped ones when empty).
    Raises TableError naming the file, the place and the reason."""
    return load(*table_files(paths))


def table_sources(paths: Sequence[Path]) -> list[str]:
    """The names of the two files :func:`load_tables` reads for ``paths``."""
    return [str(path) for path in table_files(paths)]


def build_files(files: tuple[Rule58File, ForceTableFile]) -> Tables:
    """Tables from decoded (possibly changed) rule58.toml and forces.toml contents; raises
    TableError for contents the engine refuses."""
    rules, forces = files
    return build(rules, forces, "mutant rule58.toml", "mutant forces.toml")
