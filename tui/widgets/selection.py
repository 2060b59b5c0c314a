"""Choosing amounts of ships or units against a required total.

Each row shows how many are chosen of how many there are, then the item's whole label and
note, wrapped to the table's width so nothing (name, factors, condition, port) is cut.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from armistice.core.errors import IllegalAnswer
from armistice.core.prompts import Selection, Via
from armistice.tui.widgets.answering import Answered, Refused

CHOSEN = "Chosen"
PADDING = 1
"""Cells on each side of a table cell (DataTable's cell padding)."""
SCROLLBAR = 1
"""Columns kept for the table's vertical scrollbar (see the stylesheet)."""


def chosen(taken: int, available: int) -> str:
    """The first cell of a row: ``taken`` of ``available`` (e.g. ``2 of 6``)."""
    return f"{taken} of {available}"


def heading(prompt: Selection, width: int) -> str:
    """The heading of the items' column, ``width`` cells wide: what the prompt says the
    items are (:attr:`Selection.heading`), with ``(note)`` when some item has a note under
    its label; cut with an ellipsis if longer than the column."""
    text = prompt.heading + (" (note)" if any(item.note for item in prompt.items) else "")
    return text if len(text) <= width else text[: width - 1] + "…"


class SelectionView(Vertical):
    """Choose amounts of items against a required total, higher tiers first.

    Posts :class:`Answered` with the picks, and :class:`Refused` with the reason for a pick
    the prompt refuses (an empty reason once a pick is made).
    """

    # The line under the list names these keys, so the key bar keeps its room for the
    # screen's own (save, open...), which an 80-column bar could not show beside them.
    BINDINGS = [
        Binding("space", "toggle", "Take/drop", id="selection-toggle", show=False),
        Binding("plus,equals_sign", "more", "One more", id="selection-more", show=False),
        Binding("minus", "less", "One less", id="selection-less", show=False),
        Binding("enter", "confirm", "Confirm", id="selection-confirm", show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.prompt: Selection | None = None
        self.picked: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        yield DataTable(id="selection-table", cursor_type="row", cell_padding=PADDING)
        yield Static(id="selection-total")

    def show(self, prompt: Selection, restore: Mapping[str, int] | None = None) -> None:
        """Show ``prompt``. A new prompt starts with nothing chosen and the cursor on its
        first row, or with ``restore`` chosen (the picks of an answer just taken back); a
        pick under way for the same prompt is kept (e.g. across a resize)."""
        table = self.query_one(DataTable)
        if restore is not None:
            self.picked = {k: v for k, v in restore.items() if v}
        elif prompt != self.prompt:
            self.picked = {}
        fresh = prompt != self.prompt or restore is not None
        self.prompt = prompt
        self._render_rows()
        if fresh:
            table.move_cursor(row=0, scroll=True)
            table.scroll_home(animate=False)

    def on_resize(self) -> None:
        """Wrap the rows again at the new width."""
        self._render_rows()

    def _choice_width(self, first: int) -> int:
        """Cells left for the label and note column beside a first column ``first`` wide."""
        table = self.query_one(DataTable)
        width = table.scrollable_content_region.width or table.size.width or 60
        return max(12, width - first - 4 * PADDING - SCROLLBAR)

    def _render_rows(self) -> None:
        prompt = self.prompt
        if prompt is None:
            return
        table: DataTable[Text] = self.query_one(DataTable)
        row = table.cursor_row
        cells = [chosen(self.picked.get(i.id, 0), i.available) for i in prompt.items]
        first = max(len(CHOSEN), *(len(c) for c in cells))
        width = self._choice_width(first)
        table.clear(columns=True)
        table.add_column(CHOSEN, width=first, key="chosen")
        table.add_column(heading(prompt, width), width=width, key="choice")
        for item, cell in zip(prompt.items, cells, strict=True):
            taken = self.picked.get(item.id, 0)
            blocked = prompt.blocked(self.picked, item.id) and not taken
            label = Text(item.label, style="dim" if blocked else "")
            if item.note:
                label.append("\n" + item.note, style="dim italic")
            lines = label.wrap(self.app.console, width)
            table.add_row(
                Text(cell, style="bold" if taken else ""),
                Text("\n").join(lines),
                key=item.id,
                height=len(lines),
            )
        if prompt.items:
            table.move_cursor(row=min(row, len(prompt.items) - 1), scroll=False)
        total = sum(self.picked.values())
        most = prompt.amount(prompt.required)
        span = (
            most
            if prompt.least == prompt.required
            else f"up to {most}"
            if prompt.least == 0
            else f"{prompt.least} to {most}"
        )
        status = Text(f"{total} chosen; pick {span}. ", style="bold")
        key_of = getattr(self.app, "key_of", lambda _i, d: d)
        status.append(
            f"{key_of('selection-toggle', 'space')} take/drop · "
            f"{key_of('selection-more', '+')}/{key_of('selection-less', '-')} one more/less · "
            "enter confirm",
            style="dim",
        )
        self.query_one("#selection-total", Static).update(status)

    def _current(self) -> str | None:
        table = self.query_one(DataTable)
        if self.prompt is None or not self.prompt.items:
            return None
        return self.prompt.items[table.cursor_row].id

    def _add(self, ident: str, amount: int) -> str:
        assert self.prompt is not None
        for _ in range(amount):
            reason = self.prompt.blocked(self.picked, ident)
            if reason:
                return reason
            self.picked[ident] = self.picked.get(ident, 0) + 1
        return ""

    def _changed(self, problem: str) -> None:
        self._render_rows()
        self.post_message(Refused(problem))

    def action_toggle(self) -> None:
        """Take as much of the item under the cursor as allowed, or drop it all."""
        ident = self._current()
        if ident is None or self.prompt is None:
            return
        if self.picked.get(ident):
            self.picked.pop(ident)
            self._changed("")
            return
        item = next(i for i in self.prompt.items if i.id == ident)
        reason = self._add(ident, item.available)
        self._changed(reason if not self.picked.get(ident) else "")

    def action_more(self) -> None:
        """One more unit or factor of the item under the cursor."""
        if (ident := self._current()) is not None:
            self._changed(self._add(ident, 1))

    def action_less(self) -> None:
        """One less of the item under the cursor."""
        if (ident := self._current()) is not None and self.picked.get(ident):
            self.picked[ident] -= 1
            if not self.picked[ident]:
                self.picked.pop(ident)
            self._changed("")

    @on(DataTable.RowSelected)
    def _enter(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_confirm()

    def action_confirm(self) -> None:
        """Send the pick if the prompt accepts it; otherwise say why not."""
        if self.prompt is None:
            return
        try:
            self.prompt.check(self.picked)
        except IllegalAnswer as error:
            self.post_message(Refused(error.reason))
            return
        self.post_message(Answered(self.prompt.key, dict(self.picked), Via.DECIDED))
