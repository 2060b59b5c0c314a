"""The session of an SSH connection (:mod:`armistice.tui.ssh`): a dashboard process on a
pseudo-terminal whose other end this relays to and from the client, and its end however
it comes (the player quits, the client goes, the session idles, its seat is taken away, the
server stops)."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import struct
import termios
import time
import warnings
from typing import TYPE_CHECKING, Any

with warnings.catch_warnings():  # its import warns of DSA, which armistice never uses
    from cryptography.utils import CryptographyDeprecationWarning

    warnings.simplefilter("ignore", CryptographyDeprecationWarning)
    import asyncssh

from armistice.core.errors import printable
from armistice.core.words import counted
from armistice.host import keys, seats

if TYPE_CHECKING:
    from armistice.tui.ssh import Gate

log = logging.getLogger("armistice.ssh")

CLIENT_ENVIRONMENT = ("TERM", "COLORTERM", "LANG")
"""The only variables a client may set in its session's environment (TERM by its terminal)."""

PER_KEY = 2
"""The most sessions one key has open at once (a player at two terminals)."""

LARGEST = (500, 200)
"""The largest terminal a session draws (columns, lines); a client asking for more gets this."""


class Session(asyncssh.SSHServerSession[bytes]):
    """The one session of a connection: a dashboard process on a pseudo-terminal whose
    other end this relays to and from the client."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.club = gate.club
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.size: tuple[int, int, int, int] = (80, 24, 0, 0)
        self.term = ""
        self.master = self.slave = -1
        self.pid = 0
        self.ended = -1  # the pipe that ends with the session process
        self.pending = b""
        self.last_key = time.monotonic()
        self.idle_timer: asyncio.TimerHandle | None = None
        self.ending = ""
        self.done = False

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:  # type: ignore[override]
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], _: Any) -> bool:
        self.term = term_type
        self.size = term_size
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return self.gate.refused(f"a command: {printable(command)[:80]}")

    def subsystem_requested(self, subsystem: str) -> bool:
        return self.gate.refused(f"the {printable(subsystem)[:40]} subsystem")

    def session_started(self) -> None:
        chan = self.chan
        assert chan is not None and self.gate.seated is not None
        if not self.term:
            self.gate.refused("a session without a terminal")
            self._refuse("armistice needs a terminal: connect with ssh -t")
            return
        key = self.gate.seated[0]
        if sum(1 for other in self.club.sessions if other.key == key) >= PER_KEY:
            self.gate.refused(f"a session: {counted(PER_KEY, 'session')} of its key are open")
            self._refuse(
                f"your key already has {counted(PER_KEY, 'session')} open, the most it may; "
                "quit one first"
            )
            return
        if len(self.club.sessions) >= self.club.max_sessions:
            log.warning("%s: refused: %s", self.gate.peer, "the most sessions at once are open")
            self._refuse(
                f"armistice is serving {counted(len(self.club.sessions), 'session')}, the most "
                "it serves at once; try again later"
            )
            return
        self.master, self.slave = os.openpty()
        self._resize()
        os.set_blocking(self.master, False)
        sent = chan.get_environment()
        environment = {k: sent[k] for k in CLIENT_ENVIRONMENT if k in sent} | {"TERM": self.term}
        _, found = self.gate.seated
        args = (
            environment,
            self.club.store,
            [(s.game, s.side) for s in found],
            self.club.host_key,
            self.gate.peer,
        )
        try:
            self.pid, self.ended = self.club.start(self.slave, args)
        except OSError as error:
            log.error("%s: cannot start a session: %s", self.gate.peer, error)
            self._close_pty()
            self._refuse("armistice cannot start a session now; try again later")
            return
        self.club.sessions.add(self)
        loop = asyncio.get_running_loop()
        loop.add_reader(self.master, self._output)
        loop.add_reader(self.ended, self._exited)
        self._arm_idle()

    def _refuse(self, reason: str) -> None:
        assert self.chan is not None
        self.chan.write_stderr(f"{reason}\r\n".encode())
        self.chan.exit(1)

    @property
    def key(self) -> str:
        """The public key line the session's client logged in with."""
        return self.gate.seated[0] if self.gate.seated else ""

    def _resize(self) -> None:
        width, height, pixwidth, pixheight = self.size
        width, height = min(width, LARGEST[0]), min(height, LARGEST[1])
        pixwidth, pixheight = min(pixwidth, 0xFFFF), min(pixheight, 0xFFFF)
        fcntl.ioctl(
            self.master, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, pixwidth, pixheight)
        )

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height, pixwidth, pixheight)
        if self.master >= 0:
            self._resize()

    def _output(self) -> None:
        """Relay what the dashboard wrote to the client."""
        try:
            data = os.read(self.master, 65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        if self.chan is not None and data:
            self.chan.write(data)

    def pause_writing(self) -> None:
        if self.master >= 0:
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        if self.master >= 0 and not self.done:
            asyncio.get_running_loop().add_reader(self.master, self._output)

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_key = time.monotonic()
        if self.master < 0:
            return
        self.pending += data
        self._input()

    def _input(self) -> None:
        """Write what the client typed to the dashboard, as much as its terminal takes."""
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self.master, self.pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self.pending = b""
            return
        self.pending = self.pending[written:]
        loop.remove_writer(self.master)
        if self.pending:
            loop.add_writer(self.master, self._input)

    def eof_received(self) -> bool:
        return False

    def _arm_idle(self) -> None:
        left = self.last_key + self.club.idle - time.monotonic()
        if left > 0:
            self.idle_timer = asyncio.get_running_loop().call_later(left, self._arm_idle)
            return
        minutes = self.club.idle / 60
        said = f"closed after {minutes:g} minute{'' if minutes == 1 else 's'} without a keypress"
        log.info("%s: %s", self.gate.peer, said)
        self.ending = f"\r\narmistice: {said}\r\n"
        self.end()

    def end(self) -> None:
        """Ask the dashboard to end (it restores the client's terminal), and kill it if it
        has not within two seconds."""
        if self.ended < 0:
            return
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGTERM)
        asyncio.get_running_loop().call_later(2.0, self._kill)

    def _kill(self) -> None:
        if self.ended >= 0:
            log.warning("%s: session did not end when asked; killed", self.gate.peer)
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)

    @property
    def seats(self) -> list[seats.Seat]:
        """The seats the session's key held when it logged in."""
        return self.gate.seated[1] if self.gate.seated else []

    def revoke(self) -> None:
        """End the session: its key has lost a seat it logged in with."""
        if self.ending:
            return
        log.info(
            "%s: %s: seat taken away; session ended", self.gate.peer, keys.fingerprint(self.key)
        )
        self.ending = "\r\narmistice: your seat was taken away on this server\r\n"
        self.end()

    def hang_up(self) -> None:
        """The client is gone: end the dashboard without writing to it."""
        self.chan = None
        self.end()

    def _exited(self) -> None:
        """The dashboard has ended: send what it wrote last and close the session."""
        status = os.read(self.ended, 1)
        asyncio.get_running_loop().remove_reader(self.ended)
        os.close(self.ended)
        self.ended = -1
        self._output_all()
        self._close_pty()
        self.club.sessions.discard(self)
        if self.idle_timer is not None:
            self.idle_timer.cancel()
        log.info(
            "%s: %s: session ended%s",
            self.gate.peer,
            keys.fingerprint(self.key),
            "" if status == b"\0" else " (failed)",
        )
        if self.chan is not None:
            if self.ending:
                self.chan.write(self.ending.encode())
            self.chan.exit(0 if status == b"\0" else 1)

    def _output_all(self) -> None:
        while self.chan is not None:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.chan.write(data)

    def _close_pty(self) -> None:
        self.done = True
        loop = asyncio.get_running_loop()
        for fd in (self.master, self.slave):
            if fd >= 0:
                loop.remove_reader(fd)
                loop.remove_writer(fd)
                os.close(fd)
        self.master = self.slave = -1
