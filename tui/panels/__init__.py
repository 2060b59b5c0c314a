"""The dashboard's state panels: one table per section of the rule system's summary, then
any panels a rule system adds of its own.

A rule system's own panels are declared as a :class:`Dashboard` under the
``armistice.dashboards`` entry point group (``KEY = "module:DASHBOARD"``), or made known
at run time with :func:`register`; the dashboard finds them by the system's key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from armistice.core.game import Game
from armistice.core.registry import Registry
from armistice.core.summary import Section, Summary

GROUP = "armistice.dashboards"


class StatePanel(Protocol):
    """A widget that renders part of a game: ``TITLE`` names its tab."""

    TITLE: str

    def show(self, game: Game, summary: Summary) -> None:
        """Render ``game``'s current state; ``summary`` is its summary, made once per frame."""


@dataclass(frozen=True)
class Dashboard:
    """What a rule system adds to the dashboard: ``system`` is its key; ``panels()`` makes
    fresh widgets (each a :class:`StatePanel` with an id) shown after the summary's."""

    system: str
    panels: Callable[[], list[Widget]]


DASHBOARDS: Registry[Dashboard] = Registry(GROUP, Dashboard, lambda d: d.system)
"""The rule systems that add panels of their own."""


def register(dashboard: Dashboard) -> None:
    """Make a rule system's own panels known at run time; raises ValueError if it has some."""
    DASHBOARDS.register(dashboard)


def unregister(system: str) -> None:
    """Forget what :func:`register` made known for ``system``."""
    DASHBOARDS.unregister(system)


class SectionPanel(VerticalScroll):
    """One section of the summary as a table that wraps to the panel's width (no label is
    cut): the section's columns, the rule and a note. Redraws only when the section changes.
    """

    can_focus = True

    def __init__(self, section: Section) -> None:
        super().__init__(id=section.key, classes="section")
        self.key = section.key
        self.TITLE = section.tab or section.title
        self.shown: Section | None = None

    def compose(self) -> ComposeResult:
        yield Static()

    def show(self, game: Game, summary: Summary) -> None:
        """Render this panel's section of ``summary``."""
        section = summary.section(self.key)
        if section == self.shown:
            return
        self.shown = section
        self.query_one(Static).update(table(section))

    def rows(self) -> list[list[str]]:
        """The cells shown, row by row, as plain text."""
        section = self.shown
        if section is None:
            return []
        width = len(section.columns) - 1
        return [
            [r.label, *([r.value, *r.cells] + [""] * width)[:width], r.rule, r.explanation]
            for r in section.rows
        ]


def table(section: Section) -> Table | Text:
    """A summary section as a Rich table: label, values, rule, note; totals in bold."""
    if not section.rows:
        return Text(section.empty, style="dim")
    out = Table(box=None, expand=True, pad_edge=False, header_style="bold")
    longest = max(len(row.label) for row in section.rows)
    out.add_column(section.columns[0], overflow="fold", min_width=min(longest, 24))
    for name in section.columns[1:]:
        out.add_column(name, overflow="fold")
    rules = max(len(row.rule) for row in section.rows)
    out.add_column("Rule", no_wrap=True, style="dim", min_width=rules)
    notes = any(row.explanation for row in section.rows)
    if notes:
        out.add_column("Note", overflow="fold", style="dim", ratio=1, min_width=8)
    width = len(section.columns) - 1
    for row in section.rows:
        style = "bold" if row.total else ""
        values = ([row.value, *row.cells] + [""] * width)[:width]
        out.add_row(row.label, *values, row.rule, *[row.explanation][:notes], style=style)
    return out


def panels(game: Game) -> list[Widget]:
    """Fresh panel widgets for ``game``: one per summary section, then the system's own."""
    made: list[Widget] = [SectionPanel(section) for section in game.summary.sections]
    extra = DASHBOARDS.find(game.system.key)
    return made + (extra.panels() if extra else [])
