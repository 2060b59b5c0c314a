"""State panels per rule system: each system's module lists the panels the dashboard shows.

A system module ``tui.panels.<name>`` provides ``panels() -> list[StatePanel]``
(each a Textual widget with a ``TITLE`` and ``show(game)``) and ``HELP``, a
Markdown summary of its rules in our own words. Adding a rule system to the
dashboard means adding such a module.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from textual.widget import Widget

from core.game import Game


class StatePanel(Protocol):
    """A widget that renders part of a game's state."""

    TITLE: str

    def show(self, game: Game) -> None:
        """Render ``game``'s current state."""


def panels(system: str) -> list[Widget]:
    """Fresh panel widgets for ``system``, in display order."""
    module = importlib.import_module(f"tui.panels.{system}")
    made: list[Widget] = module.panels()
    return made


def rules_help(system: str) -> str:
    """The Markdown summary of ``system``'s rules."""
    text: str = importlib.import_module(f"tui.panels.{system}").HELP
    return text
