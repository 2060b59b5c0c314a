"""The errors armistice raises for input it refuses.

Every error subclasses :class:`ValueError`, says what went wrong and where,
and is raised before anything changes: a game that refuses an answer is the
game it was before the call.
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` safe to show on one line of a terminal: each control character (C0, DEL,
    C1; newlines and escapes included) written as its Python escape, ``\\n`` or ``\\x1b``."""
    return _CONTROL.sub(lambda m: repr(m[0])[1:-1], text)


class ArmisticeError(ValueError):
    """Base of every error armistice raises for bad input.

    ``where`` names the place (a file, a field, a prompt key) and ``reason``
    says what is wrong with it; ``str(error)`` joins them on one line, with any
    control character they hold (from a file name, a key or a value) escaped.
    """

    def __init__(self, where: str, reason: str) -> None:
        where, reason = printable(where), printable(reason)
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}" if where else reason)


class ScenarioError(ArmisticeError):
    """A scenario file that cannot be read, decoded or is inconsistent.

    ``where`` is ``"FILE: field"``; ``reason`` the rule or type it breaks.
    """

    def __init__(self, source: str, field: str, reason: str) -> None:
        source, field = printable(source), printable(field)
        self.source = source
        self.field = field
        where = f"{source}: {field}" if field else source
        super().__init__(where, reason)


class SaveError(ScenarioError):
    """A save file that is corrupt, foreign, of an unknown version or does not replay."""


class IllegalAnswer(ArmisticeError):
    """An answer the current prompt does not allow (a die of 7, an option not offered)."""


class RuleRestriction(IllegalAnswer):
    """An answer that is well-formed but forbidden by a rule, which ``reason`` cites."""


class UnknownAssumption(ArmisticeError):
    """An assumption key or value that the registry does not know."""


class GameOver(IllegalAnswer):
    """An answer given to a game whose procedures have all finished."""


class TableError(ScenarioError):
    """A rule table file that is malformed: wrong shape, a bad cell, a gap or an overlap.

    ``field`` is the place in the file (``free_french[3].cruisers``).
    """
