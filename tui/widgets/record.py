"""The log (newest last, each line with its rule) and the assumptions in effect."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from armistice.core.assumptions import changed as changed_from
from armistice.core.game import Game
from armistice.core.ledger import LogEntry
from armistice.core.summary import Summary


class LogPanel(Static):
    """Every log entry of the game, oldest first, its rule number in a column of its own
    and its text wrapping beside it. Shown in a view that scrolls, which goes to the newest
    entry whenever the log changes."""

    TITLE = "Log"

    written: tuple[LogEntry, ...] = ()
    at_end = True
    """False while entries written since the view last went to the newest are unseen."""

    def show(self, game: Game, summary: Summary) -> None:
        """Bring the log up to ``game``'s."""
        log = game.log
        if log == self.written:
            return
        self.written = log
        table = Table.grid(padding=(0, 1, 0, 0), expand=True)
        table.add_column(
            width=max((len(e.rule) for e in log), default=1), style="bold", no_wrap=True
        )
        table.add_column(ratio=1)
        for entry in log:
            table.add_row(entry.rule, line(entry))
        self.update(table)
        self.at_end = False
        self.call_after_refresh(self.to_end)

    def on_show(self) -> None:
        """Show the newest entries when the log comes into view (they may have been
        written while its tab was hidden, when there was nothing to scroll)."""
        self.call_after_refresh(self.to_end)

    def to_end(self) -> None:
        """Scroll the view to the newest entry, once it is in view, if it has not been
        since the log last changed."""
        view = self.parent
        if self.at_end or not isinstance(view, Widget) or not view.size.height:
            return
        view.scroll_end(animate=False, immediate=False, x_axis=False)
        self.at_end = True


def line(entry: LogEntry) -> Text:
    """What one log entry says happened, and the assumption it used if any (its rule goes
    in a column of its own)."""
    shown = Text(entry.text)
    if entry.assumption:
        shown.append(f"  [{entry.assumption}]", style="dim")
    return shown


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
