"""The Vichy France diplomatic table as its text reads, written apart from the engine: the
rows and what each reads and does, the policies, the modifiers and the base value
(:data:`BOOK`), and what a result does read with the numbers of any table (:class:`Table`,
the book's or a house table's, :func:`house`): the row a result reads, the policy after
it, which units it removes or sends Free French, the BRPs it pays.

Properties judge the engine against these; nothing here calls the engine: :func:`house`
only copies the values a table file holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import z3


class Row(NamedTuple):
    """A result row as the text gives it: its ``id``, the modified results ``low..high`` it
    reads, its ``effect`` on the policy in effect (``set``, ``deactivate``,
    ``continue_allied``, ``continue``, ``continue_axis``), the ``policy`` it sets, what it
    does to the ``colonies`` (``free_french``, ``capital_holder``, ``none``), who holds the
    Vichy hexes after it (``""``: unchanged) and the ``brps`` it pays the Axis."""

    id: str
    low: int
    high: int
    effect: str
    policy: str = "none"
    colonies: str = "none"
    hex_control: str = ""
    brps: int = 0


class PolicyText(NamedTuple):
    """A policy: its ``direction`` (``allied``, ``axis``, ``none``), its ``rank`` in it (how
    far it goes), the ``alignment`` it gives Vichy, the 2-3 infantry ``volunteers`` it lets go
    east and whether Vichy ``lean`` s to the Axis."""

    direction: str
    rank: int
    alignment: str
    volunteers: int
    lean: bool


@dataclass(frozen=True)
class Table:
    """The numbers a reading of the rule uses: the ``base`` added to every roll, the
    ``low`` and ``high`` ends, the ``rows`` lowest first, each policy by id and each modifier
    by its name in vichy.toml (signed toward the Axis, sizes for "+/-" ones)."""

    base: int
    low: int
    high: int
    rows: tuple[Row, ...]
    policies: Mapping[str, PolicyText]
    modifiers: Mapping[str, int]

    def row(self, ident: str) -> Row:
        """The row called ``ident``; raises KeyError if there is none."""
        return next(r for r in self.rows if r.id == ident)

    @property
    def continuing(self) -> int:
        """The index of the row whose every policy continues (the 3-4 row of the book)."""
        return next(i for i, r in enumerate(self.rows) if r.effect == "continue")


BOOK = Table(
    base=0,
    low=-3,
    high=10,
    rows=(
        Row("-3", -3, -3, "set", "-3", "free_french"),
        Row("-2", -2, -2, "set", "-2", "free_french"),
        Row("-1", -1, -1, "deactivate", colonies="capital_holder", hex_control="allied"),
        Row("0", 0, 0, "deactivate", colonies="capital_holder", hex_control="vichy"),
        Row("1-2", 1, 2, "continue_allied"),
        Row("3-4", 3, 4, "continue"),
        Row("5-6", 5, 6, "continue_axis", "5-6"),
        Row("7", 7, 7, "set", "7", brps=10),
        Row("8", 8, 8, "set", "8", hex_control="axis", brps=20),
        Row("9", 9, 9, "set", "9"),
        Row("10", 10, 10, "set", "10"),
    ),
    policies={
        "none": PolicyText("none", 0, "neutral", 0, False),
        "-3": PolicyText("allied", 3, "allied_ally", 0, False),
        "-2": PolicyText("allied", 2, "allied_associated", 0, False),
        "5-6": PolicyText("axis", 1, "neutral", 1, True),
        "7": PolicyText("axis", 2, "neutral", 2, True),
        "8": PolicyText("axis", 3, "neutral", 3, True),
        "9": PolicyText("axis", 4, "axis_associated", 3, True),
        "10": PolicyText("axis", 5, "axis_ally", 3, True),
    },
    modifiers={
        "active_ally": 3,
        "associated": 2,
        "german_hexes": 1,
        "unbuilt_unit": 1,
        "factor_step": 5,
        "allied_capital": -1,
        "no_axis_in_africa": -1,
        "landing_continent": -1,
        "landing_france": -2,
        "us_at_war": -1,
        "spain_axis": -1,
        "fsl_negative": -1,
        "fsl_positive": 1,
        "usat_limit": 25,
        "usat_low": 1,
        "axis_malta": 1,
        "axis_suez_or_alexandria": 1,
        "axis_gibraltar": 1,
        "colony_attacked": 2,
    },
)
"""The table as the book prints it: "Vichy France (0)", its rows -3 to 10 and modifiers."""

POLICIES = tuple(BOOK.policies)
"""Every policy that may be in effect."""


def house(t: Any) -> Table:
    """The numbers of the table ``t`` (the engine's checked tables, read field by field)."""
    rows = tuple(
        Row(
            r.id,
            r.low,
            r.high,
            r.effect.value,
            r.policy.value,
            r.colonies.value,
            r.hex_control.value if r.hex_control is not None else "",
            r.brps,
        )
        for r in t.rows
    )
    policies = {
        p.id.value: PolicyText(p.direction.value, p.rank, p.alignment.value, p.volunteers, p.lean)
        for p in t.policies.values()
    }
    modifiers = {name: getattr(t.modifiers, name) for name in BOOK.modifiers}
    return Table(t.ends.base, t.ends.low, t.ends.high, rows, policies, modifiers)


def held(result: Any, table: Table = BOOK) -> Any:
    """A modified result held at the table's ends (a z3 term for a z3 term)."""
    return z3.If(result < table.low, table.low, z3.If(result > table.high, table.high, result))


def policy_after(before: str, row: str, stronger: bool = True, table: Table = BOOK) -> str:
    """The policy in effect after ``row`` when ``before`` was: a deactivation leaves none; a
    row where policies continue keeps every one; a row that continues one direction keeps
    a policy of that direction and negates one of the other (the 1-2 row then leaves none,
    the 5-6 row its own); a row that sets a policy sets it, unless (``stronger``,
    awaw.vichy.policy_strength) a stronger one of its direction is in effect."""
    r = table.row(row)
    was = table.policies[before]
    if r.effect == "deactivate":
        return "none"
    if r.effect == "continue":
        return before
    if r.effect == "continue_allied":
        return before if was.direction != "axis" else "none"
    if r.effect == "continue_axis":
        return before if was.direction == "axis" else r.policy
    new = table.policies[r.policy]
    if stronger and was.direction == new.direction and was.rank > new.rank:
        return before
    return r.policy


def removes_units(row: str, table: Table = BOOK) -> bool:
    """Whether ``row`` removes every Vichy unit from play: a deactivation does."""
    return table.row(row).effect == "deactivate"


def colonies_free_french(row: str, table: Table = BOOK) -> bool:
    """Whether ``row`` sends the Vichy colonies Free French, with the forces in them."""
    return table.row(row).colonies == "free_french"


def brps(row: str, table: Table = BOOK) -> int:
    """The BRPs Vichy France pays the Axis each time ``row`` is rolled."""
    return table.row(row).brps


def differences(table: Table, book: Table = BOOK) -> tuple[list[str], list[str]]:
    """The values of ``table`` that differ from ``book``'s, as ``<place> <value>, book
    <value>`` with rows numbered from 1 as in the file: first those of the rows and
    policies, then those of the base, the ends and the modifiers."""
    rows: list[str] = []
    if len(table.rows) != len(book.rows):
        rows.append(f"row has {len(table.rows)} rows, book {len(book.rows)}")
    for i, (edited, printed) in enumerate(zip(table.rows, book.rows, strict=False)):
        for name, a, b in zip(Row._fields, edited, printed, strict=True):
            if a != b:
                rows.append(f"row {i + 1} ({printed.id}), {name} {_said(a)}, book {_said(b)}")
    for ident, stated in book.policies.items():
        for name, a, b in zip(PolicyText._fields, table.policies[ident], stated, strict=True):
            if a != b:
                rows.append(f"policy {ident}, {name} {_said(a)}, book {_said(b)}")
    numbers: list[str] = []
    for name in ("base", "low", "high"):
        if getattr(table, name) != getattr(book, name):
            numbers.append(f"table.{name} {getattr(table, name)}, book {getattr(book, name)}")
    for name, value in book.modifiers.items():
        if table.modifiers[name] != value:
            numbers.append(f"modifiers.{name} {table.modifiers[name]}, book {value}")
    return rows, numbers


def _said(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)
