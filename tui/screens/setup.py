"""The set-up screen: a player's own position, edited in a form made from the scenario's field
descriptions, with what it would resolve to (the summary before the first answer and the
exact odds) beside it as they type. Saves the position as a commented scenario file and
starts the resolution from it. Written once for every rule system."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from armistice.core import systems
from armistice.core.errors import ArmisticeError, ScenarioError
from armistice.core.fields import describe
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.scenario import from_mapping
from armistice.core.tablefiles import HouseTables
from armistice.host.base import LocalHost
from armistice.tui import positions, saves
from armistice.tui.prompting import result_name
from armistice.tui.screens.dialogs import ChooseFile
from armistice.tui.widgets.form import Form

STALE = "Not counted: the position has a problem (marked in the form). Showing the last good one."


class SetupScreen(Screen[None]):
    """Edit ``scenario`` (a decoded scenario struct, from ``source``: a bundled name or a
    file) under the ``house`` tables (None: the published ones), which every check, summary
    and game started here uses; ``seed`` fixes the dice of the game it starts. ``scenario``
    holds the last position that passed every check, which is what is summarised, saved and
    started."""

    DEFAULT_CSS = """
    SetupScreen #setup-form { width: 1fr; }
    SetupScreen #setup-side {
        width: 42%; max-width: 64; border-left: vkey $foreground 30%; padding: 0 1;
    }
    SetupScreen #setup-stale { color: $text-error; height: auto; }
    """
    BINDINGS = [
        Binding(
            "ctrl+s",
            "save",
            "Save",
            id="setup-save",
            priority=True,
            tooltip="Write this position to a scenario file",
        ),
        Binding(
            "ctrl+r",
            "start",
            "Resolve",
            id="setup-start",
            priority=True,
            tooltip="Start resolving from this position",
        ),
        Binding("escape", "back", "Back", id="setup-back", tooltip="Leave the set-up screen"),
    ]

    def __init__(
        self,
        scenario: Any,
        source: str,
        seed: int | None = None,
        house: HouseTables | None = None,
    ) -> None:
        super().__init__()
        self.scenario, self.source, self.seed, self.house = scenario, source, seed, house
        self.system = systems.get(scenario.system)
        self.valid = True

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="setup-body"):
            yield Form(
                describe(self.system.scenario_type),
                msgspec.to_builtins(self.scenario),
                skip=("system", "players"),
                id="setup-form",
            )
            with VerticalScroll(id="setup-side"):
                yield Static("", id="setup-stale")
                yield Static("", id="setup-summary")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Set up a position"
        house = f" under the house tables {self.house.describe()}" if self.house else ""
        self.sub_title = f"{self.source}{house}"
        self._show(Game(self.scenario, seed=self.seed or 0, tables=self.house))
        self.focus_next()

    @on(Form.Changed)
    def _edited(self, event: Form.Changed) -> None:
        form = event.form
        if event.problems:
            form.show({})
            self._stale(True)
            return
        try:
            scenario = from_mapping(event.values, self.source, self.house)
            game = Game(scenario, seed=self.seed or 0, tables=self.house)
        except ScenarioError as error:
            form.show({error.field: error.reason})
            self._stale(True)
            return
        except ArmisticeError as error:
            form.show({"": str(error)})
            self._stale(True)
            return
        form.show({})
        self.scenario = scenario
        self._stale(False)
        self._show(game)

    def _stale(self, stale: bool) -> None:
        self.valid = not stale
        self.query_one("#setup-stale", Static).update(Text(STALE, "bold") if stale else "")

    def _show(self, game: Game) -> None:
        """The summary before the first answer, and the exact odds with defaults taken."""
        self.query_one("#setup-summary", Static).update(summary_text(game))

    @work
    async def action_save(self) -> None:
        """Ask for a file name and write the position there as commented TOML."""
        if not self.valid:
            self.notify("Fix the marked field first.", title="Not saved", severity="error")
            return
        path = await self.app.push_screen_wait(
            ChooseFile(
                "Save this position as a new .toml file (a name alone goes in the saves folder):",
                f"{saves.file_stem(self.scenario.name)}.toml",
                refused="Not saved",
            )
        )
        if not path:
            return
        target = saves.target(path, ".toml")
        try:
            saves.ensure_folder(target)
            positions.write(self.scenario, target, self.source)
        except ArmisticeError as error:
            self.notify(str(error), title="Not saved", severity="error", timeout=8)
            return
        self.notify(f"Saved to {target}", title="Saved")

    def action_start(self) -> None:
        """Start resolving the position."""
        if not self.valid:
            self.notify("Fix the marked field first.", title="Cannot start", severity="error")
            return
        from armistice.tui.screens.game import GameScreen

        game = Game(self.scenario, seed=self.seed, tables=self.house)
        self.app.push_screen(GameScreen(LocalHost(game)))

    def action_back(self) -> None:
        """Leave the set-up screen."""
        self.app.pop_screen()

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of this screen."""
        return [
            ("tab, shift+tab", "move between fields; enter opens a list or an entry"),
            ("space", "tick or untick a box"),
            *((b.key, b.tooltip or b.description) for b in self.BINDINGS),
        ]

    def rules_help(self) -> str:
        """The rules summary of the position's system."""
        return self.system.help(self.house.tables if self.house else self.system.tables())


def summary_text(game: Game) -> Group:
    """The summary's facts and every section with rows (modifiers of +0 left out), then each
    outcome's exact odds with decisions at their defaults, for a narrow column."""
    summary = game.summary
    parts: list[Text | Table] = []
    for label, value in summary.facts:
        parts.append(Text.assemble((f"{label} ", "bold"), value))
    for section in summary.sections:
        rows = [r for r in section.rows if r.value != "+0"]
        if not rows:
            continue
        parts.append(Text(f"\n{section.title} ({section.rule})", "bold"))
        table = Table(box=None, show_header=False, padding=(0, 1, 0, 0), expand=True)
        table.add_column(justify="right", no_wrap=True)
        table.add_column(ratio=1)
        table.add_column(style="dim", no_wrap=True)
        for row in rows:
            table.add_row(row.value, row.label, row.rule, style="bold" if row.total else "")
        parts.append(table)
    result = odds(game)
    names = game.system.key_names(game.scenario, game.tables)
    if result.marginals:
        parts.append(Text.assemble(("\nOdds", "bold"), (" (decisions at their defaults)", "dim")))
    for key, dist in result.marginals.items():
        chances = sorted(dist.items(), key=lambda kv: -kv[1])
        line = ", ".join(f"{result_name(game.system, label)} {_percent(p)}" for label, p in chances)
        parts.append(Text(f"{names.get(key, key)}: {line}"))
    return Group(*parts)


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"
