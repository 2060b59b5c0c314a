"""The command line of a game server's keys file: keys seated where the store's game agrees,
taken from their seats and listed; every refusal one line, with nothing written. And a game
whose sides a trusted server signed for, read by a spectator with `resolve`."""

from __future__ import annotations

from pathlib import Path

import pytest

from armistice.host import keys
from armistice.host.openssh import asyncssh
from armistice.host.records import SPECTATOR, Mode
from armistice.host.shared import SharedHost
from armistice.host.store import Store
from tests.host.support import answer_signed, example_header, keyed_store, new_key, player_keys
from tests.tui.test_cli_games import cli, refused


@pytest.fixture
def players() -> dict[str, asyncssh.SSHKey]:
    return player_keys()


@pytest.fixture
def db(tmp_path: Path, players: dict[str, asyncssh.SSHKey]) -> Path:
    """A store with ``fall`` (live, recording each side's key) and ``post`` (by mail)."""
    path = tmp_path / "games.db"
    keyed_store(path, players, example_header("post", Mode.MAIL)).close()
    return path


def test_keys_are_seated_listed_and_removed(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    db: Path,
    players: dict[str, asyncssh.SSHKey],
) -> None:
    seats = tmp_path / "seats"
    pub = tmp_path / "allies.pub"
    pub.write_text(keys.public_line(players["allies"]) + " ben@work\n")
    axis = keys.fingerprint(keys.public_line(players["axis"]))
    allies = keys.fingerprint(keys.public_line(players["allies"]))
    code, out, _ = cli(capsys, "keys", "list", "--keys", str(seats))
    assert code == 2  # no keys file yet
    base = ("keys", "add", "--keys", str(seats), "--store", str(db), "--game", "fall")
    code, out, err = cli(capsys, *base, str(pub))
    assert (code, out, err) == (0, f"Seated {allies} as allies in fall ({seats})\n", "")
    axis_line = keys.public_line(players["axis"])
    code, out, _ = cli(capsys, *base, axis_line)
    assert out == f"Seated {axis} as axis in fall ({seats})\n"
    code, out, _ = cli(capsys, "keys", "list", "--keys", str(seats))
    assert code == 0
    assert out.splitlines() == [
        "game  side    key" + " " * (len(allies) - 3) + "  comment",
        f"fall  allies  {allies}  ben@work",
        f"fall  axis    {axis}",
    ]
    code, out, _ = cli(capsys, "keys", "remove", "--keys", str(seats), str(pub))
    assert (code, out) == (0, f"Removed {allies} as allies in fall (line 1 of {seats})\n")
    cli(capsys, "keys", "remove", "--keys", str(seats), "--game", "fall", axis_line)
    code, out, _ = cli(capsys, "keys", "list", "--keys", str(seats))
    assert (code, out) == (0, f"{seats} seats no key.\n")
    assert seats.read_text() == ""


def test_each_refusal_is_one_line_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    seats = tmp_path / "seats"
    stranger = keys.public_line(new_key())
    printed = keys.fingerprint(stranger)
    add = ("keys", "add", "--keys", str(seats), "--store", str(db))
    assert refused(capsys, *add, "--game", "fall", stranger) == (
        f"{db}: game fall: records no side for this key ({printed}); give --side SIDE, or "
        "--side spectator"
    )
    assert refused(capsys, *add, "--game", "post", "--side", "axis", stranger) == (
        f"{db}: game post: a game by mail: each player plays it from their own store, not a "
        "server's"
    )
    assert refused(capsys, *add, "--game", "fall", str(tmp_path / "nothing.pub")) == (
        f"PUBKEY ({tmp_path / 'nothing.pub'}): no such file"
    )
    assert (
        refused(
            capsys,
            "keys",
            "add",
            "--keys",
            str(seats),
            "--store",
            str(tmp_path / "x.db"),
            "--game",
            "fall",
            stranger,
        )
        == f"{tmp_path / 'x.db'}: no such store file"
    )
    assert not seats.exists()
    assert refused(capsys, "keys", "remove", "--keys", str(seats), stranger) == (
        f"{seats}: no such keys file; armistice keys add makes it"
    )
    seats.write_text(f'seat="fall:axis",no-pty {stranger}\n')
    assert refused(capsys, "keys", "list", "--keys", str(seats)) == (
        f"{seats}:1: option 'no-pty': not known; only seat is"
    )
    assert refused(capsys, "keys", "add", "--keys", str(seats), str(stranger)).startswith(
        "keys add: Missing option '--store'"
    )


def test_a_spectator_reads_a_game_a_trusted_server_signed_for_its_sides(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    server = new_key()
    Store(db).trust(keys.public_line(server))
    SharedHost(Store(db), "fall", "axis", server=server).answer("yes")
    code, out, err = cli(capsys, "resolve", "--game", f"{db}:fall", "--side", SPECTATOR)
    assert (code, err) == (3, "")
    assert "Vichy France  established" in out
    assert out.rstrip().endswith("Waiting for the Allied player: Lebanon-Syria colonial die")
    answer_signed(Store(db), "allies", "colony_roll.lebanon_syria", 4, by=new_key())
    message = refused(capsys, "resolve", "--game", f"{db}:fall", "--side", SPECTATOR)
    trusted = keys.fingerprint(keys.public_line(server))
    assert message.startswith(f"{db}: game fall, record 2: carries a signature that is not by ")
    assert message.endswith(f"nor by a server key the store trusts ({trusted})")
