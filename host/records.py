"""What a shared game stores: its header and its append-only, hash-chained records.

A record is one thing that happened in the game, in order: an answer, a link taken with
its reported facts, an undo asked, accepted or refused, or a die secret committed or
revealed (play by mail). Each record's ``hash`` covers the one before it, back to the
game's ``root``, which covers the header (see :mod:`armistice.host.chain`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from armistice.core.errors import ArmisticeError
from armistice.core.words import Word

SPECTATOR = "spectator"
"""The side of a viewer who answers nothing."""


class Kind(Word):
    """What a record holds; its ``body`` fields follow in brackets."""

    ANSWER = "answer", "an answer"  # key, value, via
    LINK = "link", "a link taken"  # key, facts
    UNDO_ASK = "undo-ask", "an undo asked"  # answer: the index of the record to take back
    UNDO_YES = "undo-yes", "an undo accepted"  # ask: the index of the asking record
    UNDO_NO = "undo-no", "an undo refused"  # ask
    COMMIT = "commit", "a die secret committed"  # die: prompt key, at: record asking, digest
    REVEAL = "reveal", "a die secret revealed"  # die, at, secret


class Mode(Word):
    """How a shared game's players meet, which decides how its dice are rolled."""

    LIVE = "live", "live, on one store"
    MAIL = "mail", "by mail, a store each"


class Header(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a shared game starts from: its ``name`` in the store, the rule ``system`` key,
    the ``scenario`` (as plain data), ``assumptions`` (key -> value), house ``tables``
    (table file -> text; empty: the published tables), the ``mode`` and each side's public
    ``keys`` (player key -> an OpenSSH public key line; empty: unsigned)."""

    name: str
    system: str
    scenario: dict[str, Any]
    assumptions: dict[str, str]
    tables: dict[str, str] = {}
    mode: Mode = Mode.LIVE
    keys: dict[str, str] = {}


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One stored record: its ``index`` (from 1, unique in its game), ``kind``, the ``side``
    (player key) that made it, its ``body`` (see :class:`Kind`), the ``hash`` of the record
    before it (``prev``; the game's root for the first), its own ``hash`` (hex SHA-256) and
    ``sig``, the side's Ed25519 signature of ``hash`` (base64; empty when the game records no
    key for the side)."""

    index: int
    kind: Kind
    side: str
    body: dict[str, Any]
    prev: str
    hash: str
    sig: str = ""


class StoreError(ArmisticeError):
    """A store, game or move file that cannot be used: locked, corrupt, of a newer version,
    a game missing, a broken chain or signature, a move file for another game or point.
    ``where`` names the file and, when known, the game and the record number."""
