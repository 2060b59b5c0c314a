"""The SSH server's parts in one process: the seats a key gets (the keys file as the store
agrees with it), the failed-login limiter, the host key, the command line's refusals, and
the dashboard of a session (a chooser of seats, no file actions)."""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import sqlite3
import stat
import struct
import termios
from pathlib import Path
from typing import Any

import pytest

from armistice.host import chain, keys, mail
from armistice.host.openssh import asyncssh
from armistice.host.records import SPECTATOR, Kind, Mode, StoreError
from armistice.host.seats import Seat
from armistice.host.shared import SharedHost, header_for
from armistice.host.store import Store
from armistice.tui import seated, ssh
from armistice.tui.cli import run
from armistice.tui.screens.game import GameScreen
from armistice.tui.screens.small import TooSmall
from armistice.tui.seated import ChooseSeat, Opening, SeatedApp
from tests.tui.dashboard import (
    Notes,
    dashboard,
    example,
    isolate,
    on_screen,
    press,
    settle,
    until,
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def line(path: Path) -> str:
    return keys.public_line(keys.load(path))


@pytest.fixture
def club(tmp_path: Path) -> ssh.Club:
    """A store with a game recording alice's key for the Allies (``fall``), an unsigned game
    (``open``) and a game by mail (``post``); the keys file is written by each test."""
    for name in ("alice", "bob", "carol"):
        keys.create(tmp_path / name)
    store_path = tmp_path / "club.db"
    with Store(store_path, create=True) as store:
        store.create(header_for(example(), "fall", keys={"allies": line(tmp_path / "alice")}))
        store.create(header_for(example(), "open"))
        store.create(header_for(example(), "post", Mode.MAIL))
    return ssh.Club(str(store_path), str(tmp_path / "club.keys"), str(tmp_path / "host"), 4, 60.0)


def seat_lines(club: ssh.Club, *lines: tuple[str, str, str]) -> None:
    """Write the keys file: (game, side, key file name) a line."""
    folder = Path(club.store).parent
    Path(club.keys).write_text(
        "".join(f'seat="{g}:{s}" {line(folder / who)} {who}\n' for g, s, who in lines)
    )


def test_a_key_gets_the_seats_the_store_agrees_with(club: ssh.Club) -> None:
    folder = Path(club.store).parent
    seat_lines(
        club,
        ("fall", "allies", "alice"),
        ("open", "axis", "alice"),
        ("post", "axis", "alice"),
        ("gone", "axis", "alice"),
        ("fall", "allies", "bob"),
        ("fall", "spectator", "carol"),
    )
    alice, bob, carol = (line(folder / who) for who in ("alice", "bob", "carol"))
    assert ssh.seats_of(club, alice) == [Seat("fall", "allies"), Seat("open", "axis")]
    assert ssh.seats_of(club, bob) == []  # the game records alice's key for the Allies
    assert ssh.seats_of(club, carol) == [Seat("fall", "spectator")]


async def test_a_gate_takes_the_seat_from_the_key_not_the_user_name(club: ssh.Club) -> None:
    folder = Path(club.store).parent
    seat_lines(club, ("fall", "allies", "alice"))
    gate = ssh.Gate(club)
    gate.begin_auth("axis")
    alice = keys.load(folder / "alice")
    assert not gate.validate_public_key("axis", keys.load(folder / "bob"))
    assert gate.validate_public_key("axis", alice)
    gate.auth_completed()
    assert gate.seated == (line(folder / "alice"), [Seat("fall", "allies")])
    seat_lines(club, ("fall", "allies", "bob"))  # the file is read again for every key
    assert not ssh.Gate(club).validate_public_key("axis", alice)
    assert not gate.password_auth_supported() and not gate.kbdint_auth_supported()
    assert not gate.host_based_auth_supported()
    assert not gate.connection_requested("127.0.0.1", 22, "127.0.0.1", 5000)
    assert not gate.server_requested("", 9999)


async def test_the_last_key_offered_is_the_one_seated(club: ssh.Club) -> None:
    """A client may ask about one key and then prove another: the seat is the proven one's."""
    folder = Path(club.store).parent
    seat_lines(club, ("fall", "spectator", "carol"), ("open", "axis", "bob"))
    gate = ssh.Gate(club)
    gate.begin_auth("x")
    assert gate.validate_public_key("x", keys.load(folder / "carol"))
    assert gate.validate_public_key("x", keys.load(folder / "bob"))
    gate.auth_completed()
    assert gate.seated is not None and gate.seated[1] == [Seat("open", "axis")]


def test_the_limiter_refuses_an_address_for_a_window(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(ssh.time, "monotonic", lambda: now[0])
    limiter = ssh.Limiter(limit=3, window=60.0)
    for _ in range(2):
        limiter.failed("10.0.0.1")
    assert not limiter.blocked("10.0.0.1")
    limiter.failed("10.0.0.1")
    assert limiter.blocked("10.0.0.1") and not limiter.blocked("10.0.0.2")
    now[0] = 159.0
    assert limiter.blocked("10.0.0.1")
    now[0] = 160.5
    assert not limiter.blocked("10.0.0.1")
    assert limiter.failures == {}


def test_the_host_key_is_made_once_for_its_owner_alone(tmp_path: Path) -> None:
    made = ssh.host_key(tmp_path / "hostkey")
    assert stat.S_IMODE(os.stat(tmp_path / "hostkey").st_mode) == 0o600
    assert (tmp_path / "hostkey.pub").read_text().startswith("ssh-ed25519 ")
    again = ssh.host_key(tmp_path / "hostkey")
    assert again.get_fingerprint() == made.get_fingerprint()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--ssh"], "--ssh needs --store FILE.db and --keys FILE"),
        (["--ssh", "--store", "x.db"], "--ssh needs --store FILE.db and --keys FILE"),
        (["--store", "x.db"], "--store applies with --ssh only"),
        (["--idle", "5"], "--idle applies with --ssh only"),
        (["--ssh", "rulebook-example-fall-1940"], "SCENARIO does not apply with --ssh"),
        (["--ssh", "--store", "x.db", "--keys", "k"], "k: no such keys file"),
    ],
)
def test_serve_refuses_what_does_not_go_with_ssh(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    os.chdir(tmp_path)
    assert run(["serve", *argv]) != 0
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


async def test_several_seats_open_on_a_chooser(club: ssh.Club) -> None:
    with Store(club.store) as store:
        app = SeatedApp(store, [("open", "axis"), ("fall", "spectator")], None)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, ChooseSeat)
            shown = "\n".join(on_screen(app))
            assert "game open, as the Axis player" in shown
            assert "game fall, as a spectator" in shown
            await press(pilot, "down", "enter")
            screen = await dashboard(pilot)
            assert isinstance(screen, GameScreen)
            assert screen.host.side == "spectator"


async def test_no_file_is_saved_or_opened_over_ssh(club: ssh.Club) -> None:
    with Store(club.store) as store:
        app = SeatedApp(store, [("open", "axis")], None)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await dashboard(pilot)
            for action in ("save", "open", "new_game"):
                assert screen.check_action(action, ()) is False
            footer = on_screen(app)[-1]
            assert "Save" not in footer and "Open" not in footer and "Quit" in footer
            titles = {c.title for c in app.get_system_commands(screen)}
            assert "Screenshot" not in titles and "Save" not in titles
            keys_help = [what for _, what in screen.help_keys()]
            assert not any("save" in what.lower() for what in keys_help)


async def _connect(
    club: ssh.Club, port: int, who: str, **options: Any
) -> asyncssh.SSHClientConnection:
    folder = Path(club.store).parent
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username="anyone",
        client_keys=[keys.load(folder / who)],
        known_hosts=None,
        agent_path=None,
        **options,
    )


async def _served(club: ssh.Club) -> tuple[asyncssh.SSHAcceptor, int]:
    server = await ssh._listen(club, "127.0.0.1", 0, ssh.host_key(Path(club.host_key)))
    return server, server.sockets[0].getsockname()[1]


async def _read_until(process: asyncssh.SSHClientProcess[bytes], marker: bytes) -> bytes:
    """What the session wrote until ``marker`` (or its end), within 20 seconds."""
    seen = b""
    async with asyncio.timeout(20):
        while marker not in seen:
            chunk = await process.stdout.read(65536)
            if not chunk:
                break
            seen += chunk
    return seen


async def test_a_session_gets_the_clients_allowed_environment_only(
    club: ssh.Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat_lines(club, ("open", "axis", "alice"))
    started: list[tuple[Any, ...]] = []

    def start(terminal: int, args: tuple[Any, ...]) -> Any:
        started.append((os.ttyname(terminal), *args))
        raise OSError("not in this test")

    monkeypatch.setattr(club, "start", start)
    server, port = await _served(club)
    async with await _connect(club, port, "alice") as conn:
        process = await conn.create_process(
            term_type="xterm-256color",
            term_size=(100, 30),
            env={"LANG": "C.UTF-8", "COLORTERM": "truecolor", "LD_PRELOAD": "/tmp/x.so"},
            encoding=None,
        )
        said = await process.stderr.read()
        await process.wait()
    server.close()
    assert b"armistice cannot start a session now" in said
    (tty, environment, store, seated, _, peer) = started[0]
    assert environment == {"TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8"}
    assert seated == [("open", "axis")] and store == club.store and peer == "127.0.0.1"
    assert tty.startswith("/dev/pts/")


async def test_one_session_over_the_cap_is_told_to_come_back(club: ssh.Club) -> None:
    seat_lines(club, ("open", "axis", "alice"), ("open", "spectator", "carol"))
    club.max_sessions = 1
    server, port = await _served(club)
    async with await _connect(club, port, "alice") as first:
        playing = await first.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        seen = await _read_until(playing, b"Establish Vichy")
        opening = seen.find(b"Opening game open, as the Axis player")
        assert 0 <= opening < seen.find(b"Establish Vichy")  # the opening frame comes first
        async with await _connect(club, port, "carol") as second:
            refused = await second.create_process(term_type="xterm", encoding=None)
            said = await refused.stderr.read()
            assert (await refused.wait()).exit_status == 1
        assert b"armistice is serving 1 session, the most it serves at once" in said
        playing.stdin.write(b"q")
        assert (await playing.wait()).exit_status == 0
    server.close()


async def test_an_idle_session_is_closed_and_says_why(club: ssh.Club) -> None:
    seat_lines(club, ("open", "axis", "alice"))
    club.idle = 3.0
    server, port = await _served(club)
    async with await _connect(club, port, "alice") as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        seen = await _read_until(process, b"without a keypress")
        assert (await process.wait()).exit_status == 0
    server.close()
    assert b"Establish Vichy" in seen
    assert seen.rstrip().endswith(b"armistice: closed after 0.05 minutes without a keypress")
    assert b"\x1b[?1049l" in seen  # the dashboard left the alternate screen first
    assert not club.sessions


async def test_a_session_needs_a_terminal(club: ssh.Club) -> None:
    seat_lines(club, ("open", "axis", "alice"))
    server, port = await _served(club)
    async with await _connect(club, port, "alice") as conn:
        process = await conn.create_process(encoding=None)
        said = await process.stderr.read()
        assert (await process.wait()).exit_status == 1
    server.close()
    assert said == b"armistice needs a terminal: connect with ssh -t\r\n"


async def test_an_address_failing_too_often_is_refused(club: ssh.Club) -> None:
    seat_lines(club, ("open", "axis", "alice"))
    club.limiter = ssh.Limiter(limit=2)
    server, port = await _served(club)
    for _ in range(2):
        with pytest.raises(asyncssh.PermissionDenied):
            await _connect(club, port, "bob")
    with pytest.raises((asyncssh.Error, OSError)):
        await _connect(club, port, "alice")  # the right key, from a refused address
    server.close()
    assert club.limiter.blocked("127.0.0.1")


async def test_the_server_signs_for_the_side_whose_key_logged_in(club: ssh.Club) -> None:
    """``fall`` records alice's key for the Allies; bob's game ``duel`` records bob's for the
    Axis, who answers first: bob's answer over SSH is signed by the host key, which the store
    trusts, and every reader of the store checks it."""
    folder = Path(club.store).parent
    server_key = ssh.host_key(Path(club.host_key))
    with Store(club.store) as store:
        store.create(header_for(example(), "duel", keys={"axis": line(folder / "bob")}))
        store.trust(keys.public_line(server_key))
    seat_lines(club, ("duel", "axis", "bob"))
    server, port = await _served(club)
    async with await _connect(club, port, "bob") as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await _read_until(process, b"Establish Vichy")
        process.stdin.write(b"\r")
        async with asyncio.timeout(20):
            while not Store(club.store).records("duel"):
                await asyncio.sleep(0.1)
        process.stdin.write(b"q")
        await process.wait()
    server.close()
    with Store(club.store) as store:
        (record,) = store.records("duel")
        assert (record.side, record.body["key"]) == ("axis", "establish_vichy")
        assert chain.signed_by(keys.public_line(server_key), record.hash, record.sig)
        assert SharedHost(store, "duel", SPECTATOR).game.answers[0].key == "establish_vichy"
        with pytest.raises(StoreError) as refused:
            mail.export(store, "duel")
    assert refused.value.where == f"{club.store}: game duel, record 1"
    assert refused.value.reason.startswith("signed by the SSH server that served the game")


async def test_a_seat_that_cannot_open_is_logged_not_shown(
    club: ssh.Club, capfd: pytest.CaptureFixture[str]
) -> None:
    """A game whose record does not replay: the player reads that the server's log says
    why, and the log (the session process's, on the server's standard error) says it."""
    with Store(club.store) as store:
        store.append("open", Kind.ANSWER, "axis", {"key": "nowhere", "value": 1, "via": "decided"})
    seat_lines(club, ("open", "axis", "alice"))
    server, port = await _served(club)
    async with await _connect(club, port, "alice") as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        seen = await _read_until(process, b"says why")
        process.stdin.write(b"q")
        await process.wait()
    server.close()
    assert b"This seat cannot be opened now; the server's log says why. q leaves." in seen
    assert b"nowhere" not in seen and b"Traceback" not in seen
    logged = capfd.readouterr().err
    assert "127.0.0.1: seat axis in game open refused:" in logged
    assert "record 1" in logged and "Traceback" not in logged


async def test_one_connection_has_one_session(club: ssh.Club) -> None:
    seat_lines(club, ("open", "spectator", "carol"))
    server, port = await _served(club)
    async with await _connect(club, port, "carol") as conn:
        first = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await _read_until(first, b"Establish Vichy")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm", encoding=None)
        first.stdin.write(b"q")
        await first.wait()
    server.close()


def test_serve_makes_the_host_key_logs_it_and_warns_off_loopback(
    club: ssh.Club, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    seat_lines(club, ("open", "axis", "alice"))
    served: list[ssh.Club] = []

    async def pretend(club: ssh.Club, *_: object) -> None:
        served.append(club)

    monkeypatch.setattr(ssh, "_run", pretend)
    monkeypatch.setattr(ssh, "Forks", lambda *_: None)
    caplog.set_level(logging.INFO, "armistice.ssh")
    argv = ["serve", "--ssh", "--store", club.store, "--keys", club.keys, "--host", "0.0.0.0"]
    assert run([*argv, "--port", "0", "--idle", "5", "--max-sessions", "3"]) == 0
    out = "\n".join(caplog.messages)
    key_file = Path(club.store).parent / "ssh_host_ed25519_key"
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    fingerprint = keys.fingerprint(keys.public_line(keys.load(key_file)))
    assert f"host key {fingerprint} ({key_file}); give players this fingerprint" in out
    assert "listening on 0.0.0.0, not only this machine" in out
    with Store(club.store) as store:
        assert store.servers() == {keys.public_line(keys.load(key_file))}
    (taken,) = served
    assert (taken.max_sessions, taken.idle, taken.keys) == (3, 300.0, club.keys)


def test_serve_makes_a_store_that_does_not_exist_and_says_so(
    club: ssh.Club, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    seat_lines(club, ("open", "axis", "alice"))
    monkeypatch.setattr(ssh, "_run", lambda *_: asyncio.sleep(0))
    monkeypatch.setattr(ssh, "Forks", lambda *_: None)
    caplog.set_level(logging.INFO, "armistice.ssh")
    new = Path(club.store).with_name("new.db")
    assert run(["serve", "--ssh", "--store", str(new), "--keys", club.keys, "--port", "0"]) == 0
    made = [m for m in caplog.messages if "the store" in m]
    assert made == [f"created the store {new}: it did not exist"]
    assert stat.S_IMODE(os.stat(new).st_mode) == 0o600
    key_file = new.parent / "ssh_host_ed25519_key"
    with Store(new) as store:
        assert store.games() == []
        assert store.servers() == {keys.public_line(keys.load(key_file))}


def test_sessions_are_prepared_once_per_rule_system_without_a_word_in_the_log(
    club: ssh.Club, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    opened: list[tuple[str, str, type]] = []
    real = SeatedApp.game_screen

    def game_screen(app: SeatedApp, game: str, side: str) -> GameScreen | None:
        screen = real(app, game, side)
        opened.append((game, side, type(screen)))
        return screen

    monkeypatch.setattr(SeatedApp, "game_screen", game_screen)
    caplog.set_level(logging.INFO)
    seated.prepare(club.store)
    assert opened == [("fall", SPECTATOR, GameScreen)]  # "open" plays the same rules
    assert caplog.records == []
    assert not logging.getLogger("armistice.ssh").disabled


def _locked(tmp_path: Path) -> Path:
    """A folder this user may not make files in: /sys for root, whom no mode stops."""
    if os.geteuid() == 0:
        return Path("/sys")
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    return locked


@pytest.mark.parametrize("where", ["missing", "locked"])
def test_a_store_that_cannot_be_made_is_one_line_and_nothing_is_made(
    where: str, club: ssh.Club, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seat_lines(club, ("open", "axis", "alice"))
    folder = tmp_path / "nowhere" if where == "missing" else _locked(tmp_path)
    store, host = folder / "club.db", tmp_path / "made" / "host"
    (tmp_path / "made").mkdir()
    argv = ["serve", "--ssh", "--store", str(store), "--keys", club.keys, "--port", "0"]
    assert run([*argv, "--host-key", str(host)]) == 2
    said = {
        "missing": f"{store}: folder {folder} does not exist; create it first\n",
        "locked": f"{store}: cannot be made: Permission denied\n",
    }[where]
    assert capsys.readouterr().err == f"armistice: error: {said}"
    assert not store.exists() and not folder.with_name("nowhere").exists()
    assert list((tmp_path / "made").iterdir()) == []


def test_a_host_key_others_may_read_is_refused(tmp_path: Path) -> None:
    ssh.host_key(tmp_path / "hostkey")
    os.chmod(tmp_path / "hostkey", 0o644)
    with pytest.raises(StoreError) as refused:
        ssh.host_key(tmp_path / "hostkey")
    assert refused.value.where == str(tmp_path / "hostkey")
    assert "readable by others (mode 644)" in refused.value.reason


async def test_a_broken_line_leaves_the_other_players_in(
    club: ssh.Club, caplog: pytest.LogCaptureFixture
) -> None:
    folder = Path(club.store).parent
    seat_lines(club, ("open", "axis", "alice"), ("fall", "spectator", "carol"))
    text = Path(club.keys).read_text()
    Path(club.keys).write_text(text.replace("ssh-ed25519 AAAAC3", "ssh-ed25519 AAAAX3", 1))
    assert ssh.seats_of(club, line(folder / "carol")) == [Seat("fall", "spectator")]
    assert ssh.seats_of(club, line(folder / "alice")) == []
    assert f"line left out: {club.keys}:1: key:" in caplog.text


async def test_a_seat_taken_away_ends_its_session(
    club: ssh.Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ssh, "RECHECK", 0.2)
    seat_lines(club, ("open", "axis", "alice"), ("open", "spectator", "carol"))
    server, port = await _served(club)
    watch = asyncio.create_task(ssh._watch_seats(club))
    async with await _connect(club, port, "alice") as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await _read_until(process, b"Establish Vichy")
        seat_lines(club, ("open", "spectator", "carol"))
        seen = await _read_until(process, b"taken away")
        assert (await process.wait()).exit_status == 0
    watch.cancel()
    server.close()
    assert seen.rstrip().endswith(b"armistice: your seat was taken away on this server")


async def test_a_key_has_two_sessions_at_most_and_a_huge_window_is_cut(club: ssh.Club) -> None:
    seat_lines(club, ("open", "spectator", "carol"))
    server, port = await _served(club)
    async with (
        await _connect(club, port, "carol") as one,
        await _connect(club, port, "carol") as two,
        await _connect(club, port, "carol") as three,
    ):
        first = await one.create_process(term_type="xterm", term_size=(9000, 9000), encoding=None)
        second = await two.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        for process in (first, second):
            await _read_until(process, b"Establish Vichy")
        (session,) = [s for s in club.sessions if s.size[0] == 9000]
        width = struct.unpack("HHHH", fcntl.ioctl(session.master, termios.TIOCGWINSZ, bytes(8)))
        assert width[:2] == (200, 500)
        third = await three.create_process(term_type="xterm", encoding=None)
        said = await third.stderr.read()
        assert (await third.wait()).exit_status == 1
        for process in (first, second):
            process.stdin.write(b"q")
            await process.wait()
    server.close()
    assert b"your key already has 2 sessions open, the most it may; quit one first" in said


async def test_a_game_gone_from_under_a_session_is_logged_not_shown(
    club: ssh.Club, caplog: pytest.LogCaptureFixture
) -> None:
    with Store(club.store) as store:
        app = SeatedApp(store, [("open", "axis")], None)
        notes = Notes(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await dashboard(pilot)
            with sqlite3.connect(club.store) as db:
                db.execute("DELETE FROM games WHERE name = 'open'")
            await until(pilot, lambda: bool(notes.seen), "the poll to meet the missing game")
    assert notes.seen[0] == (
        "The game cannot be read now; the server's log says why.",
        "error",
        "Cannot read the game",
    )
    assert "cannot read the game: " in caplog.text and "no such game" in caplog.text


@pytest.mark.parametrize("seats", [[("open", "axis")], [("open", "axis"), ("fall", "spectator")]])
async def test_a_small_window_keeps_its_notice_over_the_opened_game(
    club: ssh.Club, seats: list[tuple[str, str]]
) -> None:
    with Store(club.store) as store:
        app = SeatedApp(store, seats, None)
        async with app.run_test(size=(60, 20)) as pilot:
            await settle(pilot)
            if len(seats) > 1:  # as choosing a seat does, under the notice
                assert isinstance(app.screen_stack[-2], ChooseSeat)
                screen = app.game_screen("open", "axis")
                assert screen is not None
                app.show(screen)
            await until(
                pilot,
                lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                "the game to open",
            )
            await settle(pilot)
            assert isinstance(app.screen, TooSmall)
            assert isinstance(app.screen_stack[-2], GameScreen)
            assert not any(isinstance(s, Opening | TooSmall) for s in app.screen_stack[:-1])
            await pilot.resize_terminal(80, 24)
            await settle(pilot)
            assert isinstance(app.screen, GameScreen)
