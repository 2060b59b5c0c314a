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

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from armistice.core.game import Game
from armistice.core.registry import Registry
from armistice.core.summary import Row, Section, Summary

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
    cut): the section's columns, the rule and a note, its totals first so that the result
    is in view without scrolling. Redraws only when the section changes; scrolls from the
    keyboard once focused.
    """

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
            for r in in_reading_order(section.rows)
        ]


def in_reading_order(rows: tuple[Row, ...]) -> list[Row]:
    """``rows`` with the totals first, the last total (the result) leading, then the rest
    in their order."""
    return [*reversed([r for r in rows if r.total]), *(r for r in rows if not r.total)]


GAP = 2
"""Cells between two columns of a section's table (one where two would not fit)."""
SOFT = 16
"""Cells a note column keeps before other columns are narrowed."""


def table(section: Section) -> SectionTable | Text:
    """A summary section as a table that fits the width it is drawn at: label, values,
    rule, note; totals first and in bold. When the section's tab name is shorter than its
    title, the title (which may explain the values, e.g. "got / table level") heads it."""
    if not section.rows:
        return Text(section.empty, style="dim")
    return SectionTable(section)


@dataclass(frozen=True)
class SectionTable:
    """A Rich renderable: ``section``'s rows as a table whose columns are fitted to the
    width given (see :func:`fit`); the rule numbers are never wrapped or cut."""

    section: Section

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        section = self.section
        shown = in_reading_order(section.rows)
        notes = any(row.explanation for row in shown)
        width = len(section.columns) - 1
        cells = [
            [r.label, *([r.value, *r.cells] + [""] * width)[:width], r.rule]
            + [r.explanation] * notes
            for r in shown
        ]
        headers = [*section.columns, "Rule", *["Note"] * notes]
        columns = list(zip(headers, *cells, strict=True))
        natural = [max(len(c) for c in column) for column in columns]
        words = [max(len(w) for c in column for w in [*c.split(), ""]) for column in columns]
        least = [min(n, max(w, 6)) for n, w in zip(natural, words, strict=True)]
        rule = len(section.columns)
        least[rule] = natural[rule]
        gap = GAP if sum(least) + GAP * (len(headers) - 1) <= options.max_width else 1
        room = options.max_width - gap * (len(headers) - 1)
        widths = fit(natural, least, room, first=len(headers) - 1 if notes else None)
        caption = section.title if section.tab and section.tab != section.title else None
        out = Table(
            box=None,
            pad_edge=False,
            padding=(0, 1) if gap == GAP else (0, 1, 0, 0),
            header_style="bold",
            title=caption,
            title_justify="left",
            title_style="dim",
        )
        for index, (header, size) in enumerate(zip(headers, widths, strict=True)):
            rule = index == len(section.columns)
            out.add_column(
                header,
                width=size,
                overflow="fold",
                no_wrap=rule,
                style="dim" if rule or (notes and index == len(headers) - 1) else "",
            )
        for row, line in zip(shown, cells, strict=True):
            out.add_row(*line, style="bold" if row.total else "")
        yield out


def fit(natural: list[int], least: list[int], room: int, first: int | None = None) -> list[int]:
    """Column widths that add up to at most ``room``: each column's ``natural`` width, less
    what it takes to fit, taken from column ``first`` (down to :data:`SOFT` cells, or its
    natural width if smaller) before any other, then from the widest column that can still
    give (down to its ``least``)."""
    widths = list(natural)
    if first is not None:
        floor = max(least[first], min(natural[first], SOFT))
        widths[first] = max(floor, widths[first] - max(0, sum(widths) - room))
    while sum(widths) > room:
        giving = [i for i, w in enumerate(widths) if w > least[i]]
        if not giving:
            break
        widths[max(giving, key=lambda i: widths[i])] -= 1
    return widths


def panels(game: Game) -> list[Widget]:
    """Fresh panel widgets for ``game``: one per summary section, then the system's own."""
    made: list[Widget] = [SectionPanel(section) for section in game.summary.sections]
    extra = DASHBOARDS.find(game.system.key)
    return made + (extra.panels() if extra else [])
