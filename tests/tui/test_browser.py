"""`armistice serve` in headless Chromium: the worked example played to its end with the keyboard
alone, on a page that asks nothing of any address but the server's.

Chromium is Debian's package, driven by Playwright (`.ci/run` installs it). Without it the test
is skipped, saying why, except under CI, where that is a failure.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pyte
import pytest
from playwright.sync_api import Browser, Page, Route, WebSocket, sync_playwright

from tests.tui.dashboard import TO_EXAMPLE
from tests.tui.served import serving

VIEWPORT = {"width": 1500, "height": 1000}  # the wide layout: above 120 columns
QUIET = 0.3  # seconds without output after which the screen is taken as drawn
LIMIT = 15.0  # seconds for one step to show its result


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def unavailable(reason: str) -> None:
    """Skip with ``reason``, or fail under CI, where a skipped browser test hides a fault."""
    if under_ci():
        pytest.fail(f"under CI the browser test must run: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = shutil.which("chromium")
    if executable is None:
        unavailable("no Chromium on PATH (apt-get install -y chromium)")
    limit, _ = resource.getrlimit(resource.RLIMIT_AS)
    if limit != resource.RLIM_INFINITY:
        unavailable(
            f"Chromium does not start with the address space limited (ulimit -v {limit // 1024})"
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable)
        yield chromium
        chromium.close()


class Terminal:
    """The browser's terminal as text: every byte the page's websocket receives, fed to a
    terminal emulator of the size the page asks for."""

    def __init__(self, page: Page) -> None:
        self.page, self.screen = page, pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.last = 0.0
        page.on("websocket", self.attach)

    def attach(self, websocket: WebSocket) -> None:
        websocket.on("framereceived", self.received)
        websocket.on("framesent", self.sent)

    def received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.stream.feed(payload)
            self.last = time.monotonic()

    def sent(self, payload: str | bytes) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait(self, ready: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + LIMIT
        while not ready():
            assert time.monotonic() < deadline, f"no {what} within {LIMIT}s:\n{self.text}"
            self.page.wait_for_timeout(50)

    def press(self, *keys: str) -> None:
        """Press ``keys`` and wait until the screen is drawn again and stays still."""
        pressed = time.monotonic()
        for key in keys:
            self.page.keyboard.press(key)
        self.wait(lambda: self.last > pressed, f"answer to {keys}")
        self.wait(lambda: time.monotonic() - self.last > QUIET, f"pause after {keys}")


def test_the_worked_example_plays_to_its_end_in_a_browser(browser: Browser, tmp_path: Path) -> None:
    started = time.monotonic()
    external: list[str] = []

    def only_the_server(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            external.append(route.request.url)
            route.abort()

    with serving(tmp_path, "--max-sessions", "1") as served:
        context = browser.new_context(viewport=VIEWPORT)
        context.route("**/*", only_the_server)
        page = context.new_page()
        terminal = Terminal(page)
        page.goto(served.url)
        assert page.title() == "armistice"

        terminal.wait(lambda: "rulebook-example-fall-1940" in terminal.text, "start screen")
        down = ("ArrowDown",) * len(TO_EXAMPLE)
        terminal.press(*down, "Enter")  # no click into the page first
        terminal.wait(lambda: "Vichy France worth" in terminal.text, "Vichy decision")
        terminal.press("Enter")  # establish Vichy France
        terminal.press("r")
        terminal.press("r")
        for _ in range(8):
            if "Resolution complete" in terminal.text:
                break
            terminal.press(" ", "Enter")  # take the first ship offered and confirm
        final = terminal.text
        assert "Resolution complete" in final, final
        assert re.search(r"Surrender level: -1 \(58\.22\)", final), final
        assert re.search(r"BRPs: France \d+ BRPs to \w+", final), final

        terminal.press("Control+p")
        terminal.press(*"screenshot")
        assert "Save an SVG" not in terminal.text  # its file would fetch fonts from the internet
        terminal.press("Escape")

        second = context.new_page()
        response = second.goto(served.url)
        assert response is not None and response.status == 503
        assert "--max-sessions 1" in second.inner_text("body")
        context.close()

    assert external == [], "the page asked for addresses outside the server"
    assert time.monotonic() - started < 60
