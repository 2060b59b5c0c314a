"""`armistice serve`: the page loads and the websocket it names opens and streams the app."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[2]
STARTUP = 12.0  # seconds for the server to accept connections
FIRST_MESSAGE = 6.0  # seconds for the app behind the websocket to send something


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
    """End the server and the app processes it started (they share its process group)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


async def test_serve_page_names_a_websocket_that_opens_and_streams(tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "ARMISTICE_SAVES": str(tmp_path / "saves"),
        "ARMISTICE_KEYMAP": str(tmp_path / "no-such-keymap.toml"),
    }
    command = [sys.executable, "-m", "armistice.tui.cli", "serve", "--port", str(port)]
    command += ["--host", "127.0.0.1"]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        await asyncio.to_thread(wait_for_port, port, process, STARTUP)
        timeout = aiohttp.ClientTimeout(total=10)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            async with session.get(f"http://127.0.0.1:{port}/") as response:
                assert response.status == 200
                page = await response.text()
            assert "armistice" in page
            found = re.search(r"""["'](wss?://[^"']+)["']""", page)
            assert found, "the page names no websocket URL"
            url = found.group(1)
            assert url.startswith(f"ws://127.0.0.1:{port}/")

            async with session.ws_connect(f"{url}?width=80&height=24") as ws:
                assert not ws.closed
                message = await ws.receive(timeout=FIRST_MESSAGE)
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                assert message.data
                await ws.close()
    finally:
        stop(process)
    assert process.poll() is not None
