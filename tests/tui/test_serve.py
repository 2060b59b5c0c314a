"""`armistice serve`: the page, the websocket it names, who may open one, how many at once, and
a log of one line per bad request."""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from armistice.tui.app import ArmisticeApp
from tests.tui.dashboard import NARROW, dashboard, example, isolate
from tests.tui.served import serving

FIRST_MESSAGE = 6.0  # seconds for the app behind the websocket to send something
TIMEOUT = aiohttp.ClientTimeout(total=10)


def own(port: int) -> dict[str, str]:
    """The headers a browser sends from the page itself."""
    return {"Origin": f"http://127.0.0.1:{port}"}


async def first_message(ws: aiohttp.ClientWebSocketResponse) -> aiohttp.WSMessage:
    message = await ws.receive(timeout=FIRST_MESSAGE)
    assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
    assert message.data
    return message


async def test_serve_page_names_a_websocket_that_opens_and_streams(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            async with session.get(served.url) as response:
                assert response.status == 200
                page = await response.text()
            found = re.search(r"""["'](wss?://[^"']+)["']""", page)
            assert found, "the page names no websocket URL"
            url = found.group(1)
            assert url == f"ws://127.0.0.1:{served.port}/ws"

            async with session.ws_connect(
                f"{url}?width=80&height=24", headers=own(served.port)
            ) as ws:
                await first_message(ws)
                await ws.close()


async def test_the_page_has_a_title_and_names_nothing_outside_the_server(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            async with session.get(served.url) as response:
                page = await response.text()
            for address in re.findall(r"""(?:src|href)=["']([^"']+)["']""", page):
                assert "//" not in address, address
                async with session.get(served.url + address) as response:
                    assert response.status == 200, address
    assert "<title>armistice</title>" in page
    assert not re.search(r"https?://", page)


async def test_a_websocket_from_another_origin_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        url = f"ws://127.0.0.1:{served.port}/ws"
        renamed = f"evil.example:{served.port}"  # a page that renamed itself by DNS
        refused = (
            {"Origin": "http://evil.example"},
            {},
            {"Origin": f"http://{renamed}", "Host": renamed},
        )
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            for headers in refused:
                try:
                    async with session.ws_connect(url, headers=headers):
                        raise AssertionError(f"accepted a websocket with {headers}")
                except aiohttp.WSServerHandshakeError as error:
                    assert error.status == 403, headers
            localhost = {"Origin": f"http://localhost:{served.port}"}
            async with session.ws_connect(
                f"ws://localhost:{served.port}/ws", headers=localhost
            ) as ws:
                await first_message(ws)
    log = served.log.read_text()
    assert log.count("refused a websocket") == 3
    assert "evil.example" in log


async def test_a_game_beyond_max_sessions_is_told_to_wait(tmp_path: Path) -> None:
    with serving(tmp_path, "--max-sessions", "1") as served:
        url = f"ws://127.0.0.1:{served.port}/ws"
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            async with session.ws_connect(url, headers=own(served.port)) as first:
                await first_message(first)
                async with session.get(served.url) as response:
                    assert response.status == 503
                    assert "--max-sessions 1" in await response.text()
                async with session.ws_connect(url, headers=own(served.port)) as second:
                    message = await first_message(second)
                    assert b"--max-sessions 1" in message.data
                    closing = await second.receive(timeout=FIRST_MESSAGE)
                    assert closing.type == aiohttp.WSMsgType.CLOSE
                    assert closing.data == 1013  # try again later
            deadline = time.monotonic() + 10
            while True:
                async with session.get(served.url) as response:
                    if response.status == 200:
                        break
                assert time.monotonic() < deadline, "the ended game still counts"
                await asyncio.sleep(0.1)
    assert "refused a websocket" in served.log.read_text()


async def test_ctrl_c_ends_the_games_and_stops_the_server_at_once(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        url = f"ws://127.0.0.1:{served.port}/ws"
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(url, headers=own(served.port)) as ws,
        ):
            await first_message(ws)
            started = time.monotonic()
            served.process.send_signal(signal.SIGINT)
            async for _ in ws:  # until the server closes the game
                pass
        await asyncio.to_thread(served.process.wait, 5)
        assert time.monotonic() - started < 3
        assert served.process.returncode == 0
    log = served.log.read_text()
    assert "Traceback" not in log and "Exception ignored" not in log, log


def send_raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(request)
        return connection.recv(4096)


async def test_bad_requests_are_logged_in_one_line_each(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        answer = await asyncio.to_thread(
            send_raw, served.port, b"GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n"
        )
        assert answer.split(b"\r\n")[0].endswith(b" 400 Bad Request")
        await asyncio.to_thread(
            send_raw, served.port, b"GET / HTTP/1.1\r\nHost: x\r\nUser-Agent: \x1b[31mred\r\n\r\n"
        )
        url = f"ws://127.0.0.1:{served.port}/ws"
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            async with session.get(f"http://127.0.0.1:{served.port}/ws") as response:
                assert response.status == 400
            async with session.ws_connect(url, headers=own(served.port)) as ws:
                await first_message(ws)
                await ws.send_str("not json")
                while (await ws.receive(timeout=FIRST_MESSAGE)).type not in (
                    aiohttp.WSMsgType.CLOSE,
                    aiohttp.WSMsgType.CLOSED,
                ):
                    pass
    log = served.log.read_text()
    assert "Traceback" not in log
    assert "\x1b" not in log  # a client's escape sequence reaches no terminal
    lines = log.splitlines()
    assert any("Error handling request" in line and "BadHttpMessage" in line for line in lines)
    assert any("not a websocket request" in line for line in lines)
    assert any("JSONDecodeError" in line for line in lines)


@pytest.mark.parametrize("in_a_browser", [False, True])
async def test_the_palette_offers_a_screenshot_only_outside_a_browser(
    in_a_browser: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A screenshot's SVG loads its fonts from the internet: a browser is not given one."""
    isolate(monkeypatch, tmp_path)
    monkeypatch.setattr(ArmisticeApp, "is_web", property(lambda app: in_a_browser))
    app = ArmisticeApp(example())
    async with app.run_test(size=NARROW) as pilot:
        await dashboard(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
    assert ("Screenshot" in titles) is not in_a_browser
    assert "Theme" in titles


@pytest.mark.parametrize(
    "option", [("--max-sessions", "0"), ("--max-sessions", "\u0663"), ("--port", "70000")]
)
def test_a_bad_serve_option_is_one_line_and_exit_2(option: tuple[str, str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "armistice.tui.cli", "serve", *option],
        capture_output=True,
        text=True,
        timeout=10,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and option[0] in result.stderr, result.stderr


def serve_once(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "armistice.tui.cli", "serve", *args],
        capture_output=True,
        text=True,
        timeout=10,
        check=False,
    )


def test_a_port_in_use_an_unknown_host_or_a_missing_scenario_is_one_line_before_serving() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = serve_once("--port", port)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        f"armistice: error: --host 127.0.0.1 --port {port}: cannot listen there: "
        "Address already in use\n"
    )
    result = serve_once("--host", "999.1.1.1")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("armistice: error: --host 999.1.1.1: cannot listen there: ")
    assert result.stderr.count("\n") == 1
    result = serve_once("no-such-scenario")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("armistice: error: no-such-scenario: no such file")
