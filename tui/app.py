"""The armistice dashboard: a Textual app over the rules engine.

Keyboard first, usable at 80x24 and over SSH; every action is a binding with
an id (remappable in a keymap file) and a command in the command palette.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen

from armistice.core import decode
from armistice.core.errors import IllegalAnswer, ScenarioError
from armistice.core.game import Game
from armistice.host.base import Host, LocalHost
from armistice.tui.commands import GameFirst
from armistice.tui.keys import ALWAYS, written
from armistice.tui.screens.game import GameScreen
from armistice.tui.screens.small import TooSmall, too_small


def keymap_path() -> Path:
    """``$ARMISTICE_KEYMAP``, else ``$XDG_CONFIG_HOME/armistice/keymap.toml``."""
    if override := os.environ.get("ARMISTICE_KEYMAP"):
        return Path(override)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "armistice" / "keymap.toml"


def _scopes() -> list[list[Binding]]:
    """The bindings a keymap may change, by where they apply together: each screen's,
    dialog's and widget's own with the app's."""
    from armistice.tui.screens.dialogs import ChooseFile, Confirm
    from armistice.tui.screens.setup import SetupScreen
    from armistice.tui.screens.start import StartScreen
    from armistice.tui.widgets.selection import SelectionView

    classes = (GameScreen, StartScreen, SetupScreen, SelectionView, Confirm, ChooseFile)
    return [
        [b for b in (*c.BINDINGS, *ArmisticeApp.BINDINGS) if isinstance(b, Binding) and b.id]
        for c in classes
    ]


def binding_ids() -> set[str]:
    """Every binding id a keymap may name."""
    return {b.id for scope in _scopes() for b in scope if b.id}


def _unclashed(keys: dict[str, str], path: Path) -> tuple[dict[str, str], list[str]]:
    """``keys`` without the entries whose key another binding applying in the same place
    already has (the first entry in the file wins), and a line naming each left out."""
    kept: dict[str, str] = {}
    problems = []
    for ident, key in keys.items():
        wanted = {one.strip() for one in key.split(",")}
        holders = {
            (one, b.id)
            for scope in _scopes()
            if any(b.id == ident for b in scope)
            for b in scope
            if b.id != ident and (b.id in kept or b.id not in keys)
            for one in kept.get(b.id or "", b.key).split(",")
            if one.strip() in wanted
        }
        if holders:
            one, other = min(holders)
            problems.append(f"{path}: keys.{ident}: {one!r} is already {other}'s key; not applied")
        else:
            kept[ident] = key
    if len(kept) < len(keys):
        kept, more = _unclashed(kept, path)
        problems += [p for p in more if p not in problems]
    return kept, problems


def read_keymap(path: Path) -> tuple[dict[str, str], list[str]]:
    """Binding id -> keys from a keymap file's ``[keys]`` table, and the problems to report,
    one line each: a file that cannot be read or decoded (limits of
    :mod:`armistice.core.decode` included) is ignored, entries that are not used (unknown
    id, not a text, a key another binding of the same place has) are named and skipped."""
    if not path.exists():
        return {}, []
    try:
        table = decode.toml(decode.read(path), str(path)).get("keys", {})
    except ScenarioError as error:
        return {}, [f"{error.where}: ignored, {error.reason}"]
    if not isinstance(table, dict):
        return {}, [f"{path}: ignored, [keys] must map binding ids to key names"]
    known, keys, problems = binding_ids(), {}, []
    for ident, key in table.items():
        if ident not in known:
            problems.append(
                f"{path}: keys.{ident}: no such binding; known: {', '.join(sorted(known))}"
            )
        elif not isinstance(key, str) or not key.strip():
            problems.append(f'{path}: keys.{ident}: must be a key name such as "z" or "ctrl+z"')
        else:
            keys[ident] = key
    keys, clashes = _unclashed(keys, path)
    return keys, problems + clashes


class ArmisticeApp(App[None]):
    """Open a game at once, or the start screen when given none.

    ``game`` is played hot seat (in a :class:`~armistice.host.base.LocalHost`); ``host`` is
    any other :class:`~armistice.host.base.Host`, e.g. a shared game attached as one side
    (``ArmisticeApp(host=SharedHost(store, name, "axis"))``); give one of them, or neither
    for the start screen (both: ValueError). ``seed`` fixes the dice of games started from the start screen;
    ``theme`` names a Textual theme (``ansi-dark`` and ``ansi-light`` use the terminal's
    own palette); an unknown one raises IllegalAnswer.
    """

    files_here = True
    """Whether the player may save, open and screenshot files on this machine (not over SSH)."""

    CSS_PATH = "armistice.tcss"
    ENABLE_COMMAND_PALETTE = True
    COMMANDS = {GameFirst}
    BINDINGS = ALWAYS

    def __init__(
        self,
        game: Game | None = None,
        seed: int | None = None,
        theme: str | None = None,
        host: Host | None = None,
    ) -> None:
        super().__init__()
        if game is not None and host is not None:
            raise ValueError("ArmisticeApp takes a game or a host, not both")
        self.host: Host | None = LocalHost(game) if game is not None else host
        self.seed = seed
        self.keys: dict[str, str] = {}
        if theme:
            if theme not in self.available_themes:
                known = ", ".join(sorted(self.available_themes))
                raise IllegalAnswer("--theme", f"unknown theme {theme!r}; known: {known}")
            self.theme = theme

    def on_mount(self) -> None:
        keys, problems = read_keymap(keymap_path())
        self.keys = keys
        if keys:
            self.set_keymap(keys)
        for problem in problems:
            self.notify(problem, severity="warning", timeout=10)
        self.push_screen(self.first_screen())
        self.fit_window(self.size)

    def first_screen(self) -> Screen[None]:
        """The screen the app opens on: the game of its host, else the start screen."""
        if self.host is not None:
            return GameScreen(self.host)
        from armistice.tui.screens.start import StartScreen

        return StartScreen(self.seed)

    def on_resize(self, event: events.Resize) -> None:
        if self.screen_stack[1:]:
            self.fit_window(event.size)

    def fit_window(self, size: Size) -> None:
        """Cover the screens with the size the window needs while it (``size``) is too
        small; uncover them once it is large enough."""
        small, covered = too_small(size), isinstance(self.screen, TooSmall)
        if small and not covered:
            self.push_screen(TooSmall())
        elif covered and not small:
            self.pop_screen()
        elif covered:
            self.screen.show_size(size)  # type: ignore[attr-defined]

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header's line: ``title — sub_title``, or the subtitle alone (not dimmed) when
        a screen leaves its title empty to give the line to it."""
        if not title:
            return Content(sub_title)
        return super().format_title(title, sub_title)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No help over the notice that the window is too small."""
        return not (action == "help" and isinstance(self.screen, TooSmall))

    def key_of(self, ident: str, default: str) -> str:
        """The first key bound to binding ``ident`` (after the keymap), as a player reads it,
        for hints on screen."""
        return written(self.keys.get(ident, default).split(",")[0])

    def keys_of(self, binding: Binding) -> str:
        """Every key of ``binding`` (after the keymap), as a player reads them."""
        return written(self.keys.get(binding.id or "", binding.key))

    def show_start(self) -> None:
        """Leave the current game for the start screen."""
        from armistice.tui.screens.start import StartScreen

        if any(isinstance(s, StartScreen) for s in self.screen_stack[:-1]):
            self.pop_screen()
        else:
            self.switch_screen(StartScreen(self.seed))

    def own_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The actions the game's turn menu offers now (``screen.menu_commands()``), then
        the actions of ``screen`` that apply now, then the app's own (help, quit), in the
        order of their bindings (each title once). In a browser there is no Screenshot: the file it
        gives fetches its fonts from the internet."""
        titles = set() if self.files_here and not self.is_web else {"Screenshot"}
        for command in getattr(screen, "menu_commands", list)():
            titles.add(command.title)
            yield command
        own = [b for b in screen.BINDINGS if b not in self.BINDINGS]
        for binding in (*own, *self.BINDINGS):
            if not isinstance(binding, Binding) or binding.description in ("", *titles):
                continue
            if binding in self.BINDINGS or screen.check_action(binding.action, ()) is True:
                titles.add(binding.description)
                yield SystemCommand(
                    binding.description,
                    binding.tooltip or binding.description,
                    partial(
                        self.run_action,
                        binding.action,
                        self if binding in self.BINDINGS else screen,
                    ),
                )

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """:meth:`own_commands` first, then Textual's built-in commands not among them (no
        Screenshot in a browser); :class:`GameFirst` keeps this order in the palette."""
        own = list(self.own_commands(screen))
        titles = {command.title for command in own}
        if self.is_web or not self.files_here:
            titles.add("Screenshot")
        yield from own
        for command in super().get_system_commands(screen):
            if command.title not in titles:
                yield command

    async def action_help(self) -> None:
        """Show the keys of the current screen and the rules summary."""
        screen = self.screen
        keys = getattr(screen, "help_keys", list)()
        keys += [(self.keys_of(b), b.tooltip or b.description) for b in ALWAYS]
        keys += [
            ("ctrl+p", "command palette: the actions that apply now, by name"),
            ("tab, shift+tab", "move between the prompt, the tabs and the panels"),
            ("pageup, pagedown, home, end", "scroll the panel in focus (also the arrows)"),
            ("left, right", "on the tab bar: show another tab"),
            ("escape", "close a dialog or this help"),
        ]
        rules = getattr(screen, "rules_help", lambda: "")()
        from armistice.tui.screens.help import Help

        await self.push_screen(Help(keys, rules))

    async def action_quit(self) -> None:
        """Quit, asking first if the current game has unsaved answers."""
        screen = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if screen is not None and screen.unsaved:
            from armistice.tui.screens.dialogs import Confirm

            question = f"Quit with {screen.unsaved_words}?"
            self.push_screen(Confirm(question), lambda yes: self.exit() if yes else None)
            return
        self.exit()
