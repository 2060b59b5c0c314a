"""`armistice serve --ssh` run for a test, met by the OpenSSH client in tmux panes: the
server on a free loopback port with its store, keys and log in one folder, and a client per
tmux session, read by capturing its pane."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from armistice.host.store import Store
from tests.tui.served import free_port, stop, wait_for_port

T = TypeVar("T")
ARMISTICE = [sys.executable, "-m", "armistice.tui.cli"]
WAIT = 20.0  # seconds for a screen, a log line or a process to come or go


def need(*tools: str) -> None:
    """Fail (never skip) when a tool the tests drive is missing."""
    missing = [tool for tool in tools if shutil.which(tool) is None]
    assert not missing, f"these tests need {', '.join(missing)} on PATH"


def armistice(folder: Path, *args: str) -> str:
    """Run ``armistice ARGS`` in ``folder``; its output. Fails the test on an exit status
    other than 0 or 3 (a game waiting for an answer)."""
    done = subprocess.run(
        [*ARMISTICE, *args], cwd=folder, capture_output=True, text=True, timeout=60
    )
    assert done.returncode in (0, 3), done.stderr
    return done.stdout


def until(what: str, probe: Callable[[], T | None], limit: float = WAIT) -> T:
    """Poll ``probe`` until it returns something other than None or False; that value. Fails
    the test naming ``what`` after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while True:
        found = probe()
        if found is not None and found is not False:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {limit:g}s")
        time.sleep(0.05)


def children(pid: int) -> set[int]:
    """The process ids of ``pid``'s children (none once it is gone)."""
    found: set[int] = set()
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as listed:
                found.update(int(n) for n in listed.read().split())
    except FileNotFoundError:
        pass
    return found


@dataclass
class Club:
    """A running SSH server over ``folder``/club.db seating the keys of ``folder``/keys,
    logging to ``log``, and the tmux server (socket ``tmux_socket``) its clients run in."""

    folder: Path
    port: int
    server: subprocess.Popen[bytes]
    log: Path
    tmux_socket: Path

    @property
    def store(self) -> Path:
        return self.folder / "club.db"

    def tmux(self, *args: str) -> str:
        """Run a tmux command on this club's tmux server; its output."""
        done = subprocess.run(
            ["tmux", "-S", str(self.tmux_socket), "-f", os.devnull, *args],
            capture_output=True,
            text=True,
            timeout=10,
            env={**os.environ, "LANG": "C.UTF-8"},
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def ssh_options(self, key: str) -> list[str]:
        """The client options of every connection: this server, only ``key``, no prompts."""
        return [
            "-F",
            os.devnull,
            "-i",
            str(self.folder / key),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "IdentityAgent=none",
            "-o",
            f"UserKnownHostsFile={self.folder / 'known_hosts'}",
            "-o",
            "StrictHostKeyChecking=accept-new",
            "-o",
            "BatchMode=yes",
            "-o",
            "ConnectTimeout=10",
        ]

    def ssh(
        self, key: str, *options: str, user: str = "player", command: Sequence[str] = ()
    ) -> list[str]:
        """The ssh command line with ``options`` that logs in with ``key`` as ``user`` and
        asks to run ``command`` (none: a shell)."""
        where = f"{user}@127.0.0.1"
        return ["ssh", "-p", str(self.port), *self.ssh_options(key), *options, where, *command]

    def connect(
        self, name: str, key: str, user: str = "player", size: tuple[int, int] = (80, 24)
    ) -> Client:
        """A client in the tmux session ``name`` (``size``: columns, lines) logged in with
        the key file ``key`` as ``user``, asking for a terminal."""
        command = shlex.join(self.ssh(key, "-t", user=user))
        width, height = size
        self.tmux("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height))
        self.tmux("set-option", "-t", name, "remain-on-exit", "on")
        self.tmux("respawn-pane", "-k", "-t", name, f'{command}; echo "ssh exited with $?"')
        return Client(self, name)

    def logged(self, text: str) -> str:
        """The first server log line holding ``text``, waited for."""

        def line() -> str | None:
            found = [n for n in self.log.read_text().splitlines() if text in n]
            return found[0] if found else None

        return until(f"log line with {text!r}", line)

    def forkserver(self) -> int:
        """The process id of the process that forks the sessions: the server's one child."""
        (forks,) = until("the process that forks sessions", lambda: children(self.server.pid))
        return forks

    def answers(self, game: str) -> int:
        """How many records the store holds for ``game``."""
        with Store(str(self.store)) as store:
            return len(store.records(game))


@dataclass
class Client:
    """One ssh client in a tmux session."""

    club: Club
    name: str

    def screen(self) -> str:
        return self.club.tmux("capture-pane", "-p", "-t", self.name)

    def settled(self) -> str:
        """The screen once two captures 0.1 s apart agree (not caught in a repaint)."""
        last = self.screen()

        def same() -> str | None:
            nonlocal last
            time.sleep(0.1)
            now, last = last, self.screen()
            return now if now == last else None

        return until(f"a settled screen in {self.name}", same)

    def lines(self) -> list[str]:
        return self.screen().splitlines()

    def sees(self, *texts: str, limit: float = WAIT) -> str:
        """The screen once it shows every one of ``texts``; fails the test with the last
        screen after ``limit`` seconds."""
        shown = [""]

        def showing() -> str | None:
            shown[0] = self.screen()
            return shown[0] if all(text in shown[0] for text in texts) else None

        try:
            return until(f"screen with {texts!r} in {self.name}", showing, limit)
        except AssertionError as error:
            raise AssertionError(f"{error}; it shows:\n{shown[0]}") from None

    def press(self, *keys: str) -> None:
        self.club.tmux("send-keys", "-t", self.name, *keys)

    def show(self, fmt: str) -> str:
        """A tmux format (``#{...}``) of this client's pane."""
        return self.club.tmux("display", "-p", "-t", self.name, fmt).strip()

    @property
    def pid(self) -> int:
        """The process id of the ssh client."""
        shell = int(self.show("#{pane_pid}"))
        (ssh,) = until(f"the ssh of {self.name}", lambda: children(shell))
        return ssh

    def ended(self) -> int:
        """The ssh exit status once it has exited."""
        found = re.search(r"ssh exited with (\d+)", self.sees("ssh exited with"))
        assert found
        return int(found[1])


@contextmanager
def serving(folder: Path) -> Iterator[Club]:
    """Run ``armistice serve --ssh`` over ``folder``/club.db and ``folder``/keys until the
    block ends, and a tmux server for its clients."""
    need("tmux", "ssh", "sftp")
    port, log = free_port(), folder / "server.log"
    env = {**os.environ, "HOME": str(folder), "ARMISTICE_KEYMAP": str(folder / "no-keymap.toml")}
    command = [*ARMISTICE, "serve", "--ssh", "--store", "club.db", "--keys", "keys"]
    with log.open("wb") as out:
        server = subprocess.Popen(
            [*command, "--host", "127.0.0.1", "--port", str(port)],
            cwd=folder,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    club = Club(folder, port, server, log, folder / "tmux.sock")
    try:
        wait_for_port(port, server, 20.0)
        yield club
    finally:
        subprocess.run(
            ["tmux", "-S", str(club.tmux_socket), "kill-server"], capture_output=True, timeout=10
        )
        stop(server)
