"""One SSH session's process: the dashboard of a player's seat, on the terminal the server
made for the connection.

:func:`run` is started by the SSH server (:mod:`armistice.tui.ssh`) in a process forked from
one that has already imported the dashboard, so a session does not pay for Python's and
Textual's imports. It takes the terminal as its own (a new session whose controlling
terminal it is, so a resize reaches it as SIGWINCH), keeps the client's allowed environment
only, and logs to the server's log, never to the player's screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import io
import logging
import os
import signal
import sys
import termios
from collections.abc import Mapping, Sequence

from rich.console import Console, RenderableType
from textual import on
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from armistice.core.errors import ArmisticeError
from armistice.host import keys
from armistice.host.records import SPECTATOR, Mode
from armistice.host.shared import SharedHost, game_of
from armistice.host.store import Store
from armistice.host.words import player_name
from armistice.tui.app import ArmisticeApp
from armistice.tui.relay import CLIENT_ENVIRONMENT
from armistice.tui.screens.game import Body, GameScreen
from armistice.tui.screens.small import TooSmall
from armistice.tui.widgets.footer import Footer

log = logging.getLogger("armistice.ssh")

_TERMINAL = ("COLUMNS", "LINES", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", *CLIENT_ENVIRONMENT)


def seat_title(store: Store, game: str, side: str) -> str:
    """How a session names a seat: "game fall, as the Allied player" (the side's key when
    the game cannot be read)."""
    try:
        name = player_name(game_of(store.header(game), store.path), side)
    except ArmisticeError:
        name = side
    return f"game {game}, as {name}"


BUILT_NICER = 5
"""How much nicer a session process becomes once its first frame is out: building a
dashboard takes a few tenths of a second of processor, and the first frames of sessions
connecting meanwhile come before it."""


class Opening(Screen[None]):
    """What a session shows at once while it builds the dashboard of ``seat`` (a
    ``(game, side)`` pair): the seat it opens, or why it cannot. The dashboard is built
    once this screen's frame has been written (see :meth:`SeatedApp._display`), so
    building it does not hold the frame back."""

    def __init__(self, seat: tuple[str, str]) -> None:
        super().__init__()
        self.seat = seat
        self.shown = False

    def compose(self) -> ComposeResult:
        app = self.app
        assert isinstance(app, SeatedApp)
        yield Header()
        yield Static(f"Opening {seat_title(app.store, *self.seat)}...", id="opening")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "armistice"
        self.sub_title = "the Fall of France, resolved"
        if self.app.is_headless:  # no frame is written, so none waits
            self.call_after_refresh(self.open)

    def open(self) -> None:
        """Build the dashboard of the seat and show it in place of this screen."""
        app = self.app
        assert isinstance(app, SeatedApp)
        screen = app.game_screen(*self.seat)
        if screen is not None:
            app.show(screen, self)
        else:
            self.query_one("#opening", Static).update(
                "This seat cannot be opened now; the server's log says why. q leaves."
            )


class ChooseSeat(Screen[None]):
    """The seats a key holds, as ``(game, side)`` pairs; enter opens the highlighted one."""

    def __init__(self, seats: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.seats = list(seats)

    def compose(self) -> ComposeResult:
        app = self.app
        assert isinstance(app, SeatedApp)
        yield Header()
        yield Static("Your key has a seat in more than one game. Choose one, then press enter.")
        yield OptionList(
            *(
                Option(seat_title(app.store, game, side), id=str(n))
                for n, (game, side) in enumerate(self.seats)
            ),
            id="seat-list",
        )
        yield Footer()

    def on_mount(self) -> None:
        self.title = "armistice"
        self.sub_title = "choose a game"

    @on(OptionList.OptionSelected, "#seat-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        app = self.app
        assert isinstance(app, SeatedApp)
        screen = app.game_screen(*self.seats[int(event.option_id or 0)])
        if screen is None:
            self.notify("This seat cannot be opened now; the server's log says why.", timeout=10)
        else:
            app.show(screen)


class SeatedApp(ArmisticeApp):
    """The dashboard of one SSH session: the game of the key's one seat (shown first by
    :class:`Opening`, which paints at once), or a chooser of its seats (``seats``:
    ``(game, side)`` pairs, at least one) in the store ``store``. ``server`` (the SSH host
    key) signs the records of a side whose key the game records. ``peer`` names the client
    in the log. SIGTERM and SIGHUP end it as ``q`` does (no question), so the client's
    terminal is left as it was. The player is not at this machine: no file is saved,
    opened or screenshotted."""

    files_here = False

    def __init__(
        self,
        store: Store,
        seats: Sequence[tuple[str, str]],
        server: keys.PrivateKey | None,
        peer: str = "",
    ) -> None:
        super().__init__()
        self.store = store
        self.server = server
        self.seats = list(seats)
        self.peer = peer
        self.nicer = False

    def game_screen(self, game: str, side: str) -> GameScreen | None:
        """The dashboard of ``side`` in ``game``, or None (logged) when the store refuses
        it. The first call lowers this session's priority (see :data:`BUILT_NICER`), unless
        the app runs headless."""
        if not self.nicer and not self.is_headless:
            self.nicer = True
            os.nice(BUILT_NICER)
        try:
            host = SharedHost(self.store, game, side, server=self.server)
        except ArmisticeError as error:
            log.warning("%s: seat %s in game %s refused: %s", self.peer, side, game, error)
            return None
        log.info("%s: opened seat %s in game %s", self.peer, side, game)
        return GameScreen(host)

    def show(self, screen: GameScreen, replacing: Screen[None] | None = None) -> None:
        """Show ``screen`` in place of ``replacing`` (None: over the screen below), under
        the notice that the window is too small when it is."""
        covered = isinstance(self.screen, TooSmall)
        if covered:
            self.pop_screen()
        if replacing is None:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)
        if covered:
            self.push_screen(TooSmall())

    def first_screen(self) -> Screen[None]:
        """The opening of the key's one seat, else the chooser of its seats."""
        if len(self.seats) == 1:
            return Opening(self.seats[0])
        return ChooseSeat(self.seats)

    def _display(self, screen: Screen[object], renderable: RenderableType | None) -> None:
        """Write a frame, then build the dashboard once the opening screen's frame is out."""
        writes = renderable is not None and self._running and not self._batch_count
        super()._display(screen, renderable)
        if isinstance(screen, Opening) and writes and not screen.shown:
            screen.shown = True
            self.call_later(screen.open)

    def on_mount(self) -> None:
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(number, self.exit)


PREPARED_SIZE = (80, 24)
"""The window (columns, lines) :func:`prepare` draws its dashboards in."""


def prepare(store: str) -> None:
    """Do once, in the process sessions are forked from, what each session would do again:
    for one live game of each rule system in the store file ``store``, open its dashboard
    headless as a spectator until every panel is drawn, which imports the rule system,
    reads its scenario and tables and parses the dashboard's styles into caches every
    session then shares. Logs nothing; never raises (a game that cannot be opened is left
    to its sessions, which say why)."""
    quiet = [logging.getLogger(name) for name in ("armistice.ssh", "armistice.dashboard")]
    was = [logger.disabled for logger in quiet]
    for logger in quiet:
        logger.disabled = True
    try:
        with Store(store) as opened:
            systems = {e.system: e.name for e in reversed(opened.games()) if e.mode is Mode.LIVE}
            for game in systems.values():
                app = SeatedApp(opened, [(game, SPECTATOR)], None)
                app.error_console = Console(file=io.StringIO())
                app.run(headless=True, size=PREPARED_SIZE, auto_pilot=_drawn)
    except Exception:
        pass  # only a head start: each session opens its game anyway
    finally:
        for logger, disabled in zip(quiet, was, strict=True):
            logger.disabled = disabled


async def _drawn(pilot: Pilot[None]) -> None:
    """Wait until the dashboard's panels are drawn, then end the app."""
    for _ in range(200):
        screen = pilot.app.screen
        if isinstance(screen, GameScreen) and screen.query(Body):
            break
        await pilot.pause(0.01)
    await pilot.pause()
    pilot.app.exit()


def _own_terminal(terminal: int) -> int:
    """Make the terminal device open as ``terminal`` this process's controlling terminal
    and its standard input, output and error; returns a copy of the standard error it had
    (the server's log)."""
    os.setsid()
    fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
    log_fd = os.dup(2)
    for n in (0, 1, 2):
        os.dup2(terminal, n)
    os.close(terminal)
    sys.__stdin__ = sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.__stdout__ = sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.__stderr__ = sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    return log_fd


def run(
    terminal: int,
    environment: Mapping[str, str],
    store: str,
    seats: Sequence[tuple[str, str]],
    host_key: str,
    peer: str,
) -> None:
    """Play the dashboard of ``seats`` (``(game, side)`` pairs) of the store file ``store``
    on the terminal device open as ``terminal`` until the player quits or the server ends the session.
    ``environment``: the client's TERM, COLORTERM and LANG (others are ignored); ``host_key``:
    the path of the SSH host key, which signs for a side whose key the game records; ``peer``
    names the client in the log. Never raises: an error is logged on the server (one line)
    and the player told only that the server's log says why."""
    log_fd = _own_terminal(terminal)
    handler = logging.StreamHandler(open(log_fd, "w", encoding="utf-8", buffering=1))  # noqa: SIM115
    from armistice.tui.serve import OneLine

    handler.setFormatter(OneLine())
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
    for name in _TERMINAL:
        os.environ.pop(name, None)
    os.environ.update({k: v for k, v in environment.items() if k in CLIENT_ENVIRONMENT})
    captured = io.StringIO()
    try:
        with Store(store) as opened:
            server = keys.load(host_key)
            app = SeatedApp(opened, seats, server, peer)
            app.error_console = Console(file=captured, width=200, markup=False, highlight=False)
            app.run()
    except ArmisticeError as error:
        log.warning("%s: session refused: %s", peer, error)
        _tell("this seat cannot be opened now; the server's log says why")
    except Exception:
        log.exception("%s: session failed", peer)
        _tell("the session failed; the server's log says why")
    said = [line.strip() for line in captured.getvalue().splitlines() if line.strip()]
    if said:
        log.error("%s: session failed: %s", peer, said[-1])


def _tell(reason: str) -> None:
    """Say ``reason`` on the player's terminal, on a line of its own."""
    with contextlib.suppress(OSError):
        os.write(1, f"\r\narmistice: {reason}\r\n".encode())
