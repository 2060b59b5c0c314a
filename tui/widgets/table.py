"""A read-only table that redraws only when its rows change."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import DataTable

Cell = str | Text


class StateTable(DataTable[Cell]):
    """A DataTable without a cursor whose ``fill`` skips identical rows."""

    COLUMNS: tuple[str, ...] = ()

    def on_mount(self) -> None:
        self.cursor_type = "none"
        self.add_columns(*self.COLUMNS)
        self._rows: list[tuple[Cell, ...]] | None = None

    def fill(self, rows: Sequence[Sequence[Cell]]) -> None:
        """Show ``rows``, unless they are what the table already shows."""
        fresh = [tuple(r) for r in rows]
        if fresh == self._rows:
            return
        self._rows = fresh
        self.clear()
        for row in fresh:
            self.add_row(*row)
