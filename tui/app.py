"""The armistice dashboard: a Textual app over the rules engine.

Keyboard first, usable at 80x24 and over SSH; every action is a binding with
an id (remappable in a keymap file) and a command in the command palette.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from core.errors import IllegalAnswer
from core.game import Game
from tui.screens.game import GameScreen
from tui.screens.start import StartScreen


def keymap_path() -> Path:
    """``$ARMISTICE_KEYMAP``, else ``$XDG_CONFIG_HOME/armistice/keymap.toml``."""
    if override := os.environ.get("ARMISTICE_KEYMAP"):
        return Path(override)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "armistice" / "keymap.toml"


def read_keymap(path: Path) -> tuple[dict[str, str], str]:
    """Binding id -> keys from a keymap file's ``[keys]`` table, and a problem to report ("" if none)."""
    if not path.is_file():
        return {}, ""
    try:
        keys = tomllib.loads(path.read_text(encoding="utf-8")).get("keys", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, f"{path}: ignored, {error}"
    if not isinstance(keys, dict) or not all(isinstance(v, str) for v in keys.values()):
        return {}, f"{path}: ignored, [keys] must map binding ids to key names"
    return keys, ""


class ArmisticeApp(App[None]):
    """Open ``game`` at once, or the start screen when it is None.

    ``seed`` fixes the dice of games started from the start screen; ``theme``
    names a Textual theme (``ansi-dark`` and ``ansi-light`` use the terminal's
    own palette); an unknown one raises IllegalAnswer.
    """

    CSS_PATH = "armistice.tcss"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding(
            "question_mark,f1", "help", "Help", id="help", tooltip="Keys and a summary of the rules"
        ),
        Binding(
            "q", "quit", "Quit", id="quit", tooltip="Leave armistice (asks if answers are unsaved)"
        ),
    ]

    def __init__(
        self, game: Game | None = None, seed: int | None = None, theme: str | None = None
    ) -> None:
        super().__init__()
        self.initial_game, self.seed = game, seed
        if theme:
            if theme not in self.available_themes:
                known = ", ".join(sorted(self.available_themes))
                raise IllegalAnswer("--theme", f"unknown theme {theme!r}; known: {known}")
            self.theme = theme

    def on_mount(self) -> None:
        keys, problem = read_keymap(keymap_path())
        if keys:
            self.set_keymap(keys)
        if problem:
            self.notify(problem, severity="warning")
        if self.initial_game is not None:
            self.push_screen(GameScreen(self.initial_game))
        else:
            self.push_screen(StartScreen(self.seed))

    def show_start(self) -> None:
        """Leave the current game for the start screen."""
        if any(isinstance(s, StartScreen) for s in self.screen_stack[:-1]):
            self.pop_screen()
        else:
            self.switch_screen(StartScreen(self.seed))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The built-in commands plus every binding of the active screen and the app."""
        built_in = list(super().get_system_commands(screen))
        yield from built_in
        titles = {command.title for command in built_in}
        for binding in (*screen.BINDINGS, *self.BINDINGS):
            if not isinstance(binding, Binding) or binding.description in ("", *titles):
                continue
            if binding in self.BINDINGS or screen.check_action(binding.action, ()) is True:
                yield SystemCommand(
                    binding.description,
                    binding.tooltip or binding.description,
                    partial(self.run_action, binding.action, screen),
                )

    async def action_help(self) -> None:
        """Show the keys of the current screen and the rules summary."""
        screen = self.screen
        keys = getattr(screen, "help_keys", list)()
        keys += [(b.key, b.tooltip or b.description) for b in self.BINDINGS]  # type: ignore[union-attr]
        keys.append(("ctrl+p", "command palette: every action by name"))
        rules = getattr(screen, "rules_help", lambda: "")()
        from tui.screens.help import Help

        await self.push_screen(Help(keys, rules))

    async def action_quit(self) -> None:
        """Quit, asking first if the current game has unsaved answers."""
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.unsaved:
            from tui.screens.dialogs import Confirm

            question = f"Quit with {screen.unsaved} unsaved change(s)?"
            self.push_screen(Confirm(question), lambda yes: self.exit() if yes else None)
            return
        self.exit()
