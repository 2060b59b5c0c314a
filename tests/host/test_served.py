"""Records a server signs for a seated side: its host key stands for the side's key in a live
game when the store trusts it, never by mail; stores of format 1 still open and read, and
are made format 2 when they first trust a server."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from armistice.host import chain, keys
from armistice.host.openssh import asyncssh
from armistice.host.records import SPECTATOR, Mode, StoreError
from armistice.host.shared import SharedHost
from armistice.host.store import Store
from tests.host.support import (
    answer_signed,
    example_header,
    keyed_store,
    new_key,
    new_store,
    player_keys,
)


@pytest.fixture
def players() -> dict[str, asyncssh.SSHKey]:
    """An Ed25519 key for each side; the server holds none of them."""
    return player_keys()


@pytest.fixture
def server() -> asyncssh.SSHKey:
    """The SSH server's host key."""
    return new_key()


def test_a_trusted_server_signs_for_each_seated_side_and_every_viewer_verifies(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    keyed_store(path, players).trust(keys.public_line(server))
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
    keyed_store(path, players).trust(keys.public_line(server))
    SharedHost(Store(path), "fall", "axis", players["axis"], server=server).answer("yes")
    record = Store(path).records("fall")[0]
    assert chain.signed_by(keys.public_line(players["axis"]), record.hash, record.sig)
    with pytest.raises(StoreError, match="that key is not the allies key the game records"):
        SharedHost(Store(path), "fall", "allies", players["axis"], server=server)


def test_a_server_the_store_does_not_trust_is_refused(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    keyed_store(path, players).trust(keys.public_line(new_key()))
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
    keyed_store(path, players).close()
    other = asyncssh.generate_private_key("ecdsa-sha2-nistp256")
    with pytest.raises(StoreError, match=r"game fall: server key: a ecdsa-sha2-nistp256 key"):
        SharedHost(Store(path), "fall", "axis", server=other)


def test_a_game_by_mail_refuses_a_server_key(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    keyed_store(path, players, mode=Mode.MAIL).trust(keys.public_line(server))
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
    store = keyed_store(path, players, mode=Mode.MAIL)
    store.trust(keys.public_line(server))
    answer_signed(store, "axis", "establish_vichy", "yes", by=server)
    with pytest.raises(StoreError) as error:
        chain.verify(store.header("fall"), store.records("fall"), "x", servers=store.servers())
    axis = keys.fingerprint(keys.public_line(players["axis"]))
    assert error.value.reason == (
        f"carries a signature that is not by the axis key the game records ({axis})"
    )


def test_a_record_signed_by_an_untrusted_key_is_refused_on_refresh(
    tmp_path: Path, players: dict[str, asyncssh.SSHKey], server: asyncssh.SSHKey
) -> None:
    path = tmp_path / "games.db"
    store = keyed_store(path, players)
    store.trust(keys.public_line(server))
    viewer = SharedHost(Store(path), "fall", SPECTATOR)
    answer_signed(store, "axis", "establish_vichy", "yes", by=new_key())
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
    """A store at ``path`` as armistice made them before server keys (format 1: no table of
    server keys), holding the game ``fall``."""
    new_store(path, example_header()).close()
    with sqlite3.connect(path, isolation_level=None) as db:
        db.execute("DROP TABLE servers")
        db.execute("PRAGMA user_version = 1")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()
    assert tables == {"games", "records", "secrets"}


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
