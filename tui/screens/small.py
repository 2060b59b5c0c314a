"""What the dashboard shows in a window too small for it: the size it needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

MINIMUM = Size(80, 24)
"""The smallest window, in columns and rows, the dashboard is laid out for."""


def too_small(size: Size) -> bool:
    """True when ``size`` is narrower or shorter than :data:`MINIMUM`."""
    return size.width < MINIMUM.width or size.height < MINIMUM.height


def message(size: Size) -> str:
    """What to tell a player whose window is ``size``."""
    return (
        f"armistice needs a window of at least {MINIMUM.width}x{MINIMUM.height}; "
        f"this one is {size.width}x{size.height}. Make it larger to go on "
        "(q quits)."
    )


class TooSmall(Screen[None]):
    """Covers the dashboard while the window is too small; the app removes it once the
    window is large enough again."""

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.show_size(self.app.size)

    def show_size(self, size: Size) -> None:
        """Say how large the window must be, given that it is ``size`` now."""
        self.query_one("#too-small", Static).update(message(size))
