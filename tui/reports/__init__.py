"""Plain-text reports of a game, one module per rule system, for pasting to an opponent."""

from __future__ import annotations

import importlib
import textwrap

from core.game import Game


def render(game: Game, with_log: bool = False) -> str:
    """The report of ``game`` in its rule system's own layout, plus the log if asked."""
    module = importlib.import_module(f"tui.reports.{game.system.name}")
    text: str = module.render(game)
    if with_log:
        lines = [
            textwrap.fill(
                e.text + (f" [{e.assumption}]" if e.assumption else ""),
                78,
                initial_indent=f"  {e.rule:<8} ",
                subsequent_indent=" " * 11,
            )
            for e in game.log
        ]
        text += "\nLog\n" + "\n".join(lines) + "\n"
    return text
