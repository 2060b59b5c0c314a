"""Players' Ed25519 keys: each record a side makes in a signed game is signed with its key.

A private key is read from an OpenSSH key file (the player's own ``~/.ssh/id_ed25519``
works) or created by :func:`create`; a public key is an OpenSSH public key line
(``ssh-ed25519 AAAA... comment``) given as text or as the path of a ``.pub`` file, and is
kept as :func:`public_line` writes it, without its comment. Signing a record's hash and
checking a signature are :func:`armistice.host.chain.signer` and
:func:`armistice.host.chain.signed_by`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from armistice.host.records import StoreError

ALGORITHM = "ssh-ed25519"
"""The only key type a game records: Ed25519, as OpenSSH names it."""

if TYPE_CHECKING:
    import asyncssh

    PrivateKey = asyncssh.SSHKey
    """A player's private key, as asyncssh reads it (asyncssh is imported only where a
    key is read or made)."""


def ed25519(key: asyncssh.SSHKey, where: str) -> asyncssh.SSHKey:
    """``key`` when it is an Ed25519 key; else StoreError naming ``where``."""
    algorithm = key.get_algorithm()
    if algorithm != ALGORITHM:
        raise StoreError(where, f"a {algorithm} key; a game takes only {ALGORITHM} keys")
    return key


def load(path: str | Path, passphrase: str | None = None) -> PrivateKey:
    """The Ed25519 private key in the OpenSSH key file ``path`` (``passphrase`` for an
    encrypted one). Raises StoreError naming the file: missing, unreadable, not a private
    key, encrypted without a passphrase, or not Ed25519."""
    import asyncssh

    where = str(path)
    try:
        key = asyncssh.read_private_key(path, passphrase)
    except OSError as error:
        raise StoreError(where, f"cannot be read: {error.strerror}") from None
    except (asyncssh.KeyImportError, asyncssh.KeyEncryptionError) as error:
        raise StoreError(where, f"not a private key armistice can read: {error}") from None
    return ed25519(key, where)


def create(path: str | Path, comment: str = "") -> PrivateKey:
    """A new Ed25519 key written to ``path`` (OpenSSH private key, readable by its owner
    only) and its public key line to ``path.pub``. Never overwrites: raises StoreError naming
    the file when either exists or cannot be written."""
    private, public = Path(path), Path(f"{path}.pub")
    for target in (private, public):
        if target.exists():
            raise StoreError(str(target), "already exists; armistice never overwrites a key")
    import asyncssh

    key = asyncssh.generate_private_key(ALGORITHM, comment=comment or None)
    try:
        handle = os.open(private, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "wb") as out:
            out.write(key.export_private_key())
        public.write_text(public_line(key) + (f" {comment}" if comment else "") + "\n")
    except OSError as error:
        raise StoreError(
            str(error.filename or path), f"cannot be written: {error.strerror}"
        ) from None
    return key


def public_line(key: PrivateKey) -> str:
    """The OpenSSH public key line of ``key``: ``ssh-ed25519 BASE64``, without a comment."""
    return " ".join(key.export_public_key().decode().split()[:2])


def parse_public(text: str, where: str) -> str:
    """The public key line that ``text`` gives, as :func:`public_line` writes it: ``text``
    is an OpenSSH public key line or the path of a file holding one (a ``.pub`` file).
    Raises StoreError naming ``where`` (the option or field it came from) for anything else
    or a key that is not Ed25519."""
    return read_public(text, where)[0]


def read_public(text: str, where: str) -> tuple[str, str]:
    """The public key line that ``text`` gives (see :func:`parse_public`) and the comment
    that follows the key there (empty when none). Raises what :func:`parse_public` raises."""
    line = text.strip()
    if line and not line.startswith("ssh-") and len(line.split()) == 1:
        file = Path(line)
        where = f"{where} ({line})"
        if file.is_dir():
            raise StoreError(where, "a directory, not a .pub file")
        if not file.exists():
            raise StoreError(where, "no such file")
        try:
            line = file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            raise StoreError(where, f"cannot be read: {error}") from None
        if "PRIVATE KEY" in line.partition("\n")[0]:
            raise StoreError(where, "that is a private key; give its .pub")
    import asyncssh

    try:
        key = asyncssh.import_public_key(line)
    except (asyncssh.KeyImportError, ValueError):
        raise StoreError(
            where, "not an OpenSSH public key line (ssh-ed25519 AAAA...) or .pub file"
        ) from None
    public = " ".join(ed25519(key, where).export_public_key().decode().split()[:2])
    fields = line.partition("\n")[0].split(None, 2)
    return public, fields[2].strip() if len(fields) > 2 else ""


def fingerprint(line: str) -> str:
    """The OpenSSH fingerprint (``SHA256:...``) of the public key line ``line``; raises
    StoreError for a line that is not a public key."""
    import asyncssh

    try:
        return str(asyncssh.import_public_key(line).get_fingerprint())
    except (asyncssh.KeyImportError, ValueError):
        raise StoreError(line[:40], "not an OpenSSH public key line") from None
