"""What makes rule 58's tables playable, checked once for games and for ``armistice verify``:

* bounds: each value the loader does not already hold to a range is within the one its rule
  gives (the signs of the 58.21 modifiers, the voluntary level within the limit, the
  earliest voluntary surrender a turn a scenario can name, the 58.531 Vichy bonus, the 58.71
  deduction), and the Free French never get more with Vichy France established than
  without it (58.621);
* covers: every turn a scenario can name falls in exactly one 58.21D row, every modified
  colonial roll a game can reach in exactly one 58.531 row.

A game refuses house tables that break one (:func:`playable`, the first
:class:`Violation` as a TableError); verify reports every one (:func:`bounds`) and lists
the gaps and overlaps of its band proofs with :func:`regions`. A value that merely differs
from the book's is a house rule and plays.

Example::

    [str(v) for v in violations(t)]
    # ['level.earliest_voluntary: Fall 1927 (turn -50); must be a turn a scenario can
    #   name, Spring 1938..Winter 1950 (58.11B)']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.scenario import FIRST_TURN, LAST_TURN
from armistice.core.awaw.rule58.tables import (
    FORCE_FIELDS,
    FORCES_FILE,
    RULE58_FILE,
    Band,
    Tables,
    from_documents,
)
from armistice.core.awaw.words import turn_name
from armistice.core.dice import D6
from armistice.core.errors import TableError
from armistice.core.logic import band_index
from armistice.core.tablefiles import row

TURN_FIELDS = frozenset({"level.earliest_voluntary", "turn.low", "turn.high"})
"""Fields that hold a turn (seasons after Spring 1940), shown as a season and year."""

Span = tuple[int | None, int | None]


def shown(field: str, value: Any) -> str:
    """A table value as a designer reads it: a turn (a field of :data:`TURN_FIELDS`) as its
    season and year, ``none`` for an open bound, anything else as written."""
    if field in TURN_FIELDS and isinstance(value, int):
        return turn_name(value)
    return "none" if value is None else str(value)


@dataclass(frozen=True)
class Violation:
    """One thing that makes tables unplayable: in the table file ``file`` (``rule58.toml``
    or ``forces.toml``), ``table``, its row ``row`` as the file numbers it (from 1; None for
    a table of single values or the table as a whole), ``field`` (empty for the table as a
    whole), the ``value`` found in words and the ``reason``, which cites the rule."""

    file: str
    table: str
    row: int | None
    field: str
    value: str
    reason: str

    @property
    def place(self) -> str:
        """Where it is, as the file writes it: ``level.paris``, ``free_french row 7,
        infantry_factors`` or ``turn``."""
        if self.row is not None:
            head = row(self.table, self.row - 1)
            return f"{head}, {self.field}" if self.field else head
        return f"{self.table}.{self.field}" if self.field else self.table

    def __str__(self) -> str:
        said = f"{self.value}; {self.reason}" if self.value else self.reason
        return f"{self.place}: {said}"

    def error(self, source: str) -> TableError:
        """The TableError a game raises: ``source`` (the file), the place and the reason."""
        return TableError(
            source, self.place, f"{self.value}; {self.reason}" if self.value else self.reason
        )


@dataclass(frozen=True)
class Range:
    """What a rule allows a value of rule58.toml: ``test(value, tables)`` is True when it
    may hold it, ``says(tables)`` the allowed range in words, ``rule`` the rule giving it."""

    rule: str
    says: Callable[[Tables], str]
    test: Callable[[int, Tables], bool]


def _limit(t: Tables) -> int:
    return t.rules.level.limit


def _key_areas(t: Tables) -> int:
    return sum(area.brp for area in t.rules.key_area)


_AXIS = Range("58.21A", lambda t: "0 or more (Axis control favours the Axis)", lambda v, t: v >= 0)

RANGES: dict[str, Range] = {
    "level.paris": _AXIS,
    "level.lyon": _AXIS,
    "level.marseilles": _AXIS,
    "level.other_objective": Range(
        "58.21A",
        lambda t: "0 or less (an objective France holds favours France)",
        lambda v, t: v <= 0,
    ),
    "level.fleet_baseline": Range("58.21C", lambda t: "0 or more factors", lambda v, t: v >= 0),
    "level.cooperation": Range(
        "58.21F", lambda t: "0 or less (Allied research favours France)", lambda v, t: v <= 0
    ),
    "level.voluntary": Range(
        "58.22",
        lambda t: f"a level within the tables' limit, {-_limit(t):+d}..{_limit(t):+d}",
        lambda v, t: -_limit(t) <= v <= _limit(t),
    ),
    "level.earliest_voluntary": Range(
        "58.11B",
        lambda t: f"a turn a scenario can name, {turn_name(FIRST_TURN)}..{turn_name(LAST_TURN)}",
        lambda v, t: FIRST_TURN <= v <= LAST_TURN,
    ),
    "colony_roll.vichy_bonus": Range(
        "58.531", lambda t: "0 or more (Vichy France draws colonies to Vichy)", lambda v, t: v >= 0
    ),
    "brp.key_areas_deduction": Range(
        "58.71",
        lambda t: f"the key areas' BRPs added up, {_key_areas(t)}",
        lambda v, t: v == _key_areas(t),
    ),
}
"""The range of each value of rule58.toml the loader does not already hold to one (it
refuses a step below 1, a negative limit, cell or BRP value, an unknown status, region or
roll group), by ``table.field``."""

BOUND_RULES = tuple(sorted({r.rule for r in RANGES.values()} | {"58.621"}))
"""The rules :func:`bounds` holds the tables to."""


def bounds(t: Tables) -> list[Violation]:
    """Each value of :data:`RANGES` outside the range its rule gives, then each force-table
    cell where the Free French get more with Vichy France established than without (58.621),
    in file order; empty when every value is within its range."""
    found = []
    for where, r in RANGES.items():
        table, field = where.split(".")
        value = getattr(getattr(t.rules, table), field)
        if not r.test(value, t):
            written = shown(where, value)
            if where in TURN_FIELDS:
                written = f"{written} (turn {value})"
            found.append(
                Violation(
                    RULE58_FILE.name, table, None, field, written, f"must be {r.says(t)} ({r.rule})"
                )
            )
    return found + list(_more_with_vichy(t))


def _more_with_vichy(t: Tables) -> Iterator[Violation]:
    """58.621: cells where the Free French get more with Vichy France than without."""
    rows = {(r.fsl, r.vichy): i for i, r in enumerate(t.forces.free_french)}
    for lv in t.levels:
        with_, without = t.free_french[True][lv], t.free_french[False][lv]
        for field in FORCE_FIELDS:
            a, b = getattr(with_, field), getattr(without, field)
            if a > b:
                yield Violation(
                    FORCES_FILE.name,
                    "free_french",
                    rows[(lv, True)] + 1,
                    field.value,
                    f"{a} {field.unit} with Vichy at FSL {lv:+d}",
                    f"must be no more than the {b} of row {rows[(lv, False)] + 1}, without Vichy "
                    "(58.621)",
                )


def regions(
    bands: Sequence[Band], low: int, high: int
) -> tuple[list[Span], list[tuple[Span, tuple[int, ...]]]]:
    """Within ``low..high``: the spans no band covers, and those two or more bands cover with
    the rows (0-based, file order) that do, each band matched as the rules match it
    (:func:`armistice.core.logic.band_index`). Works on the band edges, so exact and quick
    however wide the span."""
    cuts = {low, high + 1}
    for b in bands:
        if b.low is not None and low <= b.low <= high:
            cuts.add(b.low)
        if b.high is not None and low <= b.high + 1 <= high + 1:
            cuts.add(b.high + 1)
    gaps: list[Span] = []
    overlaps: list[tuple[Span, tuple[int, ...]]] = []
    for start, stop in pairwise(sorted(cuts)):
        hit = tuple(i for i, b in enumerate(bands) if band_index((b.bounds,), start) == 0)
        span = (start, stop - 1)
        if not hit:
            if gaps and gaps[-1][1] is not None and gaps[-1][1] + 1 == start:
                gaps[-1] = (gaps[-1][0], span[1])
            else:
                gaps.append(span)
        elif len(hit) > 1:
            overlaps.append((span, hit))
    return gaps, overlaps


def span_words(span: Span, words: Callable[[int], str] = str) -> str:
    """A span of values as a designer reads it, each end written by ``words``: ``Fall 1940``
    or ``4..12``; an open end is ``any``."""
    low, high = ("any" if v is None else words(v) for v in span)
    return low if span[0] == span[1] else f"{low}..{high}"


def turns() -> range:
    """Every turn a scenario can name (58.21D's rows must cover each once)."""
    return range(FIRST_TURN, LAST_TURN + 1)


def reachable_rolls(t: Tables) -> list[int]:
    """Every modified colonial roll a game can reach under ``t`` (58.531: a die 1-6, plus a
    surrender level, plus the Vichy bonus or not), sorted, each once."""
    return sorted(
        {
            rules.colony_modified_roll(die, level, vichy, t)
            for die in D6.faces()
            for level in t.levels
            for vichy in (True, False)
        }
    )


def _rolls(span: Span) -> str:
    """Modified colonial rolls as a designer reads them: ``the modified roll 4``, ``the
    modified rolls 4..12``."""
    return f"the modified roll{'' if span[0] == span[1] else 's'} {span_words(span)}"


def _turns(span: Span) -> str:
    return span_words(span, turn_name)


def covers(t: Tables) -> list[Violation]:
    """The turns (58.21D) and modified colonial rolls (58.531) a game can reach that no row
    covers, or two rows do, each span once; empty when every one falls in exactly one row."""
    found = []
    rolls = reachable_rolls(t)
    tables: tuple[tuple[str, tuple[Band, ...], int, int, Callable[[Span], str]], ...] = (
        ("turn", t.rules.turn, FIRST_TURN, LAST_TURN, _turns),
        ("colony_result", t.rules.colony_result, rolls[0], rolls[-1], _rolls),
    )
    for table, bands, low, high, words in tables:
        gaps, overlaps = regions(bands, low, high)
        reasons = [f"gap: no row covers {words(gap)}" for gap in gaps]
        for span, hit in overlaps:
            numbers = ", ".join(str(i + 1) for i in hit[:-1]) + f" and {hit[-1] + 1}"
            verb = "both" if len(hit) == 2 else "all"
            reasons.append(f"overlap: rows {numbers} {verb} cover {words(span)}")
        found += [Violation(RULE58_FILE.name, table, None, "", "", r) for r in reasons]
    return found


def violations(t: Tables) -> list[Violation]:
    """Everything that makes ``t`` unplayable: :func:`bounds`, then :func:`covers`."""
    return bounds(t) + covers(t)


def playable(documents: Mapping[str, tuple[Mapping[str, Any], str]]) -> Tables:
    """The tables of :func:`~armistice.core.awaw.rule58.tables.from_documents` (decoded
    table files by name, each with the source naming it), refused when
    :func:`violations` finds one. Raises TableError naming the file, the row (from 1), the
    field, the value and the reason of the first."""
    t = from_documents(documents)
    found = violations(t)
    if found:
        first = found[0]
        published = {RULE58_FILE.name: str(RULE58_FILE), FORCES_FILE.name: str(FORCES_FILE)}
        source = documents[first.file][1] if first.file in documents else published[first.file]
        raise first.error(source)
    return t
