"""The hash chain of a shared game's records, and the signatures that bind them to a side.

The game's ``root`` is the SHA-256 of its header (scenario, assumptions, tables, mode and
keys) in canonical JSON (keys sorted, no spaces). Each record's ``hash`` is the SHA-256 of
the hash before it (the root for record 1), its index, kind and side, one line each, and
then its body in canonical JSON; so changing any record, or any header field, breaks the
hash of every record after it. When the header records a public key for a side, each
record that side makes carries the side's Ed25519 signature of its hash (the 32 bytes the
hex ``hash`` spells), which only the holder of the private key can make again after a
rewrite. In a live game a server key the store trusts may sign in the side's stead: a game
server signs the records of the sides whose keys it seats.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from armistice.host.records import Header, Kind, Mode, Record, StoreError

if TYPE_CHECKING:
    import asyncssh

Signer = Callable[[str], str]
"""What signs a record: its hash (hex SHA-256) -> the signature (base64)."""

_ENCODER = msgspec.json.Encoder(order="sorted")


def canonical(value: Any) -> bytes:
    """``value`` (a struct, or plain data) as canonical JSON: keys sorted, no spaces."""
    return _ENCODER.encode(value)


def root(header: Header) -> str:
    """The hex SHA-256 of ``header`` in canonical JSON: what record 1 follows."""
    return hashlib.sha256(canonical(header)).hexdigest()


def digest(prev: str, index: int, kind: Kind, side: str, body: Mapping[str, Any]) -> str:
    """The hex SHA-256 a record with these fields carries after ``prev`` (hex)."""
    head = f"{prev}\n{index}\n{kind.value}\n{side}\n".encode()
    return hashlib.sha256(head + canonical(body)).hexdigest()


def seal(
    prev: str,
    index: int,
    kind: Kind,
    side: str,
    body: Mapping[str, Any],
    sign: Signer | None = None,
) -> Record:
    """The record with these fields after the hash ``prev``, its hash computed and, given
    ``sign``, signed. ``body`` is taken as plain JSON data (what the store keeps)."""
    plain = msgspec.json.decode(canonical(body))
    value = digest(prev, index, kind, side, plain)
    return Record(index, kind, side, plain, prev, value, sign(value) if sign else "")


def signer(identity: asyncssh.SSHKey) -> Signer:
    """A :data:`Signer` for the Ed25519 private key ``identity``."""

    def sign(value: str) -> str:
        return base64.b64encode(identity.sign(bytes.fromhex(value), b"ssh-ed25519")).decode()

    return sign


@functools.lru_cache(maxsize=64)
def _public(line: str) -> asyncssh.SSHKey:
    """The public key an OpenSSH public key line holds (parsed once per line)."""
    import asyncssh

    return asyncssh.import_public_key(line)


def signed_by(public: str, value: str, signature: str) -> bool:
    """Whether ``signature`` (base64) signs the hash ``value`` (hex) with the key whose
    OpenSSH public key line is ``public``; False for anything malformed."""
    import asyncssh

    try:
        key = _public(public)
        return bool(key.verify(bytes.fromhex(value), base64.b64decode(signature, validate=True)))
    except (asyncssh.KeyImportError, ValueError, binascii.Error):
        return False


def verify(
    header: Header,
    records: Iterable[Record],
    where: str,
    after: Record | None = None,
    servers: Collection[str] = frozenset(),
) -> None:
    """Check that ``records`` continue the chain of the game ``header`` describes from the
    record ``after`` (None: from the root): indexes one by one, each ``prev`` the hash before
    it, each ``hash`` recomputed from the record, and, for a side the header records a key
    for, a valid signature of that key or, in a live game, of one of the server keys
    ``servers`` (OpenSSH public key lines the store trusts: a server that seats the side's
    key signs for it).

    ``where`` names the store or file. Raises StoreError naming the game and the first record
    that breaks (``FILE: game NAME, record N``) and what is wrong with it.
    """
    trusted = sorted(servers) if header.mode is Mode.LIVE else []
    prev = after.hash if after else root(header)
    index = after.index if after else 0
    for record in records:
        index += 1
        at = f"{where}: game {header.name}, record {record.index}"
        if record.index != index:
            lost = "a record is missing" if record.index > index else "its number is repeated"
            raise StoreError(at, f"comes where record {index} should; {lost}")
        if record.prev != prev:
            raise StoreError(
                at,
                "does not follow the record before it (its prev hash differs): reordered, "
                "or the history before it was changed",
            )
        if digest(record.prev, record.index, record.kind, record.side, record.body) != record.hash:
            raise StoreError(
                at, f"{record.kind.label} whose hash does not match: changed after it was made"
            )
        public = header.keys.get(record.side)
        if public and not any(signed_by(k, record.hash, record.sig) for k in (public, *trusted)):
            raise StoreError(at, _unsigned(record, public, trusted))
        prev = record.hash


def _unsigned(record: Record, public: str, trusted: Sequence[str]) -> str:
    """Why ``record`` is refused: not signed by ``public``, the key the game records for its
    side, nor by one of the ``trusted`` server keys; each key named by its fingerprint."""
    state = "is not signed" if not record.sig else "carries a signature that is not"
    told = f"{state} by the {record.side} key the game records ({_fingerprint(public)})"
    if trusted:
        told += (
            " nor by a server key the store trusts (" + ", ".join(map(_fingerprint, trusted)) + ")"
        )
    return told


def _fingerprint(line: str) -> str:
    """The fingerprint (``SHA256:...``) of a public key line; the line itself when malformed."""
    import asyncssh

    try:
        return str(_public(line).get_fingerprint())
    except (asyncssh.KeyImportError, ValueError):
        return line
