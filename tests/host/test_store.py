"""The store file: games and records kept, indexes taken once, and each bad store refused
with one line naming the file (and the game and record when known), nothing written."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import msgspec
import pytest

from armistice.host import chain
from armistice.host.records import SPECTATOR, Kind, Mode, StoreError
from armistice.host.shared import SharedHost
from armistice.host.store import VERSION, Entry, Store, Taken
from tests.host.support import example_header, new_store

ANSWER = {"key": "establish_vichy", "value": "yes", "via": "decided"}


@pytest.fixture
def path(tmp_path: Path) -> Path:
    file = tmp_path / "games.db"
    new_store(file, example_header()).close()
    return file


def test_a_new_store_is_in_wal_mode_and_of_this_version(path: Path) -> None:
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION == 2


def test_games_are_kept_with_their_header_and_root(path: Path) -> None:
    store = Store(path)
    store.create(example_header("second", Mode.MAIL))
    assert store.names() == ["fall", "second"]
    assert store.header("second") == example_header("second", Mode.MAIL)
    assert store.root("fall") == chain.root(example_header())
    store.append("fall", Kind.ANSWER, "axis", ANSWER)
    assert store.games() == [
        Entry("fall", "awaw.58", Mode.LIVE, 1),
        Entry("second", "awaw.58", Mode.MAIL, 0),
    ]


def test_records_are_numbered_from_one_and_chained(path: Path) -> None:
    store = Store(path)
    first = store.append("fall", Kind.ANSWER, "axis", ANSWER)
    second = store.append("fall", Kind.UNDO_ASK, "axis", {"answer": 1}, index=2)
    assert (first.index, second.index) == (1, 2)
    assert first.prev == store.root("fall") and second.prev == first.hash
    assert store.records("fall") == [first, second]
    assert store.records("fall", since=1) == [second]
    assert store.last("fall") == second
    chain.verify(store.header("fall"), store.records("fall"), str(path))


def test_an_index_written_first_elsewhere_is_taken_and_nothing_is_written(path: Path) -> None:
    one, two = Store(path), Store(path)
    one.append("fall", Kind.ANSWER, "axis", ANSWER, index=1)
    with pytest.raises(Taken, match=r"games.db: game fall, record 1: already written on another"):
        two.append("fall", Kind.ANSWER, "axis", {**ANSWER, "value": "no"}, index=1)
    with pytest.raises(StoreError, match="record 5: would leave a gap: the game holds 1 records"):
        two.append("fall", Kind.ANSWER, "axis", ANSWER, index=5)
    assert [r.body["value"] for r in two.records("fall")] == ["yes"]


def test_the_index_is_unique_in_the_table_itself(path: Path) -> None:
    Store(path).append("fall", Kind.ANSWER, "axis", ANSWER)
    with sqlite3.connect(path) as db, pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO records VALUES ('fall', 1, 'answer', 'axis', '{}', '', '', '')")


def test_a_game_name_is_refused_twice_or_malformed(path: Path) -> None:
    store = Store(path)
    with pytest.raises(StoreError, match="game fall: already exists in this store"):
        store.create(example_header())
    for name in ("", "a:b", "tab\there", "x" * 65):
        with pytest.raises(StoreError, match="give 1 to 64 characters, without a colon"):
            store.create(example_header(name))
    assert store.names() == ["fall"]


def test_a_missing_game_names_the_games_held(path: Path) -> None:
    store = Store(path)
    for read in (store.header, store.records, store.root, store.last):
        with pytest.raises(
            StoreError, match=r"games.db: game winter: no such game; the store holds: fall$"
        ):
            read("winter")
    with pytest.raises(StoreError, match="no such game"):
        store.append("winter", Kind.ANSWER, "axis", ANSWER)


def test_a_missing_file_is_refused_and_not_made(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"nothere.db: no such store file$"):
        Store(tmp_path / "nothere.db")
    assert not (tmp_path / "nothere.db").exists()


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "notes.db"
    file.write_bytes(b"These are my notes, not a database.\n" * 200)
    with pytest.raises(StoreError, match=r"notes.db: corrupt or not an SQLite database"):
        Store(file)
    assert file.read_bytes() == b"These are my notes, not a database.\n" * 200


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "other.db"
    with sqlite3.connect(file) as db:
        db.execute("CREATE TABLE t(x)")
    with pytest.raises(StoreError, match=r"other.db: an SQLite database of another program"):
        Store(file, create=True)


def test_an_empty_database_is_made_a_store_only_when_asked(tmp_path: Path) -> None:
    file = tmp_path / "empty.db"
    file.touch()
    with pytest.raises(StoreError, match=r"empty.db: an empty database, not an armistice store"):
        Store(file)
    assert file.stat().st_size == 0
    Store(file, create=True).create(example_header())
    assert Store(file).names() == ["fall"]


def test_a_store_from_a_newer_version_is_refused(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {VERSION + 1}")
    with pytest.raises(
        StoreError,
        match=r"games.db: written by a newer armistice \(store format 3; this one reads format 2\)",
    ):
        Store(path)


def test_opening_and_reading_never_write(path: Path) -> None:
    host = SharedHost(Store(path), "fall", "axis")
    host.answer("yes")
    del host
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    store = Store(path)
    store.games()
    SharedHost(store, "fall", SPECTATOR).refresh()
    store.records("fall")
    store.close()
    assert path.read_bytes() == before


def test_a_locked_store_is_refused_after_the_timeout_and_nothing_written(path: Path) -> None:
    store = Store(path, timeout=0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        assert store.names() == ["fall"]  # readers go on while another process writes
        with pytest.raises(
            StoreError, match=r"games.db: game fall: locked by another process \(waited 0.2 s\)"
        ):
            store.append("fall", Kind.ANSWER, "axis", ANSWER)
    finally:
        holder.execute("ROLLBACK")
    assert store.records("fall") == []
    store.append("fall", Kind.ANSWER, "axis", ANSWER)  # and works once the lock is gone


def test_a_store_held_exclusively_is_refused_at_opening(path: Path) -> None:
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("COMMIT")
    try:
        with pytest.raises(StoreError, match=r"games.db: locked by another process"):
            Store(path, timeout=0.2)
    finally:
        holder.close()
    assert Store(path).names() == ["fall"]


def flip(path: Path, text: bytes, into: bytes) -> None:
    """Change ``text`` into ``into`` (same length) in the store file's bytes, as a failing
    disk or a hand edit would."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    assert data.count(text) == 1
    path.write_bytes(data.replace(text, into))


def test_a_flipped_byte_in_a_record_body_names_the_game_and_record(path: Path) -> None:
    axis = SharedHost(Store(path), "fall", "axis")
    axis.answer("yes")
    axis.undo()
    del axis
    flip(path, b'{"answer":1}', b'{"answer":0}')
    with pytest.raises(
        StoreError, match=r"games.db: game fall, record 2: an undo asked whose hash does not match"
    ):
        SharedHost(Store(path), "fall", SPECTATOR)


def test_a_record_body_edited_in_place_names_the_game_and_record(path: Path) -> None:
    SharedHost(Store(path), "fall", "axis").answer("yes")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE records SET body = replace(body, 'yes', 'no') WHERE idx = 1")
    with pytest.raises(
        StoreError, match=r"game fall, record 1: an answer whose hash does not match"
    ):
        SharedHost(Store(path), "fall", SPECTATOR)


def test_a_deleted_record_is_named(path: Path) -> None:
    axis = SharedHost(Store(path), "fall", "axis")
    axis.answer("yes")
    axis.undo()
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM records WHERE idx = 1")
    with pytest.raises(StoreError, match=r"game fall, record 2: comes where record 1 should"):
        SharedHost(Store(path), "fall", SPECTATOR)


def test_an_edited_header_no_longer_matches_its_root(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET header = replace(header, '\"live\"', '\"mail\"')")
    with pytest.raises(StoreError, match=r"game fall: its header does not match the root hash"):
        Store(path).header("fall")


def test_an_unreadable_record_is_named(path: Path) -> None:
    Store(path).append("fall", Kind.ANSWER, "axis", ANSWER)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE records SET kind = 'reroll' WHERE idx = 1")
    with pytest.raises(
        StoreError, match=r"game fall, record 1: cannot be read: Invalid enum value 'reroll'"
    ):
        Store(path).records("fall")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE records SET kind = 'answer', body = '[1' WHERE idx = 1")
    with pytest.raises(StoreError, match=r"game fall, record 1: its body cannot be read"):
        Store(path).records("fall")


def test_records_made_elsewhere_extend_the_chain_when_they_continue_it(tmp_path: Path) -> None:
    here = new_store(tmp_path / "here.db", example_header())
    there = new_store(tmp_path / "there.db", example_header())
    made = [
        there.append("fall", Kind.ANSWER, "axis", ANSWER),
        there.append("fall", Kind.UNDO_ASK, "axis", {"answer": 1}),
    ]
    here.extend("fall", made[:1])
    with pytest.raises(Taken, match="record 1: already written"):
        here.extend("fall", made)
    broken = [msgspec.structs.replace(made[1], body={"answer": 2})]
    with pytest.raises(StoreError, match="record 2: an undo asked whose hash does not match"):
        here.extend("fall", broken)
    assert here.records("fall") == made[:1]
    here.extend("fall", made[1:])
    assert here.records("fall") == made


def test_the_stamp_changes_with_any_write_and_only_then(path: Path) -> None:
    one, two = Store(path), Store(path)
    stamp = one.stamp()
    assert one.stamp() == stamp
    two.append("fall", Kind.ANSWER, "axis", ANSWER)
    assert one.stamp() != stamp
    stamp = one.stamp()
    one.append("fall", Kind.UNDO_ASK, "axis", {"answer": 1})
    assert one.stamp() != stamp


def test_die_secrets_are_kept_privately_and_once(path: Path) -> None:
    store = Store(path)
    store.keep_secret("fall", "colony_roll.lebanon_syria", 1, "allies", b"\x01" * 32)
    assert store.secret("fall", "colony_roll.lebanon_syria", 1, "allies") == b"\x01" * 32
    assert store.secret("fall", "colony_roll.lebanon_syria", 1, "axis") is None
    with pytest.raises(StoreError, match="already kept"):
        store.keep_secret("fall", "colony_roll.lebanon_syria", 1, "allies", b"\x02" * 32)
    assert store.records("fall") == []


def test_a_damaged_page_is_reported_as_a_corrupt_store(path: Path) -> None:
    store = Store(path)
    for n in range(300):
        store.append("fall", Kind.UNDO_NO, "axis", {"n": n, "pad": "x" * 40})
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    assert len(data) >= 4 * 4096
    data[2 * 4096 : 2 * 4096 + 16] = b"\xff" * 16  # the header of the third page
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=r"games.db: game fall: corrupt or not an SQLite database"):
        Store(path).records("fall")


def test_a_store_in_a_missing_folder_cannot_be_made(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"nowhere/games.db: cannot be made: No such file"):
        Store(tmp_path / "nowhere" / "games.db", create=True)


def test_a_new_store_and_its_journal_are_readable_by_their_owner_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with Store(path, create=True) as store:
        store.create(example_header())
        modes = {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()}
    assert modes == {"games.db": 0o600, "games.db-wal": 0o600, "games.db-shm": 0o600}
