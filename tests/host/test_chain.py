"""The hash chain: what the root and each record's hash cover, and each check failing on a
deliberately broken chain, naming the game and the record."""

from __future__ import annotations

import hashlib

import msgspec
import pytest

from armistice.host import chain
from armistice.host.openssh import asyncssh
from armistice.host.records import Header, Kind, Mode, Record, StoreError
from tests.host.support import example_header

HEADER = example_header()


def records(count: int, header: Header = HEADER, **signers: chain.Signer) -> list[Record]:
    """``count`` answers alternating Axis and Allies, chained from ``header``'s root."""
    out: list[Record] = []
    prev = chain.root(header)
    for index in range(1, count + 1):
        side = ("axis", "allies")[index % 2 == 0]
        body = {"key": f"k{index}", "value": index, "via": "decided"}
        out.append(chain.seal(prev, index, Kind.ANSWER, side, body, signers.get(side)))
        prev = out[-1].hash
    return out


def test_canonical_json_sorts_keys_and_drops_spaces() -> None:
    assert (
        chain.canonical({"b": [1, 2], "a": {"d": 1, "c": "x"}})
        == b'{"a":{"c":"x","d":1},"b":[1,2]}'
    )


def test_the_root_is_the_sha256_of_the_canonical_header() -> None:
    expected = hashlib.sha256(chain.canonical(msgspec.to_builtins(HEADER))).hexdigest()
    assert chain.root(HEADER) == expected


@pytest.mark.parametrize(
    "change",
    [
        {"assumptions": {**HEADER.assumptions, "awaw.58.conquest_proration": "none"}},
        {"scenario": {**HEADER.scenario, "title": "another"}},
        {"mode": Mode.MAIL},
        {"keys": {"axis": "ssh-ed25519 AAAA"}},
        {"name": "other"},
    ],
)
def test_the_root_covers_every_header_field(change: dict[str, object]) -> None:
    assert chain.root(msgspec.structs.replace(HEADER, **change)) != chain.root(HEADER)


def test_a_records_hash_covers_the_hash_before_its_index_kind_side_and_body() -> None:
    body = {"key": "establish_vichy", "value": "yes", "via": "decided"}
    line = f"{'0' * 64}\n1\nanswer\naxis\n".encode() + chain.canonical(body)
    assert chain.digest("0" * 64, 1, Kind.ANSWER, "axis", body) == hashlib.sha256(line).hexdigest()
    base = chain.digest("0" * 64, 1, Kind.ANSWER, "axis", body)
    assert chain.digest("1" * 64, 1, Kind.ANSWER, "axis", body) != base
    assert chain.digest("0" * 64, 2, Kind.ANSWER, "axis", body) != base
    assert chain.digest("0" * 64, 1, Kind.LINK, "axis", body) != base
    assert chain.digest("0" * 64, 1, Kind.ANSWER, "allies", body) != base
    assert chain.digest("0" * 64, 1, Kind.ANSWER, "axis", {**body, "value": "no"}) != base


def test_a_sound_chain_verifies_whole_and_from_a_record_on() -> None:
    held = records(5)
    chain.verify(HEADER, held, "games.db")
    chain.verify(HEADER, held[3:], "games.db", after=held[2])
    chain.verify(HEADER, [], "games.db")


def test_a_missing_record_is_named() -> None:
    held = records(4)
    with pytest.raises(StoreError, match=r"^games.db: game fall, record 3: comes where record 2"):
        chain.verify(HEADER, [held[0], *held[2:]], "games.db")


def test_a_repeated_record_is_named() -> None:
    held = records(3)
    with pytest.raises(
        StoreError, match=r"game fall, record 2: comes where record 3 should; its number"
    ):
        chain.verify(HEADER, [*held[:2], held[1]], "games.db")


def test_reordered_records_are_named() -> None:
    held = records(3)
    swapped = [held[0], msgspec.structs.replace(held[2], index=2), held[1]]
    with pytest.raises(StoreError, match=r"game fall, record 2: does not follow the record before"):
        chain.verify(HEADER, swapped, "games.db")


def test_an_edited_body_is_named() -> None:
    held = records(3)
    held[1] = msgspec.structs.replace(held[1], body={**held[1].body, "value": 6})
    with pytest.raises(StoreError, match=r"game fall, record 2: an answer whose hash does not"):
        chain.verify(HEADER, held, "games.db")


@pytest.mark.parametrize("field", ["side", "kind"])
def test_an_edited_side_or_kind_is_named(field: str) -> None:
    held = records(2)
    value = {"side": "allies", "kind": Kind.LINK}[field]
    held[0] = msgspec.structs.replace(held[0], **{field: value})
    with pytest.raises(StoreError, match=r"record 1: .* whose hash does not match"):
        chain.verify(HEADER, held, "games.db")


def test_a_chain_of_another_game_does_not_follow_its_root() -> None:
    other = records(2, example_header("other"))
    with pytest.raises(StoreError, match=r"game fall, record 1: does not follow"):
        chain.verify(HEADER, other, "games.db")


def test_a_rewritten_history_with_hashes_recomputed_passes_the_chain_alone() -> None:
    """What the chain does not catch, and signatures do (next tests)."""
    held = records(3)
    rewritten = [held[0], chain.seal(held[0].hash, 2, Kind.ANSWER, "allies", {"value": 1})]
    chain.verify(HEADER, rewritten, "games.db")


KEYS = {side: asyncssh.generate_private_key("ssh-ed25519") for side in ("axis", "allies")}
SIGNED = msgspec.structs.replace(
    HEADER, keys={s: k.export_public_key().decode().strip() for s, k in KEYS.items()}
)


def signed(count: int) -> list[Record]:
    return records(count, SIGNED, **{s: chain.signer(k) for s, k in KEYS.items()})


def test_signed_records_verify_against_the_keys_the_header_records() -> None:
    held = signed(4)
    chain.verify(SIGNED, held, "games.db")
    assert chain.signed_by(SIGNED.keys["axis"], held[0].hash, held[0].sig)
    assert not chain.signed_by(SIGNED.keys["allies"], held[0].hash, held[0].sig)


def test_an_unsigned_record_of_a_side_with_a_key_is_named() -> None:
    held = signed(2)
    held[1] = msgspec.structs.replace(held[1], sig="")
    with pytest.raises(StoreError, match=r"record 2: is not signed by the allies key"):
        chain.verify(SIGNED, held, "games.db")


def test_a_rewritten_history_re_signed_with_another_key_is_named() -> None:
    held = signed(1)
    forged = chain.signer(KEYS["allies"])
    rewritten = [chain.seal(held[0].prev, 1, Kind.ANSWER, "axis", {"value": 6}, forged)]
    with pytest.raises(StoreError, match=r"record 1: carries a signature that is not by the axis"):
        chain.verify(SIGNED, rewritten, "games.db")


@pytest.mark.parametrize("sig", ["not base64!", "AAAA", ""])
def test_a_malformed_signature_never_verifies(sig: str) -> None:
    held = signed(1)
    assert not chain.signed_by(SIGNED.keys["axis"], held[0].hash, sig)
    assert not chain.signed_by("ssh-ed25519 garbage", held[0].hash, held[0].sig)
