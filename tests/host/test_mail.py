"""Play by mail between two stores: move files both ways, dice agreed by commit and reveal,
the game finished identically on both sides; and every move file that is rerolled,
re-signed, cut short, tampered with, for another game, dropped or reordered refused in one
line naming the file, the game and the record, with nothing written."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from armistice.core.prompts import Roll, Rolls
from armistice.host import chain, keys, mail
from armistice.host.openssh import asyncssh
from armistice.host.records import Kind, Mode, Record, StoreError
from armistice.host.shared import SharedHost, game_of
from armistice.host.store import Store
from tests.host.support import example_header, new_store


class Player:
    """One player by mail: their own store, their key, their host on it."""

    def __init__(self, folder: Path, side: str, key: asyncssh.SSHKey) -> None:
        self.side, self.key = side, key
        self.store = Store(folder / f"{side}.db", create=True)
        self.host: SharedHost | None = None

    def attach(self) -> SharedHost:
        if self.host is None:
            self.host = SharedHost(self.store, "fall", self.side, self.key)
        self.host.refresh()
        return self.host

    def send(self, to: Player, name: str = "moves") -> bytes:
        """Export everything the other player may lack and import it there."""
        since = len(to.store.records("fall")) if "fall" in to.store.names() else 0
        data = mail.export(self.store, "fall", since)
        mail.import_moves(to.store, "fall", data, f"{name}.json")
        return data

    def play(self) -> None:
        """Answer what this side can: dice by commit and reveal, decisions by default."""
        host = self.attach()
        while (prompt := host.game.prompt) is not None:
            if isinstance(prompt, Roll | Rolls):
                if host.roll() is None:
                    return
            elif host.may_answer(prompt):
                host.answer(prompt.default_answer())
            else:
                return


@pytest.fixture
def players(tmp_path: Path) -> tuple[Player, Player]:
    axis_key, allies_key = keys.create(tmp_path / "axis.key"), keys.create(tmp_path / "allies.key")
    axis, allies = Player(tmp_path, "axis", axis_key), Player(tmp_path, "allies", allies_key)
    header = example_header(
        "fall",
        Mode.MAIL,
        axis=keys.public_line(axis_key),
        allies=keys.public_line(allies_key),
    )
    axis.store.create(header)
    return axis, allies


def test_a_game_by_mail_is_played_to_its_end_identically_in_both_stores(
    players: tuple[Player, Player],
) -> None:
    axis, allies = players
    axis.attach().answer("yes")
    axis.send(allies)  # the game and the Axis decision
    legs = 1
    while axis.attach().game.prompt is not None or allies.attach().game.prompt is not None:
        allies.play()
        allies.send(axis)
        axis.play()
        axis.send(allies)
        legs += 2
        assert legs < 20
    a, b = axis.attach().game, allies.attach().game
    assert a.complete and b.complete
    assert a.answers == b.answers and a.log == b.log and a.state == b.state
    assert axis.store.records("fall") == allies.store.records("fall")
    records = axis.store.records("fall")
    assert all(r.sig for r in records)
    assert sum(r.kind is Kind.COMMIT for r in records) == 4
    replay = game_of(axis.store.header("fall"), "replay")
    dice = 0
    for answer in a.answers:
        prompt = replay.prompt
        if isinstance(prompt, Roll):
            revealed = {
                r.side: r.body["secret"]
                for r in records
                if r.kind is Kind.REVEAL and r.body["die"] == prompt.key
            }
            assert answer.via == "agreed"
            assert answer.value == mail.agreed(prompt, [revealed["axis"], revealed["allies"]])
            dice += 1
        replay.answer(answer.value, answer.via)
    assert dice == 2 and replay.log == a.log


def moves_until_a_die(players: tuple[Player, Player]) -> tuple[Player, bytes]:
    """The Axis decides; the Allies commit; the Axis commits and reveals: the move file
    the Axis sends then (records 3 and 4), with the Allies holding records 1 and 2."""
    axis, allies = players
    axis.attach().answer("yes")
    axis.send(allies)
    allies.play()
    allies.send(axis)
    axis.play()
    return allies, mail.export(axis.store, "fall", 2)


def refused(store: Store, data: bytes, match: str) -> None:
    before = store.records("fall") if "fall" in store.names() else None
    with pytest.raises(StoreError, match=match) as error:
        mail.import_moves(store, "fall", data, "moves.json")
    assert "\n" not in str(error.value)
    after = store.records("fall") if "fall" in store.names() else None
    assert after == before


def edited(
    data: bytes, change: dict[int, dict[str, object]], resign: asyncssh.SSHKey | None = None
) -> bytes:
    """The move file ``data`` with record fields changed (record index -> field -> value),
    the chain recomputed and, given ``resign``, every record signed again with it."""
    moves = mail.read(data, "moves.json")
    out: list[Record] = []
    prev = moves.records[0].prev
    for record in moves.records:
        fields = msgspec.structs.asdict(record) | change.get(record.index, {})
        body = fields["body"]
        assert isinstance(body, dict)
        sign = chain.signer(resign) if resign is not None else None
        made = chain.seal(prev, record.index, record.kind, record.side, body, sign)
        out.append(made if resign is not None else msgspec.structs.replace(made, sig=record.sig))
        prev = made.hash
    return msgspec.json.encode(msgspec.structs.replace(moves, records=out))


def test_a_rerolled_die_is_refused_even_signed_by_its_maker(players: tuple[Player, Player]) -> None:
    axis, allies = players
    axis.attach().answer("yes")
    axis.send(allies)
    allies.play()
    allies.send(axis)
    axis.play()
    axis.send(allies)
    allies.play()  # reveals, and the Allies record the agreed die
    data = mail.export(allies.store, "fall", 4)
    moves = mail.read(data, "moves.json")
    answer = next(r for r in moves.records if r.kind is Kind.ANSWER)
    other = next(v for v in range(1, 7) if v != answer.body["value"])
    body = answer.body | {"value": other}
    forged = edited(data, {answer.index: {"body": body}}, resign=allies.key)
    refused(
        axis.store,
        forged,
        rf"^moves.json: game fall, record {answer.index}: a reroll: the players' secrets "
        rf"give {answer.body['value']}, not {other}$",
    )
    mail.import_moves(axis.store, "fall", data, "moves.json")
    assert axis.attach().game.answers[-1].value == answer.body["value"]


def test_a_record_resigned_with_another_key_is_refused(
    players: tuple[Player, Player], tmp_path: Path
) -> None:
    allies, data = moves_until_a_die(players)
    stranger = keys.create(tmp_path / "stranger")
    refused(
        allies.store,
        edited(data, {}, resign=stranger),
        r"^moves.json: game fall, record 3: carries a signature that is not by the axis key",
    )


def test_a_tampered_body_is_refused(players: tuple[Player, Player]) -> None:
    allies, data = moves_until_a_die(players)
    moves = mail.read(data, "moves.json")
    reveal = next(r for r in moves.records if r.kind is Kind.REVEAL)
    flipped = (
        "0" + reveal.body["secret"][1:]
        if reveal.body["secret"][0] != "0"
        else "1" + reveal.body["secret"][1:]
    )
    text = data.replace(reveal.body["secret"].encode(), flipped.encode())
    refused(
        allies.store,
        text,
        rf"^moves.json: game fall, record {reveal.index}: a die secret revealed whose hash "
        "does not match",
    )


def test_a_cut_short_file_is_refused(players: tuple[Player, Player]) -> None:
    allies, data = moves_until_a_die(players)
    refused(allies.store, data[: len(data) // 2], r"^moves.json: not a move file: cut short")


def test_a_file_for_another_game_is_refused(players: tuple[Player, Player], tmp_path: Path) -> None:
    allies, data = moves_until_a_die(players)
    other = new_store(tmp_path / "other.db", example_header("fall", Mode.MAIL))
    refused(
        other, data, r"^moves.json: game fall: belongs to another game also named fall \(its root"
    )
    with pytest.raises(
        StoreError, match=r"^moves.json: game spring: a move file for game spring, not fall$"
    ):
        mail.import_moves(
            allies.store, "fall", data.replace(b'"game":"fall"', b'"game":"spring"'), "moves.json"
        )


def test_a_dropped_file_is_refused_and_a_reordered_one_skipped(
    players: tuple[Player, Player],
) -> None:
    axis, allies = players
    axis.attach().answer("yes")
    first = mail.export(axis.store, "fall", 0)
    mail.import_moves(allies.store, "fall", first, "first.json")
    allies.play()
    second = mail.export(allies.store, "fall", 1)  # record 2: the Allied commitment
    mail.import_moves(axis.store, "fall", second, "second.json")
    axis.play()
    third = mail.export(axis.store, "fall", 2)  # records 3, 4
    assert len(axis.store.records("fall")) == 4
    fresh = Store(Path(str(allies.store.path) + ".copy"), create=True)
    mail.import_moves(fresh, "fall", first, "first.json")
    refused(
        fresh,
        third,
        r"^moves.json: game fall, record 3: starts after record 2, but .* holds 1: the move "
        r"file with records 2 to 2 is missing$",
    )
    mail.import_moves(allies.store, "fall", third, "third.json")
    assert mail.import_moves(allies.store, "fall", second, "second.json") == []
    assert mail.import_moves(allies.store, "fall", first, "first.json") == []
    assert allies.store.records("fall") == axis.store.records("fall")


def test_records_out_of_order_in_a_file_are_refused(players: tuple[Player, Player]) -> None:
    allies, data = moves_until_a_die(players)
    moves = mail.read(data, "moves.json")
    swapped = msgspec.structs.replace(moves, records=moves.records[::-1])
    refused(
        allies.store,
        msgspec.json.encode(swapped),
        r"^moves.json: game fall, record 4: comes where record 3 should",
    )


def test_a_newer_or_foreign_file_is_refused(players: tuple[Player, Player]) -> None:
    allies, data = moves_until_a_die(players)
    newer = data.replace(b'"version":1', b'"version":2')
    refused(allies.store, newer, r"^moves.json: move file version 2 is newer than this armistice")
    refused(
        allies.store, b'{"format": "armistice-save"}', r"^moves.json: not an armistice move file"
    )


def test_a_forked_history_is_refused(players: tuple[Player, Player]) -> None:
    axis, allies = players
    axis.attach().answer("yes")
    axis.send(allies)
    fork = Store(Path(str(axis.store.path) + ".fork"), create=True)
    mail.import_moves(fork, "fall", mail.export(axis.store, "fall", 0), "start.json")
    # two histories from record 1 on: the Allies commit in one, type their die in the other
    allies.play()
    typed = SharedHost(fork, "fall", "allies", allies.key)
    typed.answer(3)
    refused(
        allies.store,
        mail.export(fork, "fall", 1),
        r"^moves.json: game fall, record 2: differs from record 2 that .* holds: the game has forked",
    )


def test_a_refused_first_file_creates_no_game(
    players: tuple[Player, Player], tmp_path: Path
) -> None:
    axis, allies = players
    axis.attach().answer("yes")
    first = mail.export(axis.store, "fall", 0)
    moves = mail.read(first, "first.json")
    body = moves.records[0].body | {"value": "no"}
    fresh = Store(tmp_path / "fresh.db", create=True)
    refused(
        fresh,
        edited(first, {1: {"body": body}}, resign=allies.key),
        r"^moves.json: game fall, record 1: carries a signature that is not by the axis key",
    )
    assert fresh.names() == []
    refused(
        fresh,
        mail.export(axis.store, "fall", 1),
        r"^moves.json: game fall: .*fresh.db does not hold the game, and the file starts "
        r"after record 1: import the first move file, made with --since 0$",
    )
    assert fresh.names() == []


def test_a_die_taken_back_by_mail_is_agreed_again_with_fresh_secrets(tmp_path: Path) -> None:
    store = new_store(tmp_path / "one.db", example_header("fall", Mode.MAIL))
    axis, allies = SharedHost(store, "fall", "axis"), SharedHost(store, "fall", "allies")
    axis.answer("yes")
    allies.refresh()
    assert allies.roll() is None and axis.roll() is None
    first = allies.roll()
    assert first is not None
    allies.undo()
    axis.refresh()
    axis.settle_undo(True)
    allies.refresh()
    assert allies.game.answers[-1].key == "establish_vichy"
    assert allies.roll() is None and axis.roll() is None
    again = allies.roll()
    assert again is not None and allies.game.answers[-1].via == "agreed"
    commits = [r for r in store.records("fall") if r.kind is Kind.COMMIT]
    assert len(commits) == 4 and len({r.body["digest"] for r in commits}) == 4
    assert [r.body["at"] for r in commits] == [1, 1, 8, 8]
    secrets = [r.body["secret"] for r in store.records("fall") if r.kind is Kind.REVEAL]
    assert len(set(secrets)) == 4


def test_the_first_move_file_creates_the_game_before_any_record_is_made(
    players: tuple[Player, Player],
) -> None:
    axis, allies = players
    data = mail.export(axis.store, "fall", 0)
    assert mail.read(data, "moves.json").records == []
    assert mail.import_moves(allies.store, "fall", data, "moves.json") == []
    assert allies.store.names() == ["fall"]
    assert allies.store.root("fall") == axis.store.root("fall")
    assert mail.import_moves(allies.store, "fall", data, "moves.json") == []
    axis.attach().answer("yes")
    axis.send(allies)
    assert [r.index for r in allies.store.records("fall")] == [1]
