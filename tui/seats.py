"""The keys file of a game server on the command line: a key seated in a game of a store,
taken from its seats, and the seats listed.

Every refusal is a one-line :class:`~armistice.host.records.StoreError` naming the file (and
its line), the store and the game, raised before anything is written.
"""

from __future__ import annotations

import click

from armistice.host import keys, seats
from armistice.host.store import Store


def add(keys_file: str, store_path: str, game: str, key_text: str, side: str | None) -> None:
    """``armistice keys add``: seat the key ``key_text`` (a line or a .pub file) in the game
    ``game`` of the store ``store_path`` as ``side`` (None: the side the game records for the
    key) in the keys file ``keys_file``, and say so (see :func:`armistice.host.seats.add`)."""
    with Store(store_path) as store:
        entry = seats.add(keys_file, store, game, key_text, side)
    click.echo(f"Seated {_said(entry)} ({keys_file})")


def remove(keys_file: str, key_text: str, game: str | None) -> None:
    """``armistice keys remove``: take the key ``key_text`` from its seats in ``keys_file``
    (in ``game`` only, when given) and say each seat it left."""
    for entry in seats.remove(keys_file, key_text, game):
        click.echo(f"Removed {_said(entry)} (line {entry.line} of {keys_file})")


def list_seats(keys_file: str) -> None:
    """``armistice keys list``: each seat of ``keys_file``, by game then side: the game, the
    side, the key's fingerprint and its comment; "FILE seats no key." when there is none."""
    entries = sorted(seats.read(keys_file), key=lambda e: (e.seat, e.line))
    if not entries:
        click.echo(f"{keys_file} seats no key.")
        return
    table = [
        ("game", "side", "key", "comment"),
        *((e.seat.game, e.seat.side, keys.fingerprint(e.key), e.comment) for e in entries),
    ]
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    for row in table:
        cells = [f"{cell:<{width}}" for cell, width in zip(row, widths, strict=False)]
        click.echo("  ".join([*cells, row[3]]).rstrip())


def _said(entry: seats.Entry) -> str:
    """A seat in a few words: "SHA256:... as axis in fall"."""
    return f"{keys.fingerprint(entry.key)} as {entry.seat.side} in {entry.seat.game}"
