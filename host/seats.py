"""The keys file of a game server: which SSH public key sits where, one seat a line.

The file is in the authorized-keys format of OpenSSH, with one option, ``seat``, naming a
game of the store and a side of it (a player key of its scenario, or ``spectator``)::

    # the Fall of France, Tuesdays
    seat="fall:axis" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... anna@home
    seat="fall:allies" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... ben@work
    seat="fall:spectator" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... anna@home

A key may sit on several lines, in several games (one seat in each game); blank lines and
``#`` lines are kept as they are when :func:`add` or :func:`remove` rewrites the file. Only
Ed25519 keys sit: a game records only those.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import msgspec

from armistice.core import files
from armistice.host import keys
from armistice.host.records import SPECTATOR, Mode, StoreError
from armistice.host.shared import game_of
from armistice.host.store import Store

OPTION = "seat"
"""The one option a line of the keys file carries: ``seat="GAME:SIDE"``."""


class Seat(msgspec.Struct, frozen=True, order=True):
    """Where a key sits: the ``game`` (its name in the store) and the ``side`` (a player key
    of the game's scenario, or ``spectator``)."""

    game: str
    side: str


class Entry(msgspec.Struct, frozen=True):
    """A line of the keys file: the ``seat``, the ``key`` seated (an OpenSSH public key line,
    ``ssh-ed25519 BASE64``, as :func:`armistice.host.keys.public_line` writes it), the
    ``comment`` after it (empty when none) and its ``line`` number in the file (from 1)."""

    seat: Seat
    key: str
    comment: str
    line: int


def read(path: str | Path) -> list[Entry]:
    """The seats of the keys file ``path``, in file order (blank and ``#`` lines skipped).

    Raises StoreError naming the file when it is missing or not UTF-8 text, and naming
    ``FILE:LINE`` and the field for the first malformed line: no ``seat=`` option, another
    option, unbalanced quotes, a seat without a colon, game or side, a field that is not an
    Ed25519 public key, or a key seated twice in one game."""
    entries, problems = readable(path)
    if problems:
        raise problems[0]
    return entries


def readable(path: str | Path) -> tuple[list[Entry], list[StoreError]]:
    """The seats of the well-formed lines of the keys file ``path`` (the first of a key's
    lines in one game) and a StoreError for each other line, as :func:`read` names it: what
    a server goes on with when someone has broken a line by hand. Raises StoreError when
    the file is missing or not UTF-8 text."""
    return _entries(_lines(path), path)


def seats_of(entries: Iterable[Entry], key_line: str) -> list[Seat]:
    """The seats of the key ``key_line`` (a public key line as :func:`read` gives them) among
    ``entries``, in file order."""
    return [entry.seat for entry in entries if entry.key == key_line]


def agreed(store: Store, entries: Iterable[Entry], key_line: str) -> tuple[list[Seat], list[str]]:
    """The seats of the key ``key_line`` among ``entries`` that ``store`` agrees with, made
    again as :func:`add` checks them (the game is there, live, and records this key for the
    side or none), and why each other seat of the key is left out (a line naming the store
    and the game)."""
    kept: list[Seat] = []
    refused: list[str] = []
    for seat in seats_of(entries, key_line):
        try:
            _side(store, seat.game, key_line, seat.side)
        except StoreError as error:
            refused.append(str(error))
        else:
            kept.append(seat)
    return kept, refused


def add(path: str | Path, store: Store, game: str, key_text: str, side: str | None = None) -> Entry:
    """Seat the key ``key_text`` (a public key line or a ``.pub`` file; its comment is kept)
    in the game ``game`` of ``store`` as ``side`` (a player key of its scenario, or
    ``spectator``; None: the side whose key the game records equal to this one) and return
    the line added at the end of the keys file ``path``, made readable by its owner alone when
    missing. The file is rewritten whole through a file beside it; every other line is kept
    as it was.

    Raises StoreError, with nothing written, when the key is not an Ed25519 public key, the
    game is missing or played by mail (each player plays it from their own store), ``side``
    is None and the game records no side for this key, ``side`` is no side of the game,
    the game records another key for ``side`` or this key for another side, the key is
    already seated in the game, or the keys file is malformed (see :func:`read`)."""
    key, comment = keys.read_public(key_text, "PUBKEY")
    seat = Seat(game, _side(store, game, key, side))
    file = Path(path)
    lines = _lines(file) if file.exists() else []
    entries, problems = _entries(lines, path)
    if problems:
        raise problems[0]
    _not_seated(entries, key, game, str(path))
    escaped = f"{seat.game}:{seat.side}".replace('"', '\\"')
    text = f'{OPTION}="{escaped}" {key}' + (f" {comment}" if comment else "")
    entry = Entry(seat, key, comment, len(lines) + 1)
    if _entry(text, entry.line, str(path)) != entry:
        raise StoreError(str(path), f"seat {seat.game}:{seat.side} cannot be written on a line")
    ending = next((raw[len(raw.rstrip("\r\n")) :] for raw in lines if raw.endswith("\n")), "\n")
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += ending
        ending = ""
    _write(file, [*lines, text + ending])
    return entry


def remove(path: str | Path, key_text: str, game: str | None = None) -> list[Entry]:
    """Take the key ``key_text`` (a public key line or a ``.pub`` file) from every seat it
    has in the keys file ``path`` (in the game ``game`` only, when given) and return the
    lines removed; the file is rewritten whole through a file beside it, every other line
    kept as it was. Raises StoreError, with nothing written, when the key has no such seat
    or the file is missing or malformed (see :func:`read`)."""
    key = keys.parse_public(key_text, "PUBKEY")
    gone = [e for e in read(path) if e.key == key and game in (None, e.seat.game)]
    if not gone:
        where = f" in game {game}" if game is not None else ""
        raise StoreError(str(path), f"seats the key {keys.fingerprint(key)} nowhere{where}")
    lines = _lines(path)
    numbers = {entry.line for entry in gone}
    kept = [raw for n, raw in enumerate(lines, 1) if n not in numbers]
    if kept and not lines[-1].endswith("\n"):
        kept[-1] = kept[-1].rstrip("\r\n")
    _write(Path(path), kept)
    return gone


def _side(store: Store, game: str, key: str, side: str | None) -> str:
    """The side ``key`` takes in the game ``game`` of ``store`` (``side``, or the side whose
    recorded key it is when None), checked against what the game records; StoreError naming
    the store and the game otherwise (see :func:`add`)."""
    where = f"{store.path}: game {game}"
    header = store.header(game)
    if header.mode is Mode.MAIL:
        raise StoreError(
            where, "a game by mail: each player plays it from their own store, not a server's"
        )
    mine = keys.fingerprint(key)
    recorded = next((s for s, line in header.keys.items() if line == key), None)
    if side is None:
        if recorded is None:
            raise StoreError(
                where,
                f"records no side for this key ({mine}); give --side SIDE, or --side {SPECTATOR}",
            )
        return recorded
    players = [p.key for p in game_of(header, where).sides.players]
    if side not in (*players, SPECTATOR):
        raise StoreError(
            where, f"no side {side!r}; seat a key as one of {', '.join(players)} or {SPECTATOR}"
        )
    if recorded is not None and recorded != side:
        raise StoreError(where, f"records this key ({mine}) for {recorded}, not for {side}")
    held = header.keys.get(side)
    if held is not None and held != key:
        raise StoreError(
            where,
            f"records another key for {side} ({keys.fingerprint(held)}) than this one ({mine})",
        )
    return side


def _entries(lines: list[str], path: str | Path) -> tuple[list[Entry], list[StoreError]]:
    """The seats on ``lines`` of the keys file ``path`` and the problem of each line left
    out (see :func:`readable`)."""
    entries: list[Entry] = []
    problems: list[StoreError] = []
    for number, raw in enumerate(lines, 1):
        try:
            entry = _entry(raw, number, f"{path}:{number}")
            if entry is not None:
                _not_seated(entries, entry.key, entry.seat.game, f"{path}:{number}")
                entries.append(entry)
        except StoreError as error:
            problems.append(error)
    return entries, problems


def _not_seated(entries: Iterable[Entry], key: str, game: str, where: str) -> None:
    """StoreError naming ``where`` when ``key`` already sits in ``game`` among ``entries``."""
    for entry in entries:
        if entry.key == key and entry.seat.game == game:
            raise StoreError(
                where,
                f"key {keys.fingerprint(key)} already seated as {entry.seat.side} in {game} "
                f"(line {entry.line}); remove it first",
            )


def _lines(path: str | Path) -> list[str]:
    """The lines of the keys file ``path``, each with its line ending (the last may have
    none). StoreError naming the file when it is missing, unreadable or not UTF-8 text."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise StoreError(str(path), "no such keys file; armistice keys add makes it") from None
    except OSError as error:
        raise StoreError(str(path), f"cannot be read: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise StoreError(f"{path}:{line}", "not UTF-8 text") from None
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _entry(raw: str, number: int, where: str) -> Entry | None:
    """The seat on the line ``raw`` (number ``number``); None for a blank or ``#`` line.
    StoreError naming ``where`` and the field for a malformed one."""
    text = raw.rstrip("\r\n").strip()
    if not text or text.startswith("#"):
        return None
    if text.startswith(("ssh-", "ecdsa-", "sk-")):
        raise StoreError(where, f'no {OPTION}="GAME:SIDE" option before the key')
    options, rest = _split_options(text, where)
    seat = _seat(options, where)
    fields = rest.split(None, 2)
    if len(fields) < 2:
        raise StoreError(where, "key: not a public key line (ssh-ed25519 AAAA... after the seat)")
    try:
        key = keys.parse_public(f"{fields[0]} {fields[1]}", "key")
    except StoreError as error:
        raise StoreError(where, f"key: {error.reason}") from None
    return Entry(seat, key, fields[2].strip() if len(fields) > 2 else "", number)


def _split_options(text: str, where: str) -> tuple[list[str], str]:
    """The options at the head of ``text`` (split at commas outside quotes, quotes kept) and
    what follows them; StoreError naming ``where`` for unbalanced quotes."""
    options, start, quoted = [], 0, False
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and quoted and text[index + 1 : index + 2] == '"':
            index += 1
        elif char == '"':
            quoted = not quoted
        elif not quoted and char == ",":
            options.append(text[start:index])
            start = index + 1
        elif not quoted and char.isspace():
            break
        index += 1
    if quoted:
        raise StoreError(where, "options: unbalanced quotes")
    options.append(text[start:index])
    return options, text[index:]


def _seat(options: list[str], where: str) -> Seat:
    """The seat the ``options`` of a line give; StoreError naming ``where`` and the field
    for another option, a seat given twice, unquoted, or without a colon, game or side."""
    seats = []
    for option in options:
        name, equals, value = option.partition("=")
        if name.strip().lower() != OPTION:
            raise StoreError(where, f"option {name or option!r}: not known; only {OPTION} is")
        if not (equals and len(value) >= 2 and value[0] == value[-1] == '"'):
            raise StoreError(where, f'{OPTION}: give it as {OPTION}="GAME:SIDE"')
        seats.append(value[1:-1].replace('\\"', '"'))
    if len(seats) != 1:
        raise StoreError(where, f"{OPTION}: given {len(seats)} times; one seat a line")
    game, colon, side = seats[0].rpartition(":")
    if not colon:
        raise StoreError(where, f"{OPTION} {seats[0]!r}: no colon; give GAME:SIDE")
    if not game:
        raise StoreError(where, f"{OPTION} {seats[0]!r}: no game before the colon")
    if not side:
        raise StoreError(where, f"{OPTION} {seats[0]!r}: no side after the colon")
    return Seat(game, side)


def _write(file: Path, lines: list[str]) -> None:
    """Write ``lines`` to ``file`` through a file beside it, renamed over it at the end; the
    old file's permissions are kept, a new file is readable by its owner alone."""
    try:
        mode = file.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o600
    except OSError as error:
        raise StoreError(str(file), f"cannot be checked: {error.strerror}") from None
    try:
        files.replace(file, "".join(lines).encode("utf-8"), mode, prefix=f".{file.name}-")
    except OSError as error:
        raise StoreError(str(file), f"cannot be written: {error.strerror}") from None
