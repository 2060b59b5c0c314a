"""The keys every screen of a game keeps in view, and keys written as a player reads them."""

from __future__ import annotations

import re

from textual.binding import Binding
from textual.keys import format_key

ALWAYS = [
    Binding(
        "question_mark,f1",
        "app.help",
        "Help",
        id="help",
        tooltip="Keys and a summary of the rules",
    ),
    Binding(
        "q", "app.quit", "Quit", id="quit", tooltip="Leave armistice (asks if answers are unsaved)"
    ),
]
"""Help and Quit: the app's bindings, repeated first among a screen's own so that the footer
shows them before that screen's other keys at any width."""


def written(keys: str) -> str:
    """Textual key names as a player reads them: ``"question_mark,f1"`` gives ``"?, F1"``,
    ``"ctrl+p"`` gives ``"ctrl+p"``."""
    return ", ".join(_one(key.strip()) for key in keys.split(",") if key.strip())


def _one(key: str) -> str:
    *modifiers, name = key.split("+")
    if re.fullmatch(r"f\d+", name):
        shown = name.upper()
    elif "_" in name or name in ("plus", "minus"):
        shown = format_key(name)
    else:
        shown = name
    return "+".join([*modifiers, shown])
