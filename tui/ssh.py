"""`armistice serve --ssh`: an SSH server giving each connection the dashboard of its key's
seat in a shared store.

A player is known by the public key they log in with, never by the user name their client
sends: the keys file (:mod:`armistice.host.seats`, read again for every connection) names
the key's seats, and each seat must agree with the key the game records for its side. The
only thing a connection may open is one session with a terminal; passwords,
keyboard-interactive logins, commands, subsystems (SFTP) and every kind of forwarding are
refused. Each session's dashboard runs in its own process, forked from one that has already
imported it (:mod:`armistice.tui.seated`), on a pseudo-terminal this server relays to the
client (:mod:`armistice.tui.relay`). Every log line names the client's address.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import stat
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armistice.core.errors import ArmisticeError, printable
from armistice.core.words import counted
from armistice.host import keys, seats
from armistice.host.openssh import asyncssh
from armistice.host.records import StoreError
from armistice.host.store import Store, creatable
from armistice.tui.forks import Forks
from armistice.tui.relay import Session
from armistice.tui.serve import OneLine, is_loopback, listenable

log = logging.getLogger("armistice.ssh")

RECHECK = 5.0
"""Seconds between two checks that each open session's key still holds its seats."""

UNUSED = 60.0
"""Seconds a logged-in connection may stay without opening its session."""

HOST_KEY = "ssh_host_ed25519_key"
"""The host key's file name, beside the store unless ``--host-key`` names another."""


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's Ed25519 host key in ``path``, made there (readable by its owner alone,
    with its ``.pub`` beside it) when missing. Raises StoreError naming the file when it
    cannot be read or made, or others may read it."""
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise StoreError(
                str(path),
                f"the host key is readable by others (mode {mode:o}); make it its owner's "
                f"alone: chmod 600 {path}",
            )
        return keys.load(path)
    return keys.create(path, "armistice host key")


@dataclass
class Limiter:
    """Failed logins by client address: an address with ``limit`` failures in the last
    ``window`` seconds is refused until the oldest of them is that old."""

    limit: int = 5
    window: float = 60.0
    failures: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))

    def _recent(self, address: str) -> deque[float]:
        times = self.failures[address]
        while times and times[0] <= time.monotonic() - self.window:
            times.popleft()
        if not times:
            del self.failures[address]
        return times

    def failed(self, address: str) -> None:
        """Count a failed login from ``address``."""
        self._recent(address)
        self.failures[address].append(time.monotonic())

    def blocked(self, address: str) -> bool:
        """Whether ``address`` has failed too often of late."""
        return len(self._recent(address)) >= self.limit


@dataclass
class Club:
    """What every connection shares: the ``store`` and ``keys`` files, the host key file,
    the most sessions at once, the seconds without a keypress after which a session is closed
    (``idle``), the failed-login limiter and the sessions being played."""

    store: str
    keys: str
    host_key: str
    max_sessions: int
    idle: float
    limiter: Limiter = field(default_factory=Limiter)
    sessions: set[Session] = field(default_factory=set)
    forks: Forks | None = None

    def start(self, terminal: int, args: tuple[Any, ...]) -> tuple[int, int]:
        """A session process running :func:`armistice.tui.seated.run` on the terminal
        ``terminal`` with ``args``: its pid and the pipe that ends with it (see
        :meth:`Forks.start`). Raises OSError when it cannot be made."""
        if self.forks is None:
            self.forks = Forks("armistice.tui.seated", "run")
        return self.forks.start(terminal, args)


def seats_of(club: Club, key: str) -> list[seats.Seat]:
    """The seats of the public key line ``key`` that the keys file gives and the store
    agrees with (see :func:`armistice.host.seats.agreed`); each seat left out is logged.
    Raises StoreError when the keys file or the store cannot be read."""
    entries, problems = seats.readable(club.keys)
    for problem in problems:
        log.warning("line left out: %s", problem)
    with Store(club.store) as store:
        found, refused = seats.agreed(store, entries, key)
    for reason in refused:
        log.warning("%s: seat left out: %s", club.keys, reason)
    return found


class Gate(asyncssh.SSHServer):
    """One connection: its login by public key alone and its one session."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self.peer = "?"
        self.user = ""
        self.began = self.blocked = False
        self.offered: tuple[str, list[seats.Seat]] | None = None
        self.strangers = 0
        self.seated: tuple[str, list[seats.Seat]] | None = None
        self.session: Session | None = None
        self.conn: asyncssh.SSHServerConnection | None = None
        self.unused: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        self.blocked = self.club.limiter.blocked(self.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.unused is not None:
            self.unused.cancel()
        if self.seated is not None:
            log.info("%s: %s: connection closed", self.peer, keys.fingerprint(self.seated[0]))
        elif self.began and not self.blocked:
            self.club.limiter.failed(self.peer)
            how = "its keys hold no seat" if self.strangers else "it offered no key"
            log.info("%s: left without logging in: %s (logins are by key only)", self.peer, how)
        if self.session is not None:
            self.session.hang_up()

    def begin_auth(self, username: str) -> bool:
        self.user = printable(username)[:64]
        self.began = True
        if self.blocked and self.conn is not None:
            log.warning("%s: refused: too many failed logins of late", self.peer)
            self.conn.send_auth_banner(
                "armistice: too many failed logins from your address; try again in a minute\n"
            )
        return True

    def public_key_auth_supported(self) -> bool:
        return not self.blocked

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Whether ``key`` holds a seat; the seats are kept for :meth:`auth_completed`,
        which comes only after the client proves it holds this key (the last one asked)."""
        line = " ".join(key.export_public_key().decode().split()[:2])
        try:
            found = seats_of(self.club, line)
        except ArmisticeError as error:
            log.error("%s: cannot check a key: %s", self.peer, error)
            return False
        self.offered = (line, found) if found else None
        if not found:
            self.strangers += 1
            log.info("%s: %s holds no seat", self.peer, keys.fingerprint(line))
        return bool(found)

    def auth_completed(self) -> None:
        assert self.offered is not None
        self.seated = self.offered
        line, found = self.seated
        where = ", ".join(f"{s.side} in {s.game}" for s in found)
        log.info(
            "%s: %s logged in (user name %r, not used): %s",
            self.peer,
            keys.fingerprint(line),
            self.user,
            where,
        )
        self.unused = asyncio.get_running_loop().call_later(UNUSED, self._close_unused)

    def _close_unused(self) -> None:
        if self.session is None and self.conn is not None:
            log.info("%s: closed: logged in but opened no session", self.peer)
            self.conn.close()

    def session_requested(self) -> Session | bool:
        if self.session is not None or self.seated is None:
            return False
        self.session = Session(self)
        return self.session

    def refused(self, what: str) -> bool:
        """Log that ``what`` was asked for and refused; False, the refusal asyncssh takes."""
        log.warning("%s: refused %s", self.peer, what)
        return False

    def connection_requested(self, *_: object) -> bool:
        return self.refused("a forwarded connection")

    def server_requested(self, *_: object) -> bool:
        return self.refused("a remote forward")

    def unix_connection_requested(self, *_: object) -> bool:
        return self.refused("a forwarded socket")

    def unix_server_requested(self, *_: object) -> bool:
        return self.refused("a remote socket forward")


async def _listen(club: Club, host: str, port: int, key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
    return await asyncssh.create_server(
        lambda: Gate(club),
        host,
        port,
        server_host_keys=[key],
        encoding=None,
        line_editor=False,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        login_timeout=30,
        keepalive_interval=60,
        server_version="armistice",
    )


def serve(
    host: str,
    port: int,
    store: str,
    keys_file: str,
    key_file: str | None,
    max_sessions: int,
    idle_minutes: float,
) -> None:
    """Run the SSH server on ``host``:``port`` until interrupted, serving the games of the
    store file ``store`` to the keys the file ``keys_file`` seats; the host key is
    ``key_file`` (default: beside the store), made when missing. A store file that does not
    exist is made (and logged) once the keys file and the address are found usable. Raises
    ArmisticeError (naming the option or file) before listening when the store cannot be
    opened or made (a folder missing or not writable: nothing is made), the keys file or
    the host key cannot be used, or the address cannot be listened on."""
    handler = logging.StreamHandler()
    handler.setFormatter(OneLine())
    logging.basicConfig(level=logging.INFO, handlers=[handler])
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    new = not Path(store).exists()
    if new:
        creatable(store)
    else:
        Store(store).close()
    for problem in seats.readable(keys_file)[1]:
        log.warning("line left out: %s", problem)
    listenable(host, port)
    if new:
        Store(store, create=True).close()
        log.info("created the store %s: it did not exist", store)
    key_path = Path(key_file) if key_file else Path(store).resolve().parent / HOST_KEY
    key = host_key(key_path)
    with Store(store) as opened:
        opened.trust(keys.public_line(key))
    club = Club(store, keys_file, str(key_path), max_sessions, idle_minutes * 60)
    # Made before any thread or event loop; returns once a dashboard of each rule system
    # served has been drawn there (see armistice.tui.seated.prepare).
    club.forks = Forks("armistice.tui.seated", "run", ("prepare", (store,)))
    log.info(
        "host key %s (%s); give players this fingerprint to check when they first connect",
        key.get_fingerprint(),
        key_path,
    )
    if not is_loopback(host):
        log.warning(
            "listening on %s, not only this machine: anyone who can reach it may try to log in",
            host,
        )
    asyncio.run(_run(club, host, port, key))


async def _watch_seats(club: Club) -> None:
    """Every :data:`RECHECK` seconds, end the sessions of a key that has lost a seat it
    logged in with (taken from the keys file, or no longer agreed by the store)."""
    while True:
        await asyncio.sleep(RECHECK)
        for key in {session.key for session in club.sessions}:
            try:
                kept = set(seats_of(club, key))
            except ArmisticeError as error:
                log.error("cannot check the seats of %s: %s", keys.fingerprint(key), error)
                continue
            for session in [s for s in club.sessions if s.key == key]:
                if not set(session.seats) <= kept:
                    session.revoke()


async def _run(club: Club, host: str, port: int, key: asyncssh.SSHKey) -> None:
    server = await _listen(club, host, port, key)
    port = server.sockets[0].getsockname()[1]
    log.info(
        "serving %s over SSH on %s port %d to at most %s at once; ctrl+c stops",
        club.store,
        host,
        port,
        counted(club.max_sessions, "session"),
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(number, stop.set)
    watch = asyncio.create_task(_watch_seats(club))
    await stop.wait()
    watch.cancel()
    server.close()
    for session in list(club.sessions):
        session.end()
    deadline = time.monotonic() + 3
    while club.sessions and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    if club.forks is not None:
        club.forks.close()
    log.info("stopped")
