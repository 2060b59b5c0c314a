"""The Vichy France diplomatic table, loaded from ``data/vichy.toml`` beside this module.

:func:`load` decodes and checks the file (rows cover the table's ends once, every row's
policy is listed, a set or lean row names its policy) and gives immutable look-ups.
Errors are :class:`~armistice.core.errors.TableError` naming the file, the place
(rows numbered from 1) and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any

import msgspec

from armistice.core import decode
from armistice.core.awaw.vichy.words import (
    Alignment,
    ColonyRule,
    Direction,
    Effect,
    HexControl,
    Policy,
)
from armistice.core.awaw.words import NonNegative, Positive
from armistice.core.errors import ScenarioError, TableError
from armistice.core.scenario import convert
from armistice.core.tablefiles import Documents, place

VICHY_FILE = Path(__file__).parent / "data" / "vichy.toml"


class Ends(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The table's ``base`` (added to every roll) and its lowest and highest rows."""

    base: int
    low: int
    high: int


TowardAllies = Annotated[int, msgspec.Meta(le=0)]
"""A modifier the table gives toward the Allies: 0 or less."""


class Modifiers(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The size of each modifier, in the direction the table gives it (vichy.toml says which
    is which); "+/-" modifiers are given as their size. A modifier the table gives toward
    the Axis is 0 or more, one toward the Allies 0 or less, as a file must keep them."""

    active_ally: NonNegative
    associated: NonNegative
    german_hexes: NonNegative
    unbuilt_unit: NonNegative
    factor_step: Positive
    allied_capital: TowardAllies
    no_axis_in_africa: TowardAllies
    landing_continent: TowardAllies
    landing_france: TowardAllies
    us_at_war: TowardAllies
    spain_axis: TowardAllies
    fsl_negative: TowardAllies
    fsl_positive: NonNegative
    usat_limit: NonNegative
    usat_low: NonNegative
    axis_malta: NonNegative
    axis_suez_or_alexandria: NonNegative
    axis_gibraltar: NonNegative
    colony_attacked: NonNegative


class Row(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One result row: modified results ``low..high`` read it; ``effect`` on the policy in
    effect, the ``policy`` it sets (set and lean rows), what it does to the ``colonies``, who
    controls the Vichy hexes after it (None: unchanged by the row), the BRPs it pays the Axis."""

    id: str
    low: int
    high: int
    effect: Effect
    policy: Policy = Policy.NONE
    colonies: ColonyRule = ColonyRule.NONE
    hex_control: HexControl | None = None
    brps: NonNegative = 0

    @property
    def bounds(self) -> tuple[int, int]:
        """``(low, high)`` for :func:`armistice.core.logic.band_index`."""
        return (self.low, self.high)


class PolicyInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A policy a result leaves in effect: its ``direction`` and ``rank`` in it, the
    ``alignment`` it gives Vichy, the 2-3 infantry ``volunteers`` it allows against Russia,
    and whether Vichy ``lean`` s to the Axis (Lebanon-Syria reinforced, volunteers)."""

    id: Policy
    direction: Direction
    rank: NonNegative
    alignment: Alignment
    volunteers: NonNegative
    lean: bool


class VichyFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """vichy.toml as written."""

    table: Ends
    modifiers: Modifiers
    row: tuple[Row, ...]
    policy: tuple[PolicyInfo, ...]


class Tables(msgspec.Struct, frozen=True):
    """The table, checked: ``ends``, ``modifiers``, ``rows`` lowest first, and each policy by id."""

    ends: Ends
    modifiers: Modifiers
    rows: tuple[Row, ...]
    policies: Mapping[Policy, PolicyInfo]

    @property
    def bands(self) -> tuple[tuple[int | None, int | None], ...]:
        """Each row's ``(low, high)``, in row order."""
        return tuple(r.bounds for r in self.rows)

    @property
    def continuing(self) -> int:
        """The index of the row where every policy continues (3-4)."""
        return next(i for i, r in enumerate(self.rows) if r.effect is Effect.CONTINUE)

    def row(self, ident: str) -> Row:
        """The row called ``ident`` (``"5-6"``); raises KeyError if there is none."""
        for r in self.rows:
            if r.id == ident:
                return r
        raise KeyError(ident)


def build(raw: VichyFile, source: str) -> Tables:
    """Check a decoded vichy.toml: ends in order, rows in order covering ``low..high``
    without gap or overlap, ids unique, a set or lean row naming a listed policy, every
    policy once and ``none`` among them. Raises TableError naming the file, row and reason."""

    def fail(field: str, reason: str) -> None:
        raise TableError(source, place(field), reason)

    ends = raw.table
    if ends.low > ends.high:
        fail("table.low", f"the lowest row {ends.low} is above the highest {ends.high}")
    policies: dict[Policy, PolicyInfo] = {}
    for i, p in enumerate(raw.policy):
        if p.id in policies:
            fail(f"policy[{i}].id", f"policy {p.id} is listed twice")
        policies[p.id] = p
    missing = [p.value for p in Policy if p not in policies]
    if missing:
        fail("policy", f"missing policies: {', '.join(missing)}")
    expected = ends.low
    seen: set[str] = set()
    for i, r in enumerate(raw.row):
        where = f"row[{i}]"
        if r.id in seen:
            fail(f"{where}.id", f"{r.id!r} is used twice")
        seen.add(r.id)
        if r.low > r.high:
            fail(f"{where}.low", f"{r.low} is above its high {r.high}")
        if r.low != expected:
            what = "a gap" if r.low > expected else "an overlap"
            fail(f"{where}.low", f"{what}: the row should start at {expected}, not {r.low}")
        expected = r.high + 1
        needs = r.effect in (Effect.SET, Effect.CONTINUE_AXIS)
        if needs and r.policy is Policy.NONE:
            fail(f"{where}.policy", f"a {r.effect.value} row names the policy it sets")
        if r.effect is Effect.DEACTIVATE and r.hex_control is None:
            fail(f"{where}.hex_control", "a deactivation row says who controls the Vichy hexes")
    if sum(r.effect is Effect.CONTINUE for r in raw.row) != 1:
        fail("row", 'exactly one row continues every policy (effect = "continue")')
    if expected != ends.high + 1:
        fail("row", f"the rows end at {expected - 1}; the table ends at {ends.high}")
    return Tables(ends, raw.modifiers, raw.row, MappingProxyType(policies))


def load(path: Path = VICHY_FILE) -> Tables:
    """Read and check a vichy.toml (default: the published one); raises TableError."""
    text = decode.read(path, TableError)
    return checked(decode.toml(text, str(path), TableError), str(path))


def checked(raw: Mapping[str, Any], source: str) -> Tables:
    """The tables of a decoded vichy.toml read from ``source``; raises TableError naming
    ``source``, the place (rows numbered from 1) and the reason for a value or a row the
    table cannot take."""
    try:
        decoded = convert(raw, VichyFile, source)
    except ScenarioError as error:
        raise TableError(source, place(error.field), error.reason) from None
    return build(decoded, source)


def kind(document: Mapping[str, Any], source: str) -> str:
    """``vichy.toml``, the one table file of the Vichy table, for a decoded TOML document
    holding only its tables; raises TableError naming ``source`` and the tables it lacks or
    does not know."""
    known = VichyFile.__struct_fields__
    unknown = [str(key) for key in document if key not in known]
    if unknown:
        words = "an unknown table" if len(unknown) == 1 else "unknown tables"
        raise TableError(
            source, "", f"{words} {', '.join(unknown)}; vichy.toml's tables are {', '.join(known)}"
        )
    if not document:
        raise TableError(source, "", f"holds no table; vichy.toml's tables are {', '.join(known)}")
    return VICHY_FILE.name


def from_documents(documents: Documents) -> Tables:
    """The tables of the edited vichy.toml among ``documents`` (decoded, by the name of the
    file each replaces, with its source), else the published ones; raises TableError as
    :func:`checked` does."""
    if VICHY_FILE.name not in documents:
        return shipped()
    raw, source = documents[VICHY_FILE.name]
    return checked(raw, source)


@cache
def shipped() -> Tables:
    """The published table, loaded once."""
    return load()
