"""The start screen: the bundled scenarios and the recent saves, ready to open."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from armistice.core import scenario, systems
from armistice.core.errors import ArmisticeError, printable
from armistice.core.game import Game
from armistice.host.base import LocalHost
from armistice.tui import saves
from armistice.tui.screens.dialogs import ChooseFile
from armistice.tui.screens.game import GameScreen, open_path
from armistice.tui.widgets.footer import Footer


class StartScreen(Screen[None]):
    """Choose a bundled scenario or a recent save; ``seed`` fixes the dice of new games."""

    BINDINGS = [
        Binding(
            "o", "open", "Open file", id="open-file", tooltip="Open a scenario or save file by path"
        ),
        Binding(
            "p",
            "setup",
            "Set up position",
            id="setup",
            tooltip="Set up a position of your own from the highlighted scenario or save",
        ),
    ]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(
            "Choose a scenario or a save, then press enter; p sets up a position of your own "
            "from it.",
            id="start-hint",
        )
        yield OptionList(id="start-list")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "armistice"
        self.sub_title = "the Fall of France, resolved"
        self.on_screen_resume()

    def on_screen_resume(self) -> None:
        """List the scenarios and recent saves afresh, the entry highlighted before (if it is
        still listed) highlighted again, else the first scenario."""
        listing = self.query_one(OptionList)
        was = listing.highlighted_option.id if listing.highlighted_option is not None else None
        listing.clear_options()
        listing.add_option(Option("Bundled scenarios", disabled=True))
        system = ""
        for entry in scenario.bundled():
            if entry.system != system:
                system = entry.system
                heading = Text(f" {systems.get(system).title}", "bold underline")
                listing.add_option(Option(heading, disabled=True))
            listing.add_option(Option(scenario_label(entry), id=f"scenario:{entry.name}"))
        recent = saves.recent()
        if recent:
            listing.add_option(Option("Recent saves", disabled=True))
            for path in recent:
                listing.add_option(Option(f"  {printable(path.name)}", id=f"save:{path}"))
        first = next(o.id for o in listing.options if o.id)
        try:
            listing.highlighted = listing.get_option_index(was or first)
        except OptionDoesNotExist:
            listing.highlighted = listing.get_option_index(first)
        listing.focus()

    @on(OptionList.OptionSelected, "#start-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        kind, _, value = (event.option.id or "").partition(":")
        if kind == "scenario":
            self.start(value)
        elif kind == "save":
            self.resume(Path(value))

    def start(self, name: str) -> None:
        """Open a new game of the scenario ``name`` (a bundled name or a path)."""
        try:
            game = Game(scenario.load(name), seed=self.seed)
        except ArmisticeError as error:
            self.notify(str(error), title="Cannot open", severity="error", timeout=8)
            return
        self.app.push_screen(GameScreen(LocalHost(game)))

    def resume(self, path: Path) -> None:
        """Open a save file, or a scenario file, by path."""
        game = open_path(self, path, self.seed)
        if game is not None:
            self.app.push_screen(GameScreen(LocalHost(game)))

    def action_setup(self) -> None:
        """Set up a position from the highlighted scenario, or from a save's scenario under
        the save's house tables."""
        listing = self.query_one(OptionList)
        if listing.highlighted is None:
            return
        kind, _, value = (listing.get_option_at_index(listing.highlighted).id or "").partition(":")
        try:
            saved = Game.open(value) if kind == "save" else None
            loaded = saved.origin if saved else scenario.load(value)
        except ArmisticeError as error:
            self.notify(str(error), title="Cannot open", severity="error", timeout=8)
            return
        from armistice.tui.screens.setup import SetupScreen

        house = saved.house if saved else None
        self.app.push_screen(SetupScreen(loaded, value, self.seed, house))

    @work
    async def action_open(self) -> None:
        """Open a scenario (.toml) or save (.json) file by path."""
        path = await self.app.push_screen_wait(
            ChooseFile("Open a scenario or save file:", "", saves.recent())
        )
        if not path:
            return
        self.resume(saves.located(path))

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of this screen."""
        return [
            ("up/down", "move"),
            ("enter", "open the highlighted entry"),
            *((b.key, b.tooltip or b.description) for b in self.BINDINGS),
        ]

    def rules_help(self) -> str:
        """The rule summaries of every system."""
        return "\n".join(system.help(system.tables()) for system in systems.every())


def scenario_label(entry: scenario.BundledScenario) -> Group:
    """A bundled scenario as the start screen lists it: its name, and under it its title,
    indented, wrapping within that indent."""
    return Group(
        Padding(Text(entry.name, "bold"), (0, 0, 0, 2)),
        Padding(Text(entry.title, "dim"), (0, 0, 0, 4)),
    )
