"""A checkbox whose unticked box is empty, so the two states differ in shape, not only in
a colour that some themes and terminals make hard to tell apart."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """Textual's Checkbox, drawn ``▐X▌`` when ticked and ``▐ ▌`` when not."""

    def render(self) -> Content:
        """The box for the current value, with its label."""
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()
