"""The shared host: sides, answers committed before they are shown, fresh dice, undo asked
and settled, signing, and a store whose records do not replay."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from armistice.core import scenario, systems, tablefiles
from armistice.core.awaw.rule58.tables import RULE58_FILE
from armistice.core.awaw.words import ColonyStatus
from armistice.core.errors import GameOver, IllegalAnswer
from armistice.core.game import Game, rolled
from armistice.core.prompts import Roll, Via
from armistice.host import chain, shared
from armistice.host.openssh import asyncssh
from armistice.host.records import SPECTATOR, Kind, Mode, StoreError
from armistice.host.shared import SharedHost, header_for, overview
from armistice.host.store import Store
from tests import support
from tests.host.support import example_header, new_store


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A store holding a live game of the rule-book example called ``fall``."""
    file = tmp_path / "games.db"
    new_store(file, example_header()).close()
    return file


def attach(path: Path, side: str, **kw: object) -> SharedHost:
    """A host of game ``fall`` on its own connection to the store."""
    return SharedHost(Store(path), "fall", side, **kw)  # type: ignore[arg-type]


def roll_colonies(axis: SharedHost, allies: SharedHost) -> None:
    """Establish Vichy (Axis), then the Allies roll both colony dice."""
    axis.answer("yes")
    allies.refresh()
    allies.roll()
    allies.roll()
    axis.refresh()


def play_out(axis: SharedHost, allies: SharedHost) -> None:
    """Answer every prompt with its default, or roll it, each by the side that answers it."""
    while (prompt := axis.game.prompt) is not None:
        host = axis if axis.may_answer(prompt) else allies
        if isinstance(prompt, Roll):
            host.roll()
        else:
            host.answer(prompt.default_answer())
        (allies if host is axis else axis).refresh()


def test_sides_answer_in_turn_and_each_sees_the_other(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    prompt = axis.game.prompt
    assert prompt is not None and prompt.key == "establish_vichy"
    assert axis.may_answer(prompt) and not allies.may_answer(prompt)
    assert allies.waiting_for(prompt) == "the Axis player" and axis.waiting_for(prompt) == ""
    assert allies.refresh() is False
    axis.answer("yes")
    assert allies.game.prompt is not None and allies.game.prompt.key == "establish_vichy"
    assert allies.refresh() is True
    assert allies.game.answers == axis.game.answers
    lebanon = allies.game.prompt
    assert lebanon is not None and lebanon.key == "colony_roll.lebanon_syria"
    assert (
        axis.game.prompt is not None and axis.waiting_for(axis.game.prompt) == "the Allied player"
    )
    assert allies.refresh() is False


def test_another_sides_prompt_is_refused_and_nothing_written(path: Path) -> None:
    allies = attach(path, "allies")
    with pytest.raises(IllegalAnswer, match="waiting for the Axis player"):
        allies.answer("yes")
    with pytest.raises(IllegalAnswer, match="waiting for the Axis player"):
        allies.roll()
    assert Store(path).records("fall") == [] and allies.game.answers == ()


def test_a_spectator_answers_nothing_and_sees_everything(path: Path) -> None:
    axis, viewer = attach(path, "axis"), attach(path, SPECTATOR)
    prompt = viewer.game.prompt
    assert prompt is not None and not viewer.may_answer(prompt)
    assert viewer.waiting_for(prompt) == "the Axis player"
    for change in (lambda: viewer.answer("yes"), viewer.roll, viewer.undo):
        with pytest.raises(IllegalAnswer, match="a spectator answers nothing"):
            change()
    axis.answer("no")
    assert viewer.refresh() and viewer.game.answers == axis.game.answers


def test_an_unknown_side_is_refused_naming_the_sides(path: Path) -> None:
    with pytest.raises(StoreError, match="no side 'germany'; attach as one of axis, allies or"):
        attach(path, "germany")


def test_a_roll_is_drawn_from_fresh_randomness_when_it_is_made(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    axis.answer("yes")
    allies.refresh()
    prompt = allies.game.prompt
    assert isinstance(prompt, Roll)
    drawn: list[int] = []

    def fresh(limit: int) -> int:
        drawn.append(limit)
        return 123_456_789

    monkeypatch.setattr(shared.secrets, "randbelow", fresh)
    value = allies.roll()
    assert drawn == [10**9 + 1]
    assert value == rolled(prompt, 123_456_789, 0)
    assert allies.game.answers[-1].via is Via.DRAWN
    assert any(e.text.endswith(f": {value} (drawn at random when rolled)") for e in allies.game.log)
    stored = Store(path).records("fall")[-1]
    assert stored.body == {"key": prompt.key, "value": value, "via": "drawn"}


def test_reattaching_never_rolls_again(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    roll_colonies(axis, allies)
    for _ in range(3):
        again = attach(path, SPECTATOR)
        assert again.game.answers == allies.game.answers
        assert [a.via for a in again.game.answers] == [Via.DECIDED, Via.DRAWN, Via.DRAWN]


def test_dice_differ_between_games_as_fresh_randomness_would(tmp_path: Path) -> None:
    faces = set()
    file = tmp_path / "many.db"
    store = new_store(file, *(example_header(f"g{i}") for i in range(24)))
    for i in range(24):
        axis, allies = SharedHost(store, f"g{i}", "axis"), SharedHost(store, f"g{i}", "allies")
        axis.answer("yes")
        allies.refresh()
        faces.add(allies.roll())
    # 24 fair d6 rolls show 2 faces or fewer with odds of 15 * (1/3)**24, about 5e-11
    assert len(faces) >= 3


def test_a_die_said_rolled_from_the_seed_is_refused_a_typed_one_is_marked(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    axis.answer("yes")
    allies.refresh()
    for via in (Via.ROLLED, Via.DRAWN, Via.AGREED):
        with pytest.raises(IllegalAnswer, match=f"cannot be given as {via.value}"):
            allies.answer(4, via)
    allies.answer(4, Via.TYPED)
    assert allies.game.answers[-1] == allies.game.answers[-1].__class__(
        "colony_roll.lebanon_syria", 4, Via.TYPED
    )
    assert any(e.text.endswith(": 4 (typed)") for e in allies.game.log)
    assert len(Store(path).records("fall")) == 2


def test_a_refused_answer_writes_nothing(path: Path) -> None:
    axis = attach(path, "axis")
    with pytest.raises(IllegalAnswer):
        axis.answer("maybe")
    assert Store(path).records("fall") == [] and axis.game.answers == ()


def test_the_same_side_on_two_terminals_keeps_one_answer_and_tells_the_other(path: Path) -> None:
    first, second = attach(path, "axis"), attach(path, "axis")
    first.answer("yes")
    with pytest.raises(
        StoreError,
        match=r"record 1: answered on another terminal first: an "
        r"answer by axis: establish_vichy = yes",
    ):
        second.answer("no")
    assert [r.body["value"] for r in Store(path).records("fall")] == ["yes"]
    assert second.game.answers == first.game.answers
    assert len(second.records) == 1


def test_a_record_that_leaves_the_game_where_it_was_does_not_stop_an_answer(path: Path) -> None:
    """An undo asked and refused while a second Allied terminal still shows the record before
    them: that terminal's roll takes the next number."""
    axis, allies, second = attach(path, "axis"), attach(path, "allies"), attach(path, "allies")
    axis.answer("yes")
    allies.refresh()
    second.refresh()
    axis.undo()
    allies.refresh()
    allies.settle_undo(False)
    second.roll()
    assert [r.kind for r in Store(path).records("fall")] == [
        Kind.ANSWER,
        Kind.UNDO_ASK,
        Kind.UNDO_NO,
        Kind.ANSWER,
    ]
    assert second.undo_asked is None and len(second.game.answers) == 2
    assert allies.refresh() and allies.game.answers == second.game.answers


def test_while_its_own_undo_is_asked_a_side_neither_answers_nor_rolls_nor_links(
    path: Path,
) -> None:
    """The Allies ask to take back a die and roll the next one before the Axis player
    answers: refused, on this terminal and on another Allied one, so the ask cannot lapse by
    its asker and is still open for the Axis player to settle."""
    axis, allies, second = attach(path, "axis"), attach(path, "allies"), attach(path, "allies")
    axis.answer("yes")
    allies.refresh()
    first = allies.roll()
    second.refresh()
    allies.undo()
    die = allies.game.prompt
    assert die is not None and die.key == "colony_roll.north_africa"
    told = (
        f"you asked to take back Lebanon-Syria colonial die: rolled {first}; "
        "the Axis player has not answered yet"
    )
    for terminal in (allies, second):  # the second still shows the game before the ask
        with pytest.raises(IllegalAnswer, match=told):
            terminal.roll()
        with pytest.raises(IllegalAnswer, match=told):
            terminal.answer(3, Via.TYPED)
    assert not allies.may_answer(die)
    assert allies.waiting_for(die) == (
        "the Axis player to accept or refuse taking back your last answer"
    )
    assert [r.kind for r in Store(path).records("fall")] == [
        Kind.ANSWER,
        Kind.ANSWER,
        Kind.UNDO_ASK,
    ]
    assert axis.refresh() and axis.undo_asked is not None
    axis.settle_undo(False)
    assert allies.refresh() and allies.undo_ended == shared.Ended(3, Kind.UNDO_NO, "axis")
    assert allies.may_answer(die) and allies.roll() is not None


def test_while_its_own_undo_is_asked_a_side_takes_no_link(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    play_out(axis, allies)
    last = axis if axis.records[-1].side == "axis" else allies
    last.undo()
    link = last.game.links[0].to
    with pytest.raises(IllegalAnswer, match=r"you asked to take back .* has not answered yet"):
        last.next(link)
    assert Store(path).records("fall")[-1].kind is Kind.UNDO_ASK


def test_by_mail_while_its_own_undo_is_asked_a_side_gives_no_secret(tmp_path: Path) -> None:
    store = new_store(tmp_path / "mail.db", example_header(mode=Mode.MAIL))
    axis = SharedHost(store, "fall", "axis")
    axis.answer("yes")
    axis.undo()
    with pytest.raises(IllegalAnswer, match="the Allied player has not answered yet"):
        axis.roll()
    assert [r.kind for r in store.records("fall")] == [Kind.ANSWER, Kind.UNDO_ASK]


def test_undo_is_asked_and_accepted_and_every_step_is_a_record(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    axis.answer("yes")
    assert axis.undo() is None
    assert axis.game.answers[-1].value == "yes"  # kept until accepted
    assert allies.refresh()
    asked = allies.undo_asked
    assert asked is not None and asked.side == "axis" and asked.index == 2
    assert asked.answer.key == "establish_vichy" and asked.answer.value == "yes"
    with pytest.raises(IllegalAnswer, match="the other side settles it"):
        axis.settle_undo(True)
    allies.settle_undo(True)
    assert allies.game.answers == () and allies.undo_asked is None
    assert axis.refresh() and axis.game.answers == ()
    kinds = [r.kind for r in Store(path).records("fall")]
    assert kinds == [Kind.ANSWER, Kind.UNDO_ASK, Kind.UNDO_YES]
    axis.answer("no")
    assert attach(path, SPECTATOR).game.answers == axis.game.answers


def test_undo_refused_keeps_the_answer(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    axis.answer("yes")
    axis.undo()
    allies.refresh()
    allies.settle_undo(False)
    assert axis.refresh() and axis.undo_asked is None
    assert [a.value for a in axis.game.answers] == ["yes"]
    assert [r.kind for r in Store(path).records("fall")][-1] is Kind.UNDO_NO


def test_undo_asks_only_for_this_sides_own_last_answer(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    with pytest.raises(IllegalAnswer, match="no answer to take back"):
        axis.undo()
    axis.answer("yes")
    allies.refresh()
    with pytest.raises(IllegalAnswer, match="the last answer is the Axis player's"):
        allies.undo()
    with pytest.raises(IllegalAnswer, match="no undo is asked"):
        allies.settle_undo(True)
    axis.undo()
    with pytest.raises(IllegalAnswer, match="already asked"):
        axis.undo()


def test_an_answer_by_the_other_side_after_an_undo_is_asked_lets_the_ask_lapse(
    path: Path,
) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    axis.answer("yes")
    axis.undo()
    allies.refresh()
    allies.roll()  # the Allies go on instead of settling it
    assert allies.undo_asked is None
    assert allies.undo_ended == shared.Ended(2, Kind.ANSWER, "allies")
    assert axis.refresh() and axis.undo_asked is None
    assert axis.undo_ended == shared.Ended(2, Kind.ANSWER, "allies")
    with pytest.raises(IllegalAnswer, match="no undo is asked"):
        allies.settle_undo(True)


def test_an_ask_lapsed_by_its_own_side_in_an_older_store_still_replays(path: Path) -> None:
    """A store written before a side was stopped from going on past its own undo asked."""
    axis = attach(path, "axis")
    axis.answer("yes")
    axis.undo()
    forge(
        path,
        Kind.ANSWER,
        "allies",
        {"key": "colony_roll.lebanon_syria", "value": 4, "via": "drawn"},
    )
    forge(path, Kind.UNDO_ASK, "allies", {"answer": 3})
    forge(
        path, Kind.ANSWER, "allies", {"key": "colony_roll.north_africa", "value": 2, "via": "drawn"}
    )
    viewer = attach(path, SPECTATOR)
    assert [a.value for a in viewer.game.answers] == ["yes", 4, 2]
    assert viewer.undo_asked is None
    assert viewer.undo_ended == shared.Ended(4, Kind.ANSWER, "allies")


def test_a_link_is_taken_by_either_side_and_replayed(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    play_out(axis, allies)
    allies.refresh()
    allies.next("awaw.vichy")
    assert axis.refresh() and axis.game.system.key == "awaw.vichy"
    assert attach(path, SPECTATOR).game.answers == allies.game.answers
    assert Store(path).records("fall")[-1].body["key"] == "awaw.vichy"


def test_a_complete_game_refuses_answers(path: Path) -> None:
    axis, allies = attach(path, "axis"), attach(path, "allies")
    play_out(axis, allies)
    with pytest.raises(GameOver):
        axis.answer("yes")


def test_games_are_listed_with_whose_turn_it_is(path: Path) -> None:
    store = Store(path)
    store.create(example_header("second"))
    axis = SharedHost(store, "second", "axis")
    axis.answer("yes")
    axis.undo()
    store.create(example_header("broken"))
    store.append("broken", Kind.ANSWER, "allies", {"key": "x", "value": 1, "via": "typed"})
    rows = {row.name: row for row in overview(store)}
    assert (rows["fall"].turn, rows["fall"].answers, rows["fall"].records) == (
        "the Axis player",
        0,
        0,
    )
    assert (rows["second"].turn, rows["second"].answers, rows["second"].records) == (
        "the Allied player",
        1,
        2,
    )
    assert rows["second"].system == "awaw.58" and rows["second"].mode is Mode.LIVE
    assert rows["broken"].turn == "unreadable: answers 'x' but the game asks 'establish_vichy'"


def test_by_mail_a_die_waits_for_commit_and_reveal(tmp_path: Path) -> None:
    store = new_store(tmp_path / "mail.db", example_header(mode=Mode.MAIL))
    axis, allies = SharedHost(store, "fall", "axis"), SharedHost(store, "fall", "allies")
    axis.answer("yes")
    allies.refresh()
    assert allies.roll() is None  # the Allied commitment, waiting for the Axis one
    assert axis.roll() is None  # the Axis commits and reveals, waiting for the Allied secret
    value = allies.roll()  # the Allies reveal and record the die their secrets agree
    assert [r.kind for r in store.records("fall")] == [
        Kind.ANSWER,
        Kind.COMMIT,
        Kind.COMMIT,
        Kind.REVEAL,
        Kind.REVEAL,
        Kind.ANSWER,
    ]
    assert axis.refresh() and axis.game.answers[-1] == allies.game.answers[-1]
    assert value == allies.game.answers[-1].value and allies.game.answers[-1].via == "agreed"


def test_by_mail_every_player_gives_a_secret_for_a_die_and_only_its_owner_types_it(
    tmp_path: Path,
) -> None:
    store = new_store(tmp_path / "mail.db", example_header(mode=Mode.MAIL))
    axis, allies = SharedHost(store, "fall", "axis"), SharedHost(store, "fall", "allies")
    watcher = SharedHost(store, "fall", SPECTATOR)
    axis.answer("yes")
    allies.refresh()
    watcher.refresh()
    die = allies.game.prompt
    assert die is not None and die.key == "colony_roll.lebanon_syria"  # France's die
    assert axis.may_answer(die) and allies.may_answer(die) and not watcher.may_answer(die)
    with pytest.raises(IllegalAnswer, match="only the Allied player types this die"):
        axis.answer(3)
    assert allies.roll() is None
    assert not allies.may_answer(die)
    assert allies.waiting_for(die) == "the Axis player's commitment"
    watcher.refresh()
    assert watcher.waiting_for(watcher.game.prompt) == "the Axis player's commitment"
    axis.refresh()
    assert axis.roll() is None  # committed and revealed; the Allied secret is awaited
    allies.refresh()
    assert allies.may_answer(die)
    assert axis.waiting_for(axis.game.prompt) == "the Allied player's secret"


# Records that do not replay: each written with a correct hash chain, so only the replay
# catches them.


def forge(path: Path, kind: Kind, side: str, body: dict[str, object]) -> None:
    """Append a record with a valid hash, bypassing the host's checks."""
    Store(path).append("fall", kind, side, body)


@pytest.mark.parametrize(
    ("side", "body", "reason"),
    [
        (
            "allies",
            {"key": "establish_vichy", "value": "yes", "via": "decided"},
            "allies answers 'establish_vichy', which the Axis player answers",
        ),
        (
            "axis",
            {"key": "vichy.cruisers", "value": "yes", "via": "decided"},
            "answers 'vichy.cruisers' but the game asks 'establish_vichy'",
        ),
        ("axis", {"key": "establish_vichy", "value": "maybe", "via": "decided"}, "does not replay"),
        (
            "axis",
            {"key": "establish_vichy", "value": "yes", "via": "rolled"},
            "given as rolled, which a live game refuses",
        ),
        (
            "spectator",
            {"key": "establish_vichy", "value": "yes", "via": "decided"},
            "made by 'spectator', who plays no side",
        ),
    ],
)
def test_a_record_that_does_not_replay_is_named(
    path: Path, side: str, body: dict[str, object], reason: str
) -> None:
    forge(path, Kind.ANSWER, side, body)
    with pytest.raises(StoreError, match=rf"games.db: game fall, record 1: .*{reason}"):
        attach(path, SPECTATOR)


def test_an_undo_for_another_sides_answer_does_not_replay(path: Path) -> None:
    attach(path, "axis").answer("yes")
    forge(path, Kind.UNDO_ASK, "allies", {"answer": 1})
    with pytest.raises(StoreError, match="record 2: asks to take back record 1, which another"):
        attach(path, SPECTATOR)


def test_an_undo_settled_by_the_side_that_asked_does_not_replay(path: Path) -> None:
    axis = attach(path, "axis")
    axis.answer("yes")
    axis.undo()
    forge(path, Kind.UNDO_YES, "axis", {"ask": 2})
    with pytest.raises(StoreError, match="record 3: settles an undo the same side asked"):
        attach(path, SPECTATOR)


def test_a_die_agreed_by_mail_does_not_replay_in_a_live_game(path: Path) -> None:
    forge(path, Kind.COMMIT, "axis", {"die": "x", "at": 0, "digest": "00"})
    with pytest.raises(StoreError, match="record 1: a die secret committed in a live game"):
        attach(path, SPECTATOR)


@pytest.mark.parametrize(
    ("before", "kind", "side", "body", "reason"),
    [
        (
            1,
            Kind.UNDO_ASK,
            "axis",
            {"answer": "1"},
            "record 2: an undo asked without a valid 'answer'",
        ),
        (
            2,
            Kind.UNDO_ASK,
            "axis",
            {"answer": 1},
            "record 3: asks to take back record 1, which is not the last",
        ),
        (
            1,
            Kind.UNDO_YES,
            "allies",
            {"ask": 1},
            "record 2: settles record 1, which is no undo waiting",
        ),
        (1, Kind.UNDO_NO, "allies", {}, "record 2: an undo refused without a valid 'ask'"),
        (
            0,
            Kind.LINK,
            "axis",
            {"key": "awaw.vichy"},
            "record 1: does not replay: next: awaw.58 is not finished",
        ),
        (
            0,
            Kind.LINK,
            "axis",
            {"key": "awaw.vichy", "facts": [1]},
            "record 1: a link taken without valid 'facts'",
        ),
        (
            0,
            Kind.ANSWER,
            "axis",
            {"key": "establish_vichy", "via": "decided"},
            "record 1: an answer without a valid 'value'",
        ),
        (
            0,
            Kind.ANSWER,
            "axis",
            {"key": "establish_vichy", "value": "yes", "via": "psychic"},
            "record 1: an answer given in an unknown way: 'psychic'",
        ),
        (
            0,
            Kind.ANSWER,
            "axis",
            {"value": "yes", "via": "decided"},
            "record 1: an answer without a valid 'key'",
        ),
    ],
)
def test_each_replay_check_names_the_record_that_fails_it(
    path: Path, before: int, kind: Kind, side: str, body: dict[str, object], reason: str
) -> None:
    """Records a host would never write, each with a valid hash: ``before`` records of a
    sound game come first (the Axis answer, then the Allied roll)."""
    axis, allies = attach(path, "axis"), attach(path, "allies")
    if before >= 1:
        axis.answer("yes")
    if before >= 2:
        allies.refresh()
        allies.roll()
    forge(path, kind, side, body)
    with pytest.raises(StoreError, match=rf"games.db: game fall, {reason}"):
        attach(path, SPECTATOR)


def test_a_second_undo_asked_before_the_first_is_settled_does_not_replay(path: Path) -> None:
    axis = attach(path, "axis")
    axis.answer("yes")
    axis.undo()
    forge(path, Kind.UNDO_ASK, "axis", {"answer": 1})
    with pytest.raises(StoreError, match="record 3: asks an undo while another is not yet settled"):
        attach(path, SPECTATOR)


# Signed games.


@pytest.fixture
def keys() -> dict[str, asyncssh.SSHKey]:
    """An Ed25519 key for each side."""
    return {side: asyncssh.generate_private_key("ssh-ed25519") for side in ("axis", "allies")}


def public(key: asyncssh.SSHKey) -> str:
    return str(key.export_public_key().decode())


def test_a_signed_game_signs_every_record_with_the_sides_key(
    tmp_path: Path, keys: dict[str, asyncssh.SSHKey]
) -> None:
    file = tmp_path / "signed.db"
    new_store(file, example_header(**{s: public(k) for s, k in keys.items()})).close()
    axis = SharedHost(Store(file), "fall", "axis", keys["axis"])
    allies = SharedHost(Store(file), "fall", "allies", keys["allies"])
    axis.answer("yes")
    allies.refresh()
    allies.roll()
    header = Store(file).header("fall")
    for record in Store(file).records("fall"):
        assert chain.signed_by(header.keys[record.side], record.hash, record.sig)
    assert attach(file, SPECTATOR).game.answers == allies.game.answers


def test_a_signed_game_refuses_a_missing_or_wrong_identity(
    tmp_path: Path, keys: dict[str, asyncssh.SSHKey]
) -> None:
    file = tmp_path / "signed.db"
    new_store(file, example_header(**{s: public(k) for s, k in keys.items()})).close()
    with pytest.raises(StoreError, match="records a key for axis: attach with its private key"):
        SharedHost(Store(file), "fall", "axis")
    with pytest.raises(StoreError, match="that key is not the axis key the game records"):
        SharedHost(Store(file), "fall", "axis", keys["allies"])


def test_a_record_re_signed_with_another_key_is_named(
    tmp_path: Path, keys: dict[str, asyncssh.SSHKey]
) -> None:
    file = tmp_path / "signed.db"
    new_store(file, example_header(**{s: public(k) for s, k in keys.items()})).close()
    SharedHost(Store(file), "fall", "axis", keys["axis"]).answer("yes")
    record = Store(file).records("fall")[0]
    forged = chain.signer(keys["allies"])(record.hash)
    with sqlite3.connect(file) as db:
        db.execute("UPDATE records SET sig = ? WHERE idx = 1", (forged,))
    with pytest.raises(
        StoreError, match="record 1: carries a signature that is not by the axis key"
    ):
        attach(file, SPECTATOR)


def test_keys_for_an_undeclared_side_are_refused() -> None:
    with pytest.raises(StoreError, match=r"keys\.germany: no such side; the scenario.s players"):
        example_header(germany="ssh-ed25519 AAAA")


def test_a_broken_record_met_on_refresh_is_named_each_time(path: Path) -> None:
    viewer = attach(path, SPECTATOR)
    attach(path, "axis").answer("yes")
    forge(
        path, Kind.ANSWER, "axis", {"key": "colony_roll.lebanon_syria", "value": 3, "via": "typed"}
    )
    for _ in range(2):
        with pytest.raises(
            StoreError, match=r"record 2: axis answers 'colony_roll\.lebanon_syria'"
        ):
            viewer.refresh()
    assert [a.value for a in viewer.game.answers] == ["yes"]


def test_a_game_with_house_tables_replays_under_them(tmp_path: Path) -> None:
    """58.531 with the house rule of a +2 Vichy bonus: a typed die of 2 for Lebanon-Syria at
    FSL -1 makes 3, Free French (3 or less); every process attaching plays the house table."""
    edited = support.edited(tmp_path, RULE58_FILE, ("vichy_bonus = 3", "vichy_bonus = 2"))
    tables = tablefiles.read(systems.get("awaw.58"), [edited])
    game = Game(scenario.load("rulebook-example-fall-1940"), seed=1, tables=tables)
    header = header_for(game, "house")
    assert list(header.tables) == ["rule58.toml"]
    file = tmp_path / "house.db"
    new_store(file, header).close()
    axis, allies = (
        SharedHost(Store(file), "house", "axis"),
        SharedHost(Store(file), "house", "allies"),
    )
    axis.answer("yes")
    allies.refresh()
    allies.answer(2, Via.TYPED)
    viewer = SharedHost(Store(file), "house", SPECTATOR)
    assert viewer.game.house is not None and viewer.game.house.texts == tables.texts
    assert viewer.game.state.colonies["lebanon_syria"] is ColonyStatus.FREE_FRENCH
