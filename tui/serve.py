"""`armistice serve`: textual-serve's web server with our own page, an Origin check and a cap
on the games played at once.

The page (``web/app_index.html``) has a title, focuses the terminal on load and fetches only
from the server itself (the font is the one textual-serve ships). A websocket is accepted only
from the page's own origin and, when serving on a loopback address, only under a loopback
name, so no other web page (nor one that renames itself by DNS) can drive the dashboard.
Every log record is one line.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server, to_int

from armistice.core.errors import ArmisticeError
from armistice.core.words import counted

log = logging.getLogger("armistice.serve")
PAGE = Path(__file__).with_name("web")
TRY_AGAIN_LATER = 1013  # websocket close code


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 with or without brackets) is this machine."""
    host = host.strip("[]").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class OneLine(logging.Formatter):
    """A log record on one line: an exception is named with its message, never traced. (aiohttp
    refuses control characters in a request, so none reach the log.)"""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            said = "" if text == str(error) else f"{text}: "
            text = f"{said}{type(error).__name__}: {error}"
        return f"{self.formatTime(record, '%Y-%m-%d %H:%M:%S')} {' '.join(text.split())}"


class ArmisticeServer(Server):
    """Serve ``command`` (the dashboard) to at most ``max_sessions`` browser tabs at once."""

    def __init__(self, command: str, host: str, port: int, max_sessions: int) -> None:
        super().__init__(command, host=host, port=port, title="armistice", templates_path=PAGE)
        self.max_sessions = max_sessions
        self.games: set[asyncio.Task[object]] = set()  # the handlers of the games being played

    def initialize_logging(self) -> None:
        handler = logging.StreamHandler()
        handler.setFormatter(OneLine())
        logging.basicConfig(level=logging.DEBUG if self.debug else logging.INFO, handlers=[handler])

    async def on_startup(self, app: web.Application) -> None:
        print(
            f"armistice: serving the dashboard on {self.public_url} to at most "
            f"{counted(self.max_sessions, 'browser tab')} at once; ctrl+c stops",
            flush=True,
        )

    def full(self) -> str | None:
        """Why a new game cannot start now, or None when it can."""
        if len(self.games) < self.max_sessions:
            return None
        return (
            f"armistice is already serving {counted(len(self.games), 'game')}, the most it serves at once "
            f"(--max-sessions {self.max_sessions}). Close one, then reload this page."
        )

    def foreign_origin(self, request: web.Request) -> str | None:
        """Why ``request`` does not come from this server's own page, or None when it does."""
        origin = request.headers.get("Origin", "")
        if urlsplit(origin).netloc.lower() != request.host.lower():
            return f"origin {origin or 'missing'!r} is not this page's own ({request.host})"
        hostname = request.url.host or ""
        if is_loopback(self.host) and not is_loopback(hostname):
            return (
                f"host {hostname!r} is not a loopback name, and the server listens on {self.host}"
            )
        return None

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page: the terminal, or why no game can start now (status 503)."""
        refusal = self.full()
        websocket = request.url.join(request.app.router["websocket"].url_for())
        context: dict[str, Any] = {
            "application": {"name": self.title},
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": str(websocket.with_scheme("wss" if request.secure else "ws")),
            "refusal": refusal,
        }
        status = 503 if refusal else 200
        return aiohttp_jinja2.render_template("app_index.html", request, context, status=status)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A game for one browser tab, once the origin and the number of games allow it."""
        if not web.WebSocketResponse().can_prepare(request).ok:
            log.warning("%s: refused %s: not a websocket request", request.remote, request.path)
            raise web.HTTPBadRequest(text="armistice: this address takes websockets only\n")
        if reason := self.foreign_origin(request):
            log.warning("%s: refused a websocket: %s", request.remote, reason)
            raise web.HTTPForbidden(text=f"armistice: {reason}\n")
        if reason := self.full():
            log.warning("%s: refused a websocket: %s", request.remote, reason)
            websocket = web.WebSocketResponse()
            await websocket.prepare(request)
            await websocket.send_bytes(f"\r\n  {reason}\r\n".encode())
            await websocket.close(code=TRY_AGAIN_LATER, message=b"too many games")
            return websocket
        game = asyncio.current_task()
        assert game is not None
        self.games.add(game)
        try:
            return await super().handle_websocket(request)
        finally:
            self.games.discard(game)

    async def on_shutdown(self, app: web.Application) -> None:
        """End every game at once (each app is told to quit), rather than after a timeout."""
        for game in self.games:
            game.cancel()


def listenable(host: str, port: int) -> None:
    """Check that the server can listen on ``host``:``port``; raises ArmisticeError naming
    ``--host``/``--port`` and the reason (an unknown name, a port in use) when it cannot."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except OSError as error:
        raise ArmisticeError(f"--host {host}", f"cannot listen there: {error.strerror}") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise ArmisticeError(
                f"--host {host} --port {port}", f"cannot listen there: {error.strerror}"
            ) from None


def serve(command: str, host: str, port: int, max_sessions: int) -> None:
    """Run the web server until interrupted; raises ArmisticeError first if it cannot listen
    on ``host``:``port``."""
    listenable(host, port)
    ArmisticeServer(command, host, port, max_sessions).serve()
