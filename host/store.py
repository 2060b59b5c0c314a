"""The game store: one SQLite file (WAL mode) holding any number of shared games.

Each game is a header (see :class:`~armistice.host.records.Header`) and an append-only list
of hash-chained records. A record is written in one ``BEGIN IMMEDIATE`` transaction that
reads the last record, chains the new one to it and commits it before the caller goes on,
so a process killed at any moment leaves the store as it was before or after that record.
Several processes may hold one store open: the records' primary key (game, index) lets
exactly one of two answers given at once take an index, and the other is told
(:class:`Taken`). Opening a store never writes to it; the store's format version is its
``PRAGMA user_version``, and a newer one is refused; a store of format 1 (no server keys)
is read as it is, and made format 2 by the first :meth:`Store.trust`.

Example::

    store = Store("games.db", create=True)
    store.create(header)
    store.append("fall-1940", Kind.ANSWER, "axis", {"key": "k", "value": "yes", "via": "decided"})
    store.records("fall-1940")   # [Record(index=1, ...)]
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec

from armistice.core.errors import printable
from armistice.host import chain, keys
from armistice.host.records import Header, Kind, Mode, Record, StoreError

VERSION = 2
"""The store format this armistice writes and the newest it reads (``PRAGMA user_version``).
Format 2 added the server keys the store trusts (:meth:`Store.trust`)."""

APPLICATION_ID = 0x41524D53
"""``PRAGMA application_id`` of an armistice store ("ARMS"), telling it from other databases."""

TIMEOUT = 5.0
"""Seconds a change waits for another process's write to finish before the store is called locked."""

_SERVERS = "CREATE TABLE servers(key TEXT PRIMARY KEY)"
_SCHEMA = (
    "CREATE TABLE games(name TEXT PRIMARY KEY, header TEXT NOT NULL, root TEXT NOT NULL)",
    "CREATE TABLE records(game TEXT NOT NULL, idx INTEGER NOT NULL, kind TEXT NOT NULL,"
    " side TEXT NOT NULL, body TEXT NOT NULL, prev TEXT NOT NULL, hash TEXT NOT NULL,"
    " sig TEXT NOT NULL, PRIMARY KEY (game, idx)) WITHOUT ROWID",
    "CREATE TABLE secrets(game TEXT NOT NULL, die TEXT NOT NULL, at INTEGER NOT NULL,"
    " side TEXT NOT NULL, secret BLOB NOT NULL, PRIMARY KEY (game, die, at, side))",
    _SERVERS,
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {VERSION}",
)
_NAME_LIMIT = 64


class Taken(StoreError):
    """The record index a change was meant for was written first by another process (or
    another host on this one): nothing of this change is written."""


class Entry(msgspec.Struct, frozen=True):
    """A game as a store lists it: ``name``, rule ``system`` key, ``mode`` and how many
    ``records`` it holds."""

    name: str
    system: str
    mode: Mode
    records: int


def _make_private(file: Path) -> None:
    """Make ``file`` empty and readable by its owner alone when it is missing, so that the
    store (and the journal files SQLite gives the same permissions) keeps a player's die
    secrets to them; an existing file is left as it is."""
    try:
        os.close(os.open(file, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass
    except OSError as error:
        raise StoreError(str(file), f"cannot be made: {error.strerror}") from None


def creatable(path: str | Path) -> None:
    """Check that a store file may be made at ``path``, which does not exist yet: raises
    StoreError naming ``path`` when its folder does not exist. (A folder this user may not
    write in is refused by ``Store(path, create=True)``, which then makes nothing.)"""
    folder = Path(path).absolute().parent
    if not folder.is_dir():
        raise StoreError(str(path), f"folder {folder} does not exist; create it first")


class Store:
    """A store file at ``path``, open for reading and appending.

    ``create``: make the file (and its tables) when it is missing or empty; otherwise a
    missing file is refused. ``timeout`` (seconds) is how long a change waits for another
    process's write. Raises StoreError naming the file when it is missing, not an SQLite
    database or not an armistice store, corrupt, locked past ``timeout``, or written by a
    newer armistice.
    """

    def __init__(self, path: str | Path, *, create: bool = False, timeout: float = TIMEOUT) -> None:
        self.path = str(path)
        self.timeout = timeout
        self._writes = 0
        file = Path(path)
        if file.is_dir():
            raise StoreError(self.path, "a directory, not a store file")
        if not create and not file.is_file():
            raise StoreError(self.path, "no such store file")
        mode = "rwc" if create else "rw"
        with self._guard(self.path):
            if create:
                _make_private(file)
            self._db = sqlite3.connect(
                f"{file.absolute().as_uri()}?mode={mode}",
                uri=True,
                timeout=timeout,
                isolation_level=None,
                check_same_thread=False,
            )
        try:
            with self._guard(self.path):
                self._open(create)
        except StoreError:
            self._db.close()
            raise

    def _open(self, create: bool) -> None:
        """Check the file is an armistice store this version reads; make it when ``create``
        and the file is empty."""
        db = self._db
        db.execute("PRAGMA synchronous = FULL")
        app, version, tables = self._kind()
        if app == version == tables == 0:
            if not create:
                raise StoreError(self.path, "an empty database, not an armistice store")
            db.execute("PRAGMA journal_mode = WAL")
            with self._transaction():
                if self._kind() == (0, 0, 0):  # not made meanwhile by another process
                    for statement in _SCHEMA:
                        db.execute(statement)
            app, version, tables = self._kind()
        if app != APPLICATION_ID:
            raise StoreError(
                self.path, "an SQLite database of another program, not an armistice store"
            )
        if version > VERSION:
            raise StoreError(
                self.path,
                f"written by a newer armistice (store format {version}; this one reads format "
                f"{VERSION}): upgrade armistice to open it",
            )

    def _kind(self) -> tuple[int, int, int]:
        """(application id, format version, number of schema objects) of the open file."""
        db = self._db
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        return int(app), int(version), int(tables)

    @contextmanager
    def _guard(self, where: str) -> Iterator[None]:
        """Turn an SQLite error inside the block into a one-line StoreError naming ``where``."""
        try:
            yield
        except sqlite3.Error as error:
            name = getattr(error, "sqlite_errorname", "") or ""
            if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
                reason = f"locked by another process (waited {self.timeout:g} s); try again"
            elif name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
                reason = f"corrupt or not an SQLite database ({error})"
            elif name.startswith("SQLITE_CANTOPEN"):
                reason = f"cannot be opened ({error})"
            else:
                reason = str(error)
            raise StoreError(where, reason) from None

    def close(self) -> None:
        """Close the file; the store is not used after."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _at(self, name: str, index: int | None = None) -> str:
        """Where a message points: ``FILE: game NAME`` and ``, record N``."""
        return f"{self.path}: game {name}" + (f", record {index}" if index is not None else "")

    def create(self, header: Header) -> str:
        """Add the game ``header`` describes, with no records; returns its root hash (hex).

        Raises StoreError when a game of that name exists, or the name is empty, longer than
        64 characters, or holds a colon or a control character."""
        name = header.name
        if not name or len(name) > _NAME_LIMIT or ":" in name or printable(name) != name:
            raise StoreError(
                self.path,
                f"game name {name!r}: give 1 to {_NAME_LIMIT} characters, without a colon "
                "or control characters",
            )
        value = chain.root(header)
        with self._guard(self.path), self._transaction():
            if self._row(name) is not None:
                raise StoreError(self._at(name), "already exists in this store")
            self._db.execute(
                "INSERT INTO games(name, header, root) VALUES (?, ?, ?)",
                (name, chain.canonical(header).decode(), value),
            )
        self._writes += 1
        return value

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """A write transaction, taken at once (``BEGIN IMMEDIATE``): committed when the block
        ends, rolled back when it raises."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def _row(self, name: str) -> tuple[str, str] | None:
        """(header JSON, root) of game ``name``, or None."""
        row = self._db.execute("SELECT header, root FROM games WHERE name = ?", (name,)).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def _game(self, name: str) -> tuple[str, str]:
        """(header JSON, root) of game ``name``; StoreError naming the games there are when
        it is missing."""
        row = self._row(name)
        if row is None:
            names = [r[0] for r in self._db.execute("SELECT name FROM games ORDER BY name")]
            held = ", ".join(names) if names else "none"
            raise StoreError(self._at(name), f"no such game; the store holds: {held}")
        return row

    def names(self) -> list[str]:
        """The names of the games in the store, sorted."""
        with self._guard(self.path):
            return [str(r[0]) for r in self._db.execute("SELECT name FROM games ORDER BY name")]

    def games(self) -> list[Entry]:
        """Every game in the store, by name: its system, mode and number of records."""
        with self._guard(self.path):
            rows = self._db.execute(
                "SELECT name, (SELECT count(*) FROM records WHERE game = name) FROM games "
                "ORDER BY name"
            ).fetchall()
        entries = []
        for name, count in rows:
            header = self.header(name)
            entries.append(Entry(name, header.system, header.mode, int(count)))
        return entries

    def header(self, name: str) -> Header:
        """The header of game ``name``. Raises StoreError when the game is missing, or its
        header cannot be read or does not match the root hash it was created with."""
        with self._guard(self._at(name)):
            text, value = self._game(name)
        try:
            header = msgspec.json.decode(text, type=Header)
        except msgspec.DecodeError as error:
            raise StoreError(self._at(name), f"its header cannot be read: {error}") from None
        if chain.root(header) != value:
            raise StoreError(
                self._at(name), "its header does not match the root hash it was created with"
            )
        return header

    def root(self, name: str) -> str:
        """The root hash (hex) of game ``name``; StoreError when it is missing."""
        with self._guard(self._at(name)):
            return self._game(name)[1]

    def records(self, name: str, since: int = 0) -> list[Record]:
        """The records of game ``name`` after record ``since``, in order. Raises StoreError
        when the game is missing or a record cannot be read (naming it); the chain is checked
        by :func:`armistice.host.chain.verify`, not here."""
        with self._guard(self._at(name)):
            self._game(name)
            rows = self._db.execute(
                "SELECT idx, kind, side, body, prev, hash, sig FROM records "
                "WHERE game = ? AND idx > ? ORDER BY idx",
                (name, since),
            ).fetchall()
        return [self._record(name, row) for row in rows]

    def last(self, name: str) -> Record | None:
        """The last record of game ``name``, None when it has none."""
        with self._guard(self._at(name)):
            self._game(name)
            row = self._db.execute(
                "SELECT idx, kind, side, body, prev, hash, sig FROM records "
                "WHERE game = ? ORDER BY idx DESC LIMIT 1",
                (name,),
            ).fetchone()
        return None if row is None else self._record(name, row)

    def _record(self, name: str, row: Sequence[Any]) -> Record:
        """A stored row as a Record; StoreError naming it when a field cannot be read."""
        index, kind, side, body, prev, value, sig = row
        at = self._at(name, index)
        try:
            plain = msgspec.json.decode(body)
        except (msgspec.DecodeError, TypeError) as error:
            raise StoreError(at, f"its body cannot be read: {error}") from None
        if not isinstance(plain, dict):
            raise StoreError(at, "its body is not a JSON object")
        try:
            return msgspec.convert(
                {
                    "index": index,
                    "kind": kind,
                    "side": side,
                    "body": plain,
                    "prev": prev,
                    "hash": value,
                    "sig": sig,
                },
                Record,
            )
        except msgspec.ValidationError as error:
            raise StoreError(at, f"cannot be read: {error}") from None

    def append(
        self,
        name: str,
        kind: Kind,
        side: str,
        body: dict[str, Any],
        *,
        index: int | None = None,
        sign: chain.Signer | None = None,
    ) -> Record:
        """Add a record to game ``name``, chained to its last record and signed with
        ``sign`` when given, and commit it; returns it as stored.

        ``index``: the record number the caller expects it to take (the last one it has
        seen, plus one); raises :class:`Taken` when another process wrote that number first,
        and StoreError when the game is missing, the index would leave a gap, or the store is
        locked. Nothing is written when it raises.
        """
        with self._guard(self._at(name)), self._transaction():
            _, value = self._game(name)
            row = self._db.execute(
                "SELECT idx, hash FROM records WHERE game = ? ORDER BY idx DESC LIMIT 1", (name,)
            ).fetchone()
            last, prev = (int(row[0]), str(row[1])) if row else (0, value)
            if index is not None and index != last + 1:
                at = self._at(name, index)
                if index <= last:
                    raise Taken(at, f"already written on another terminal (the game holds {last})")
                raise StoreError(at, f"would leave a gap: the game holds {last} records")
            record = chain.seal(prev, last + 1, kind, side, body, sign)
            self._insert(name, record)
        self._writes += 1
        return record

    def extend(self, name: str, records: Sequence[Record]) -> None:
        """Add ``records``, made elsewhere (a move file), after the last record of game
        ``name``, all in one transaction: they must continue its chain (indexes, prev hashes,
        hashes and the signatures the header asks for). Raises :class:`Taken` when the first
        index is already written, StoreError naming the record that breaks the chain; nothing
        is written when it raises."""
        if not records:
            return
        header = self.header(name)
        with self._guard(self._at(name)), self._transaction():
            row = self._db.execute(
                "SELECT idx, kind, side, body, prev, hash, sig FROM records "
                "WHERE game = ? ORDER BY idx DESC LIMIT 1",
                (name,),
            ).fetchone()
            after = None if row is None else self._record(name, row)
            first = records[0].index
            if after is not None and first <= after.index:
                raise Taken(
                    self._at(name, first), f"already written (the game holds {after.index})"
                )
            chain.verify(header, records, self.path, after)
            for record in records:
                self._insert(name, record)
        self._writes += len(records)

    def _insert(self, name: str, record: Record) -> None:
        self._db.execute(
            "INSERT INTO records(game, idx, kind, side, body, prev, hash, sig) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                name,
                record.index,
                record.kind.value,
                record.side,
                chain.canonical(record.body).decode(),
                record.prev,
                record.hash,
                record.sig,
            ),
        )

    def stamp(self) -> tuple[int, int]:
        """A cheap token that differs whenever anything was written to the store since it was
        last taken, by another process (``PRAGMA data_version``) or through this one."""
        with self._guard(self.path):
            version = self._db.execute("PRAGMA data_version").fetchone()[0]
        return int(version), self._writes

    def keep_secret(self, name: str, die: str, at: int, side: str, secret: bytes) -> None:
        """Keep this player's ``secret`` for the die ``die`` (prompt key) at answer ``at`` of
        game ``name`` (by mail): private to this store, never in a record or a move file.
        Raises StoreError when a secret is already kept for that die and side."""
        with self._guard(self._at(name)), self._transaction():
            self._game(name)
            held = self._db.execute(
                "SELECT 1 FROM secrets WHERE game = ? AND die = ? AND at = ? AND side = ?",
                (name, die, at, side),
            ).fetchone()
            if held:
                raise StoreError(
                    self._at(name), f"a secret for {die} at answer {at} is already kept"
                )
            self._db.execute(
                "INSERT INTO secrets(game, die, at, side, secret) VALUES (?, ?, ?, ?, ?)",
                (name, die, at, side, secret),
            )
        self._writes += 1

    def secret(self, name: str, die: str, at: int, side: str) -> bytes | None:
        """The secret kept by :meth:`keep_secret`, None when none is."""
        with self._guard(self._at(name)):
            row = self._db.execute(
                "SELECT secret FROM secrets WHERE game = ? AND die = ? AND at = ? AND side = ?",
                (name, die, at, side),
            ).fetchone()
        return None if row is None else bytes(row[0])

    def _has_servers(self) -> bool:
        """Whether the store has the table of server keys (format 2 on)."""
        row = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'servers'"
        ).fetchone()
        return row is not None

    def servers(self) -> frozenset[str]:
        """The server keys the store trusts (OpenSSH public key lines, ``ssh-ed25519
        BASE64``): a trusted server's signature stands for a side's in a live game (see
        :func:`armistice.host.chain.verify`). Empty for a store of format 1."""
        with self._guard(self.path):
            if not self._has_servers():
                return frozenset()
            return frozenset(str(r[0]) for r in self._db.execute("SELECT key FROM servers"))

    def trust(self, public_line: str) -> None:
        """Trust the server key ``public_line`` (an OpenSSH Ed25519 public key line; its
        comment is dropped) to sign for the sides of live games; trusting it again changes
        nothing. A store of format 1 is made format 2 in the same transaction. Raises
        StoreError naming the store for a line that is not an Ed25519 public key, or when the
        store is locked; nothing is written then."""
        line = keys.parse_public(public_line, f"{self.path}: server key")
        with self._guard(self.path), self._transaction():
            if not self._has_servers():
                self._db.execute(_SERVERS)
                self._db.execute(f"PRAGMA user_version = {VERSION}")
            self._db.execute("INSERT OR IGNORE INTO servers(key) VALUES (?)", (line,))
        self._writes += 1
