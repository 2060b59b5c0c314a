"""Rule 58's tables, loaded from the TOML files in ``data/`` beside this module.

The files are what designers edit; :func:`load` decodes and checks them
(every surrender level present exactly once, no negative cell, known
colonies) and gives immutable look-ups. Errors are :class:`TableError`
naming the file, the place and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import msgspec

from armistice.core import decode
from armistice.core.awaw.words import Ident, NonNegative, Positive, Region, ShipKind
from armistice.core.errors import ScenarioError, TableError
from armistice.core.scenario import convert
from armistice.core.tablefiles import document, place, row
from armistice.core.words import Word

HERE = Path(__file__).parent / "data"
FORCES_FILE = HERE / "forces.toml"
RULE58_FILE = HERE / "rule58.toml"


class Forces(msgspec.Struct, frozen=True):
    """A force level of 58.6: infantry, army air and destroyers in factors;
    armor (3-5), named ships and cruisers in units."""

    infantry_factors: NonNegative = 0
    armor_units: NonNegative = 0
    air_factors: NonNegative = 0
    named_ships: NonNegative = 0
    cruisers: NonNegative = 0
    destroyer_factors: NonNegative = 0


class Force(Word):
    """The columns of the force tables (58.621, 58.631), named as :class:`Forces` fields."""

    INFANTRY = "infantry_factors", "infantry"
    ARMOR = "armor_units", "3-5 armor"
    AIR = "air_factors", "army air"
    NAMED_SHIPS = "named_ships", "named ships"
    CRUISERS = "cruisers", "cruisers"
    DESTROYERS = "destroyer_factors", "destroyers"

    @property
    def unit(self) -> str:
        """What the column counts: ``factors`` or ``units``."""
        by_factor = (Force.INFANTRY, Force.AIR, Force.DESTROYERS)
        return "factors" if self in by_factor else "units"

    @property
    def heading(self) -> str:
        """The column as a heading: ``Infantry (factors)``."""
        return f"{self.label[0].upper()}{self.label[1:]} ({self.unit})"

    @property
    def ship(self) -> ShipKind | None:
        """The kind of French ship the column counts, or None for a land or air column."""
        return NAVAL.get(self)


NAVAL = {
    Force.NAMED_SHIPS: ShipKind.NAMED,
    Force.CRUISERS: ShipKind.CRUISER,
    Force.DESTROYERS: ShipKind.DESTROYER,
}
FORCE_FIELDS = tuple(Force)
assert tuple(Forces.__struct_fields__) == FORCE_FIELDS


class FreeFrenchRow(Forces, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One row of the Free French forces table (58.621): its surrender level ``fsl`` and
    whether it is the column with Vichy France (``vichy``), both required; columns left out
    are 0."""

    fsl: int
    vichy: bool


class VichyRow(Forces, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One row of the Vichy France forces table (58.631): its surrender level ``fsl``
    (required); columns left out are 0."""

    fsl: int


class ForceTableFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """forces.toml as written, rows in file order."""

    free_french: tuple[FreeFrenchRow, ...]
    vichy: tuple[VichyRow, ...]


class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A range of integers, ``low..high``; a missing bound is open."""

    low: int | None = None
    high: int | None = None

    @property
    def bounds(self) -> tuple[int | None, int | None]:
        """``(low, high)`` for :func:`core.logic.band_index`."""
        return (self.low, self.high)


class TurnBand(Band, frozen=True, kw_only=True):
    """58.21D: the modifier for a band of turns (seasons after Spring 1940); the modifier is
    required."""

    modifier: int


class ColonyResult(Band, frozen=True, kw_only=True):
    """58.531: the result of a band of modified colonial die rolls; the status is required."""

    status: Literal["free_french", "vichy"]


class LevelParameters(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The numbers of 58.11B, 58.21 and 58.22 (rule58.toml explains each)."""

    paris: int
    lyon: int
    marseilles: int
    other_objective: int
    ground_step: Positive
    fleet_baseline: int
    fleet_step: Positive
    cooperation: int
    voluntary: int
    limit: NonNegative
    earliest_voluntary: int


class ColonyRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """58.531: the bonus to the colonial die when Vichy France was established."""

    vichy_bonus: int


class RollGroup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """58.531: colonies that share one die."""

    id: Ident
    name: str


class ColonyInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A French colony: its name, capital and die group."""

    id: Ident
    name: str
    capital: str
    group: Ident


class KeyArea(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """58.71: a key economic area of France, its BRPs and where it lies."""

    id: Ident
    name: str
    brp: NonNegative
    region: Region


class BrpParameters(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """58.71 and 58.31A: the deduction for key areas and Vichy's own BRPs."""

    key_areas_deduction: NonNegative
    vichy_value: NonNegative


class Garrison(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """58.532A: the force pool of an independent former colony."""

    garrison: str


class VichyGarrison(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """58.632: the unit each Vichy capital must hold, and Vichy's own city."""

    unit: str
    factors: NonNegative
    city: str


class Rule58File(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """rule58.toml as written."""

    level: LevelParameters
    turn: tuple[TurnBand, ...]
    colony_roll: ColonyRoll
    colony_result: tuple[ColonyResult, ...]
    roll_group: tuple[RollGroup, ...]
    colony: tuple[ColonyInfo, ...]
    key_area: tuple[KeyArea, ...]
    brp: BrpParameters
    independent: Garrison
    vichy_garrison: VichyGarrison


class Tables(msgspec.Struct, frozen=True, eq=False):
    """Everything rule 58 reads from its data files, checked and indexed.

    ``free_french[vichy][fsl]`` and ``vichy[fsl]`` are :class:`Forces`;
    ``colonies`` and ``groups`` are keyed by id in file order.
    """

    rules: Rule58File
    forces: ForceTableFile
    free_french: Mapping[bool, Mapping[int, Forces]]
    vichy: Mapping[int, Forces]
    colonies: Mapping[str, ColonyInfo]
    groups: Mapping[str, RollGroup]

    @property
    def levels(self) -> range:
        """Every surrender level, -limit..+limit."""
        return range(-self.rules.level.limit, self.rules.level.limit + 1)


def read(path: Path, type_: type[Any]) -> Any:
    """Decode one table file into ``type_``; raises TableError naming file and place (rows
    numbered from 1, as :func:`place` writes them)."""
    return _convert(document(decode.read(path, TableError), str(path)), type_, str(path))


def _convert(raw: Mapping[str, Any], type_: type[Any], source: str) -> Any:
    try:
        return convert(raw, type_, source)
    except ScenarioError as error:
        raise TableError(source, place(error.field), error.reason) from None


def kind(document: Mapping[str, Any], source: str) -> str:
    """The name of the table file a decoded TOML document is, told by the tables it holds:
    ``forces.toml`` (``free_french``, ``vichy``) or ``rule58.toml`` (``level``, ``turn``,
    ...). Raises TableError naming ``source`` and the unknown tables (and those expected)
    for a document that holds a table neither file has, or tables of both."""
    files = {FORCES_FILE.name: ForceTableFile, RULE58_FILE.name: Rule58File}
    tables = {name: tuple(type_.__struct_fields__) for name, type_ in files.items()}
    found = [name for name, known in tables.items() if any(key in known for key in document)]
    expected = "; ".join(
        f"{name}'s tables are {', '.join(known)}" for name, known in tables.items()
    )
    if len(found) > 1:
        raise TableError(
            source, "", "holds tables of both forces.toml and rule58.toml; give each its own file"
        )
    unknown = [str(key) for key in document if not found or key not in tables[found[0]]]
    if unknown:
        which = f"{found[0]}'s tables are {', '.join(tables[found[0]])}" if found else expected
        words = "an unknown table" if len(unknown) == 1 else "unknown tables"
        raise TableError(source, "", f"{words} {', '.join(unknown)}; {which}")
    if not found:
        raise TableError(source, "", f"holds no table; {expected}")
    return found[0]


def from_documents(documents: Mapping[str, tuple[Mapping[str, Any], str]]) -> Tables:
    """Tables from decoded table files keyed by name (``rule58.toml``, ``forces.toml``),
    each with the source that names it in errors; the published file for a name not given.
    Raises TableError naming the source, the place and the reason."""

    def part(path: Path, type_: type[Any]) -> tuple[Any, str]:
        if path.name not in documents:
            return read(path, type_), str(path)
        raw, source = documents[path.name]
        return _convert(raw, type_, source), source

    rules, rules_source = part(RULE58_FILE, Rule58File)
    forces, forces_source = part(FORCES_FILE, ForceTableFile)
    return build(rules, forces, rules_source, forces_source)


def _index(
    rows: tuple[Any, ...], levels: range, source: str, table: str, vichy: bool | None = None
) -> Mapping[int, Forces]:
    found: dict[int, tuple[int, Forces]] = {}
    for index, entry in enumerate(rows):
        if vichy is not None and entry.vichy != vichy:
            continue
        if entry.fsl not in levels:
            raise TableError(
                source,
                f"{row(table, index)}, fsl",
                f"{entry.fsl:+d} is outside the surrender levels "
                f"{levels.start:+d}..{levels.stop - 1:+d} (level.limit {levels.stop - 1})",
            )
        if entry.fsl in found:
            raise TableError(
                source,
                row(table, index),
                f"overlaps row {found[entry.fsl][0] + 1}: both give FSL {entry.fsl:+d}",
            )
        found[entry.fsl] = (
            index,
            Forces(**{f: getattr(entry, f) for f in Forces.__struct_fields__}),
        )
    for level in levels:
        if level not in found:
            which = (
                ""
                if vichy is None
                else f" with Vichy {'established' if vichy else 'not established'}"
            )
            raise TableError(
                source,
                table,
                f"gap: no row for FSL {level:+d}{which} (level.limit {levels.stop - 1} asks for "
                f"a row for each FSL {levels.start:+d}..{levels.stop - 1:+d})",
            )
    return MappingProxyType({level: found[level][1] for level in levels})


def _unique(rows: tuple[Any, ...], table: str, source: str) -> None:
    """Refuse a row whose ``id`` an earlier row of ``table`` has (TableError naming both)."""
    first: dict[str, int] = {}
    for index, entry in enumerate(rows):
        if entry.id in first:
            raise TableError(
                source,
                f"{row(table, index)}, id",
                f"{entry.id!r} is also the id of row {first[entry.id] + 1}",
            )
        first[entry.id] = index


def build(
    rules: Rule58File, forces: ForceTableFile, rules_source: str, forces_source: str
) -> Tables:
    """Check decoded files against each other and index them: ids unique within each table,
    every colony in a known roll group, one force row per surrender level; raises
    TableError naming the file, the row (from 1) and the reason."""
    levels = range(-rules.level.limit, rules.level.limit + 1)
    for table in ("roll_group", "colony", "key_area"):
        _unique(getattr(rules, table), table, rules_source)
    groups = {g.id: g for g in rules.roll_group}
    for index, colony in enumerate(rules.colony):
        if colony.group not in groups:
            known = ", ".join(groups)
            raise TableError(
                rules_source,
                f"{row('colony', index)}, group",
                f"unknown roll group {colony.group!r}; choose one of: {known}",
            )
    return Tables(
        rules=rules,
        forces=forces,
        free_french=MappingProxyType(
            {
                v: _index(forces.free_french, levels, forces_source, "free_french", v)
                for v in (True, False)
            }
        ),
        vichy=_index(forces.vichy, levels, forces_source, "vichy"),
        colonies=MappingProxyType({c.id: c for c in rules.colony}),
        groups=MappingProxyType(groups),
    )


def load(rules_path: Path = RULE58_FILE, forces_path: Path = FORCES_FILE) -> Tables:
    """Read and check both table files (defaults: the shipped ones); raises TableError."""
    return build(
        read(rules_path, Rule58File),
        read(forces_path, ForceTableFile),
        str(rules_path),
        str(forces_path),
    )


@cache
def shipped() -> Tables:
    """The shipped tables, loaded once."""
    return load()
