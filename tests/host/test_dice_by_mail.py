"""Dice by mail: commitments bound to one die of one game, the seed every player's secret
gives, and the referee that replays a game's records and refuses a die chosen by one side,
a reveal that breaks its commitment, a commit after a reveal and answers out of turn."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
import pytest

from armistice.core import decode, scenario
from armistice.core.game import rolled
from armistice.core.prompts import Roll
from armistice.host import mail
from armistice.host.records import Header, Kind, Mode, Record

ROOT = hashlib.sha256(b"a game").hexdigest()
AXIS_SECRET, ALLIED_SECRET = "11" * 32, "22" * 32


def header(mode: Mode = Mode.MAIL) -> Header:
    loaded = scenario.load("rulebook-example-fall-1940")
    return Header("fall", loaded.system, msgspec.to_builtins(loaded), {}, mode=mode)


class Play:
    """Records made in order, each taken by a referee as a receiver would."""

    def __init__(self, mode: Mode = Mode.MAIL) -> None:
        self.referee = mail.Referee(header(mode), ROOT, "moves.json")
        self.index = 0

    def record(self, kind: Kind, side: str, **body: Any) -> Record:
        self.index += 1
        return Record(self.index, kind, side, body, prev="", hash="")

    def take(self, kind: Kind, side: str, **body: Any) -> None:
        self.referee.take(self.record(kind, side, **body))

    def refused(self, kind: Kind, side: str, match: str, **body: Any) -> None:
        before = (
            self.referee.game.answers,
            self.snapshot(),
        )
        with pytest.raises(mail.Refused, match=match):
            self.referee.take(self.record(kind, side, **body))
        self.index -= 1
        after = (
            self.referee.game.answers,
            self.snapshot(),
        )
        assert after == before

    def snapshot(self) -> tuple[dict[str, str], dict[str, str]] | None:
        table = self.referee.pending_die()
        return (dict(table.commits), dict(table.reveals)) if table else None

    def commit(self, side: str, secret: str) -> None:
        table = self.referee.pending_die()
        assert table is not None
        self.take(
            Kind.COMMIT,
            side,
            die=table.die,
            at=table.at,
            digest=mail.digest(ROOT, table.at, table.die, side, secret),
        )

    def reveal(self, side: str, secret: str) -> None:
        table = self.referee.pending_die()
        assert table is not None
        self.take(Kind.REVEAL, side, die=table.die, at=table.at, secret=secret)

    def to_first_die(self) -> None:
        self.take(Kind.ANSWER, "axis", key="establish_vichy", value="yes", via="decided")


def test_a_commitment_binds_game_die_point_and_side() -> None:
    first = mail.digest(ROOT, 1, "colony_roll.lebanon_syria", "axis", AXIS_SECRET)
    assert (
        first
        == hashlib.sha256(
            f'["{ROOT}",1,"colony_roll.lebanon_syria","axis","{AXIS_SECRET}"]'.encode()
        ).hexdigest()
    )
    others = {
        mail.digest(
            hashlib.sha256(b"another").hexdigest(),
            1,
            "colony_roll.lebanon_syria",
            "axis",
            AXIS_SECRET,
        ),
        mail.digest(ROOT, 2, "colony_roll.lebanon_syria", "axis", AXIS_SECRET),
        mail.digest(ROOT, 1, "colony_roll.north_africa", "axis", AXIS_SECRET),
        mail.digest(ROOT, 1, "colony_roll.lebanon_syria", "allies", AXIS_SECRET),
        mail.digest(ROOT, 1, "colony_roll.lebanon_syria", "axis", ALLIED_SECRET),
    }
    assert first not in others and len(others) == 5


def test_the_seed_is_every_secret_in_order() -> None:
    joined = bytes.fromhex(AXIS_SECRET + ALLIED_SECRET)
    expected = int.from_bytes(hashlib.sha256(joined).digest()[:8], "big") % (decode.MAX_INT + 1)
    assert mail.seed_of([AXIS_SECRET, ALLIED_SECRET]) == expected
    assert mail.seed_of([ALLIED_SECRET, AXIS_SECRET]) != expected
    assert 0 <= expected <= decode.MAX_INT


def test_a_fresh_secret_is_32_random_bytes() -> None:
    one, two = mail.new_secret(), mail.new_secret()
    assert len(bytes.fromhex(one)) == 32 and one != two


def test_a_die_agreed_by_both_secrets_is_what_they_roll() -> None:
    play = Play()
    play.to_first_die()
    table = play.referee.pending_die()
    assert table is not None and table.die == "colony_roll.lebanon_syria" and table.at == 1
    assert table.step("axis") is Kind.COMMIT and table.step("allies") is Kind.COMMIT
    play.commit("allies", ALLIED_SECRET)
    assert table.step("allies") is None and table.waiting() == ("axis",)
    play.commit("axis", AXIS_SECRET)
    assert table.step("allies") is Kind.REVEAL
    play.reveal("allies", ALLIED_SECRET)
    play.reveal("axis", AXIS_SECRET)
    assert table.step("allies") is Kind.ANSWER and table.step("axis") is Kind.ANSWER
    prompt = play.referee.game.prompt
    assert isinstance(prompt, Roll)
    value = rolled(prompt, mail.seed_of([AXIS_SECRET, ALLIED_SECRET]), 0)
    assert mail.agreed(prompt, [AXIS_SECRET, ALLIED_SECRET]) == value
    # the Axis completed the reveals and records the Allied die: agreed dice may be recorded
    # by whoever holds every secret
    play.take(Kind.ANSWER, "axis", key=prompt.key, value=value, via="agreed")
    assert play.referee.game.answers[-1].via == "agreed"
    assert any("agreed from both players' secrets" in e.text for e in play.referee.game.log)
    assert play.referee.game.prompt is not None
    assert play.referee.game.prompt.key == "colony_roll.north_africa"
    assert play.referee.pending_die() is not None
    assert play.referee.pending_die().commits == {}  # type: ignore[union-attr]


def agreed_so_far(play: Play) -> Roll:
    play.to_first_die()
    play.commit("axis", AXIS_SECRET)
    play.commit("allies", ALLIED_SECRET)
    play.reveal("axis", AXIS_SECRET)
    play.reveal("allies", ALLIED_SECRET)
    prompt = play.referee.game.prompt
    assert isinstance(prompt, Roll)
    return prompt


def test_a_rerolled_die_is_refused() -> None:
    play = Play()
    prompt = agreed_so_far(play)
    value = mail.agreed(prompt, [AXIS_SECRET, ALLIED_SECRET])
    other = next(v for v in range(1, 7) if v != value)
    play.refused(
        Kind.ANSWER,
        "allies",
        rf"a reroll: the players' secrets give {value}, not {other}",
        key=prompt.key,
        value=other,
        via="agreed",
    )


def test_a_reveal_must_match_its_commitment() -> None:
    play = Play()
    play.to_first_die()
    play.commit("axis", AXIS_SECRET)
    play.commit("allies", ALLIED_SECRET)
    table = play.referee.pending_die()
    assert table is not None
    play.refused(
        Kind.REVEAL,
        "axis",
        "axis's secret for colony_roll.lebanon_syria does not match its commitment",
        die=table.die,
        at=table.at,
        secret="33" * 32,
    )


def test_no_commit_after_a_reveal_and_no_reveal_before_every_commit() -> None:
    play = Play()
    play.to_first_die()
    play.commit("axis", AXIS_SECRET)
    table = play.referee.pending_die()
    assert table is not None
    play.refused(
        Kind.REVEAL,
        "axis",
        r"revealed before every player committed \(waiting: allies\)",
        die=table.die,
        at=table.at,
        secret=AXIS_SECRET,
    )
    play.refused(
        Kind.COMMIT,
        "axis",
        "axis commits a second secret",
        die=table.die,
        at=table.at,
        digest=mail.digest(ROOT, 1, table.die, "axis", ALLIED_SECRET),
    )
    play.commit("allies", ALLIED_SECRET)
    play.reveal("allies", ALLIED_SECRET)
    assert table.step("axis") is Kind.REVEAL


def test_a_commit_for_another_die_or_point_is_refused() -> None:
    play = Play()
    play.to_first_die()
    play.refused(
        Kind.COMMIT,
        "axis",
        r"a secret for colony_roll.north_africa asked after record 1, but the game asks "
        r"colony_roll.lebanon_syria since record 1",
        die="colony_roll.north_africa",
        at=1,
        digest="00" * 32,
    )
    play.refused(
        Kind.COMMIT,
        "axis",
        "asked after record 0, but",
        die="colony_roll.lebanon_syria",
        at=0,
        digest="0",
    )


def test_by_mail_a_die_is_not_drawn_by_one_side_nor_typed_once_committed() -> None:
    play = Play()
    play.to_first_die()
    key = "colony_roll.lebanon_syria"
    play.refused(
        Kind.ANSWER, "allies", "a die drawn by one player alone", key=key, value=6, via="drawn"
    )
    play.refused(
        Kind.ANSWER,
        "axis",
        "axis answers 'colony_roll.lebanon_syria', which the Allied player answers",
        key=key,
        value=6,
        via="typed",
    )
    play.commit("allies", ALLIED_SECRET)
    play.refused(
        Kind.ANSWER,
        "allies",
        "a die typed after its players began to commit",
        key=key,
        value=6,
        via="typed",
    )


def test_a_typed_die_by_its_player_is_marked_typed() -> None:
    play = Play()
    play.to_first_die()
    play.take(Kind.ANSWER, "allies", key="colony_roll.lebanon_syria", value=4, via="typed")
    assert play.referee.game.answers[-1].via == "typed"
    assert any("(typed)" in e.text for e in play.referee.game.log)


def test_each_side_answers_only_its_own_prompts() -> None:
    play = Play()
    play.refused(
        Kind.ANSWER,
        "allies",
        "allies answers 'establish_vichy', which the Axis player answers",
        key="establish_vichy",
        value="yes",
        via="decided",
    )
    play.refused(
        Kind.ANSWER,
        "axis",
        "answers 'colony_roll.lebanon_syria' but the game asks 'establish_vichy'",
        key="colony_roll.lebanon_syria",
        value=3,
        via="typed",
    )
    play.refused(Kind.ANSWER, "spectator", "made by 'spectator', not a player", key="x", value=1)
    play.refused(Kind.ANSWER, "axis", "an answer with a malformed body", key="establish_vichy")


def test_undo_is_asked_for_ones_own_last_answer_and_settled_by_the_other_side() -> None:
    play = Play()
    play.to_first_die()
    play.refused(Kind.UNDO_ASK, "allies", "another side's answer", answer=1)
    play.refused(Kind.UNDO_ASK, "axis", "record 7, which is not the last answer", answer=7)
    play.take(Kind.UNDO_ASK, "axis", answer=1)
    play.refused(Kind.UNDO_YES, "axis", "axis settles its own undo", ask=2)
    play.refused(Kind.UNDO_YES, "allies", "settles record 9, which is no undo", ask=9)
    play.take(Kind.UNDO_YES, "allies", ask=2)
    assert play.referee.game.answers == ()
    play.take(Kind.ANSWER, "axis", key="establish_vichy", value="no", via="decided")
    assert play.referee.game.answers[-1].value == "no"


def test_in_a_live_game_a_die_drawn_by_its_player_is_taken() -> None:
    play = Play(Mode.LIVE)
    play.to_first_die()
    play.take(Kind.ANSWER, "allies", key="colony_roll.lebanon_syria", value=2, via="drawn")
    assert play.referee.game.answers[-1].via == "drawn"
    play.refused(
        Kind.ANSWER,
        "allies",
        "an answer given as rolled, which a live game refuses",
        key="colony_roll.north_africa",
        value=2,
        via="rolled",
    )


def test_a_die_taken_back_is_agreed_again_from_new_secrets() -> None:
    play = Play()
    prompt = agreed_so_far(play)  # records 1 to 5
    value = mail.agreed(prompt, [AXIS_SECRET, ALLIED_SECRET])
    play.take(Kind.ANSWER, "allies", key=prompt.key, value=value, via="agreed")  # 6
    play.take(Kind.UNDO_ASK, "allies", answer=6)  # 7
    play.take(Kind.UNDO_YES, "axis", ask=7)  # 8
    table = play.referee.pending_die()
    assert table is not None and table.die == prompt.key and table.at == 8
    assert table.commits == {} and table.step("axis") is Kind.COMMIT
    old = mail.digest(ROOT, 1, prompt.key, "axis", AXIS_SECRET)  # the first commitment
    play.refused(
        Kind.COMMIT,
        "axis",
        rf"asked after record 1, but the game asks {prompt.key} since record 8",
        die=prompt.key,
        at=1,
        digest=old,
    )
    play.commit("axis", "33" * 32)
    play.commit("allies", "44" * 32)
    assert table.commits["axis"] != old
