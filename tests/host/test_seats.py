"""The keys file of a game server: seats read line by line, each malformed line refused
naming its number and field, keys seated only where the game agrees, and the file rewritten
whole with every other line kept byte for byte."""

from __future__ import annotations

import stat
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armistice.host import keys, seats
from armistice.host.openssh import asyncssh
from armistice.host.records import Mode, StoreError
from armistice.host.seats import Entry, Seat
from armistice.host.store import Store
from tests.host.support import example_header, new_store

POOL = [keys.public_line(asyncssh.generate_private_key("ssh-ed25519")) for _ in range(5)]
"""Ed25519 public key lines: the first two are recorded for axis and allies in ``fall``."""
AXIS, ALLIES, ANNA, BEN, CARL = POOL


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    """A store with ``fall`` (live, recording AXIS and ALLIES), ``open`` (live, unsigned) and
    ``post`` (by mail)."""
    return new_store(
        tmp_path_factory.mktemp("store") / "games.db",
        example_header("fall", axis=AXIS, allies=ALLIES),
        example_header("open"),
        example_header("post", Mode.MAIL),
    )


def write(path: Path, *lines: str) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines))
    return path


def refusal(path: Path, *lines: str) -> str:
    """The one-line refusal of a keys file holding ``lines``."""
    with pytest.raises(StoreError) as error:
        seats.read(write(path, *lines))
    text = str(error.value)
    assert "\n" not in text
    return text


def test_a_keys_file_reads_each_seat_in_file_order(tmp_path: Path) -> None:
    path = write(
        tmp_path / "seats",
        "# the Fall of France",
        "",
        f'seat="fall:axis" {AXIS} anna@home',
        f'  seat="open:spectator"   {AXIS}',
        f'SEAT="fall:allies" {ALLIES} ben at work ',
    )
    assert seats.read(path) == [
        Entry(Seat("fall", "axis"), AXIS, "anna@home", 3),
        Entry(Seat("open", "spectator"), AXIS, "", 4),
        Entry(Seat("fall", "allies"), ALLIES, "ben at work", 5),
    ]
    assert seats.seats_of(seats.read(path), AXIS) == [
        Seat("fall", "axis"),
        Seat("open", "spectator"),
    ]
    assert seats.seats_of(seats.read(path), CARL) == []


def test_a_seat_is_split_at_its_last_colon_and_its_quotes_unescaped(tmp_path: Path) -> None:
    path = write(tmp_path / "seats", f'seat="a:b\\"c:axis" {AXIS}')
    assert seats.read(path)[0].seat == Seat('a:b"c', "axis")


def test_each_malformed_line_is_refused_naming_its_number_and_field(tmp_path: Path) -> None:
    path = tmp_path / "seats"
    ok = f'seat="fall:axis" {AXIS}'
    ecdsa = asyncssh.generate_private_key("ecdsa-sha2-nistp256").export_public_key().decode()
    cases = {
        AXIS: f'{path}:2: no seat="GAME:SIDE" option before the key',
        f'from="10.0.0.1" {AXIS}': f"{path}:2: option 'from': not known; only seat is",
        f'seat="fall:axis",no-pty {AXIS}': f"{path}:2: option 'no-pty': not known; only seat is",
        f'seat="fall:axis {AXIS}': f"{path}:2: options: unbalanced quotes",
        f"seat=fall:axis {AXIS}": f'{path}:2: seat: give it as seat="GAME:SIDE"',
        f'seat="fall:axis",seat="open:axis" {AXIS}': f"{path}:2: seat: given 2 times; one seat a line",
        f'seat="fall" {AXIS}': f"{path}:2: seat 'fall': no colon; give GAME:SIDE",
        f'seat=":axis" {AXIS}': f"{path}:2: seat ':axis': no game before the colon",
        f'seat="fall:" {AXIS}': f"{path}:2: seat 'fall:': no side after the colon",
        'seat="fall:axis"': f"{path}:2: key: not a public key line (ssh-ed25519 AAAA... after the seat)",
        'seat="fall:axis" ssh-ed25519 AAAAnonsense': (
            f"{path}:2: key: not an OpenSSH public key line (ssh-ed25519 AAAA...) or .pub file"
        ),
        f'seat="fall:axis" {ecdsa}': (
            f"{path}:2: key: a ecdsa-sha2-nistp256 key; a game takes only ssh-ed25519 keys"
        ),
        f'seat="fall:allies" {AXIS}': (
            f"{path}:2: key {keys.fingerprint(AXIS)} already seated as axis in fall (line 1); "
            "remove it first"
        ),
    }
    for line, reason in cases.items():
        assert refusal(path, ok, line) == reason


def test_a_missing_or_undecodable_keys_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "seats"
    with pytest.raises(StoreError) as error:
        seats.read(path)
    assert str(error.value) == f"{path}: no such keys file; armistice keys add makes it"
    path.write_bytes(b"# one\n# \xff\n")
    with pytest.raises(StoreError, match=r"seats:2: not UTF-8 text$"):
        seats.read(path)


def test_add_takes_the_side_the_game_records_for_the_key(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "seats"
    entry = seats.add(path, store, "fall", f"{AXIS} anna@home")
    assert entry == Entry(Seat("fall", "axis"), AXIS, "anna@home", 1)
    assert path.read_text() == f'seat="fall:axis" {AXIS} anna@home\n'
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    pub = tmp_path / "ben.pub"
    pub.write_text(f"{ALLIES} ben@work\n")
    assert seats.add(path, store, "fall", str(pub)).seat == Seat("fall", "allies")
    assert seats.add(path, store, "open", AXIS, "spectator").line == 3
    assert seats.read(path) == [
        entry,
        Entry(Seat("fall", "allies"), ALLIES, "ben@work", 2),
        Entry(Seat("open", "spectator"), AXIS, "", 3),
    ]


def test_add_refuses_a_seat_the_game_does_not_agree_with(store: Store, tmp_path: Path) -> None:
    path = write(tmp_path / "seats", "# kept", f'seat="open:axis" {ANNA}')
    before = path.read_bytes()
    at = f"{store.path}: game"
    fp = keys.fingerprint
    cases = [
        (("nowhere", ANNA, None), f"{at} nowhere: no such game; the store holds: fall, open, post"),
        (
            ("post", ANNA, "axis"),
            f"{at} post: a game by mail: each player plays it from their own store, not a server's",
        ),
        (
            ("fall", BEN, None),
            f"{at} fall: records no side for this key ({fp(BEN)}); give --side SIDE, or "
            "--side spectator",
        ),
        (
            ("fall", BEN, "germany"),
            f"{at} fall: no side 'germany'; seat a key as one of axis, allies or spectator",
        ),
        (
            ("fall", BEN, "axis"),
            f"{at} fall: records another key for axis ({fp(AXIS)}) than this one ({fp(BEN)})",
        ),
        (
            ("fall", AXIS, "allies"),
            f"{at} fall: records this key ({fp(AXIS)}) for axis, not for allies",
        ),
        (
            ("fall", AXIS, "spectator"),
            f"{at} fall: records this key ({fp(AXIS)}) for axis, not for spectator",
        ),
        (
            ("open", ANNA, "allies"),
            f"{path}: key {fp(ANNA)} already seated as axis in open (line 2); remove it first",
        ),
        (
            ("open", "ssh-ed25519 AAAAnonsense", "axis"),
            "PUBKEY: not an OpenSSH public key line (ssh-ed25519 AAAA...) or .pub file",
        ),
    ]
    for (game, key, side), reason in cases:
        with pytest.raises(StoreError) as error:
            seats.add(path, store, game, key, side)
        assert str(error.value) == reason
    assert path.read_bytes() == before


def test_add_seats_any_side_of_an_unsigned_game(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "seats"
    seats.add(path, store, "open", BEN, "allies")
    seats.add(path, store, "open", CARL, "allies")
    seats.add(path, store, "fall", BEN, "spectator")
    assert [(e.seat, e.key) for e in seats.read(path)] == [
        (Seat("open", "allies"), BEN),
        (Seat("open", "allies"), CARL),
        (Seat("fall", "spectator"), BEN),
    ]


def test_remove_takes_a_key_from_its_seats(store: Store, tmp_path: Path) -> None:
    path = write(
        tmp_path / "seats",
        f'seat="open:axis" {ANNA} a',
        "# kept",
        f'seat="fall:spectator" {ANNA} b',
        f'seat="open:allies" {BEN}',
    )
    path.chmod(0o640)
    gone = seats.remove(path, ANNA, "fall")
    assert gone == [Entry(Seat("fall", "spectator"), ANNA, "b", 3)]
    assert path.read_text() == f'seat="open:axis" {ANNA} a\n# kept\nseat="open:allies" {BEN}\n'
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    with pytest.raises(StoreError) as error:
        seats.remove(path, ANNA, "fall")
    assert (
        str(error.value) == f"{path}: seats the key {keys.fingerprint(ANNA)} nowhere in game fall"
    )
    assert [e.seat for e in seats.remove(path, ANNA)] == [Seat("open", "axis")]
    assert path.read_text() == f'# kept\nseat="open:allies" {BEN}\n'
    with pytest.raises(StoreError, match=r"seats the key SHA256:\S+ nowhere$"):
        seats.remove(path, CARL)
    assert [p.name for p in tmp_path.iterdir()] == ["seats"]  # no file left beside it


OTHER = st.sampled_from(["", "# a note", "   ", "#", '# seat="x:y" is not read'])
SEATED = st.tuples(
    st.sampled_from(["open", "other game", 'q\\"uote']),
    st.sampled_from(["axis", "allies", "spectator"]),
    st.sampled_from([ANNA, BEN]),
    st.sampled_from(["", " someone@home", " two  words"]),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    lines=st.lists(st.one_of(OTHER, SEATED), max_size=6),
    ending=st.sampled_from(["\n", "\r\n"]),
    last=st.booleans(),
    seat=st.sampled_from([Seat("open", "allies"), Seat("open", "axis"), Seat("fall", "spectator")]),
    comment=st.sampled_from(["", "carl@desk", "a  b"]),
)
def test_add_then_read_round_trips_and_add_then_remove_restores_every_byte(
    store: Store,
    lines: list[str | tuple[str, str, str, str]],
    ending: str,
    last: bool,
    seat: Seat,
    comment: str,
) -> None:
    seated, text_lines = set(), []
    for line in lines:
        if isinstance(line, tuple):
            if line[::2] in seated:  # one seat a key in each game, as read asks
                continue
            seated.add(line[::2])
            line = f'seat="{line[0]}:{line[1]}" {line[2]}{line[3]}'
        text_lines.append(line)
    text = ending.join(text_lines) + (ending if text_lines and last else "")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "seats"
        path.write_bytes(text.encode())
        before = seats.read(path)
        entry = seats.add(path, store, seat.game, f"{CARL} {comment}", seat.side)
        assert entry == Entry(seat, CARL, comment, len(text.splitlines()) + 1)
        assert seats.read(path) == [*before, entry]
        assert seats.remove(path, CARL) == [entry]
        assert path.read_bytes() == text.encode()
