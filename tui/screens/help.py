"""The help screen: the keys in effect and the rules in brief. Loaded on demand (Markdown is
slow to import)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static


class Help(ModalScreen[None]):
    """The keys in effect and a summary of the rules, in our own words."""

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help-close")]

    def __init__(self, keys: list[tuple[str, str]], rules: str) -> None:
        super().__init__()
        self.keys, self.rules = keys, rules

    def compose(self) -> ComposeResult:
        table = "\n".join(f"| `{k}` | {what} |" for k, what in self.keys)
        text = f"## Keys\n\n| key | does |\n| --- | --- |\n{table}\n\n{self.rules}"
        with VerticalScroll(classes="dialog wide-dialog"):
            yield Markdown(text)
            yield Static("escape closes", classes="dim")

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
