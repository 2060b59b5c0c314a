"""What a state means to a reader: one summary per rule system, rendered everywhere.

A :class:`Summary` is sections of rows. The text report, ``--json`` and the dashboard
panels all render it with generic code, so a rule system writes its reading of a state
once. Rows carry the rule number and a short explanation in our own words.
"""

from __future__ import annotations

import msgspec


class Row(msgspec.Struct, frozen=True):
    """One line of a section: ``label``, its ``value``, more ``cells`` when the section has
    more columns, the ``rule`` number and an ``explanation``; ``total`` marks a sum or result
    line that readers set apart."""

    label: str
    value: str
    rule: str = ""
    explanation: str = ""
    cells: tuple[str, ...] = ()
    total: bool = False


class Section(msgspec.Struct, frozen=True):
    """A titled group of rows (``key`` names it in JSON and the dashboard).

    ``columns`` names the label column, the value column and each extra cell column;
    ``rule`` is the rule number the section covers; ``empty`` is what to show before
    anything is known; ``tab`` a shorter title for a tab (the title if empty).
    """

    key: str
    title: str
    rule: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...] = ()
    empty: str = "nothing yet"
    tab: str = ""


class Summary(msgspec.Struct, frozen=True):
    """A state as a reader sees it: a ``title`` line, ``facts`` (label, value) about the
    game as a whole, and the ``sections`` in reading order; ``result`` is the outcome in a
    few rows, read first once the procedure is complete (empty before)."""

    title: str
    facts: tuple[tuple[str, str], ...]
    sections: tuple[Section, ...]
    result: tuple[Row, ...] = ()

    def section(self, key: str) -> Section:
        """The section called ``key``; raises KeyError if there is none."""
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(key)
