"""The rule tables a game runs with: its rule system's published tables, or house tables,
a designer's edited copies of the table files, kept whole so that a save replays under them.

A rule system whose tables are files declares :class:`TableFiles` (``RuleSystem.table_files``):
the published files by name, how to tell which of them an edited file replaces, and how to
build its tables from decoded files. :func:`read` turns the files a player names
(``--tables FILE``) into :class:`HouseTables`, :func:`restore` the texts a save holds.

Example::

    house = read(systems.get("awaw.58"), ["my-forces.toml"])
    house.texts       # {"forces.toml": "...the edited file..."}
    house.describe()  # "my-forces.toml in place of forces.toml"
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from armistice.core import decode
from armistice.core.errors import SaveError, TableError

if TYPE_CHECKING:
    from armistice.core.systems import RuleSystem

_ROW = re.compile(r"^([^.\[]+)\[(\d+)\](\.?)")


def place(field: str) -> str:
    """A decoder's field path as a table file numbers its rows, 1-based in file order:
    ``vichy[6].infantry_factors`` is ``vichy row 7, infantry_factors``. Only a table's rows
    are numbered so; a list inside a value keeps its ``[index]``."""
    return _ROW.sub(lambda m: f"{row(m[1], int(m[2]))}{', ' if m[3] else ''}", field)


def row(table: str, index: int) -> str:
    """Row ``index`` (0-based) of ``table`` as the file numbers it: ``vichy row 7``; of a
    table called ``row``, ``row 7``."""
    return f"{table} {index + 1}" if table == "row" else f"{table} row {index + 1}"


def written(value: Any) -> str:
    """A decoded TOML value (not an array or a table) as a designer wrote it: ``true``,
    ``"two"``, ``0.5``, an integer whole or shortened
    (:func:`armistice.core.decode.shown_integer`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return decode.shown_integer(str(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def document(data: bytes, source: str) -> dict[str, Any]:
    """The TOML document of a table file, within the limits of :mod:`armistice.core.decode`;
    raises TableError naming ``source``, the place (rows numbered from 1, as :func:`place`
    writes them) and the reason."""
    try:
        return decode.toml(data, source, TableError)
    except TableError as error:
        raise TableError(source, place(error.field), error.reason) from None


Documents = Mapping[str, tuple[Mapping[str, Any], str]]
"""Decoded table files by the name of the published file each replaces, each with the
source that names it in errors (a path, or a save file and its field)."""


@dataclass(frozen=True)
class TableFiles:
    """How a rule system reads its tables from files a designer may edit.

    * ``published`` maps each published file's name (``forces.toml``) to its path.
    * ``which(document, source)`` is the name of the published file a decoded TOML document
      replaces, told by what it holds; raises TableError naming ``source`` for neither.
    * ``build(documents)`` gives the tables from :data:`Documents`, the published file for
      each name not given; raises TableError naming the source, the field and the reason
      for a file the engine's table checks refuse.
    * ``help`` says in one line which files ``--tables`` takes.
    """

    published: Mapping[str, Path]
    which: Callable[[Mapping[str, Any], str], str]
    build: Callable[[Documents], Any]
    help: str


@dataclass(frozen=True)
class HouseTables:
    """Edited table files a game of rule system ``system`` (its key) runs with: ``texts``
    maps the name of each published file replaced to the edited file's whole text, in the
    order of the published files, only those that differ from the published ones;
    ``tables`` are the rule system's tables built from them; ``files`` maps the same names
    to the file each text was read from (the path the player gave, or the save file that
    holds it, ``saved`` then True)."""

    system: str
    texts: Mapping[str, str]
    tables: Any
    files: Mapping[str, str]
    saved: bool = False

    def describe(self) -> str:
        """The files replaced, as a reader is told: ``my-forces.toml in place of
        forces.toml``, or for a save ``forces.toml as saved in game.json``."""
        if self.saved:
            return f"{', '.join(self.texts)} as saved in {self.files[next(iter(self.texts))]}"
        return ", ".join(f"{self.files[name]} in place of {name}" for name in self.texts)


def files_of(
    system: RuleSystem, where: str, error: type[TableError] | type[SaveError]
) -> TableFiles:
    """``system``'s table files; raises ``error`` naming ``where`` when it has none."""
    if system.table_files is None:
        raise error(where, "", f"rule system {system.key} has no table files to replace")
    return system.table_files


def read(system: RuleSystem, paths: Sequence[str | Path]) -> HouseTables | None:
    """The house tables in the files at ``paths`` for ``system``, recognised by content, or
    None when there are none or every one holds what the published file holds.

    Raises TableError naming ``--tables`` for a system without table files, and naming the
    file, the field and the reason for a file that cannot be read, is not TOML, is none of
    the system's table files, replaces the same file as another, or that the engine's
    table checks refuse.
    """
    if not paths:
        return None
    files = files_of(system, "--tables", TableError)
    texts: dict[str, str] = {}
    documents: dict[str, tuple[Mapping[str, Any], str]] = {}
    for path in paths:
        source = str(path)
        data = decode.read(path, TableError)
        decoded = document(data, source)
        name = files.which(decoded, source)
        if name in documents:
            raise TableError(source, "", f"replaces {name}, as {documents[name][1]} does; give one")
        texts[name] = data.decode("utf-8")
        documents[name] = (decoded, source)
    return _house(system, files, texts, documents, None)


def restore(system: RuleSystem, texts: Mapping[str, str], source: str) -> HouseTables | None:
    """The house tables a save file (``source``) records as ``texts`` (published file name ->
    text), or None for none. Raises SaveError naming ``tables.<name>`` and the field for a
    system without table files, a name it does not publish, or a text that is not that table
    file or that the engine's table checks refuse."""
    if not texts:
        return None
    files = files_of(system, f"{source}: tables", SaveError)
    documents: dict[str, tuple[Mapping[str, Any], str]] = {}
    places: dict[str, str] = {}
    for name, text in texts.items():
        at = f"tables.{name}"
        if name not in files.published:
            known = ", ".join(files.published)
            raise SaveError(source, at, f"not a table file of {system.key}; known: {known}")
        where = f"{source}: {at}"
        try:
            decoded = document(text.encode("utf-8"), where)
            if files.which(decoded, where) != name:
                raise TableError(where, "", f"does not hold the tables of {name}")
        except TableError as error:
            field = f"{at}: {error.field}" if error.field else at
            raise SaveError(source, field, error.reason) from None
        documents[name] = (decoded, where)
        places[where] = at
    try:
        return _house(system, files, dict(texts), documents, source)
    except TableError as error:
        at = places.get(error.source, "tables")
        field = f"{at}: {error.field}" if error.field else at
        raise SaveError(source, field, error.reason) from None


def _house(
    system: RuleSystem,
    files: TableFiles,
    texts: dict[str, str],
    documents: dict[str, tuple[Mapping[str, Any], str]],
    saved_in: str | None,
) -> HouseTables | None:
    """Build the tables, then keep only the files that differ from the published ones, each
    with the file it came from (the save file ``saved_in`` for tables a save holds)."""
    tables = files.build(documents)
    differ = {
        name: texts[name]
        for name, path in files.published.items()
        if name in documents
        and documents[name][0] != decode.toml(decode.read(path, TableError), str(path), TableError)
    }
    if not differ:
        return None
    origins = {name: saved_in or documents[name][1] for name in differ}
    return HouseTables(
        system.key,
        MappingProxyType(differ),
        tables,
        MappingProxyType(origins),
        saved_in is not None,
    )
