"""The log (newest last, each line with its rule) and the assumptions in effect."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog, Static

from armistice.core.assumptions import changed as changed_from
from armistice.core.game import Game
from armistice.core.ledger import LogEntry
from armistice.core.summary import Summary


class LogPanel(RichLog):
    """Every log entry of the game, oldest first, with its rule number."""

    TITLE = "Log"

    written: tuple[LogEntry, ...] = ()
    game: Game | None = None
    wrapped_at = 0

    def on_resize(self) -> None:
        """Wrap the log again at the new width."""
        width = self.scrollable_content_region.width
        if width != self.wrapped_at and self.game is not None:
            self.wrapped_at = width
            self.written = ()
            self.clear()
            self.show(self.game, self.game.summary)

    def show(self, game: Game, summary: Summary) -> None:
        """Bring the log up to ``game``'s: append what is new, rewrite if the past changed."""
        self.game = game
        log = game.log
        if log[: len(self.written)] != self.written:
            self.clear()
            self.written = ()
        for entry in log[len(self.written) :]:
            line = Text(f"{entry.rule:<8}", style="bold")
            line.append(entry.text)
            if entry.assumption:
                line.append(f"  [{entry.assumption}]", style="dim")
            self.write(line)
        self.written = log


class AssumptionsPanel(Static):
    """The named assumptions in effect, changed ones marked."""

    TITLE = "Assumptions"

    def show(self, game: Game, summary: Summary) -> None:
        """List every assumption of ``game``'s system with its value."""
        changed = changed_from(game.system.assumptions, game.assumptions)
        out = Text()
        for a in game.system.assumptions:
            value = game.assumptions[a.key]
            out.append(f"{a.key} ({a.rule}) = ", style="bold" if a.key in changed else "")
            out.append(value, style="bold reverse" if a.key in changed else "")
            out.append(f"\n  {a.meaning(value)}\n", style="dim")
        hint = "a changes them" if not game.answers else "fixed once the first answer is given"
        out.append(f"\n{hint}", style="italic")
        self.update(out)
