"""Records a server signs for a seated side: its host key stands for the side's key in a live
game when the store trusts it, never by mail; stores of format 1 still open and read, and
are made format 2 when they first trust a server."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncssh
import pytest

from armistice.host import chain, keys
from armistice.host.records import SPECTATOR, Kind, Mode, StoreError
from armistice.host.shared import SharedHost
from armistice.host.store import Store
from tests.host.support import example_header, new_store

FORMAT_1 = (
    "CREATE TABLE games(name TEXT PRIMARY KEY, header TEXT NOT NULL, root TEXT NOT NULL)",
    "CREATE TABLE records(game TEXT NOT NULL, idx INTEGER NOT NULL, kind TEXT NOT NULL,"
    " side TEXT NOT NULL, body TEXT NOT NULL, prev TEXT NOT NULL, hash TEXT NOT NULL,"
    " sig TEXT NOT NULL, PRIMARY KEY (game, idx)) WITHOUT ROWID",
    "CREATE TABLE secrets(game TEXT NOT NULL, die TEXT NOT NULL, at INTEGER NOT NULL,"
    " side TEXT NOT NULL, secret BLOB NOT NULL, PRIMARY KEY (game, die, at, side))",
    "PRAGMA application_id = 1095912787",
    "PRAGMA user_version = 1",
)
"""The store schema of format 1, as armistice made it before server keys."""


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
def players() -> dict[str, asyncssh.SSHKey]:
    """An Ed25519 key for each side; the server holds none of them."""
    return {side: new_key() for side in ("axis", "allies")}


@pytest.fixture
def server() -> asyncssh.SSHKey:
    """The SSH server's host key."""
    return new_key()


def served(path: Path, players: dict[str, asyncssh.SSHKey], mode: Mode = Mode.LIVE) -> Store:
    """A store at ``path`` holding the game ``fall``, which records each side's key."""
    lines = {side: keys.public_line(key) for side, key in players.items()}
    return new_store(path, example_header("fall", mode, **lines))


def test_a_trusted_server_signs_for_each_seated_side_and_every_viewer_verifies(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    served(path, players).trust(keys.public_line(server))
    axis = SharedHost(Store(path), "fall", "axis", server=server)
    allies = SharedHost(Store(path), "fall", "allies", server=server)
    viewer = SharedHost(Store(path), "fall", SPECTATOR)
    axis.answer("yes")
    allies.refresh()
    allies.roll()
    assert viewer.refresh() is True
    assert [a.key for a in viewer.game.answers] == ["establish_vichy", "colony_roll.lebanon_syria"]
    assert viewer.game.answers == allies.game.answers
    store = Store(path)
    records = store.records("fall")
    assert [r.side for r in records] == ["axis", "allies"]
    for record in records:
        assert chain.signed_by(keys.public_line(server), record.hash, record.sig)
        assert not chain.signed_by(store.header("fall").keys[record.side], record.hash, record.sig)
    chain.verify(store.header("fall"), records, "games.db", servers=store.servers())
    with pytest.raises(StoreError, match=r"record 1: carries a signature that is not by the axis"):
        chain.verify(store.header("fall"), records, "games.db")


def test_a_players_own_key_still_signs_beside_the_server(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    served(path, players).trust(keys.public_line(server))
    SharedHost(Store(path), "fall", "axis", players["axis"], server=server).answer("yes")
    record = Store(path).records("fall")[0]
    assert chain.signed_by(keys.public_line(players["axis"]), record.hash, record.sig)
    with pytest.raises(StoreError, match="that key is not the allies key the game records"):
        SharedHost(Store(path), "fall", "allies", players["axis"], server=server)


def test_a_server_the_store_does_not_trust_is_refused(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    served(path, players).trust(keys.public_line(new_key()))
    line = keys.public_line(server)
    with pytest.raises(StoreError) as error:
        SharedHost(Store(path), "fall", "axis", server=server)
    assert str(error.value) == (
        f"{path}: game fall: the game records a key for axis, and {path} does not trust the "
        f"server key ({keys.fingerprint(line)}) to sign for it"
    )
    assert Store(path).records("fall") == []


def test_a_server_key_of_another_type_is_refused(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey]
) -> None:
    path = tmp_path / "games.db"
    served(path, players).close()
    other = asyncssh.generate_private_key("ecdsa-sha2-nistp256")
    with pytest.raises(StoreError, match=r"game fall: server key: a ecdsa-sha2-nistp256 key"):
        SharedHost(Store(path), "fall", "axis", server=other)


def test_a_game_by_mail_refuses_a_server_key(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    served(path, players, Mode.MAIL).trust(keys.public_line(server))
    for side in ("axis", SPECTATOR):
        with pytest.raises(StoreError) as error:
            SharedHost(Store(path), "fall", side, server=server)
        assert str(error.value) == (
            f"{path}: game fall: a game by mail takes no server key: each player signs with "
            "their own key"
        )


def test_by_mail_a_trusted_servers_signature_does_not_stand_for_a_side(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    store = served(path, players, Mode.MAIL)
    store.trust(keys.public_line(server))
    record = store.append(
        "fall",
        Kind.ANSWER,
        "axis",
        {"key": "establish_vichy", "value": "yes", "via": "decided"},
        sign=chain.signer(server),
    )
    with pytest.raises(StoreError) as error:
        chain.verify(store.header("fall"), [record], "games.db", servers=store.servers())
    axis = keys.fingerprint(keys.public_line(players["axis"]))
    assert error.value.reason == (
        f"carries a signature that is not by the axis key the game records ({axis})"
    )


def test_a_record_signed_by_an_untrusted_key_is_refused_on_refresh(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    store = served(path, players)
    store.trust(keys.public_line(server))
    viewer = SharedHost(Store(path), "fall", SPECTATOR)
    stranger = new_key()
    store.append(
        "fall",
        Kind.ANSWER,
        "axis",
        {"key": "establish_vichy", "value": "yes", "via": "decided"},
        sign=chain.signer(stranger),
    )
    with pytest.raises(StoreError) as error:
        viewer.refresh()
    axis = keys.fingerprint(keys.public_line(players["axis"]))
    trusted = keys.fingerprint(keys.public_line(server))
    assert str(error.value) == (
        f"{path}: game fall, record 1: carries a signature that is not by the axis key the game "
        f"records ({axis}) nor by a server key the store trusts ({trusted})"
    )
    assert viewer.game.answers == ()


def test_trusting_a_server_is_kept_once_and_refuses_what_is_not_an_ed25519_key(
    tmp_path: Path, server: asyncssh.SSHKey
) -> None:
    store = new_store(tmp_path / "games.db")
    line = keys.public_line(server)
    assert store.servers() == frozenset()
    store.trust(line + " host@example")
    store.trust(line)
    assert store.servers() == frozenset({line})
    rsa = asyncssh.generate_private_key("ssh-rsa", key_size=2048).export_public_key().decode()
    with pytest.raises(StoreError, match=r"games.db: server key: a ssh-rsa key; a game takes"):
        store.trust(rsa)
    assert store.servers() == frozenset({line})


def format_1_store(path: Path) -> None:
    """A store at ``path`` as armistice made them before server keys, holding ``fall``."""
    header = example_header()
    with sqlite3.connect(path, isolation_level=None) as db:
        db.execute("PRAGMA journal_mode = WAL")
        for statement in FORMAT_1:
            db.execute(statement)
        db.execute(
            "INSERT INTO games VALUES (?, ?, ?)",
            ("fall", chain.canonical(header).decode(), chain.root(header)),
        )
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def test_a_store_of_format_1_opens_and_reads_and_trust_makes_it_format_2(
    tmp_path: Path, server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "old.db"
    format_1_store(path)
    before = path.read_bytes()
    store = Store(path)
    assert store.names() == ["fall"]
    assert store.servers() == frozenset()
    host = SharedHost(store, "fall", SPECTATOR)
    assert host.game.prompt is not None and host.game.prompt.key == "establish_vichy"
    store.close()
    assert path.read_bytes() == before  # opening and reading never write
    store = Store(path)
    SharedHost(store, "fall", "axis").answer("yes")
    line = keys.public_line(server)
    store.trust(line)
    assert store.servers() == frozenset({line})
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    db.close()
    assert [r.side for r in Store(path).records("fall")] == ["axis"]
