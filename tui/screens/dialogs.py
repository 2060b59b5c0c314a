"""Modal dialogs: confirm, choose a file, change assumptions."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from armistice.core.assumptions import Assumption


class Confirm(ModalScreen[bool]):
    """Ask a yes/no question about something that loses answers: only y answers yes; n or
    escape answers no; enter (and every other key) does nothing, so that a key pressed for
    what came before cannot answer it."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm-yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm-no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield Static("y: yes    n: no", classes="dim")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class Settle(ModalScreen[bool | None]):
    """Put to this player the ``question`` of an undo the other side asked: y accepts, n
    refuses; escape closes the question and settles nothing (the ask stays open, and the
    key ``later`` names puts the question again); enter and other keys do nothing."""

    BINDINGS = [
        Binding("y", "answer(True)", "Accept", id="settle-yes"),
        Binding("n", "answer(False)", "Refuse", id="settle-no"),
        Binding("escape", "answer(None)", "Later", id="settle-later"),
    ]

    def __init__(self, question: str, later: str) -> None:
        super().__init__()
        self.question, self.later = question, later

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield Static(
                f"y: accept    n: refuse    escape: later ({self.later} asks again)",
                classes="dim",
            )

    def action_answer(self, accept: bool | None) -> None:
        """Close with the answer (None: not settled)."""
        self.dismiss(accept)


class ChooseFile(ModalScreen[str | None]):
    """Type a path (or pick one of ``choices``); enter confirms, escape cancels. Enter on an
    empty name closes too, with an error notification titled ``refused`` (e.g. "Not
    saved")."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="file-cancel")]

    def __init__(
        self,
        title: str,
        default: str = "",
        choices: list[Path] | None = None,
        refused: str = "Not opened",
    ) -> None:
        super().__init__()
        self.title_text, self.default, self.choices = title, default, choices or []
        self.refused = refused

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text)
            yield Input(value=self.default, id="file-path")
            if self.choices:
                yield Label("Recent saves (tab, then enter):", classes="dim")
                yield OptionList(
                    *(Option(str(p), id=str(p)) for p in self.choices), id="file-recent"
                )
            yield Static("enter: confirm    escape: cancel", classes="dim")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.cursor_blink = False
        field.focus()

    @on(Input.Submitted)
    def _typed(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self.app.notify("no file name", title=self.refused, severity="error")
        self.dismiss(event.value.strip() or None)

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        """Close without a file."""
        self.dismiss(None)


class ChangeAssumptions(ModalScreen[dict[str, str] | None]):
    """Choose a value for each named assumption; read-only when ``locked`` says why they
    cannot be changed (the game has answers, or is shared)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="assumptions-cancel"),
        Binding("ctrl+a", "apply", "Apply", id="assumptions-apply"),
    ]

    def __init__(
        self, assumptions: tuple[Assumption, ...], values: Mapping[str, str], locked: str
    ) -> None:
        super().__init__()
        self.assumptions, self.values, self.locked = assumptions, dict(values), locked
        self.keys: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide-dialog"):
            yield Label("Named assumptions", classes="bold")
            if self.locked:
                yield Static(self.locked)
            else:
                yield Static(
                    "tab moves, enter opens a list, ctrl+a applies, escape cancels", classes="dim"
                )
            for a in self.assumptions:
                yield Static(f"{a.key} ({a.rule}): {a.question}")
                yield Select(
                    [(f"{c.value}: {c.means}", c.value) for c in a.choices],
                    value=self.values[a.key],
                    allow_blank=False,
                    disabled=bool(self.locked),
                    id=f"assume-{len(self.keys)}",
                )
                self.keys[f"assume-{len(self.keys)}"] = a.key

    def on_mount(self) -> None:
        self.query(Select).first().focus()

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        key = self.keys.get(event.select.id or "")
        if key is not None and isinstance(event.value, str):
            self.values[key] = event.value

    def action_apply(self) -> None:
        """Close with the chosen values (none when locked)."""
        self.dismiss(None if self.locked else self.values)

    def action_cancel(self) -> None:
        """Close without changes."""
        self.dismiss(None)
