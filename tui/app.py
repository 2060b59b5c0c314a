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

from armistice.core.errors import IllegalAnswer
from armistice.core.game import Game
from armistice.tui.screens.game import GameScreen


def keymap_path() -> Path:
    """``$ARMISTICE_KEYMAP``, else ``$XDG_CONFIG_HOME/armistice/keymap.toml``."""
    if override := os.environ.get("ARMISTICE_KEYMAP"):
        return Path(override)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "armistice" / "keymap.toml"


def binding_ids() -> set[str]:
    """Every binding id a keymap may name."""
    from armistice.tui.screens.dialogs import ChooseFile, Confirm
    from armistice.tui.screens.setup import SetupScreen
    from armistice.tui.screens.start import StartScreen
    from armistice.tui.widgets.prompt import SelectionView

    classes = (ArmisticeApp, GameScreen, StartScreen, SetupScreen, SelectionView, Confirm)
    classes += (ChooseFile,)
    return {b.id for c in classes for b in c.BINDINGS if isinstance(b, Binding) and b.id}


def read_keymap(path: Path) -> tuple[dict[str, str], list[str]]:
    """Binding id -> keys from a keymap file's ``[keys]`` table, and the problems to report:
    entries that are not used (unknown id, not a text) are named and skipped."""
    if not path.is_file():
        return {}, []
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("keys", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, [f"{path}: ignored, {error}"]
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
    taken: dict[str, str] = {}
    for ident, key in keys.items():
        for one in key.split(","):
            if one in taken:
                problems.append(f"{path}: keys.{ident}: {one!r} is also given to {taken[one]}")
            taken[one] = ident
    return keys, problems


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
        if self.initial_game is not None:
            self.push_screen(GameScreen(self.initial_game))
        else:
            from armistice.tui.screens.start import StartScreen

            self.push_screen(StartScreen(self.seed))

    def key_of(self, ident: str, default: str) -> str:
        """The key bound to binding ``ident`` (after the keymap), for hints on screen."""
        return self.keys.get(ident, default).split(",")[0]

    def show_start(self) -> None:
        """Leave the current game for the start screen."""
        from armistice.tui.screens.start import StartScreen

        if any(isinstance(s, StartScreen) for s in self.screen_stack[:-1]):
            self.pop_screen()
        else:
            self.switch_screen(StartScreen(self.seed))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The built-in commands plus every binding of the active screen and the app."""
        built_in = [c for c in super().get_system_commands(screen) if c.title != "Quit"]
        yield from built_in
        titles = {command.title for command in built_in}
        for binding in (*screen.BINDINGS, *self.BINDINGS):
            if not isinstance(binding, Binding) or binding.description in ("", *titles):
                continue
            if binding in self.BINDINGS or screen.check_action(binding.action, ()) is True:
                yield SystemCommand(
                    binding.description,
                    binding.tooltip or binding.description,
                    partial(
                        self.run_action,
                        binding.action,
                        self if binding in self.BINDINGS else screen,
                    ),
                )

    async def action_help(self) -> None:
        """Show the keys of the current screen and the rules summary."""
        screen = self.screen
        keys = getattr(screen, "help_keys", list)()
        keys += [(self.get_key_display(b), b.tooltip or b.description) for b in self.BINDINGS]  # type: ignore[arg-type]
        keys += [
            ("ctrl+p", "command palette: the actions that apply now, by name"),
            ("tab, shift+tab", "move between the prompt, the tabs and the panels"),
            ("escape", "close a dialog or this help"),
        ]
        rules = getattr(screen, "rules_help", lambda: "")()
        from armistice.tui.screens.help import Help

        await self.push_screen(Help(keys, rules))

    async def action_quit(self) -> None:
        """Quit, asking first if the current game has unsaved answers."""
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.unsaved:
            from armistice.tui.screens.dialogs import Confirm

            question = f"Quit with {screen.unsaved} unsaved change(s)?"
            self.push_screen(Confirm(question), lambda yes: self.exit() if yes else None)
            return
        self.exit()
