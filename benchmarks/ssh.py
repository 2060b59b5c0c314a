"""`armistice serve --ssh`: first frame, memory per session and repaint delay. Prints
figures; asserts nothing.

Run: python benchmarks/ssh.py [--batches 1,5,10,20] [--rounds 3]

A server is started on a free loopback port over a fresh store holding a game of the fall
of France (World at War), with 20 keys: the Allied player's, the Axis player's and 18
spectators' (``seat="GAME:spectator"``). Each client is the OpenSSH client (``ssh -tt``)
on a pseudo-terminal of 80x24 made here (``os.openpty``); its output is read as it comes
and searched for text.

1. First frame: a batch of 1, 5, 10 and 20 clients started at once; for each, the time
   from starting ssh (so the key exchange and login are counted) until the game's header
   ("Conqueror Germany") reaches it; median and worst per batch. Target: 10 within 0.5 s.
   Also the time until the opening screen a session paints at once ("Opening game").
   For comparison, the time ssh takes to log in and be refused a command, and the first
   frame of 1 and 10 dashboards each started in a fresh Python process (a plain
   subprocess per session) on a pseudo-terminal, without ssh.
2. Memory: with 10 sessions attached, each session process's private memory (USS:
   Private_Clean + Private_Dirty of /proc/PID/smaps_rollup), median and largest, and the
   fork server's own.
3. Repaint delay: 20 clients attached to one game (2 players, 18 spectators); the Allied
   player presses r while the game asks it a die (the fleet dice, then the area dice;
   half a second apart); for each roll, the time until each of the other 19 clients'
   output tells "The Allied player answered"; median and worst over ``--rounds`` fresh
   games. Target: within 1 s.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import functools
import os
import re
import selectors
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from armistice.host import keys

ARMISTICE = [sys.executable, "-m", "armistice.tui.cli"]
HEADER = b"Conqueror Germany"
"""Text of the game's header: the dashboard's first frame."""
OPENING = b"Opening game"
"""What a session paints at once, while it builds the dashboard."""
ANSWERED = b"The Allied player answered"
"""What every other dashboard tells when the Allied player has rolled."""
MAY_ROLL = b"rolled by the app"
"""What the dashboard of a player who may roll says."""
SPECTATORS = 18


@dataclass
class Client:
    """One ssh client on a pseudo-terminal: its process, the terminal's master end, and
    what it has written so far with the monotonic time each read ended."""

    process: subprocess.Popen[bytes]
    master: int
    started: float
    output: bytearray = field(default_factory=bytearray)
    reads: list[tuple[float, int]] = field(default_factory=list)

    def seen(self, text: bytes, start: int = 0) -> float | None:
        """When ``text`` (ASCII) had first reached this client at or after byte ``start``,
        styled in any way along it."""
        found = _styled(text).search(self.output, start)
        if found is None:
            return None
        return next(t for t, length in self.reads if length >= found.end())


@functools.cache
def _styled(text: bytes) -> re.Pattern[bytes]:
    """``text`` with any terminal control sequences between its characters."""
    return re.compile(rb"(?:\x1b\[[0-9;?]*[A-Za-z])*".join(re.escape(bytes([c])) for c in text))


class Reader:
    """Reads every client's terminal in a thread, as fast as they write."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.stopping = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def add(self, client: Client) -> None:
        with self.lock:
            self.selector.register(client.master, selectors.EVENT_READ, client)

    def remove(self, client: Client) -> None:
        with self.lock, contextlib.suppress(KeyError):
            self.selector.unregister(client.master)

    def _run(self) -> None:
        while not self.stopping:
            with self.lock:
                ready = self.selector.select(timeout=0.005) if self.selector.get_map() else []
                for key, _ in ready:
                    client: Client = key.data
                    try:
                        data = os.read(client.master, 65536)
                    except OSError:
                        data = b""
                    if not data:
                        self.selector.unregister(client.master)
                        continue
                    client.output += data
                    client.reads.append((time.monotonic(), len(client.output)))
            if not ready:
                time.sleep(0.002)


@dataclass
class Club:
    """The server, its folder and port, and the reader of its clients."""

    folder: Path
    port: int
    server: subprocess.Popen[bytes]
    reader: Reader

    def ssh(self, key: str) -> list[str]:
        """The ssh command line, up to the destination, logging in with the key file
        ``key``."""
        command = ["ssh", "-F", os.devnull, "-p", str(self.port), "-i", str(self.folder / key)]
        for option in (
            "IdentitiesOnly=yes",
            "IdentityAgent=none",
            f"UserKnownHostsFile={self.folder / 'known_hosts'}",
            "StrictHostKeyChecking=yes",
            "BatchMode=yes",
            "LogLevel=ERROR",
        ):
            command += ["-o", option]
        return command

    def connect(self, key: str) -> Client:
        """Start ssh logging in with the key file ``key`` on an 80x24 terminal."""
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        started = time.monotonic()
        process = subprocess.Popen(
            [*self.ssh(key), "-tt", "player@127.0.0.1"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
        )
        os.close(slave)
        client = Client(process, master, started)
        self.reader.add(client)
        return client

    def sessions(self) -> list[int]:
        """The process ids of the sessions (the fork server's children)."""
        return sorted(children(self.forkserver()))

    def forkserver(self) -> int:
        """The process that forks the sessions: the server's one child."""
        (forks,) = children(self.server.pid)
        return forks


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        found.update(int(n) for n in Path(f"/proc/{pid}/task/{task}/children").read_text().split())
    return found


def private_kib(pid: int) -> int:
    """Private_Clean + Private_Dirty of a process, in KiB."""
    fields = dict(
        line.split(":", 1)
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]
    )
    return sum(int(fields[name].split()[0]) for name in ("Private_Clean", "Private_Dirty"))


def wait(what: str, done: Callable[[], object], limit: float = 60.0) -> None:
    """Wait until ``done()`` is true; raises RuntimeError naming ``what`` after ``limit``
    seconds."""
    deadline = time.monotonic() + limit
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError(f"no {what} within {limit:g}s")
        time.sleep(0.01)


def quit_all(club: Club, clients: list[Client]) -> None:
    """Press q in every client and wait for them, and the sessions, to end."""
    for client in clients:
        os.write(client.master, b"q")
    for client in clients:
        try:
            client.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            client.process.kill()
            client.process.wait()
        club.reader.remove(client)
        os.close(client.master)
    wait("end of the sessions", lambda: not club.sessions())


def new_game(folder: Path, name: str, names: list[str]) -> None:
    """A new game ``name`` in the store, and a keys file seating ``names``: the first two
    as the Allied and Axis players, the rest as spectators."""
    subprocess.run(
        [
            *ARMISTICE,
            "resolve",
            "--game",
            f"club.db:{name}",
            "--new",
            "fall-of-france-1940",
            "--side",
            "spectator",
        ],
        cwd=folder,
        capture_output=True,
        check=False,
    )
    if not (folder / "club.db").exists():
        raise RuntimeError(f"cannot create the game {name}")
    sides = ["allies", "axis", *["spectator"] * (len(names) - 2)]
    lines = [
        f'seat="{name}:{side}" {" ".join((folder / f"{key}.pub").read_text().split()[:2])} {key}'
        for key, side in zip(names, sides, strict=True)
    ]
    (folder / "keys").write_text("\n".join(lines) + "\n")


def login_only(club: Club, key: str, times: int = 5) -> list[float]:
    """The seconds ssh takes to log in with ``key`` and be refused a command, one after
    another ``times`` times: what a first frame costs before the dashboard."""
    took = []
    for _ in range(times):
        started = time.monotonic()
        subprocess.run(
            [*club.ssh(key), "player@127.0.0.1", "true"], capture_output=True, check=False
        )
        took.append(time.monotonic() - started)
    return took


def first_frames(
    club: Club, names: list[str], count: int
) -> tuple[list[float], list[float], list[Client]]:
    """Start ``count`` clients at once; the seconds each took to show the game's header,
    and to show the opening screen (of those whose output had one), and the clients (left
    attached)."""
    clients = [club.connect(name) for name in names[:count]]
    wait("first frames", lambda: all(c.seen(HEADER) for c in clients))
    took = [(c.seen(HEADER) or 0) - c.started for c in clients]
    opened = [(at, c.started) for c in clients if (at := c.seen(OPENING)) is not None]
    return took, [at - started for at, started in opened], clients


PLAIN = (
    "import os, sys; from armistice.tui.seated import run; "
    "run(os.open(sys.argv[1], os.O_RDWR), {'TERM': 'xterm-256color'}, 'club.db', "
    "[(sys.argv[2], 'spectator')], 'ssh_host_ed25519_key', 'plain')"
)
"""A session's dashboard in a fresh interpreter, on the terminal and for the game named."""


def plain_first_frames(club: Club, game: str, count: int) -> list[float]:
    """Start ``count`` dashboards at once, each in a fresh Python process (no ssh, no fork
    server) on a pseudo-terminal of 80x24, spectators of ``game``; the seconds each took to
    show the header."""
    clients, slaves = [], []
    for _ in range(count):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-c", PLAIN, os.ttyname(slave), game],
            cwd=club.folder,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "HOME": str(club.folder), "ARMISTICE_KEYMAP": "none.toml"},
        )
        clients.append(Client(process, master, started))
        slaves.append(slave)
        club.reader.add(clients[-1])
    wait("first frames", lambda: all(c.seen(HEADER) for c in clients))
    took = [(c.seen(HEADER) or 0) - c.started for c in clients]
    quit_all(club, clients)
    for slave in slaves:
        os.close(slave)
    return took


def _shown(title: bytes, starts: list[tuple[Client, int]]) -> Callable[[], list[float | None]]:
    """When each client showed ``title`` after its byte count in ``starts`` (None: not
    yet)."""
    return lambda: [client.seen(title, start) for client, start in starts]


def _everyone(title: bytes, starts: list[tuple[Client, int]]) -> Callable[[], bool]:
    """Whether every client showed ``title`` after its byte count in ``starts``."""
    shown = _shown(title, starts)
    return lambda: None not in shown()


def _delays(title: bytes, starts: list[tuple[Client, int]], since: float) -> list[float]:
    """The seconds from ``since`` until each client showed ``title`` after its byte count in
    ``starts``, once every one has."""
    shown = _shown(title, starts)
    wait(title.decode(), _everyone(title, starts))
    return [(at or 0) - since for at in shown()]


def allies_roll(folder: Path, game: str) -> bool:
    """Whether ``game`` waits for a die of the Allied player (as the store says)."""
    done = subprocess.run(
        [*ARMISTICE, "resolve", "--game", f"club.db:{game}", "--side", "spectator"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    last = done.stdout.rstrip().splitlines()[-1]
    return last.startswith("Waiting for the Allied player") and last.endswith(("die", "dice"))


def repaint_round(club: Club, names: list[str], game: str) -> list[float]:
    """Attach every key to ``game``; the Allied player rolls while the game asks it a die;
    the seconds until each other client was told of each roll."""
    clients = [club.connect(name) for name in names]
    wait("first frames", lambda: all(c.seen(HEADER) for c in clients))
    player, others = clients[0], clients[1:]
    delays: list[float] = []
    mark = 0
    while allies_roll(club.folder, game):
        wait("the player's prompt", _everyone(MAY_ROLL, [(player, mark)]))
        time.sleep(0.5)  # the player's frame finished, and a player's pace
        mark = len(player.output)
        starts = [(c, len(c.output)) for c in others]
        pressed = time.monotonic()
        os.write(player.master, b"r")
        delays += _delays(ANSWERED, starts, pressed)
    quit_all(club, clients)
    return delays


def figures(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    return f"median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms"


def serve(folder: Path) -> Club:
    """Start the server over ``folder`` and trust its host key."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [*ARMISTICE, "serve", "--ssh", "--store", "club.db", "--keys", "keys"]
    with (folder / "server.log").open("wb") as log:
        server = subprocess.Popen(
            [*command, "--port", str(port), "--max-sessions", "40"],
            cwd=folder,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "HOME": str(folder), "ARMISTICE_KEYMAP": str(folder / "none.toml")},
        )
    host = folder / "ssh_host_ed25519_key.pub"
    wait("host key", lambda: host.exists() or server.poll() is not None)
    if server.poll() is not None:
        raise RuntimeError((folder / "server.log").read_text())
    line = " ".join(host.read_text().split()[:2])
    (folder / "known_hosts").write_text(f"[127.0.0.1]:{port} {line}\n")
    wait("listening", lambda: b"serving" in (folder / "server.log").read_bytes())
    return Club(folder, port, server, Reader())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", default="1,5,10,20")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    batches = [int(n) for n in args.batches.split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        names = ["allied", "axis", *(f"spectator{n:02}" for n in range(1, SPECTATORS + 1))]
        for name in names:
            keys.create(folder / name, name)
        new_game(folder, "fall0", names)
        club = serve(folder)
        try:
            print(f"OpenSSH client (ssh -tt) on an 80x24 pty; {os.cpu_count()} cores")
            print(f"  ssh login alone (a command, refused): {figures(login_only(club, names[0]))}")
            memory: list[int] = []
            for count in batches:
                took, opening, clients = first_frames(club, names, count)
                print(
                    f"  first frame, {count:2} at once: {figures(took)}; the opening screen "
                    f"({len(opening)} of {count} had one): {figures(opening) if opening else '-'}"
                )
                if count == 10:
                    memory = [private_kib(pid) for pid in club.sessions()]
                    forkserver = private_kib(club.forkserver())
                quit_all(club, clients)
            for count in (1, 10):
                took = plain_first_frames(club, "fall0", count)
                print(
                    f"  first frame, {count:2} at once, a fresh process each, no ssh: {figures(took)}"
                )
            if memory:
                print(
                    f"  private memory (USS) of a session, 10 attached: median "
                    f"{statistics.median(memory) / 1024:.1f} MiB, largest {max(memory) / 1024:.1f} "
                    f"MiB; the fork server's own: {forkserver / 1024:.1f} MiB"
                )
            delays: list[float] = []
            for round_ in range(args.rounds):
                new_game(folder, f"fall{round_ + 1}", names)
                delays += repaint_round(club, names, f"fall{round_ + 1}")
            print(
                f"  repaint delay, 2 players and {SPECTATORS} spectators, the Allied player "
                f"rolls: {figures(delays)} over {len(delays)} (client, roll) pairs"
            )
        finally:
            club.reader.stopping = True
            club.server.send_signal(signal.SIGINT)
            club.server.wait(timeout=10)


if __name__ == "__main__":
    main()
