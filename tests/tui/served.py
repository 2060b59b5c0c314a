"""`armistice serve` run for a test: on a free loopback port, with its own home, saves and log,
stopped with every game it started."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARTUP = 12.0  # seconds for the server to accept connections


@dataclass(frozen=True)
class Served:
    """A running server: its process, its port, the file its output goes to and its home."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path
    home: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes], limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"serve exited early with status {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"serve did not accept connections on port {port} within {limit}s")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server as ctrl+c does (it ends its games), then kill whatever of its process
    group is left."""
    with contextlib.suppress(ProcessLookupError):
        process.send_signal(signal.SIGINT)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=5)


@contextlib.contextmanager
def serving(tmp_path: Path, *args: str) -> Iterator[Served]:
    """Run ``armistice serve ARGS`` on 127.0.0.1 until the block ends."""
    port, home = free_port(), tmp_path / "home"
    home.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "ARMISTICE_SAVES": str(tmp_path / "saves"),
        "ARMISTICE_KEYMAP": str(tmp_path / "no-such-keymap.toml"),
    }
    command = [sys.executable, "-m", "armistice.tui.cli", "serve", *args]
    command += ["--host", "127.0.0.1", "--port", str(port)]
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=home,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for_port(port, process, STARTUP)
        yield Served(process, port, log, home)
    finally:
        stop(process)
